/**
 * Perbaikan Usulan of the proposer (/pengusul/penelitian/perbaikan-usulan and
 * /pengusul/pengabdian/perbaikan-usulan, one module): their funded proposals; ?lihat=ID opens
 * one, where within the perbaikan window the ketua uploads the revised PDF (versioned), writes
 * the final RAB (at most dana disetujui) and submits it with 'Ajukan' (→ Perbaikan Diajukan).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/perbaikan-usulan";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { Alert, inputClass } from "~/components/ui/field";
import { JudulCell, LihatLink, rupiahOrDash, StatusBadge, RiwayatStatus, useLihatHref } from "~/components/lppm/penetapan/parts";
import { PerbaikanDetailView } from "~/components/lppm/penetapan/perbaikan-detail";
import {
  addRabPerbaikan,
  ajukanPerbaikan,
  getPerbaikan,
  listPerbaikanPengusul,
  PENGUSUL_PERBAIKAN_STATUSES,
  RAB_KELOMPOK,
  removeRabPerbaikan,
  salinRabUsulan,
  uploadPerbaikan,
  type PerbaikanRow,
} from "~/domain/lppm/perbaikan/perbaikan.server";
import { rabSchema } from "~/domain/lppm/usulan/usulan.schema";
import { parseId, redirectWithToast, SAVED } from "~/http/action.server";
import { formAction, type DomainRefusal, type FormReply } from "~/http/form-action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { backUrl, pengusulJenis } from "~/http/decision.server";
import { DOCUMENT_REQUIRED, DOCUMENT_TOO_BIG, documentAccept } from "~/lib/util/document-rules";
import { useFormReply } from "~/lib/hooks/use-form-reply";
import { HapusItem } from "~/components/ui/hapus-item";

export async function loader(args: Route.LoaderArgs) {
  const jenis = pengusulJenis(args.url);
  const { db, user, state, headers, lihat } = await readLihatList(args, `perbaikan_${jenis}`, (db, user, id) => {
    const found = getPerbaikan(db, id);
    return found && found.id_ketua === user.id && found.jenis === jenis && PENGUSUL_PERBAIKAN_STATUSES.includes(found.status) ? found : null;
  });
  return data(
    {
      title: `Perbaikan Usulan ${jenis === "penelitian" ? "Penelitian" : "Pengabdian"}`,
      list: listPerbaikanPengusul(db, user.id, jenis, state),
      lihat,
      kelompok: RAB_KELOMPOK,
    },
    { headers },
  );
}

type Reply = FormReply & { problems?: string[] };

const rabForm = rabSchema(RAB_KELOMPOK);

export function action(args: Route.ActionArgs) {
  const { url } = args;
  pengusulJenis(url);
  return formAction<"unggah" | "rab-tambah" | "rab-hapus" | "salin-rab" | "ajukan", Reply>(
    args,
    ["unggah", "rab-tambah", "rab-hapus", "salin-rab", "ajukan"],
    async ({ db, user, form, intent, id, refuse, invalid, refused, upload }) => {
      if (!id) return refuse("Usulan tidak valid.", 400);
      let result: { ok: true } | DomainRefusal;
      switch (intent) {
        case "unggah":
          result = await upload("dokumen", ([file]) => uploadPerbaikan(db, user, id, file!), { required: DOCUMENT_REQUIRED });
          break;
        case "rab-tambah": {
          // Conform's parsing, as the proposal's own RAB form: blank is missing, numbers from text.
          const submission = parseWithZod(form, { schema: rabForm });
          if (submission.status !== "success") return invalid(submission.error);
          result = addRabPerbaikan(db, user, id, submission.value);
          break;
        }
        case "rab-hapus": {
          const rabId = parseId(form.get("rab"));
          if (!rabId) return refuse("Baris RAB tidak valid.", 400);
          result = removeRabPerbaikan(db, user, id, rabId);
          break;
        }
        case "salin-rab":
          result = salinRabUsulan(db, user, id);
          break;
        default: {
          const outcome = ajukanPerbaikan(db, user, id);
          if (outcome.ok) return redirectWithToast(backUrl(url), "success", SAVED);
          result = outcome;
        }
      }
      if (!result.ok) return refused(result);
      return redirectWithToast(url.pathname + url.search, "success", SAVED);
    },
    // A file far over 10 MB is said on the upload field.
    { upload: { intent: "unggah", field: "dokumen", message: DOCUMENT_TOO_BIG } },
  );
}

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

export default function PerbaikanUsulan({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, title, kelompok } = loaderData;
  const { reply, err, busy } = useFormReply<Reply>(actionData);
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
                  ? (line) => <HapusItem fields={{ id: lihat.id, rab: line.id }} intent="rab-hapus" name={line.item} disabled={busy} />
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
                      <button type="submit" name="intent" value="rab-tambah" disabled={busy} className={`${button} bg-stone-800 hover:bg-stone-900`}>Tambah baris RAB</button>
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
            <RiwayatStatus entries={lihat.timeline} />
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
