/**
 * Persetujuan Insentif Publikasi, one module for two pages: the Sekretaris's
 * (/sekretarislppm/persetujuan-usulan/insentif-publikasi) approves evaluated claims
 * (Dievaluasi → Disetujui Sekretaris), the Kepala's (/kepalalppm/persetujuan-usulan/insentif-publikasi)
 * approves those (→ Disetujui Kepala). ?lihat=ID opens a claim with its evidence and evaluation.
 */
import { data } from "react-router";
import type { Route } from "./+types/persetujuan";
import { columnHelper } from "~/components/ui/data-table";
import { LihatListPage } from "~/components/lppm/lihat-list-page";
import { DecisionForm, JudulCell, rupiahOrDash } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { InsentifBadge, KlaimDetailView } from "~/components/lppm/insentif-view";
import { getKlaim, listKlaimKantor, type InsentifRow } from "~/domain/lppm/insentif/read.server";
import { setujuiKlaim } from "~/domain/lppm/insentif/transition.server";
import { peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { decisionAction, type DecisionReply } from "~/http/decision.server";
import { readLihatList } from "~/http/lihat-list.server";

/** Who decides on this page: the step it waits for and the step it makes. */
function stepOf(url: URL): { area: "sekretarislppm" | "kepalalppm"; from: InsentifStatus; to: "DISETUJUI_SEKRETARIS" | "DISETUJUI_KEPALA" } {
  return url.pathname.startsWith("/kepalalppm/")
    ? { area: "kepalalppm", from: "DISETUJUI_SEKRETARIS", to: "DISETUJUI_KEPALA" }
    : { area: "sekretarislppm", from: "DIEVALUASI", to: "DISETUJUI_SEKRETARIS" };
}

/** What the page lists: the claims waiting for it, or every claim past the evaluation. */
const LATER: readonly InsentifStatus[] = ["DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"];

export async function loader(args: Route.LoaderArgs) {
  const step = stepOf(args.url);
  const { db, state, headers, lihat } = await readLihatList(args, `insentif_${step.area}`, (db, user, id) => {
    const klaim = getKlaim(db, user, id);
    return klaim && LATER.includes(klaim.status) ? klaim : null;
  });
  const semua = args.url.searchParams.get("status") === "semua";
  return data(
    {
      title: "Persetujuan Insentif Publikasi",
      area: step.area,
      menunggu: step.from,
      status: semua ? "semua" : step.from,
      list: listKlaimKantor(db, state, semua ? LATER : [step.from]),
      lihat,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const step = stepOf(args.url);
  return decisionAction(args, { setujui: ({ db, user, id, note }) => setujuiKlaim(db, user, id, step.to, note) }, { idTidakValid: "Klaim tidak valid." });
}

const col = columnHelper<InsentifRow>();
const columns = [
  col.accessor("judul", { header: "Publikasi", cell: (info) => <JudulCell judul={info.getValue()} periode={`${info.row.original.jenis} · ${peringkatLabel(info.row.original.peringkat)} · ${info.row.original.tahun}`} /> }),
  col.accessor("pengusul", { header: "Pengusul" }),
  col.accessor("nominal_rekomendasi", { header: "Rekomendasi", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("reviewer", { header: "Reviewer", cell: (info) => info.getValue() ?? "–" }),
  col.accessor("status", { header: "Status", cell: (info) => <InsentifBadge status={info.getValue()} /> }),
];

export default function PersetujuanInsentif({ loaderData, actionData }: Route.ComponentProps) {
  const { area, menunggu, status } = loaderData;
  const reply = actionData as DecisionReply | undefined;
  return (
    <LihatListPage
      title="Persetujuan Insentif Publikasi"
      caption="Daftar klaim insentif"
      columns={columns}
      data={loaderData}
      filters={<SelectFilter value={status} options={[{ value: menunggu, label: INSENTIF_WORKFLOW.labels[menunggu] }, { value: "semua", label: "Semua" }]} />}
      rowLink={(row) => ({ name: `Klaim ${row.judul}` })}
    >
      {(klaim) => (
        <KlaimDetailView detail={klaim} buktiHref={(b) => `/${area}/insentif/${klaim.id}/bukti/${b}`}>
          {klaim.status === menunggu ? (
            <DecisionForm
              id={klaim.id}
              buttons={[{ intent: "setujui", label: "Setujui", tone: "primary" }]}
              error={reply?.id === klaim.id ? reply.message : undefined}
              noteHint="Catatan persetujuan (opsional)."
            />
          ) : null}
        </KlaimDetailView>
      )}
    </LihatListPage>
  );
}
