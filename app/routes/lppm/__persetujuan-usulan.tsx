/**
 * Persetujuan Usulan Reguler of the Sekretaris (/sekretarislppm/…: DINILAI → 'Setujui'
 * DIVERIFIKASI | 'Kembalikan' DIKEMBALIKAN_KE_REVIEW) and of the Kepala (/kepalalppm/…:
 * DIVERIFIKASI → 'Setujui' DIREKOMENDASIKAN | 'Tolak' DITOLAK; a decided Ditolak, Tidak Lolos or
 * Tidak Didanai → 'Buka Kembali', with a note); each area's module names its screen.
 * The list is the back office's server-side table with a status filter; ?lihat=ID opens the
 * whole proposal read-only (the shared UsulanDetailView: documents, RAB, team, luaran, every
 * reviewer's scores by name, timeline) with the 'Selisih nilai reviewer > 20%' flag and the
 * decision.
 */
import { columnHelper } from "~/components/ui/data-table";
import type { PersetujuanRow } from "~/domain/lppm/penetapan/persetujuan.server";
import { useReply } from "~/components/ui/use-reply";
import { useActionData, useLoaderData } from "react-router";
import type { persetujuanLoader } from "./__persetujuan-usulan.server";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { DecisionForm, type DecisionButton } from "~/components/lppm/kit/decision-form";
import { JudulCell, nilaiOrDash, rupiahOrDash } from "~/components/lppm/kit/cells";
import { SelisihFlag, StatusBadge, statusOptions, ListFilter } from "~/components/lppm/kit/status";
import { UsulanDetailView } from "~/components/lppm/usulan-detail";
import { USULAN_WORKFLOW } from "~/domain/lppm/workflow";

const col = columnHelper<PersetujuanRow>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} />,
  }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("nilai_rata", {
    header: "Nilai rata-rata",
    cell: (info) => (
      <div className="space-y-1">
        <p>{nilaiOrDash(info.getValue())}</p>
        {info.row.original.selisihBesar ? <SelisihFlag /> : null}
      </div>
    ),
  }),
  col.accessor("dana_diusulkan", { header: "Dana diusulkan", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

const BUTTONS: Record<"sekretaris" | "kepala", DecisionButton[]> = {
  sekretaris: [
    { intent: "kembalikan", label: "Kembalikan", tone: "warning" },
    { intent: "setujui", label: "Setujui", tone: "primary" },
  ],
  kepala: [
    { intent: "tolak", label: "Tolak", tone: "danger" },
    { intent: "setujui", label: "Setujui", tone: "primary" },
  ],
};

export default function PersetujuanUsulan() {
  const loaderData = useLoaderData<typeof persetujuanLoader>();
  const actionData = useActionData();
  const { key, statuses, status, from, usulanBase } = loaderData;
  // A refused decision is said over the form that posted it (`id`), not toasted.
  const { reply } = useReply(actionData, { inline: true });
  return (
    <LihatListPage
      title="Persetujuan Usulan Reguler"
      caption="Daftar usulan untuk persetujuan"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={statusOptions(statuses, { semua: "Semua", at: "last" })} />}
      lihatTitle={() => "Detail Usulan"}
    >
      {(detail) => (
        <UsulanDetailView detail={detail} documentHref={(d) => `${usulanBase}/${detail.usulan.id}/dokumen/${d}`}>
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div><dt className="text-stone-500">Ketua</dt><dd className="font-semibold">{detail.tim?.ketua.nama}{detail.tim?.ketua.nidn ? ` (NIDN ${detail.tim.ketua.nidn})` : ""}</dd></div>
            <div><dt className="text-stone-500">Nilai rata-rata</dt><dd>{nilaiOrDash(detail.usulan.nilai_rata)} {detail.selisihBesar ? <SelisihFlag /> : null}</dd></div>
          </dl>
          {detail.usulan.status === from ? (
            <DecisionForm
              id={detail.usulan.id}
              buttons={BUTTONS[key]}
              error={reply?.id === detail.usulan.id ? reply.message : undefined}
              noteHint={key === "sekretaris" ? "Wajib diisi bila usulan dikembalikan ke reviewer." : "Wajib diisi bila usulan ditolak."}
            />
          ) : null}
          {key === "kepala" && detail.bukaKembali ? (
            <DecisionForm
              id={detail.usulan.id}
              label="Buka kembali keputusan"
              buttons={[{ intent: "buka-kembali", label: "Buka Kembali", tone: "warning" }]}
              error={reply?.id === detail.usulan.id ? reply.message : undefined}
              noteHint={`Wajib diisi: alasan membuka kembali. Usulan kembali berstatus ${USULAN_WORKFLOW.labels[detail.bukaKembali]}.`}
            />
          ) : null}
        </UsulanDetailView>
      )}
    </LihatListPage>
  );
}
