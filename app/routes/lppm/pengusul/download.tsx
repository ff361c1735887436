/** /pengusul/download (PengusulDownload): the active templates, each with 'Unduh'. */
import type { Route } from "./+types/download";
import { listTemplateAktif } from "~/domain/lppm/master/template.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { fileSize } from "~/lib/util/document-rules";
import { formatWibDate } from "~/lib/util/wib";

export const handle = { title: "Download" };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return { templates: listTemplateAktif(getDb()) };
}

export default function PengusulDownload({ loaderData }: Route.ComponentProps) {
  const { templates } = loaderData;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-bold text-stone-900">Download</h1>
      <p className="text-sm text-stone-600">Template dan panduan dari LPPM untuk menyusun usulan dan laporan.</p>
      {templates.length === 0 ? (
        <p className="rounded-xl bg-white p-6 text-stone-500 shadow-sm">Belum ada template yang dapat diunduh.</p>
      ) : (
        <div className="overflow-x-auto rounded-xl bg-white shadow-sm">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Daftar template unduhan</caption>
            <thead className="bg-stone-50 text-stone-600">
              <tr>
                <th className="px-4 py-3">No</th>
                <th className="px-4 py-3">Judul</th>
                <th className="px-4 py-3">Versi</th>
                <th className="px-4 py-3">File</th>
                <th className="px-4 py-3">Aksi</th>
              </tr>
            </thead>
            <tbody>
              {templates.map((t, i) => (
                <tr key={t.id} className="border-t border-stone-100">
                  <td className="px-4 py-3">{i + 1}</td>
                  <td className="px-4 py-3">
                    <span className="font-medium text-stone-900">{t.judul}</span>
                    {t.keterangan ? <span className="block text-xs text-stone-500">{t.keterangan}</span> : null}
                  </td>
                  <td className="px-4 py-3">{formatWibDate(t.tanggal_versi)}</td>
                  <td className="px-4 py-3 text-stone-600">
                    {t.nama_file} · {fileSize(t.ukuran)}
                  </td>
                  <td className="px-4 py-3">
                    <a
                      href={`/pengusul/download/${t.id}`}
                      download
                      aria-label={`Unduh ${t.judul}`}
                      className="rounded-lg bg-kayu-700 px-3 py-1.5 text-xs font-bold text-white hover:bg-kayu-800"
                    >
                      Unduh
                    </a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
