/**
 * Perbaikan Usulan as the LPPM office sees it: the Operator at /operator/lppm/perbaikan-usulan
 * checks each submitted revision ('Terima' → BERJALAN, 'Kembalikan' with a note → DIDANAI); the
 * Kepala sees the same list read-only at /kepalalppm/monitoring/perbaikan-usulan (no buttons,
 * and the action refuses there).
 */
import { useActionData, useLoaderData } from "react-router";
import { columnHelper } from "~/components/ui/data-table";
import { PerbaikanDetailView } from "~/components/lppm/perbaikan-detail";
import type { PerbaikanRow } from "~/domain/lppm/perbaikan/perbaikan.server";
import { useReply } from "~/components/ui/use-reply";

import type { perbaikanPeriksaLoader } from "./__perbaikan-periksa.server";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { DecisionForm } from "~/components/lppm/kit/decision-form";
import { JudulCell, rupiahOrDash } from "~/components/lppm/kit/cells";
import { StatusBadge, statusOptions, ListFilter } from "~/components/lppm/kit/status";
import { RiwayatStatus } from "~/components/lppm/kit/riwayat";
const col = columnHelper<PerbaikanRow>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} />,
  }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("dana_disetujui", { header: "Dana disetujui", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("rab_perbaikan", { header: "RAB perbaikan", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("versi_dokumen", { header: "Dokumen", cell: (info) => (info.getValue() ? `Versi ${info.getValue()}` : "–") }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function PerbaikanPeriksa() {
  const loaderData = useLoaderData<typeof perbaikanPeriksaLoader>();
  const actionData = useActionData();
  const { statuses, status, canDecide, dokumenBase, title } = loaderData;
  // A refused decision is said over the form that posted it (`id`), not toasted.
  const { reply } = useReply(actionData, { inline: true });
  return (
    <LihatListPage
      title={title}
      caption="Daftar perbaikan usulan"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={statusOptions(statuses, { semua: "Semua", at: "last" })} />}
    >
      {(detail) => (
        <div className="space-y-5">
          <PerbaikanDetailView detail={detail} dokumenBase={dokumenBase} />
          <RiwayatStatus entries={detail.timeline} />
          {canDecide && detail.status === "PERBAIKAN_DIAJUKAN" ? (
            <DecisionForm
              id={detail.id}
              buttons={[
                { intent: "kembalikan", label: "Kembalikan", tone: "warning" },
                { intent: "terima", label: "Terima", tone: "primary" },
              ]}
              error={reply?.id === detail.id ? reply.message : undefined}
              noteHint="Wajib diisi bila perbaikan dikembalikan ke pengusul."
            />
          ) : null}
        </div>
      )}
    </LihatListPage>
  );
}
