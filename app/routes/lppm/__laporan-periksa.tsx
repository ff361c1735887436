/**
 * Laporan Kemajuan and Laporan Akhir as the LPPM office sees them: the Operator at
 * /operator/lppm/laporan-kemajuan and /operator/lppm/laporan-akhir checks each submitted report
 * ('Terima' → Diterima; an accepted final report makes the project Selesai; 'Kembalikan' with a
 * note → Dikembalikan); the Kepala sees the same lists read-only under Monitoring
 * (/kepalalppm/monitoring/laporan-kemajuan, …/laporan-akhir): no buttons, and the action refuses.
 */
import { useActionData, useLoaderData } from "react-router";
import { columnHelper } from "~/components/ui/data-table";
import { LaporanDetailView } from "~/components/lppm/laporan-view";
import type { LaporanRow } from "~/domain/lppm/laporan/read.server";
import { LAPORAN_KANTOR_STATUSES, LAPORAN_LABEL } from "~/domain/lppm/laporan/laporan.schema";
import { LAPORAN_KEMAJUAN_WORKFLOW } from "~/domain/lppm/workflow";
import { useReply } from "~/components/ui/use-reply";
import { formatWib } from "~/lib/util/wib";

import type { laporanPeriksaLoader } from "./__laporan-periksa.server";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { DecisionForm } from "~/components/lppm/kit/decision-form";
import { JudulCell, rupiahOrDash } from "~/components/lppm/kit/cells";
import { ListFilter, LaporanBadge } from "~/components/lppm/kit/status";
const col = columnHelper<LaporanRow>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("capaian", { header: "Capaian", cell: (info) => (info.getValue() === null ? "–" : `${info.getValue()}%`) }),
  col.accessor("realisasi", { header: "Realisasi", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("diajukan_at", { header: "Diajukan", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "–") }),
  col.accessor("laporan_status", { header: "Status", cell: (info) => <LaporanBadge status={info.getValue()} /> }),
];

const FILTER_OPTIONS = [
  ...LAPORAN_KANTOR_STATUSES.map((s) => ({ value: s, label: LAPORAN_KEMAJUAN_WORKFLOW.labels[s] })),
  { value: "semua", label: "Semua" },
];

export default function LaporanPeriksa() {
  const loaderData = useLoaderData<typeof laporanPeriksaLoader>();
  const actionData = useActionData();
  const { title, jenis, canDecide, areaBase, status } = loaderData;
  // A refused decision is said over the form that posted it (`id`), not toasted.
  const { reply } = useReply(actionData, { inline: true });
  return (
    <LihatListPage
      title={title}
      caption={`Daftar ${LAPORAN_LABEL[jenis].toLowerCase()}`}
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={FILTER_OPTIONS} />}
    >
      {(detail) => (
        <LaporanDetailView detail={detail} dokumenHref={(d) => `${areaBase}/${detail.usulan.id}/dokumen/${d}`}>
          {canDecide && detail.laporan?.status === "DIAJUKAN" ? (
            <DecisionForm
              id={detail.usulan.id}
              buttons={[
                { intent: "kembalikan", label: "Kembalikan", tone: "warning" },
                { intent: "terima", label: "Terima", tone: "primary" },
              ]}
              error={reply?.id === detail.usulan.id ? reply.message : undefined}
              noteHint={
                jenis === "akhir"
                  ? "Wajib diisi bila laporan dikembalikan. Laporan akhir yang diterima menjadikan kegiatan Selesai."
                  : "Wajib diisi bila laporan dikembalikan ke pengusul."
              }
            />
          ) : null}
        </LaporanDetailView>
      )}
    </LihatListPage>
  );
}
