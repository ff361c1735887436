/**
 * Catatan Harian of the team (/pengusul/penelitian/catatan-harian and
 * /pengusul/pengabdian/catatan-harian, one module): their running projects; ?lihat=ID
 * opens one with spending against the budget per RAB group, the notes with their evidence, and
 * — for the ketua and accepted members while it runs — the form of a new note ('Simpan') and
 * 'Hapus' on the notes they may remove. The rules are the domain's (catatan.server.ts).
 */
import { Form, useActionData, useLoaderData, useSearchParams } from "react-router";
import { PageHeader } from "~/components/operator/page-header";
import { AppLink } from "~/components/ui/app-link";
import { CatatanView, ProyekTable, type CatatanViewProps } from "~/components/lppm/catatan-view";
import { UrlDialog } from "~/components/ui/dialog";
import { Alert, inputClass } from "~/components/ui/field";
import { BUKTI_MAKS, BUKTI_TYPES, KEGIATAN_MAKS } from "~/domain/lppm/catatan/catatan.schema";
import { documentAccept } from "~/lib/util/document-rules";
import { useReply } from "~/components/ui/use-reply";
import { SubmitButton } from "~/components/ui/submit-button";

import { useLihatHref } from "~/components/lppm/kit/cells";
import type { catatanHarianLoader } from "./__catatan-harian.server";
const button = "rounded-lg bg-kayu-700 px-5 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70";
const label = "block text-sm font-semibold text-stone-700";
const errorText = "mt-1 block text-xs font-medium text-red-600";

export default function CatatanHarian() {
  const loaderData = useLoaderData<typeof catatanHarianLoader>();
  const actionData = useActionData();
  const { list, lihat, title, kelompok, today, userId } = loaderData;
  const { reply, err, busy } = useReply(actionData, { inline: true });
  const href = useLihatHref();
  const [search] = useSearchParams();
  const hapusId = Number(search.get("hapus")) || null;
  /** The open project, asking to remove note `catatanId` (or not: null). */
  const hapusHref = (catatanId: number | null) => {
    const params = new URLSearchParams(search);
    params.delete("hapus");
    if (catatanId !== null) params.set("hapus", String(catatanId));
    return `?${params.toString()}`;
  };
  const removable: CatatanViewProps["removable"] = (c) => Boolean(lihat?.canWrite) && (c.id_penulis === userId || lihat?.id_ketua === userId);
  return (
    <div>
      <PageHeader title={title} />
      <ProyekTable list={list} />
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <div className="space-y-5">
            {reply?.message ? <Alert>{reply.message}</Alert> : null}
            <CatatanView
              proyek={lihat}
              buktiBase={`/pengusul/usulan/${lihat.id}/catatan-bukti`}
              removable={removable}
              remove={(c) =>
                // 'Hapus' asks first (?hapus=ID in the URL, as every delete of the back office).
                hapusId === c.id ? (
                  <Form method="post" preventScrollReset className="flex flex-wrap items-center gap-3 rounded-lg bg-red-50 px-3 py-2" aria-label={`Hapus catatan ${c.tanggal}`}>
                    <input type="hidden" name="id" value={lihat.id} />
                    <input type="hidden" name="catatan" value={c.id} />
                    <span className="text-sm font-semibold text-red-800">Hapus catatan ini beserta buktinya?</span>
                    <button type="submit" name="intent" value="hapus" disabled={busy} className="rounded-md bg-red-600 px-3 py-1 text-sm font-bold text-white hover:bg-red-700 disabled:opacity-70">
                      Ya, hapus
                    </button>
                    <AppLink to={hapusHref(null)} preventScrollReset className="text-sm font-semibold text-stone-700 hover:underline">
                      Batal
                    </AppLink>
                  </Form>
                ) : (
                  <AppLink to={hapusHref(c.id)} preventScrollReset aria-label={`Hapus catatan ${c.tanggal}`} className="text-sm font-semibold text-red-600 hover:underline">
                    Hapus
                  </AppLink>
                )
              }
            >
              {lihat.canWrite ? (
                <Form method="post" encType="multipart/form-data" preventScrollReset className="grid gap-3 rounded-xl border border-stone-200 p-4 sm:grid-cols-6" aria-labelledby="catatan-baru">
                  <h3 id="catatan-baru" className="text-base font-bold text-stone-900 sm:col-span-6">Tambah catatan</h3>
                  <input type="hidden" name="id" value={lihat.id} />
                  <label className="sm:col-span-2">
                    <span className={label}>Tanggal</span>
                    <input type="date" name="tanggal" required max={today} defaultValue={today} className={inputClass} aria-invalid={err("tanggal") ? true : undefined} />
                    {err("tanggal") ? <span className={errorText}>{err("tanggal")}</span> : null}
                  </label>
                  <label className="sm:col-span-2">
                    <span className={label}>Capaian (%)</span>
                    <input type="number" name="capaian" required min={0} max={100} step={1} defaultValue={lihat.capaian ?? 0} className={inputClass} aria-invalid={err("capaian") ? true : undefined} />
                    {err("capaian") ? <span className={errorText}>{err("capaian")}</span> : null}
                  </label>
                  <label className="sm:col-span-2">
                    <span className={label}>Kelompok RAB</span>
                    {/* Always holds a value (no empty choice), so not `required`, which HTML forbids here. */}
                    <select name="kelompok" aria-required="true" className={inputClass}>
                      {kelompok.map((k) => <option key={k} value={k}>{k}</option>)}
                    </select>
                    {err("kelompok") ? <span className={errorText}>{err("kelompok")}</span> : null}
                  </label>
                  <label className="sm:col-span-6">
                    <span className={label}>Kegiatan</span>
                    <textarea name="kegiatan" required maxLength={KEGIATAN_MAKS} rows={3} className={inputClass} aria-invalid={err("kegiatan") ? true : undefined} />
                    {err("kegiatan") ? <span className={errorText}>{err("kegiatan")}</span> : null}
                  </label>
                  <label className="sm:col-span-2">
                    <span className={label}>Biaya (Rp)</span>
                    <input name="biaya" required inputMode="numeric" defaultValue="0" className={inputClass} aria-invalid={err("biaya") ? true : undefined} />
                    {err("biaya") ? <span className={errorText}>{err("biaya")}</span> : null}
                  </label>
                  <label className="sm:col-span-4">
                    <span className={label}>Bukti (PDF, JPG atau PNG; maks. {BUKTI_MAKS} file, 10 MB semuanya)</span>
                    <input type="file" name="bukti" multiple accept={documentAccept(BUKTI_TYPES)} className="mt-1 block text-sm" aria-invalid={err("bukti") ? true : undefined} />
                    {err("bukti") ? <span className={errorText}>{err("bukti")}</span> : null}
                  </label>
                  <div className="sm:col-span-6">
                    <SubmitButton busy={busy} name="intent" value="tambah" className={button}>Simpan</SubmitButton>
                  </div>
                </Form>
              ) : null}
            </CatatanView>
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
