/**
 * The client half of the reviewer's evaluation screens: the table of their assignments (status
 * filter, overdue deadlines in red) and the assignment at ?nilai=ID in a dialog — the proposal,
 * then the saved evaluation, the reason the form is closed, or the screen's form.
 */
import type { ReactNode } from "react";
import { useLocation } from "react-router";
import { AppLink } from "~/components/ui/app-link";
import { UsulanDetailView } from "~/components/lppm/usulan-detail";
import type { UsulanDetail } from "~/domain/lppm/usulan/read.server";
import type { PenugasanSaya } from "~/domain/lppm/review/penilaian.server";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable, type TablePage } from "~/components/ui/data-table";
import { DialogActions, UrlDialog, useParamHref } from "~/components/ui/dialog";
import { withoutParams } from "~/lib/util/modal-params";
import { Alert } from "~/components/ui/field";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { formatWib } from "~/lib/util/wib";
import { ListFilter, StatusBadge } from "~/components/lppm/kit/status";
import { TenggatCell } from "~/components/lppm/kit/cells";

export const PENILAIAN_FILTER_OPTIONS = [
  { value: "belum", label: "Belum dinilai" },
  { value: "sudah", label: "Sudah dinilai" },
  { value: "semua", label: "Semua" },
];

export type PenugasanSayaRow = PenugasanSaya;

type Tahap = "administrasi" | "substansi";

const col = columnHelper<PenugasanSayaRow>();

function columnsFor(tahap: Tahap) {
  return [
    col.accessor("judul", { header: "Judul" }),
    col.accessor("periode", { header: "Periode" }),
    col.accessor("putaran", { header: "Putaran" }),
    col.accessor("tenggat", { header: "Tenggat", cell: (info) => <TenggatCell tenggat={info.getValue()} lewat={info.row.original.lewat} /> }),
    col.display({
      id: "hasil",
      header: "Hasil",
      cell: (info) => {
        const row = info.row.original;
        if (!row.selesai) return "Belum dinilai";
        if (tahap === "administrasi") return row.administrasi_lolos ? "Lolos" : "Tidak lolos";
        return `Nilai ${row.total_nilai ?? "-"}`;
      },
    }),
    col.accessor("status", { header: "Status Usulan", cell: (info) => <StatusBadge status={info.getValue()} /> }),
  ];
}

const COLUMNS = { administrasi: columnsFor("administrasi"), substansi: columnsFor("substansi") };

type Nilai = {
  penugasan: { id: number; putaran: number; tenggat: Date };
  usulan: UsulanDetail;
  tersimpan: unknown[];
  tertutup: string | null;
};

export function EvaluasiPage<N extends Nilai>({
  title,
  tahap,
  list,
  status,
  nilai,
  saved,
  form,
}: {
  title: string;
  tahap: Tahap;
  list: TablePage & { rows: PenugasanSayaRow[] };
  status: string;
  nilai: N | null;
  /** The saved evaluation, read-only. */
  saved: (nilai: N) => ReactNode;
  /** The open form. */
  form: (nilai: N) => ReactNode;
}) {
  const paramHref = useParamHref();
  const location = useLocation();
  const closeTo = withoutParams(location.pathname + location.search, "nilai");
  const busy = useSubmitting("simpan");
  return (
    <div>
      <PageHeader title={title} />
      <DataTable
        caption={`Daftar penugasan ${title.toLowerCase()}`}
        columns={COLUMNS[tahap]}
        list={list}
        filters={<ListFilter value={status} options={PENILAIAN_FILTER_OPTIONS} label="Tampilkan" />}
        action={(row) => (
          <AppLink to={paramHref("nilai", row.id)} preventScrollReset aria-label={`${row.selesai ? "Lihat" : "Nilai"} ${row.judul}`} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-50">
            {row.selesai ? "Lihat" : "Nilai"}
          </AppLink>
        )}
      />
      {nilai ? (
        <UrlDialog title={title} closeTo={closeTo} size="xl" busy={busy}>
          <p className="mb-4 text-sm text-stone-600">
            Putaran {nilai.penugasan.putaran} · tenggat {formatWib(new Date(nilai.penugasan.tenggat))}
          </p>
          <UsulanDetailView detail={nilai.usulan} documentHref={(d) => `/reviewer/usulan/${nilai.usulan.usulan.id}/dokumen/${d}`} />
          <div className="mt-6 border-t border-stone-200 pt-4">
            {nilai.tersimpan.length ? saved(nilai) : nilai.tertutup ? <Alert>{nilai.tertutup}</Alert> : form(nilai)}
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}

/** Footer of an evaluation form: Close and 'Simpan Penilaian'. */
export function EvaluasiActions({ closeTo }: { closeTo?: string }) {
  const location = useLocation();
  const busy = useSubmitting("simpan");
  return <DialogActions closeTo={closeTo ?? withoutParams(location.pathname + location.search, "nilai")} busy={busy} submitLabel="Simpan Penilaian" />;
}
