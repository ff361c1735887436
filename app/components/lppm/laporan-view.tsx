/**
 * A project's report (Laporan Kemajuan or Laporan Akhir) as everyone who may see it reads it:
 * its status, window, figures against the budget, summary, the PDF's versions, what became of
 * each target output with its evidence, and the status history. The ketua's screen adds its
 * forms through `children` and `luaranForm`; the office's its decision.
 */
import type { LaporanDetail } from "~/domain/lppm/laporan/read.server";
import type { ReactNode } from "react";
import { LAPORAN_KEMAJUAN_WORKFLOW } from "~/domain/lppm/workflow";
import { LAPORAN_LABEL } from "~/domain/lppm/laporan/laporan.schema";
import { fileSize } from "~/lib/util/document-rules";
import { formatWib } from "~/lib/util/wib";
import { rupiahOrDash } from "~/components/lppm/kit/cells";
import { RiwayatStatus } from "~/components/lppm/kit/riwayat";
import { StatusBadge } from "~/components/lppm/kit/status";
import { LaporanBadge } from "~/components/lppm/kit/status";

/** A DOI as its resolver link; a URL as itself. */
export function doiHref(value: string): string {
  return value.startsWith("10.") ? `https://doi.org/${value}` : value;
}

function persen(part: number, whole: number): string {
  return whole > 0 ? `${Math.round((part / whole) * 100)}%` : "–";
}

export function LaporanDetailView({
  detail,
  dokumenHref,
  luaranForm,
  children,
}: {
  detail: LaporanDetail;
  /** The download link of a project document in the viewer's area. */
  dokumenHref: (dokumenId: number) => string;
  luaranForm?: (luaran: LaporanDetail["luaran"][number]) => ReactNode;
  children?: ReactNode;
}) {
  const { laporan, anggaran } = detail;
  const label = LAPORAN_LABEL[detail.jenis];
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div><dt className="text-stone-500">Ketua</dt><dd className="font-semibold">{detail.usulan.ketua}</dd></div>
        <div><dt className="text-stone-500">Periode</dt><dd>{detail.usulan.periode}</dd></div>
        <div>
          <dt className="text-stone-500">Status kegiatan / laporan</dt>
          <dd className="flex flex-wrap gap-1"><StatusBadge status={detail.usulan.status} /> <LaporanBadge status={laporan?.status ?? null} /></dd>
        </div>
        <div>
          <dt className="text-stone-500">Jadwal {label.toLowerCase()}</dt>
          <dd>
            {detail.window ? `${formatWib(new Date(detail.window.opens))} s.d. ${formatWib(new Date(detail.window.closes))}` : "Belum dijadwalkan"}
            {detail.windowClosed ? <span className="block font-semibold text-red-700">{detail.windowClosed}</span> : null}
          </dd>
        </div>
        {detail.jenis === "akhir" ? (
          <div><dt className="text-stone-500">Laporan kemajuan</dt><dd><LaporanBadge status={detail.kemajuan} /></dd></div>
        ) : null}
        <div>
          <dt className="text-stone-500">Capaian</dt>
          <dd>
            <strong>{laporan ? `${laporan.capaian}%` : "–"}</strong>
            {detail.capaianCatatan !== null ? <span className="text-stone-500"> (catatan harian terakhir: {detail.capaianCatatan}%)</span> : null}
          </dd>
        </div>
        <div>
          <dt className="text-stone-500">Realisasi anggaran</dt>
          <dd>
            <strong>{laporan ? `${rupiahOrDash(laporan.realisasi)} (${persen(laporan.realisasi, anggaran.total)})` : "–"}</strong>
            <span className="block text-stone-500">
              dari anggaran {rupiahOrDash(anggaran.total)}; menurut catatan harian terpakai {rupiahOrDash(anggaran.terpakai)}
            </span>
          </dd>
        </div>
        {laporan?.diajukan_at ? (
          <div><dt className="text-stone-500">Diajukan</dt><dd>{formatWib(new Date(laporan.diajukan_at))}</dd></div>
        ) : null}
      </dl>
      {laporan?.ringkasan ? (
        <section className="space-y-1">
          <h2 className="text-base font-bold text-stone-900">Ringkasan</h2>
          <p className="text-sm whitespace-pre-line text-stone-700">{laporan.ringkasan}</p>
        </section>
      ) : null}
      <section className="space-y-2">
        <h2 className="text-base font-bold text-stone-900">Dokumen {label.toLowerCase()}</h2>
        {detail.dokumen.length ? (
          <ul className="space-y-1 text-sm">
            {detail.dokumen.map((d) => (
              <li key={d.id}>
                <a href={dokumenHref(d.id)} className="font-semibold text-kayu-800 underline">
                  Unduh versi {d.versi}: {d.nama_file}
                </a>{" "}
                <span className="text-stone-500">({fileSize(d.ukuran)}, {formatWib(new Date(d.created_at))})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-500">Belum ada dokumen laporan.</p>
        )}
      </section>
      <section className="space-y-2">
        <h2 className="text-base font-bold text-stone-900">Luaran</h2>
        {detail.luaran.length === 0 ? <p className="text-sm text-stone-500">Usulan ini tidak mencantumkan target luaran.</p> : null}
        <ul className="space-y-3">
          {detail.luaran.map((l) => (
            <li key={l.id} className="rounded-xl border border-stone-200 p-3 text-sm">
              <p className="font-semibold text-stone-900">
                {l.jenis} <span className="font-normal text-stone-500">— target: {l.target}</span>
              </p>
              {l.keterangan ? <p className="text-stone-600">{l.keterangan}</p> : null}
              <p className="mt-1">
                Capaian: <strong>{l.capaian?.status ?? "Belum diisi"}</strong>
                {l.capaian?.judul_publikasi ? <> · {l.capaian.judul_publikasi}</> : null}
                {l.capaian?.nama_wadah ? <> · {l.capaian.nama_wadah}</> : null}
                {l.capaian?.issn_isbn ? <> · ISSN/ISBN {l.capaian.issn_isbn}</> : null}
                {l.capaian?.tahun ? <> · {l.capaian.tahun}</> : null}
              </p>
              {l.capaian?.doi_url || l.capaian?.bukti ? (
                <p className="mt-1 flex flex-wrap gap-3">
                  {l.capaian.doi_url ? (
                    <a href={doiHref(l.capaian.doi_url)} rel="noopener noreferrer nofollow" target="_blank" className="font-semibold text-kayu-800 underline">
                      {l.capaian.doi_url}
                    </a>
                  ) : null}
                  {l.capaian.bukti ? (
                    <a href={dokumenHref(l.capaian.bukti.id)} className="font-semibold text-kayu-800 underline">
                      Unduh bukti: {l.capaian.bukti.nama_file}
                    </a>
                  ) : null}
                </p>
              ) : null}
              {luaranForm ? luaranForm(l) : null}
            </li>
          ))}
        </ul>
      </section>
      {children}
      <RiwayatStatus title="Riwayat status laporan" entries={detail.timeline} labels={LAPORAN_KEMAJUAN_WORKFLOW.labels} />
    </div>
  );
}
