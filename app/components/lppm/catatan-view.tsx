/**
 * A running project's Catatan Harian as its team and the LPPM office see it: progress
 * and spending, the budget per RAB group against what the notes spent, then the notes, newest
 * day first, with their evidence. The team's page puts its form in `children` and a 'Hapus'
 * form on the notes `removable` allows.
 */
import type { ReactNode } from "react";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import type { Page } from "~/lib/server/paging.server";
import type { AnggaranKelompok, CatatanEntry, ProyekCatatan, ProyekRow } from "~/domain/lppm/catatan/catatan.server";
import { fileSize } from "~/lib/util/document-rules";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWibDate, parseWibDate } from "~/lib/util/wib";
import { JudulCell, LihatLink, rupiahOrDash, useLihatHref } from "~/components/lppm/kit/cells";

export type CatatanViewProps = {
  proyek: ProyekCatatan;
  /** Where the evidence is downloaded: `${buktiBase}/${id}`. */
  buktiBase: string;
  removable?: (catatan: CatatanEntry) => boolean;
  remove?: (catatan: CatatanEntry) => ReactNode;
  children?: ReactNode;
};

/** "25 Nov 2026" for a note's day. */
function tanggal(day: string): string {
  const date = parseWibDate(day);
  return date ? formatWibDate(date) : day;
}

const col = columnHelper<ProyekRow>();
const commonColumns = [
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("terakhir", { header: "Catatan terakhir", cell: (info) => (info.getValue() ? tanggal(info.getValue()!) : "Belum ada") }),
  col.accessor("capaian", { header: "Capaian", cell: (info) => (info.getValue() === null ? "–" : `${info.getValue()}%`) }),
  col.accessor("terpakai", { header: "Terpakai", cell: (info) => rupiahOrDash(info.getValue()) }),
];

const proyekColumns = {
  tim: [col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} periode={info.row.original.periode} /> }), ...commonColumns],
  kantor: [
    col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
    ...commonColumns,
    col.accessor("catatan", { header: "Jumlah catatan" }),
  ],
};

/**
 * A list of running projects, each opening its notes (?lihat=ID): the team's, or the office's
 * (with the kind, the number of notes and the list's filters).
 */
export function ProyekTable({ list, kantor = false, filters }: { list: Page<ProyekRow>; kantor?: boolean; filters?: ReactNode }) {
  const href = useLihatHref();
  return (
    <DataTable
      caption="Daftar kegiatan berjalan"
      columns={kantor ? proyekColumns.kantor : proyekColumns.tim}
      list={list}
      filters={filters}
      action={(row) => <LihatLink to={href(row.id)} name={`Catatan ${row.judul}`}>Catatan</LihatLink>}
    />
  );
}

const cell = "px-3 py-2 text-sm";

export function CatatanView({ proyek, buktiBase, removable, remove, children }: CatatanViewProps) {
  const { total } = proyek;
  return (
    <div className="space-y-5">
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-stone-500">Ketua</dt>
          <dd className="font-semibold text-stone-900">{proyek.ketua}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Capaian terakhir</dt>
          <dd className="font-semibold text-stone-900">{proyek.capaian === null ? "Belum ada catatan" : `${proyek.capaian}%`}</dd>
        </div>
        <div>
          <dt className="text-stone-500">Terpakai dari anggaran</dt>
          <dd className="font-semibold text-stone-900">
            {formatRupiah(total.terpakai)} dari {formatRupiah(total.anggaran)}
          </dd>
        </div>
      </dl>
      <AnggaranTable anggaran={proyek.anggaran} />
      {children}
      <section aria-labelledby="daftar-catatan" className="space-y-3">
        <h3 id="daftar-catatan" className="text-base font-bold text-stone-900">Catatan ({proyek.catatan.length})</h3>
        {proyek.catatan.length === 0 ? <p className="text-sm text-stone-500">Belum ada catatan harian.</p> : null}
        <ol className="space-y-3">
          {proyek.catatan.map((c) => (
            <li key={c.id} className="rounded-xl border border-stone-200 p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <p className="text-sm font-semibold text-stone-900">
                  {tanggal(c.tanggal)} · Capaian {c.capaian}% · {c.kelompok} {formatRupiah(c.biaya)}
                </p>
                {removable?.(c) && remove ? remove(c) : null}
              </div>
              <p className="mt-1 whitespace-pre-line text-sm text-stone-700">{c.kegiatan}</p>
              <p className="mt-1 text-xs text-stone-500">Ditulis oleh {c.penulis}</p>
              {c.bukti.length ? (
                <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Bukti catatan ${c.tanggal}`}>
                  {c.bukti.map((b) => (
                    <li key={b.id}>
                      <a href={`${buktiBase}/${b.id}`} className="rounded-md border border-stone-200 px-2 py-1 text-xs font-semibold text-kayu-800 hover:bg-kayu-50">
                        {b.nama_file} ({fileSize(b.ukuran)})
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** Budget, spending and what is left per RAB group (over budget in red). */
export function AnggaranTable({ anggaran }: { anggaran: AnggaranKelompok[] }) {
  return (
    <section aria-labelledby="anggaran-kelompok" className="overflow-x-auto">
      <h3 id="anggaran-kelompok" className="mb-2 text-base font-bold text-stone-900">Anggaran per kelompok</h3>
      <table className="min-w-full divide-y divide-stone-200 rounded-xl border border-stone-200">
        <thead className="bg-stone-50 text-left text-xs font-semibold uppercase text-stone-500">
          <tr>
            <th scope="col" className={cell}>Kelompok</th>
            <th scope="col" className={`${cell} text-right`}>Anggaran</th>
            <th scope="col" className={`${cell} text-right`}>Terpakai</th>
            <th scope="col" className={`${cell} text-right`}>Sisa</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {anggaran.map((k) => (
            <tr key={k.kelompok}>
              <th scope="row" className={`${cell} text-left font-medium text-stone-800`}>{k.kelompok}</th>
              <td className={`${cell} text-right`}>{formatRupiah(k.anggaran)}</td>
              <td className={`${cell} text-right`}>{formatRupiah(k.terpakai)}</td>
              <td className={`${cell} text-right ${k.sisa < 0 ? "font-semibold text-red-700" : ""}`}>
                {k.sisa < 0 ? `Melebihi ${formatRupiah(-k.sisa)}` : formatRupiah(k.sisa)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
