/**
 * A funded proposal's grant money as the Operator's Pembayaran Dana screen and the ketua's
 * proposal page show it: each tranche's amount, condition and standing, and the payments made.
 */
import type { DanaUsulan } from "~/domain/lppm/dana/dana.server";
import { statusTerminLabel, SYARAT_LABELS, type StatusTermin } from "~/domain/lppm/dana/dana";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWibDate, parseWibDate } from "~/lib/util/wib";

const cell = "px-3 py-2 align-top";

export function TerminStatus({ status, alasan }: { status: StatusTermin; alasan: string | null }) {
  const tone = status === "LUNAS" ? "text-green-700" : status === "BELUM" ? "text-stone-500" : "text-amber-700";
  return <span className={`font-semibold ${tone}`}>{statusTerminLabel(status, alasan)}</span>;
}

/** The tranches and their payments; `buktiHref` links each payment's proof (the office's view only). */
export function DanaTerminTable({ dana, buktiHref }: { dana: DanaUsulan; buktiHref?: (pembayaranId: number) => string }) {
  if (dana.termin.length === 0) return <p className="text-sm text-stone-600">Termin pembayaran periode ini belum ditetapkan.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-stone-200 rounded-xl border border-stone-200 text-sm">
        <caption className="sr-only">Termin dan pembayaran dana</caption>
        <thead className="bg-stone-50 text-left text-xs font-semibold uppercase text-stone-500">
          <tr>
            <th scope="col" className={cell}>Termin</th>
            <th scope="col" className={cell}>Syarat</th>
            <th scope="col" className={`${cell} text-right`}>Jumlah</th>
            <th scope="col" className={`${cell} text-right`}>Dibayar</th>
            <th scope="col" className={cell}>Status</th>
            <th scope="col" className={cell}>Pembayaran</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-stone-100">
          {dana.termin.map((t) => (
            <tr key={t.id}>
              <th scope="row" className={`${cell} text-left font-medium text-stone-800`}>
                {t.nama} ({t.persen}%)
              </th>
              <td className={cell}>{SYARAT_LABELS[t.syarat]}</td>
              <td className={`${cell} text-right`}>{formatRupiah(t.jumlah)}</td>
              <td className={`${cell} text-right`}>{formatRupiah(t.dibayar)}</td>
              <td className={cell}>
                <TerminStatus status={t.status} alasan={t.alasan} />
              </td>
              <td className={cell}>
                {t.pembayaran.length ? (
                  <ul className="space-y-1">
                    {t.pembayaran.map((p) => (
                      <li key={p.id}>
                        {tanggal(p.tanggal)} · {formatRupiah(p.jumlah)} · Ref. {p.nomor_referensi}
                        {buktiHref ? (
                          <>
                            {" · "}
                            <a href={buktiHref(p.id)} className="text-kayu-700 underline">
                              {p.nama_file}
                            </a>
                          </>
                        ) : null}
                      </li>
                    ))}
                  </ul>
                ) : (
                  "–"
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A payment's WIB day as the screens write dates ("25 November 2026"). */
function tanggal(day: string): string {
  const date = parseWibDate(day);
  return date ? formatWibDate(date) : day;
}
