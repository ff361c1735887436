/**
 * Laporan Kemajuan and Laporan Akhir as the LPPM office sees them: the Operator at
 * /operator/lppm/laporan-kemajuan and /operator/lppm/laporan-akhir checks each submitted report
 * ('Terima' → Diterima; an accepted final report makes the project Selesai; 'Kembalikan' with a
 * note → Dikembalikan); the Kepala sees the same lists read-only under Monitoring
 * (/kepalalppm/monitoring/laporan-kemajuan, …/laporan-akhir): no buttons, and the action refuses.
 */
import { data } from "react-router";
import type { Route } from "./+types/laporan-periksa";
import { columnHelper } from "~/components/ui/data-table";
import { LihatListPage } from "~/components/lppm/lihat-list-page";
import { DecisionForm, JudulCell, rupiahOrDash } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { LaporanBadge, LaporanDetailView } from "~/components/lppm/laporan-view";
import { getLaporan, listLaporanKantor, periksaLaporan, type LaporanRow } from "~/domain/lppm/laporan/laporan.server";
import { LAPORAN_JUDUL, LAPORAN_KANTOR_STATUSES, LAPORAN_LABEL } from "~/domain/lppm/laporan/laporan.schema";
import { LAPORAN_KEMAJUAN_WORKFLOW } from "~/domain/lppm/workflow";
import { decisionAction, laporanJenis, type DecisionReply } from "~/http/decision.server";
import { kantorArea, readLihatList, statusFilter } from "~/http/lihat-list.server";
import { formatWib } from "~/lib/util/wib";

export async function loader(args: Route.LoaderArgs) {
  const jenis = laporanJenis(args.url);
  const { operator, usulanBase } = kantorArea(args.url);
  const { db, state, headers, lihat } = await readLihatList(args, `laporan_${jenis}_${operator ? "operator" : "kepala"}`, (db, user, id) => {
    const found = getLaporan(db, user, id, jenis);
    // The office reads submitted reports only: a draft is still the ketua's.
    return found?.laporan && LAPORAN_KANTOR_STATUSES.includes(found.laporan.status) ? found : null;
  });
  const { status, statuses } = statusFilter(args.url, LAPORAN_KANTOR_STATUSES, "DIAJUKAN");
  return data(
    {
      title: operator ? LAPORAN_JUDUL[jenis] : `Monitoring ${LAPORAN_JUDUL[jenis]}`,
      jenis,
      canDecide: operator,
      areaBase: usulanBase,
      status,
      list: listLaporanKantor(db, jenis, state, statuses),
      lihat,
    },
    { headers },
  );
}

export function action(args: Route.ActionArgs) {
  const jenis = laporanJenis(args.url);
  return decisionAction(
    args,
    {
      terima: ({ db, user, id, note }) => periksaLaporan(db, user, id, jenis, "terima", note),
      kembalikan: ({ db, user, id, note }) => periksaLaporan(db, user, id, jenis, "kembalikan", note),
    },
    // Only the Operator's page decides; the Kepala's is the same list, read-only.
    { readOnly: !kantorArea(args.url).operator },
  );
}

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

export default function LaporanPeriksa({ loaderData, actionData }: Route.ComponentProps) {
  const { title, jenis, canDecide, areaBase, status } = loaderData;
  const reply = actionData as DecisionReply | undefined;
  return (
    <LihatListPage
      title={title}
      caption={`Daftar ${LAPORAN_LABEL[jenis].toLowerCase()}`}
      columns={columns}
      data={loaderData}
      filters={<SelectFilter value={status} options={FILTER_OPTIONS} />}
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
