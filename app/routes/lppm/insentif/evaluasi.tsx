/**
 * ReviewerEvaluasiInsentif (/reviewer/evaluasi-insentif, issue 13): the claims the Operator
 * assigned to this reviewer; ?lihat=ID opens one with its evidence, the checklist and the
 * recommended amount. 'Simpan Penilaian' (every item met, at most the tariff) → Dievaluasi;
 * 'Kembalikan' (note) → back to the lecturer; 'Tolak' (note) → Tidak Valid.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/evaluasi";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { Alert, inputClass } from "~/components/ui/field";
import { JudulCell, LihatLink, rupiahOrDash, useLihatHref } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { InsentifBadge, KlaimDetailView } from "~/components/lppm/insentif-view";
import { evaluasiKlaim, getKlaim, listKlaimKantor, type InsentifRow } from "~/domain/lppm/insentif/insentif.server";
import { CHECKLIST_INSENTIF, evaluasiInsentifSchema, peringkatLabel } from "~/domain/lppm/insentif/insentif.schema";
import { INSENTIF_STATUSES, INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { fieldErrorsOf, LOAD_FAILED, parseId, readForm, redirectWithToast, SAVED, SAVE_FAILED } from "~/lib/http/action.server";
import { UNKNOWN_INTENT } from "~/lib/http/crud-screen.server";
import { backUrl, CATATAN_MAKS, CATATAN_TERLALU_PANJANG } from "~/lib/http/decision.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { getDb } from "~/lib/server/db.server";
import { groupRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, "insentif_reviewer");
  const status = url.searchParams.get("status") === "semua" ? "semua" : "DIAJUKAN";
  const lihatId = parseId(url.searchParams.get("lihat"));
  const found = lihatId ? getKlaim(db, user, lihatId) : null;
  // Only the claims assigned to this reviewer open here.
  const lihat = found?.reviewer?.id === user.id ? found : null;
  if (lihatId && !lihat) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
  const statuses: readonly InsentifStatus[] = status === "semua" ? INSENTIF_STATUSES : ["DIAJUKAN"];
  return data({ title: "Evaluasi Insentif", status, list: listKlaimKantor(db, state, statuses, user.id), lihat }, { headers });
}

type Reply = { intent: string; message: string; fieldErrors?: Record<string, string[]> };

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const refuse = (message: string, status: number, fieldErrors?: Record<string, string[]>) => data<Reply>({ intent, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
  if (intent !== "simpan" && intent !== "kembalikan" && intent !== "tolak") return refuse(UNKNOWN_INTENT, 400);
  const id = parseId(form.get("id"));
  if (!id) return refuse("Klaim tidak valid.", 400);
  const catatan = String(form.get("catatan") ?? "").trim();
  if (catatan.length > CATATAN_MAKS) return refuse(CATATAN_TERLALU_PANJANG, 400, { catatan: [CATATAN_TERLALU_PANJANG] });
  const db = getDb();
  let input = null;
  if (intent === "simpan") {
    const submission = parseWithZod(form, { schema: evaluasiInsentifSchema });
    if (submission.status !== "success") return refuse(SAVE_FAILED, 400, fieldErrorsOf(submission.error));
    input = submission.value;
  }
  const result = evaluasiKlaim(db, user, id, intent, input, catatan || null);
  if (!result.ok) {
    const field = "field" in result ? result.field : undefined;
    return refuse(result.message, result.status, field ? { [field]: [result.message] } : undefined);
  }
  return redirectWithToast(backUrl(url), "success", SAVED);
}

const col = columnHelper<InsentifRow>();
const columns = [
  col.accessor("judul", { header: "Publikasi", cell: (info) => <JudulCell judul={info.getValue()} periode={`${info.row.original.jenis} · ${peringkatLabel(info.row.original.peringkat)} · ${info.row.original.tahun}`} /> }),
  col.accessor("pengusul", { header: "Pengusul" }),
  col.accessor("tarif", { header: "Tarif", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("diajukan_at", { header: "Diajukan", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "–") }),
  col.accessor("status", { header: "Status", cell: (info) => <InsentifBadge status={info.getValue()} /> }),
];

const FILTER = [
  { value: "DIAJUKAN", label: INSENTIF_WORKFLOW.labels.DIAJUKAN },
  { value: "semua", label: "Semua" },
];

export default function EvaluasiInsentif({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, status } = loaderData;
  const reply = actionData as Reply | undefined;
  const err = (name: string) => reply?.fieldErrors?.[name]?.[0];
  const busy = useNavigation().state === "submitting";
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title="Evaluasi Insentif" />
      <DataTable
        caption="Daftar klaim insentif yang ditugaskan"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        filters={<SelectFilter value={status} options={FILTER} />}
        action={(row) => <LihatLink to={href(row.id)} name={`Klaim ${row.judul}`}>{row.status === "DIAJUKAN" ? "Evaluasi" : "Detail"}</LihatLink>}
      />
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <KlaimDetailView detail={lihat} buktiHref={(b) => `/reviewer/insentif/${lihat.id}/bukti/${b}`}>
            {lihat.canEvaluate ? (
              <Form method="post" className="space-y-3 rounded-xl border border-stone-200 p-3" aria-label="Evaluasi klaim insentif">
                <input type="hidden" name="id" value={lihat.id} />
                {reply?.message ? <Alert>{reply.message}</Alert> : null}
                <fieldset className="space-y-1">
                  <legend className="text-sm font-semibold text-stone-700">Daftar periksa</legend>
                  {CHECKLIST_INSENTIF.map((butir, i) => (
                    <label key={butir} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name={`butir_${i + 1}`} className="h-4 w-4 accent-kayu-700" />
                      {butir}
                    </label>
                  ))}
                </fieldset>
                <label className="block">
                  <span className="block text-sm font-semibold text-stone-700">Nominal rekomendasi (Rp)</span>
                  <input name="nominal_rekomendasi" inputMode="numeric" defaultValue={groupRupiah(lihat.tarif ?? 0)} className={inputClass} aria-invalid={err("nominal_rekomendasi") ? true : undefined} />
                  {err("nominal_rekomendasi") ? <span className="mt-1 block text-xs font-medium text-red-600">{err("nominal_rekomendasi")}</span> : null}
                </label>
                <label className="block">
                  <span className="block text-sm font-semibold text-stone-700">Catatan</span>
                  <textarea name="catatan" rows={3} maxLength={2000} className={inputClass} />
                  <span className="text-xs text-stone-500">Wajib diisi bila klaim dikembalikan atau ditolak.</span>
                </label>
                <div className="flex flex-wrap justify-end gap-2">
                  <button type="submit" name="intent" value="tolak" disabled={busy} className="rounded-lg bg-red-600 px-4 py-2 text-sm font-bold text-white shadow hover:bg-red-700 disabled:opacity-70">Tolak</button>
                  <button type="submit" name="intent" value="kembalikan" disabled={busy} className="rounded-lg bg-amber-600 px-4 py-2 text-sm font-bold text-white shadow hover:bg-amber-700 disabled:opacity-70">Kembalikan</button>
                  <button type="submit" name="intent" value="simpan" disabled={busy} className="rounded-lg bg-kayu-700 px-5 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:opacity-70">Simpan Penilaian</button>
                </div>
              </Form>
            ) : null}
          </KlaimDetailView>
        </UrlDialog>
      ) : null}
    </div>
  );
}
