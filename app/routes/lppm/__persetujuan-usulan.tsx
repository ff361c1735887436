/**
 * Persetujuan Usulan Reguler of the Sekretaris (/sekretarislppm/…: DINILAI → 'Setujui'
 * DIVERIFIKASI | 'Kembalikan' DIKEMBALIKAN_KE_REVIEW) and of the Kepala (/kepalalppm/…:
 * DIVERIFIKASI → 'Setujui' DIREKOMENDASIKAN | 'Tolak' DITOLAK; a decided Ditolak, Tidak Lolos or
 * Tidak Didanai → 'Buka Kembali', with a note); each area's module names its screen.
 * The list is the back office's server-side table with a status filter; ?lihat=ID opens the
 * proposal with every reviewer's scores and the 'Selisih nilai reviewer > 20%' flag.
 */
import { columnHelper } from "~/components/ui/data-table";
import type { PersetujuanRow } from "~/domain/lppm/penetapan/persetujuan.server";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { useReply } from "~/components/ui/use-reply";
import { useActionData, useLoaderData } from "react-router";
import type { persetujuanLoader } from "./__persetujuan-usulan.server";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { DecisionForm, type DecisionButton } from "~/components/lppm/kit/decision-form";
import { JudulCell, nilaiOrDash, rupiahOrDash } from "~/components/lppm/kit/cells";
import { PenilaianRounds } from "~/components/lppm/kit/penilaian";
import { SelisihFlag, StatusBadge, statusOptions, ListFilter } from "~/components/lppm/kit/status";
import { RiwayatStatus } from "~/components/lppm/kit/riwayat";
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
  const { key, statuses, status, from } = loaderData;
  // A refused decision is said over the form that posted it (`id`), not toasted.
  const { reply } = useReply(actionData, { inline: true });
  return (
    <LihatListPage
      title="Persetujuan Usulan Reguler"
      caption="Daftar usulan untuk persetujuan"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={statusOptions(statuses, { semua: "Semua", at: "last" })} />}
    >
      {(detail) => (
        <div className="space-y-5">
          <dl className="grid gap-2 text-sm sm:grid-cols-2">
            <div><dt className="text-stone-500">Ketua</dt><dd className="font-semibold">{detail.ketua}{detail.nidn ? ` (NIDN ${detail.nidn})` : ""}</dd></div>
            <div><dt className="text-stone-500">Periode</dt><dd>{detail.periode} · {JENIS_LABELS[detail.jenis]}</dd></div>
            <div><dt className="text-stone-500">Status</dt><dd><StatusBadge status={detail.status} /></dd></div>
            <div><dt className="text-stone-500">Dana diusulkan</dt><dd>{rupiahOrDash(detail.dana_diusulkan)}</dd></div>
            <div><dt className="text-stone-500">Nilai rata-rata</dt><dd>{nilaiOrDash(detail.nilai_rata)} {detail.selisihBesar ? <SelisihFlag /> : null}</dd></div>
          </dl>
          {detail.ringkasan ? <p className="text-sm whitespace-pre-line text-stone-700">{detail.ringkasan}</p> : null}
          <section className="space-y-2">
            <h2 className="text-base font-bold text-stone-900">Penilaian reviewer</h2>
            <PenilaianRounds rounds={detail.rounds} current={detail.putaran_review} />
          </section>
          <RiwayatStatus entries={detail.timeline} />
          {detail.status === from ? (
            <DecisionForm
              id={detail.id}
              buttons={BUTTONS[key]}
              error={reply?.id === detail.id ? reply.message : undefined}
              noteHint={key === "sekretaris" ? "Wajib diisi bila usulan dikembalikan ke reviewer." : "Wajib diisi bila usulan ditolak."}
            />
          ) : null}
          {key === "kepala" && detail.bukaKembali ? (
            <DecisionForm
              id={detail.id}
              label="Buka kembali keputusan"
              buttons={[{ intent: "buka-kembali", label: "Buka Kembali", tone: "warning" }]}
              error={reply?.id === detail.id ? reply.message : undefined}
              noteHint={`Wajib diisi: alasan membuka kembali. Usulan kembali berstatus ${USULAN_WORKFLOW.labels[detail.bukaKembali]}.`}
            />
          ) : null}
        </div>
      )}
    </LihatListPage>
  );
}
