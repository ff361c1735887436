/**
 * Daftar Usulan: every proposal (but the teams' drafts) for the LPPM office — the Operator at
 * /operator/lppm/daftar-usulan and the Kepala under Monitoring (/kepalalppm/monitoring/
 * daftar-usulan). The back office's server-side table (search, paging, page sizes in the URL)
 * with filters by periode, skema, status and the ketua's fakultas; 'Unduh XLSX' and 'Unduh CSV'
 * download the filtered list whole. ?lihat=ID opens the proposal read-only — the whole record,
 * its documents, the reviewers' scores (the shared view's, with their names) and the status timeline; for the Operator, with the
 * corrections it may make on it now ('Buka Kembali', 'Tarik'; a refusal is said over the form).
 */
import { useActionData, useLoaderData } from "react-router";
import { useReply } from "~/components/ui/use-reply";
import { DecisionForm, type DecisionButton } from "~/components/lppm/kit/decision-form";
import { columnHelper } from "~/components/ui/data-table";
import type { DaftarRow } from "~/domain/lppm/usulan/daftar.server";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { formatWibDate } from "~/lib/util/wib";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { rupiahOrDash } from "~/components/lppm/kit/cells";
import { ListFilter, StatusBadge, statusOptions } from "~/components/lppm/kit/status";
import { UsulanDetailView } from "~/components/lppm/usulan-detail";
import { USULAN_KANTOR_STATUSES, USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import type { daftarUsulanLoader } from "./__daftar-usulan.server";
import { REKAP_PER, REKAP_PER_LABELS } from "~/domain/lppm/rekap/akreditasi";

const col = columnHelper<DaftarRow>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => (
      <div>
        <p className="font-semibold text-stone-900">{info.getValue()}</p>
        <p className="text-xs text-stone-500">{JENIS_LABELS[info.row.original.jenis]}</p>
      </div>
    ),
  }),
  col.accessor("ketua", {
    header: "Ketua",
    cell: (info) => (
      <div>
        <p>{info.getValue()}</p>
        {info.row.original.nidn ? <p className="text-xs text-stone-500">NIDN {info.row.original.nidn}</p> : null}
      </div>
    ),
  }),
  col.accessor("fakultas", { header: "Fakultas", cell: (info) => info.getValue() ?? "–" }),
  col.accessor("skema", { header: "Skema" }),
  // The periode is its skema's call of a year: the skema has its own column.
  col.accessor("tahun", { header: "Periode" }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
  col.accessor("dana_diusulkan", {
    header: "Dana",
    cell: (info) => (
      <div className="whitespace-nowrap">
        <p>{rupiahOrDash(info.getValue())}</p>
        {info.row.original.dana_disetujui !== null ? <p className="text-xs text-green-800">Disetujui {rupiahOrDash(info.row.original.dana_disetujui)}</p> : null}
      </div>
    ),
  }),
  col.accessor("updated_at", { header: "Diperbarui", cell: (info) => <span className="whitespace-nowrap">{formatWibDate(new Date(info.getValue()))}</span> }),
];

const unduhClass = "rounded-md border border-stone-300 bg-white px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-50";

export default function DaftarUsulan() {
  const loaderData = useLoaderData<typeof daftarUsulanLoader>();
  const { title, filter, pilihan, unduh, unduhQuery, rekapAkreditasi, dokumenBase } = loaderData;
  // A refused correction is said over the form that posted it, not toasted.
  const { reply } = useReply(useActionData(), { inline: true });
  return (
    <LihatListPage
      title={title}
      caption="Daftar semua usulan"
      columns={columns}
      data={loaderData}
      toolbar={
        <>
          <a href={`${unduh}/xlsx${unduhQuery}`} download className={unduhClass}>
            Unduh XLSX
          </a>
          <a href={`${unduh}/csv${unduhQuery}`} download className={unduhClass}>
            Unduh CSV
          </a>
          {REKAP_PER.map((per) => (
            <a key={per} href={`${rekapAkreditasi}?per=${per}`} download className={unduhClass}>
              Rekap akreditasi {REKAP_PER_LABELS[per]} (XLSX)
            </a>
          ))}
        </>
      }
      filters={
        <div className="grid gap-2 sm:grid-cols-2 [&_select]:w-full [&_select]:max-w-52">
          <ListFilter name="periode" label="Periode" value={filter.periode} options={[{ value: "", label: "Semua periode" }, ...pilihan.periode]} />
          <ListFilter name="skema" label="Skema" value={filter.skema} options={[{ value: "", label: "Semua skema" }, ...pilihan.skema]} />
          <ListFilter value={filter.status} options={statusOptions(USULAN_KANTOR_STATUSES)} />
          <ListFilter name="fakultas" label="Fakultas" value={filter.fakultas} options={[{ value: "", label: "Semua fakultas" }, ...pilihan.fakultas]} />
        </div>
      }
    >
      {(lihat) => (
        <UsulanDetailView detail={lihat} documentHref={(dokumenId) => `${dokumenBase}/${lihat.usulan.id}/dokumen/${dokumenId}`}>
          {lihat.koreksi ? (
            <KoreksiForm id={lihat.usulan.id} koreksi={lihat.koreksi} error={reply?.id === lihat.usulan.id ? reply.message : undefined} />
          ) : null}
        </UsulanDetailView>
      )}
    </LihatListPage>
  );
}

/** The Operator's corrections of the opened proposal, each with its required note. */
function KoreksiForm({ id, koreksi, error }: { id: number; koreksi: { bisaTarik: boolean; bukaKembali: UsulanStatus | null }; error: string | undefined }) {
  const buttons: DecisionButton[] = [
    ...(koreksi.bukaKembali ? [{ intent: "buka-kembali", label: "Buka Kembali", tone: "warning" as const }] : []),
    ...(koreksi.bisaTarik ? [{ intent: "tarik", label: "Tarik", tone: "danger" as const }] : []),
  ];
  const hint = [
    "Wajib diisi.",
    koreksi.bukaKembali ? `Buka Kembali: usulan kembali berstatus ${USULAN_WORKFLOW.labels[koreksi.bukaKembali]}.` : "",
    koreksi.bisaTarik ? "Tarik: atas permintaan pengusul; usulan keluar dari semua antrean." : "",
  ];
  return <DecisionForm id={id} label="Koreksi usulan" buttons={buttons} error={error} noteHint={hint.filter(Boolean).join(" ")} />;
}
