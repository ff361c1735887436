/**
 * ReviewerEvaluasiInsentif (/reviewer/evaluasi-insentif): the claims the Operator
 * assigned to this reviewer; ?lihat=ID opens one with its evidence, the checklist of the
 * operator's insentif rubric (Operator → LPPM → Rubrik) and the recommended amount. 'Simpan
 * Penilaian' (every criterion met, at most what the claim's tariff gives) → Dievaluasi;
 * 'Kembalikan' (note) → back to the lecturer; 'Tolak' (note) → Tidak Valid. Without an insentif
 * rubric the form says so and only returns or refuses.
 */
import { data, Form } from "react-router";
import type { Route } from "./+types/evaluasi-insentif";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, inputClass } from "~/components/ui/field";
import { KlaimDetailView } from "~/components/lppm/insentif-view";
import { getKlaim, listKlaimKantor, type InsentifRow } from "~/domain/lppm/insentif/read.server";
import { evaluasiKlaim } from "~/domain/lppm/insentif/transition.server";
import { BUTIR_BELUM_SESUAI, evaluasiInsentifSchema, peringkatLabel, RUBRIK_INSENTIF_BELUM_ADA } from "~/domain/lppm/insentif/insentif.schema";
import { rubrikInsentif } from "~/domain/lppm/master/rubrik.server";
import { INSENTIF_STATUSES, INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { runAction, withId, type Handler } from "~/http/action.server";
import { CATATAN_TERLALU_PANJANG, noteOf } from "~/http/decision.server";
import { readLihatList } from "~/http/lihat-list.server";
import { groupRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { JudulCell, rupiahOrDash, TenggatCell } from "~/components/lppm/kit/cells";
import { ListFilter, InsentifBadge } from "~/components/lppm/kit/status";
import { useReply } from "~/components/ui/use-reply";

export async function loader(args: Route.LoaderArgs) {
  // Only the claims assigned to this reviewer open here.
  const { db, user, state, headers, lihat } = await readLihatList(args, "insentif_reviewer", (db, user, id) => {
    const klaim = getKlaim(db, user, id);
    return klaim?.reviewer?.id === user.id ? klaim : null;
  });
  const status = args.url.searchParams.get("status") === "semua" ? "semua" : "DIAJUKAN";
  const statuses: readonly InsentifStatus[] = status === "semua" ? INSENTIF_STATUSES : ["DIAJUKAN"];
  // The checklist to tick: the insentif rubric as the operator keeps it now.
  const found = lihat?.canEvaluate ? rubrikInsentif(db) : null;
  const rubrik = found?.kriteria.length ? { nama: found.nama, kriteria: found.kriteria.map((k) => ({ id: k.id, kriteria: k.kriteria })) } : null;
  return data({ title: "Evaluasi Insentif", status, list: listKlaimKantor(db, state, statuses, user.id), lihat, rubrik }, { headers });
}

/** What a refused 'Simpan Penilaian' sends back, so a page without JavaScript shows it again. */
type Isian = { butir: string[]; nominal_rekomendasi: string; catatan: string };


export function action(args: Route.ActionArgs) {
  const evaluasi = (intent: "simpan" | "kembalikan" | "tolak"): Handler =>
    withId("Klaim tidak valid.", (ctx) => {
      const read = noteOf(ctx.form);
      if ("tooLong" in read) return ctx.reply(400, CATATAN_TERLALU_PANJANG, { field: "catatan" });
      ctx.echo({
        isian: {
          butir: ctx.form.getAll("butir").map(String),
          nominal_rekomendasi: String(ctx.form.get("nominal_rekomendasi") ?? ""),
          catatan: String(ctx.form.get("catatan") ?? ""),
        } satisfies Isian,
      });
      // Only 'Simpan' carries the evaluation; the other two are decisions with a note.
      const input = intent === "simpan" ? ctx.parse(evaluasiInsentifSchema) : null;
      const result = evaluasiKlaim(ctx.db, ctx.user, ctx.id, intent, input, read.note);
      return result.ok ? ctx.done() : ctx.refuse(result);
    });
  return runAction(args, { simpan: evaluasi("simpan"), kembalikan: evaluasi("kembalikan"), tolak: evaluasi("tolak") });
}

const col = columnHelper<InsentifRow>();
const columns = [
  col.accessor("judul", { header: "Publikasi", cell: (info) => <JudulCell judul={info.getValue()} periode={`${info.row.original.jenis} · ${peringkatLabel(info.row.original.peringkat)} · ${info.row.original.tahun}`} /> }),
  col.accessor("pengusul", { header: "Pengusul" }),
  col.accessor("tarif", { header: "Tarif", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => <TenggatCell tenggat={info.getValue()} lewat={info.row.original.lewat} /> }),
  col.accessor("diajukan_at", { header: "Diajukan", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "–") }),
  col.accessor("status", { header: "Status", cell: (info) => <InsentifBadge status={info.getValue()} /> }),
];

const FILTER = [
  { value: "DIAJUKAN", label: INSENTIF_WORKFLOW.labels.DIAJUKAN },
  { value: "semua", label: "Semua" },
];

export default function EvaluasiInsentif({ loaderData, actionData }: Route.ComponentProps) {
  const { status, rubrik } = loaderData;
  const { reply, err, busy } = useReply<{ isian?: Isian }>(actionData, { inline: true });
  const isian = reply?.isian;
  return (
    <LihatListPage
      title="Evaluasi Insentif"
      caption="Daftar klaim insentif yang ditugaskan"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={FILTER} />}
      rowLink={(row) => ({ name: `Klaim ${row.judul}`, text: row.status === "DIAJUKAN" ? "Evaluasi" : "Detail" })}
    >
      {(klaim) => (
        <KlaimDetailView detail={klaim} buktiHref={(b) => `/reviewer/insentif/${klaim.id}/bukti/${b}`}>
          {klaim.canEvaluate ? (
            <Form method="post" className="space-y-3 rounded-xl border border-stone-200 p-3" aria-label="Evaluasi klaim insentif">
              <input type="hidden" name="id" value={klaim.id} />
              {reply?.message ? <Alert>{reply.message}</Alert> : null}
              {rubrik ? (
                <fieldset className="space-y-1">
                  <legend className="text-sm font-semibold text-stone-700">Daftar periksa: {rubrik.nama}</legend>
                  {/* The criteria shown, so a rubric changed meanwhile is noticed instead of passed unseen. */}
                  <input type="hidden" name="kriteria" value={rubrik.kriteria.map((k) => k.id).join(",")} />
                  {rubrik.kriteria.map((k) => (
                    <label key={k.id} className="flex items-center gap-2 text-sm">
                      <input type="checkbox" name="butir" value={k.id} defaultChecked={isian?.butir.includes(String(k.id))} className="h-4 w-4 accent-kayu-700" />
                      {k.kriteria}
                    </label>
                  ))}
                  <p className="text-xs text-stone-500">{BUTIR_BELUM_SESUAI}</p>
                </fieldset>
              ) : (
                <Alert>{RUBRIK_INSENTIF_BELUM_ADA}</Alert>
              )}
              <label className="block">
                <span className="block text-sm font-semibold text-stone-700">Nominal rekomendasi (Rp)</span>
                <input
                  name="nominal_rekomendasi"
                  inputMode="numeric"
                  defaultValue={isian ? isian.nominal_rekomendasi : groupRupiah(klaim.tarif ?? 0)}
                  className={inputClass}
                  aria-invalid={err("nominal_rekomendasi") ? true : undefined}
                />
                {err("nominal_rekomendasi") ? (
                  <span className="mt-1 block text-xs font-medium text-red-600">{err("nominal_rekomendasi")}</span>
                ) : (
                  <span className="text-xs text-stone-500">Paling banyak {rupiahOrDash(klaim.tarif)}{klaim.cara_tarif ? ` (${klaim.cara_tarif})` : ""}.</span>
                )}
              </label>
              <label className="block">
                <span className="block text-sm font-semibold text-stone-700">Catatan</span>
                <textarea name="catatan" rows={3} maxLength={2000} defaultValue={isian?.catatan} className={inputClass} />
                <span className="text-xs text-stone-500">Wajib diisi bila klaim dikembalikan atau ditolak.</span>
              </label>
              <div className="flex flex-wrap justify-end gap-2">
                <button type="submit" name="intent" value="tolak" disabled={busy} className="rounded-lg bg-red-600 px-4 py-2 text-sm font-bold text-white shadow hover:bg-red-700 disabled:opacity-70">Tolak</button>
                <button type="submit" name="intent" value="kembalikan" disabled={busy} className="rounded-lg bg-amber-600 px-4 py-2 text-sm font-bold text-white shadow hover:bg-amber-700 disabled:opacity-70">Kembalikan</button>
                <button type="submit" name="intent" value="simpan" disabled={busy || !rubrik} className="rounded-lg bg-kayu-700 px-5 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:opacity-70">Simpan Penilaian</button>
              </div>
            </Form>
          ) : null}
        </KlaimDetailView>
      )}
    </LihatListPage>
  );
}
