/**
 * A proposal's perbaikan as read by everyone who sees it: the approved amount, the window, the
 * revised PDF's versions (download links of the viewer's area) and the final RAB with its totals.
 * The proposer's screen adds its forms through `rabAction` and `children`.
 */
import type { ReactNode } from "react";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { fileSize } from "~/lib/util/document-rules";
import { formatWib } from "~/lib/util/wib";
import { StatusBadge } from "~/components/lppm/kit/status";
import { rupiahOrDash } from "~/components/lppm/kit/cells";

type Detail = {
  status: UsulanStatus;
  ketua: string;
  periode: string;
  dana_diusulkan: number;
  dana_disetujui: number | null;
  window: { opens: Date | string; closes: Date | string } | null;
  windowClosed: string | null;
  dokumen: { id: number; versi: number; nama_file: string; ukuran: number; created_at: Date | string }[];
  rab: { id: number; kelompok: string; item: string; satuan: string; volume: number; harga_satuan: number; jumlah: number }[];
  summary: { total: number; honor: number; honorPersen: number; honorMaksPersen: number; melebihiDana: boolean; melebihiHonor: boolean };
};

export function PerbaikanDetailView({
  detail,
  dokumenBase,
  rabAction,
  children,
}: {
  detail: Detail;
  dokumenBase: string;
  rabAction?: (line: Detail["rab"][number]) => ReactNode;
  children?: ReactNode;
}) {
  const { summary } = detail;
  return (
    <div className="space-y-5">
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div><dt className="text-stone-500">Ketua</dt><dd className="font-semibold">{detail.ketua}</dd></div>
        <div><dt className="text-stone-500">Periode</dt><dd>{detail.periode}</dd></div>
        <div><dt className="text-stone-500">Status</dt><dd><StatusBadge status={detail.status} /></dd></div>
        <div><dt className="text-stone-500">Dana diusulkan / disetujui</dt><dd>{rupiahOrDash(detail.dana_diusulkan)} / <strong>{rupiahOrDash(detail.dana_disetujui)}</strong></dd></div>
        <div className="sm:col-span-2">
          <dt className="text-stone-500">Jadwal perbaikan</dt>
          <dd>
            {detail.window ? `${formatWib(new Date(detail.window.opens))} s.d. ${formatWib(new Date(detail.window.closes))}` : "Belum dijadwalkan"}
            {detail.windowClosed ? <span className="ml-2 font-semibold text-red-700">{detail.windowClosed}</span> : null}
          </dd>
        </div>
      </dl>
      <section className="space-y-2">
        <h2 className="text-base font-bold text-stone-900">Dokumen perbaikan usulan</h2>
        {detail.dokumen.length ? (
          <ul className="space-y-1 text-sm">
            {detail.dokumen.map((d) => (
              <li key={d.id}>
                <a href={`${dokumenBase}/${d.id}`} className="font-semibold text-kayu-800 underline">
                  Unduh versi {d.versi}: {d.nama_file}
                </a>{" "}
                <span className="text-stone-500">({fileSize(d.ukuran)}, {formatWib(new Date(d.created_at))})</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-stone-500">Belum ada dokumen perbaikan.</p>
        )}
      </section>
      <section className="space-y-2">
        <h2 className="text-base font-bold text-stone-900">RAB perbaikan</h2>
        <div className="overflow-x-auto">
          <table className="w-full min-w-[640px] border-collapse text-sm">
            <thead className="bg-stone-50 text-left text-xs font-bold text-stone-600 uppercase">
              <tr>
                <th className="px-2 py-2">Kelompok</th>
                <th className="px-2 py-2">Item</th>
                <th className="px-2 py-2">Volume</th>
                <th className="px-2 py-2">Harga satuan</th>
                <th className="px-2 py-2">Jumlah</th>
                {rabAction ? <th className="px-2 py-2"><span className="sr-only">Aksi</span></th> : null}
              </tr>
            </thead>
            <tbody>
              {detail.rab.length === 0 ? (
                <tr><td colSpan={6} className="px-2 py-4 text-center text-stone-500">RAB perbaikan belum diisi.</td></tr>
              ) : (
                detail.rab.map((line) => (
                  <tr key={line.id} className="border-t border-stone-100">
                    <td className="px-2 py-2">{line.kelompok}</td>
                    <td className="px-2 py-2">{line.item}</td>
                    <td className="px-2 py-2">{line.volume} {line.satuan}</td>
                    <td className="px-2 py-2">{rupiahOrDash(line.harga_satuan)}</td>
                    <td className="px-2 py-2">{rupiahOrDash(line.jumlah)}</td>
                    {rabAction ? <td className="px-2 py-2 text-right">{rabAction(line)}</td> : null}
                  </tr>
                ))
              )}
            </tbody>
            <tfoot>
              <tr className="border-t border-stone-200 font-bold">
                <td colSpan={4} className="px-2 py-2 text-right">Total</td>
                <td className={`px-2 py-2 ${summary.melebihiDana ? "text-red-700" : ""}`}>{rupiahOrDash(summary.total)}</td>
              </tr>
            </tfoot>
          </table>
        </div>
        <p className={`text-xs ${summary.melebihiHonor ? "font-semibold text-red-700" : "text-stone-500"}`}>
          Honor {rupiahOrDash(summary.honor)} ({summary.honorPersen.toLocaleString("id-ID")}%, maksimal {summary.honorMaksPersen}%)
        </p>
      </section>
      {children}
    </div>
  );
}
