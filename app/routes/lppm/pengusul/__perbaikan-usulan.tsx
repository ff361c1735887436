/**
 * Perbaikan Usulan of the proposer (/pengusul/penelitian/perbaikan-usulan and
 * /pengusul/pengabdian/perbaikan-usulan, one module): their funded proposals; ?lihat=ID opens
 * one, where within the perbaikan window the ketua uploads the revised PDF (versioned), writes
 * the final RAB (at most dana disetujui) and submits it with 'Ajukan' (→ Perbaikan Diajukan); the
 * reviewers' scores and comments (unnamed) are shown beside it.
 */
import { Form } from "react-router";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { Alert, inputClass } from "~/components/ui/field";
import { PerbaikanDetailView } from "~/components/lppm/perbaikan-detail";
import type { PerbaikanRow } from "~/domain/lppm/perbaikan/perbaikan.server";
import { documentAccept } from "~/lib/util/document-rules";
import { useActionData, useLoaderData } from "react-router";
import { useReply } from "~/components/ui/use-reply";
import { HapusItem } from "~/components/ui/hapus-item";

import { JudulCell, LihatLink, rupiahOrDash, useLihatHref } from "~/components/lppm/kit/cells";
import { StatusBadge } from "~/components/lppm/kit/status";
import { RiwayatStatus } from "~/components/lppm/kit/riwayat";
import { PenilaianSection } from "~/components/lppm/kit/penilaian";
import type { perbaikanUsulanLoader } from "./__perbaikan-usulan.server";
const col = columnHelper<PerbaikanRow>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => <JudulCell judul={info.getValue()} periode={info.row.original.periode} />,
  }),
  col.accessor("dana_disetujui", { header: "Dana disetujui", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("rab_perbaikan", { header: "RAB perbaikan", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("versi_dokumen", { header: "Dokumen", cell: (info) => (info.getValue() ? `Versi ${info.getValue()}` : "–") }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

const button = "rounded-lg px-4 py-2 text-sm font-bold text-white shadow disabled:cursor-wait disabled:opacity-70";

export default function PerbaikanUsulan() {
  const loaderData = useLoaderData<typeof perbaikanUsulanLoader>();
  const actionData = useActionData();
  const { list, lihat, title, kelompok } = loaderData;
  const { reply, err, busy } = useReply<{ problems?: string[] }>(actionData, { inline: true });
  const href = useLihatHref();
  const editable = lihat !== null && lihat.status === "DIDANAI" && !lihat.windowClosed;
  return (
    <div>
      <PageHeader title={title} />
      <DataTable
        caption="Daftar usulan didanai"
        columns={columns}
        list={list}
        action={(row) => <LihatLink to={href(row.id)} name={`Perbaikan ${row.judul}`}>{row.status === "DIDANAI" ? "Perbaiki" : "Detail"}</LihatLink>}
      />
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <div className="space-y-5">
            {reply?.message ? (
              <Alert>
                {reply.message}
                {reply.problems && reply.problems.length > 1 ? (
                  <ul className="mt-1 list-disc pl-5">{reply.problems.map((p) => <li key={p}>{p}</li>)}</ul>
                ) : null}
              </Alert>
            ) : null}
            <PerbaikanDetailView
              detail={lihat}
              dokumenBase="/pengusul/perbaikan-usulan/dokumen"
              rabAction={
                editable
                  ? (line) => <HapusItem fields={{ id: lihat.id, rab: line.id }} intent="hapus-rab" name={line.item} disabled={busy} />
                  : undefined
              }
            >
              {editable ? (
                <div className="space-y-4">
                  <Form method="post" encType="multipart/form-data" className="flex flex-wrap items-end gap-2 rounded-xl border border-stone-200 p-3">
                    <input type="hidden" name="id" value={lihat.id} />
                    <label className="space-y-1 text-sm font-semibold text-stone-700">
                      <span className="block">Dokumen perbaikan (PDF, maks. 10 MB)</span>
                      <input type="file" name="dokumen" accept={documentAccept(["pdf"])} aria-invalid={err("dokumen") ? true : undefined} className="block text-sm" />
                      {err("dokumen") ? <span className="block text-xs font-medium text-red-600">{err("dokumen")}</span> : null}
                    </label>
                    <button type="submit" name="intent" value="unggah" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Unggah</button>
                  </Form>
                  <Form method="post" className="grid gap-2 rounded-xl border border-stone-200 p-3 sm:grid-cols-6">
                    <input type="hidden" name="id" value={lihat.id} />
                    <label className="text-sm sm:col-span-2">
                      <span className="block font-semibold text-stone-700">Kelompok</span>
                      <select name="kelompok" className={inputClass}>
                        {kelompok.map((k) => <option key={k} value={k}>{k}</option>)}
                      </select>
                    </label>
                    <label className="text-sm sm:col-span-4">
                      <span className="block font-semibold text-stone-700">Item</span>
                      <input name="item" maxLength={200} className={inputClass} aria-invalid={err("item") ? true : undefined} />
                      {err("item") ? <span className="text-xs text-red-600">{err("item")}</span> : null}
                    </label>
                    <label className="text-sm sm:col-span-2">
                      <span className="block font-semibold text-stone-700">Satuan</span>
                      <input name="satuan" maxLength={50} className={inputClass} aria-invalid={err("satuan") ? true : undefined} />
                      {err("satuan") ? <span className="text-xs text-red-600">{err("satuan")}</span> : null}
                    </label>
                    <label className="text-sm sm:col-span-2">
                      <span className="block font-semibold text-stone-700">Volume</span>
                      <input name="volume" inputMode="numeric" className={inputClass} aria-invalid={err("volume") ? true : undefined} />
                      {err("volume") ? <span className="text-xs text-red-600">{err("volume")}</span> : null}
                    </label>
                    <label className="text-sm sm:col-span-2">
                      <span className="block font-semibold text-stone-700">Harga satuan</span>
                      <input name="harga_satuan" inputMode="numeric" className={inputClass} aria-invalid={err("harga_satuan") ? true : undefined} />
                      {err("harga_satuan") ? <span className="text-xs text-red-600">{err("harga_satuan")}</span> : null}
                    </label>
                    <div className="flex flex-wrap gap-2 sm:col-span-6">
                      <button type="submit" name="intent" value="tambah-rab" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Tambah baris RAB</button>
                      <button type="submit" name="intent" value="salin-rab" disabled={busy} formNoValidate className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
                        Salin dari RAB usulan
                      </button>
                    </div>
                  </Form>
                  {lihat.problems.length ? (
                    <ul className="list-disc space-y-1 pl-5 text-sm text-amber-800">{lihat.problems.map((p) => <li key={p}>{p}</li>)}</ul>
                  ) : null}
                  <Form method="post" className="flex justify-end">
                    <input type="hidden" name="id" value={lihat.id} />
                    <button type="submit" name="intent" value="ajukan" disabled={busy} className={`${button} bg-kayu-700 px-6 hover:bg-kayu-800`}>Ajukan</button>
                  </Form>
                </div>
              ) : null}
            </PerbaikanDetailView>
            <PenilaianSection penilaian={lihat.penilaian} />
            <RiwayatStatus entries={lihat.timeline} />
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
