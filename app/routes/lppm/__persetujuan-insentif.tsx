/**
 * Persetujuan Insentif Publikasi, the page of two (their data: ./__persetujuan-insentif.server.ts): the Sekretaris's
 * (/sekretarislppm/persetujuan-usulan/insentif-publikasi) approves evaluated claims
 * (Dievaluasi → Disetujui Sekretaris), the Kepala's (/kepalalppm/persetujuan-usulan/insentif-publikasi)
 * approves those (→ Disetujui Kepala). ?lihat=ID opens a claim with its evidence and evaluation.
 */
import { columnHelper } from "~/components/ui/data-table";
import { KlaimDetailView } from "~/components/lppm/insentif-view";
import type { InsentifRow } from "~/domain/lppm/insentif/read.server";
import { peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import { INSENTIF_WORKFLOW } from "~/domain/lppm/workflow";
import { useReply } from "~/components/ui/use-reply";
import { useActionData, useLoaderData } from "react-router";
import type { persetujuanInsentifLoader } from "./__persetujuan-insentif.server";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { DecisionForm } from "~/components/lppm/kit/decision-form";
import { JudulCell, rupiahOrDash } from "~/components/lppm/kit/cells";
import { ListFilter, InsentifBadge } from "~/components/lppm/kit/status";

const col = columnHelper<InsentifRow>();
const columns = [
  col.accessor("judul", { header: "Publikasi", cell: (info) => <JudulCell judul={info.getValue()} periode={`${info.row.original.jenis} · ${peringkatLabel(info.row.original.peringkat)} · ${info.row.original.tahun}`} /> }),
  col.accessor("pengusul", { header: "Pengusul" }),
  col.accessor("nominal_rekomendasi", { header: "Rekomendasi", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("reviewer", { header: "Reviewer", cell: (info) => info.getValue() ?? "–" }),
  col.accessor("status", { header: "Status", cell: (info) => <InsentifBadge status={info.getValue()} /> }),
];

export default function PersetujuanInsentif() {
  const loaderData = useLoaderData<typeof persetujuanInsentifLoader>();
  const actionData = useActionData();
  const { area, menunggu, status } = loaderData;
  // A refused decision is said over the form that posted it (`id`), not toasted.
  const { reply } = useReply(actionData, { inline: true });
  return (
    <LihatListPage
      title="Persetujuan Insentif Publikasi"
      caption="Daftar klaim insentif"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={[{ value: menunggu, label: INSENTIF_WORKFLOW.labels[menunggu] }, { value: "semua", label: "Semua" }]} />}
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
