/**
 * A project's Monev Internal as the LPPM office and its monev reviewer read it: the project, the
 * accepted progress report it looks at (figures, PDF, outputs), the assignment, and — once
 * scored — every criterion's score, the total with its grade, the note and the berita acara.
 * The screens add their forms through `children`.
 */
import type { MonevDetail } from "~/domain/lppm/monev/monev.server";
import type { ReactNode } from "react";
import { MONEV_WORKFLOW } from "~/domain/lppm/workflow";
import { fileSize } from "~/lib/util/document-rules";
import { formatWib } from "~/lib/util/wib";
import { NilaiTable } from "~/components/lppm/kit/nilai-table";
import { rupiahOrDash, TenggatCell } from "~/components/lppm/kit/cells";
import { RiwayatStatus } from "~/components/lppm/kit/riwayat";
import { StatusBadge, LaporanBadge } from "~/components/lppm/kit/status";
import { GradeBadge, MonevBadge } from "~/components/lppm/kit/status";

export const nilaiMonev = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : value.toLocaleString("id-ID", { maximumFractionDigits: 2 });

export function MonevDetailView({
  detail,
  dokumenHref,
  beritaAcaraHref,
  beritaAcaraPdfHref,
  children,
}: {
  detail: MonevDetail;
  dokumenHref: (dokumenId: number) => string;
  /** The berita acara the reviewer uploaded. */
  beritaAcaraHref: string;
  /** The berita acara made from the monev as PDF, to print and sign (its scores once given). */
  beritaAcaraPdfHref: string;
  children?: ReactNode;
}) {
  const { kemajuan, monev } = detail;
  const laporan = kemajuan?.laporan;
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div><dt className="text-stone-500">Ketua</dt><dd className="font-semibold">{detail.usulan.ketua}</dd></div>
        <div><dt className="text-stone-500">Periode</dt><dd>{detail.usulan.periode}</dd></div>
        <div><dt className="text-stone-500">Status kegiatan</dt><dd><StatusBadge status={detail.usulan.status} /></dd></div>
        <div>
          <dt className="text-stone-500">Jadwal monev</dt>
          <dd>
            {detail.window ? `${formatWib(new Date(detail.window.opens))} s.d. ${formatWib(new Date(detail.window.closes))}` : "Belum dijadwalkan"}
            {detail.windowClosed ? <span className="block font-semibold text-red-700">{detail.windowClosed}</span> : null}
          </dd>
        </div>
      </dl>
      <section className="space-y-2" aria-label="Laporan kemajuan">
        <h2 className="text-base font-bold text-stone-900">Laporan kemajuan</h2>
        {kemajuan && laporan ? (
          <div className="space-y-1 text-sm">
            <p>
              <LaporanBadge status={laporan.status} /> · Capaian <strong>{laporan.capaian}%</strong> · Realisasi <strong>{rupiahOrDash(laporan.realisasi)}</strong> dari {rupiahOrDash(kemajuan.anggaran.total)}
            </p>
            {laporan.ringkasan ? <p className="whitespace-pre-line text-stone-700">{laporan.ringkasan}</p> : null}
            {kemajuan.dokumen[0] ? (
              <p>
                <a href={dokumenHref(kemajuan.dokumen[0].id)} className="font-semibold text-kayu-800 underline">
                  Unduh laporan kemajuan (versi {kemajuan.dokumen[0].versi}): {kemajuan.dokumen[0].nama_file}
                </a>
              </p>
            ) : null}
            {kemajuan.luaran.length ? (
              <ul className="list-disc pl-5 text-stone-700">
                {kemajuan.luaran.map((l) => (
                  <li key={l.id}>
                    {l.jenis} (target {l.target}): {l.capaian?.status ?? "belum diisi"}
                    {l.capaian?.doi_url ? ` · ${l.capaian.doi_url}` : ""}
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="text-sm text-stone-500">Laporan kemajuan belum diajukan.</p>
        )}
      </section>
      <section className="space-y-2" aria-label="Penilaian monev">
        <h2 className="text-base font-bold text-stone-900">Monev</h2>
        {monev ? (
          <div className="space-y-3 text-sm">
            <p>
              <MonevBadge status={monev.status} /> · Reviewer <strong>{monev.reviewer}</strong> · tenggat <TenggatCell tenggat={monev.tenggat} lewat={monev.lewat} />
            </p>
            {monev.items.length ? (
              <NilaiTable
                caption="Nilai monev per kriteria"
                rows={monev.items.map((item) => ({ key: item.urutan, kriteria: item.kriteria, bobot: `${item.bobot}%`, skor: item.skor, nilai: nilaiMonev((item.bobot * item.skor) / 100) }))}
                total={nilaiMonev(monev.total_nilai)}
              />
            ) : null}
            {monev.grade ? (
              <p>
                Predikat: <GradeBadge grade={monev.grade} />
              </p>
            ) : null}
            {monev.catatan ? <p className="whitespace-pre-line text-stone-700">Catatan: {monev.catatan}</p> : null}
            {monev.beritaAcara ? (
              <p>
                <a href={beritaAcaraHref} className="font-semibold text-kayu-800 underline">
                  Unduh berita acara: {monev.beritaAcara.nama_file}
                </a>{" "}
                <span className="text-stone-500">({fileSize(monev.beritaAcara.ukuran)})</span>
              </p>
            ) : null}
            <p>
              <a href={beritaAcaraPdfHref} className="font-semibold text-kayu-800 underline">
                Berita Acara Monev (PDF)
              </a>{" "}
              <span className="text-stone-500">{monev.status === "DINILAI" ? "dengan nilai di atas, untuk ditandatangani" : "lembar isian untuk kunjungan monev"}</span>
            </p>
          </div>
        ) : (
          <p className="text-sm text-stone-500">Reviewer monev belum ditugaskan.</p>
        )}
      </section>
      {children}
      <RiwayatStatus title="Riwayat status monev" entries={detail.timeline} labels={MONEV_WORKFLOW.labels} />
    </div>
  );
}
