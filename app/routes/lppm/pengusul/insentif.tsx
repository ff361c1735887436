/**
 * Jenis Insentif of the lecturer (/pengusul/insentif, PengusulInsentif): the kinds of
 * publication the institute pays for, their ranks and tariff, how a claim's amount follows from
 * the tariff (per role, or shared by the number of authors), the rules, and the call open for
 * claims with its window — read-only; claims are made at /pengusul/insentif/pengajuan.
 */
import { data } from "react-router";
import type { Route } from "./+types/insentif";
import { PageHeader } from "~/components/operator/page-header";
import { AppLink } from "~/components/ui/app-link";
import { listJenisInsentifAktif, periodeInsentifTerbuka } from "~/domain/lppm/insentif/master.server";
import { peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import { stageState } from "~/domain/lppm/stage-window";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { formatRupiah } from "~/lib/util/rupiah";
import { aturanTarif } from "~/domain/lppm/insentif/tarif";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const periode = periodeInsentifTerbuka(db);
  return data({
    title: "Jenis Insentif",
    jenis: listJenisInsentifAktif(db).map((j) => ({ ...j, pembagian_tarif: aturanTarif(j) })),
    periode: periode ? { tahun: periode.tahun, jadwal: stageState(periode.window, new Date()) } : null,
  });
}

export default function JenisInsentifPengusul({ loaderData }: Route.ComponentProps) {
  const { jenis, periode } = loaderData;
  return (
    <div className="space-y-5">
      <PageHeader title="Jenis Insentif" />
      <section className="rounded-xl border border-stone-200 bg-white p-4 text-sm text-stone-700">
        {periode ? (
          <p>
            Pengajuan insentif publikasi terbitan tahun <strong>{periode.tahun}</strong>: {periode.jadwal.label.toLowerCase()}
            {periode.jadwal.countdown ? ` (${periode.jadwal.countdown})` : ""}.{" "}
            <AppLink to="/pengusul/insentif/pengajuan" className="font-semibold text-kayu-700 hover:underline">
              Ajukan klaim →
            </AppLink>
          </p>
        ) : (
          <p>Belum ada periode insentif yang dibuka untuk pengajuan.</p>
        )}
        <ul className="mt-3 list-disc space-y-1 pl-5">
          <li>Insentif diajukan oleh penulis pertama atau penulis korespondensi (penulis anggota hanya pada jenis yang menyebutkannya).</li>
          <li>
            Besar insentif mengikuti pembagian tarif tiap jenis: tarif tetap per peran, atau satu nilai per publikasi yang dibagi menurut jumlah
            penulis (penulis pertama/korespondensi menerima porsinya, sisanya dibagi rata penulis anggota). Isi jumlah penulis sesuai publikasi;
            penulis anggota berarti minimal 2 penulis.
          </li>
          <li>Satu publikasi hanya dapat diklaim sekali: DOI, atau ISSN/ISBN beserta judul, tidak boleh sama dengan klaim lain.</li>
          <li>Publikasi terbit pada tahun periode insentif dan dilengkapi bukti (PDF, JPG atau PNG).</li>
        </ul>
      </section>
      <div className="overflow-x-auto rounded-xl border border-stone-200 bg-white">
        <table className="w-full min-w-[640px] border-collapse text-sm">
          <caption className="sr-only">Tabel tarif insentif publikasi</caption>
          <thead className="bg-stone-50 text-left text-xs font-bold text-stone-600 uppercase">
            <tr>
              <th className="px-3 py-2">Jenis publikasi</th>
              <th className="px-3 py-2">Peringkat</th>
              <th className="px-3 py-2 text-right">Penulis pertama/korespondensi</th>
              <th className="px-3 py-2 text-right">Penulis anggota</th>
              <th className="px-3 py-2">Pembagian tarif</th>
              <th className="px-3 py-2">Aturan</th>
            </tr>
          </thead>
          <tbody>
            {jenis.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-3 py-4 text-center text-stone-500">Belum ada jenis insentif.</td>
              </tr>
            ) : null}
            {jenis.map((j) => (
              <tr key={j.id} className="border-t border-stone-100">
                <td className="px-3 py-2 font-semibold text-stone-900">{j.jenis}</td>
                <td className="px-3 py-2">{peringkatLabel(j.peringkat)}</td>
                <td className="px-3 py-2 text-right">{formatRupiah(j.tarif_utama)}</td>
                <td className="px-3 py-2 text-right">
                  {!j.anggota_boleh ? "Tidak berhak" : j.pembagian === "proporsional" ? `${100 - j.porsi_utama}% dibagi rata` : formatRupiah(j.tarif_anggota)}
                </td>
                <td className="px-3 py-2 text-stone-700">{j.pembagian_tarif}</td>
                <td className="px-3 py-2 text-stone-600">{j.aturan || "–"}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
