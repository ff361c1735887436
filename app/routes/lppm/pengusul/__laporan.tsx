/**
 * Laporan Kemajuan and Laporan Akhir of the team, the page of /pengusul/{penelitian,pengabdian}/
 * laporan-kemajuan and …/laporan-akhir (each a module naming its kind and report; their data:
 * ./__laporan.server.ts): their projects that run or ran, with the report's
 * status; ?lihat=ID opens one. Within the report's window the ketua saves its figures and
 * summary, uploads the PDF (versioned), records what became of each target output with its
 * evidence, and submits it with 'Ajukan'. Members read it. The rules are the domain's
 * (domain/lppm/laporan/: draft.server.ts, submit.server.ts); every form is a plain post.
 */
import { Form, useActionData, useLoaderData } from "react-router";
import { useReply } from "~/components/ui/use-reply";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { Alert, inputClass } from "~/components/ui/field";
import { LaporanDetailView } from "~/components/lppm/laporan-view";
import type { LaporanDetail, LaporanRow } from "~/domain/lppm/laporan/read.server";
import { BUKTI_LUARAN_TYPES, LAPORAN_LABEL, RINGKASAN_LAPORAN_MAKS } from "~/domain/lppm/laporan/laporan.schema";
import { LUARAN_CAPAIAN } from "~/domain/lppm/usulan/rules";
import { documentAccept } from "~/lib/util/document-rules";
import { groupRupiah } from "~/lib/util/rupiah";

import { JudulCell, LihatLink, useLihatHref } from "~/components/lppm/kit/cells";
import { StatusBadge, LaporanBadge } from "~/components/lppm/kit/status";
import type { laporanLoader } from "./__laporan.server";
const col = columnHelper<LaporanRow>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} periode={info.row.original.periode} /> }),
  col.accessor("status", { header: "Kegiatan", cell: (info) => <StatusBadge status={info.getValue()} /> }),
  col.accessor("capaian", { header: "Capaian", cell: (info) => (info.getValue() === null ? "–" : `${info.getValue()}%`) }),
  col.accessor("versi_dokumen", { header: "Dokumen", cell: (info) => (info.getValue() ? `Versi ${info.getValue()}` : "–") }),
  col.accessor("laporan_status", { header: "Laporan", cell: (info) => <LaporanBadge status={info.getValue()} /> }),
];

const button = "rounded-lg px-4 py-2 text-sm font-bold text-white shadow disabled:cursor-wait disabled:opacity-70";
const labelClass = "block text-sm font-semibold text-stone-700";
const errorText = "mt-1 block text-xs font-medium text-red-600";

export default function Laporan() {
  const loaderData = useLoaderData<typeof laporanLoader>();
  const actionData = useActionData();
  const { list, lihat, title, jenis, jadwal } = loaderData;
  // The report's forms and each output's: a reply names the output it is about (`luaran`).
  const { reply, err: errOf, busy } = useReply<{ problems?: string[]; luaran?: number }>(actionData, { inline: true });
  const err = (name: string, luaran?: number) => (reply?.luaran === luaran ? errOf(name) : undefined);
  const href = useLihatHref();
  const dokumenHref = (dokumenId: number) => `/pengusul/usulan/${lihat?.usulan.id}/dokumen/${dokumenId}`;
  const luaranForm = (l: LaporanDetail["luaran"][number]) =>
    lihat?.canEdit ? (
      <Form method="post" encType="multipart/form-data" className="mt-3 grid gap-2 border-t border-stone-100 pt-3 sm:grid-cols-6" aria-label={`Capaian luaran ${l.jenis}`}>
        <input type="hidden" name="id" value={lihat.usulan.id} />
        <input type="hidden" name="luaran" value={l.id} />
        <label className="sm:col-span-2">
          <span className={labelClass}>Status capaian</span>
          <select name="status" defaultValue={l.capaian?.status ?? "Belum ada"} className={inputClass}>
            {LUARAN_CAPAIAN.map((s) => <option key={s} value={s}>{s}</option>)}
          </select>
        </label>
        <label className="sm:col-span-4">
          <span className={labelClass}>Judul publikasi/produk</span>
          <input name="judul_publikasi" maxLength={300} defaultValue={l.capaian?.judul_publikasi ?? ""} className={inputClass} aria-invalid={err("judul_publikasi", l.id) ? true : undefined} />
          {err("judul_publikasi", l.id) ? <span className={errorText}>{err("judul_publikasi", l.id)}</span> : null}
        </label>
        <label className="sm:col-span-3">
          <span className={labelClass}>Nama jurnal/penerbit/konferensi</span>
          <input name="nama_wadah" maxLength={200} defaultValue={l.capaian?.nama_wadah ?? ""} className={inputClass} />
        </label>
        <label className="sm:col-span-2">
          <span className={labelClass}>ISSN/ISBN</span>
          <input name="issn_isbn" maxLength={30} defaultValue={l.capaian?.issn_isbn ?? ""} className={inputClass} aria-invalid={err("issn_isbn", l.id) ? true : undefined} />
          {err("issn_isbn", l.id) ? <span className={errorText}>{err("issn_isbn", l.id)}</span> : null}
        </label>
        <label className="sm:col-span-1">
          <span className={labelClass}>Tahun</span>
          <input name="tahun" inputMode="numeric" maxLength={4} defaultValue={l.capaian?.tahun ?? ""} className={inputClass} aria-invalid={err("tahun", l.id) ? true : undefined} />
          {err("tahun", l.id) ? <span className={errorText}>{err("tahun", l.id)}</span> : null}
        </label>
        <label className="sm:col-span-3">
          <span className={labelClass}>DOI atau URL</span>
          <input name="doi_url" maxLength={500} defaultValue={l.capaian?.doi_url ?? ""} placeholder="10.1234/… atau https://…" className={inputClass} aria-invalid={err("doi_url", l.id) ? true : undefined} />
          {err("doi_url", l.id) ? <span className={errorText}>{err("doi_url", l.id)}</span> : null}
        </label>
        <label className="sm:col-span-3">
          <span className={labelClass}>Bukti/sertifikat (PDF, JPG, PNG; maks. 10 MB)</span>
          <input type="file" name="bukti" accept={documentAccept(BUKTI_LUARAN_TYPES)} className="block text-sm" aria-invalid={err("bukti", l.id) ? true : undefined} />
          {err("bukti", l.id) ? <span className={errorText}>{err("bukti", l.id)}</span> : null}
        </label>
        <div className="flex justify-end sm:col-span-6">
          <button type="submit" name="intent" value="simpan-luaran" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Simpan luaran</button>
        </div>
      </Form>
    ) : null;
  return (
    <div>
      <PageHeader title={title} />
      <DataTable
        caption={`Daftar ${LAPORAN_LABEL[jenis].toLowerCase()}`}
        columns={columns}
        list={list}
        action={(row) => <LihatLink to={href(row.id)} name={`${LAPORAN_LABEL[jenis]} ${row.judul}`}>{row.status === "BERJALAN" ? "Buka" : "Detail"}</LihatLink>}
      />
      {lihat ? (
        <UrlDialog title={lihat.usulan.judul} closeTo={href(null)} size="xl">
          <div className="space-y-5">
            {reply?.message ? (
              <Alert>
                {reply.message}
                {reply.problems && reply.problems.length > 1 ? <ul className="mt-1 list-disc pl-5">{reply.problems.map((p) => <li key={p}>{p}</li>)}</ul> : null}
              </Alert>
            ) : null}
            {jadwal?.countdown && lihat.canEdit ? (
              <p className="rounded-lg bg-kayu-50 px-3 py-2 text-sm text-kayu-900">
                {LAPORAN_LABEL[jenis]} {jadwal.label.toLowerCase()} ({jadwal.countdown}).
              </p>
            ) : null}
            <LaporanDetailView detail={lihat} dokumenHref={dokumenHref} luaranForm={luaranForm}>
              {lihat.canEdit ? (
                <div className="space-y-4">
                  <Form method="post" className="grid gap-3 rounded-xl border border-stone-200 p-3 sm:grid-cols-2" aria-label={`Isian ${LAPORAN_LABEL[jenis].toLowerCase()}`}>
                    <input type="hidden" name="id" value={lihat.usulan.id} />
                    <label>
                      <span className={labelClass}>Capaian (%)</span>
                      <input name="capaian" inputMode="numeric" maxLength={3} defaultValue={lihat.laporan?.capaian ?? lihat.capaianCatatan ?? ""} className={inputClass} aria-invalid={err("capaian") ? true : undefined} />
                      {err("capaian") ? <span className={errorText}>{err("capaian")}</span> : null}
                    </label>
                    <label>
                      <span className={labelClass}>Realisasi anggaran (Rp)</span>
                      <input
                        name="realisasi"
                        inputMode="numeric"
                        defaultValue={groupRupiah(lihat.laporan?.realisasi ?? lihat.anggaran.terpakai)}
                        className={inputClass}
                        aria-invalid={err("realisasi") ? true : undefined}
                      />
                      {err("realisasi") ? <span className={errorText}>{err("realisasi")}</span> : null}
                    </label>
                    <label className="sm:col-span-2">
                      <span className={labelClass}>Ringkasan</span>
                      <textarea name="ringkasan" rows={5} maxLength={RINGKASAN_LAPORAN_MAKS} defaultValue={lihat.laporan?.ringkasan ?? ""} className={inputClass} aria-invalid={err("ringkasan") ? true : undefined} />
                      {err("ringkasan") ? <span className={errorText}>{err("ringkasan")}</span> : null}
                    </label>
                    <div className="flex justify-end sm:col-span-2">
                      <button type="submit" name="intent" value="simpan" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Simpan</button>
                    </div>
                  </Form>
                  <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2 rounded-xl border border-stone-200 p-3">
                    <input type="hidden" name="id" value={lihat.usulan.id} />
                    <label className="space-y-1">
                      <span className={labelClass}>Dokumen {LAPORAN_LABEL[jenis].toLowerCase()} (PDF, maks. 10 MB)</span>
                      <input type="file" name="dokumen" accept={documentAccept(["pdf"])} aria-invalid={err("dokumen") ? true : undefined} className="block text-sm" />
                      {err("dokumen") ? <span className={errorText}>{err("dokumen")}</span> : null}
                    </label>
                    <button type="submit" name="intent" value="unggah" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Unggah</button>
                  </Form>
                  {lihat.problems.length ? (
                    <ul className="list-disc space-y-1 pl-5 text-sm text-amber-800">{lihat.problems.map((p) => <li key={p}>{p}</li>)}</ul>
                  ) : null}
                  <Form method="post" className="flex justify-end">
                    <input type="hidden" name="id" value={lihat.usulan.id} />
                    <button type="submit" name="intent" value="ajukan" disabled={busy} className={`${button} bg-kayu-700 px-6 hover:bg-kayu-800`}>Ajukan</button>
                  </Form>
                </div>
              ) : null}
            </LaporanDetailView>
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
