/**
 * Persetujuan Insentif Publikasi (issue 13), one module for two pages: the Sekretaris's
 * (/sekretarislppm/persetujuan-usulan/insentif-publikasi) approves evaluated claims
 * (Dievaluasi → Disetujui Sekretaris), the Kepala's (/kepalalppm/persetujuan-usulan/insentif-publikasi)
 * approves those (→ Disetujui Kepala). ?lihat=ID opens a claim with its evidence and evaluation.
 */
import { data } from "react-router";
import type { Route } from "./+types/persetujuan";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { DecisionForm, JudulCell, LihatLink, rupiahOrDash, useLihatHref } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { InsentifBadge, KlaimDetailView } from "~/components/lppm/insentif-view";
import { getKlaim, listKlaimKantor, setujuiKlaim, type InsentifRow } from "~/domain/lppm/insentif/insentif.server";
import { peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import { INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { LOAD_FAILED, parseId, redirectWithToast } from "~/lib/http/action.server";
import { backUrl, decisionAction, type DecisionReply } from "~/lib/http/decision.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { getDb } from "~/lib/server/db.server";

/** Who decides on this page: the step it waits for and the step it makes. */
function stepOf(url: URL): { area: "sekretarislppm" | "kepalalppm"; from: InsentifStatus; to: "DISETUJUI_SEKRETARIS" | "DISETUJUI_KEPALA" } {
  return url.pathname.startsWith("/kepalalppm/")
    ? { area: "kepalalppm", from: "DISETUJUI_SEKRETARIS", to: "DISETUJUI_KEPALA" }
    : { area: "sekretarislppm", from: "DIEVALUASI", to: "DISETUJUI_SEKRETARIS" };
}

/** What the page lists: the claims waiting for it, or every claim past the evaluation. */
const LATER: readonly InsentifStatus[] = ["DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"];

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const step = stepOf(url);
  const db = getDb();
  const { state, headers } = await readTableState(request, `insentif_${step.area}`);
  const semua = url.searchParams.get("status") === "semua";
  const lihatId = parseId(url.searchParams.get("lihat"));
  const lihat = lihatId ? getKlaim(db, user, lihatId) : null;
  if (lihatId && (!lihat || !LATER.includes(lihat.status))) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
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
  const { list, lihat, area, menunggu, status } = loaderData;
  const reply = actionData as DecisionReply | undefined;
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title="Persetujuan Insentif Publikasi" />
      <DataTable
        caption="Daftar klaim insentif"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        filters={<SelectFilter value={status} options={[{ value: menunggu, label: INSENTIF_WORKFLOW.labels[menunggu] }, { value: "semua", label: "Semua" }]} />}
        action={(row) => <LihatLink to={href(row.id)} name={`Klaim ${row.judul}`} />}
      />
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <KlaimDetailView detail={lihat} buktiHref={(b) => `/${area}/insentif/${lihat.id}/bukti/${b}`}>
            {lihat.status === menunggu ? (
              <DecisionForm
                id={lihat.id}
                buttons={[{ intent: "setujui", label: "Setujui", tone: "primary" }]}
                error={reply?.id === lihat.id ? reply.message : undefined}
                noteHint="Catatan persetujuan (opsional)."
              />
            ) : null}
          </KlaimDetailView>
        </UrlDialog>
      ) : null}
    </div>
  );
}
