/**
 * ReviewerEvaluasiSubstansi (/reviewer/evaluasi-substansi): the reviewer's assignments whose
 * administrasi passed, and the scoring of the substansi rubric — a score from 1, 2, 3, 5, 6, 7
 * per criterion with a justification, the recommendation, the proposed budget and a note
 * ('Simpan Penilaian'); value = bobot × skor, the total at most 700. The team is hidden when
 * the skema asks for a blind review.
 */
import { useMemo } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/evaluasi-substansi";
import { EvaluasiActions, EvaluasiPage } from "~/components/lppm/evaluasi-page";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { Reply } from "~/components/ui/use-reply";
import { MAX_NILAI, SKOR, SKOR_LABELS } from "~/domain/lppm/rubrik";
import { REKOMENDASI, substansiSchema } from "~/domain/lppm/review/review.schema";
import { evaluasiAction, evaluasiLoader } from "~/http/evaluasi-screen.server";
import { formatRupiah, groupRupiah } from "~/lib/util/rupiah";
import { NilaiTable } from "~/components/lppm/kit/nilai-table";

export const handle = { title: "Evaluasi Substansi" };

export const loader = (args: Route.LoaderArgs) => evaluasiLoader("substansi")(args);
export const action = (args: Route.ActionArgs) => evaluasiAction("substansi")(args);

type Nilai = NonNullable<Route.ComponentProps["loaderData"]["nilai"]>;

export default function EvaluasiSubstansi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EvaluasiPage
      title="Evaluasi Substansi"
      tahap="substansi"
      list={loaderData.list}
      status={loaderData.status}
      nilai={loaderData.nilai}
      saved={(nilai) => <Tersimpan nilai={nilai} />}
      form={(nilai) => <SubstansiForm nilai={nilai} reply={actionData as Reply | undefined} />}
    />
  );
}

function SubstansiForm({ nilai, reply }: { nilai: Nilai; reply: Reply | undefined }) {
  const schema = useMemo(() => substansiSchema(nilai.kriteria.length), [nilai.kriteria.length]);
  const [form, fields] = useZodForm(schema, {
    id: `substansi-${nilai.penugasan.id}`,
    reply: reply?.intent === "simpan" ? reply : undefined,
    defaultValue: {
      items: nilai.kriteria.map(() => ({ skor: "", justifikasi: "" })),
      rekomendasi: "",
      dana_rekomendasi: groupRupiah(nilai.usulan.usulan.dana_diusulkan),
      catatan: "",
    },
  });
  const items = fields.items.getFieldList();
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4" aria-label="Evaluasi substansi">
      <input type="hidden" name="intent" value="simpan" />
      <input type="hidden" name="id" value={nilai.penugasan.id} />
      {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
      <p className="text-sm text-stone-600">Nilai = bobot × skor; nilai maksimal {MAX_NILAI}.</p>
      <ol className="space-y-3">
        {nilai.kriteria.map((k, i) => {
          const item = items[i]?.getFieldset();
          if (!item) return null;
          return (
            <li key={k.urutan} className="space-y-2 rounded-lg border border-stone-200 p-3">
              <p className="text-sm font-semibold text-stone-800">
                {i + 1}. {k.kriteria} <span className="font-normal text-stone-500">(bobot {k.bobot})</span>
              </p>
              <div className="grid gap-2 sm:grid-cols-[12rem_1fr]">
                <div>
                  <label htmlFor={item.skor.id} className="sr-only">Skor {k.kriteria}</label>
                  <select name={item.skor.name} id={item.skor.id} defaultValue={String(item.skor.initialValue ?? "")} className={inputClass} aria-invalid={item.skor.errors ? true : undefined}>
                    <option value="">Pilih skor</option>
                    {SKOR.map((s) => (
                      <option key={s} value={s}>
                        {s} — {k.deskripsi?.[s] || SKOR_LABELS[s]}
                      </option>
                    ))}
                  </select>
                  {item.skor.errors?.length ? <p className="mt-1 text-xs font-medium text-red-600">{item.skor.errors[0]}</p> : null}
                </div>
                <div>
                  <label htmlFor={item.justifikasi.id} className="sr-only">Justifikasi {k.kriteria}</label>
                  <textarea
                    name={item.justifikasi.name}
                    id={item.justifikasi.id}
                    defaultValue={String(item.justifikasi.initialValue ?? "")}
                    rows={2}
                    maxLength={2000}
                    placeholder="Justifikasi skor"
                    className={inputClass}
                    aria-invalid={item.justifikasi.errors ? true : undefined}
                  />
                  {item.justifikasi.errors?.length ? <p className="mt-1 text-xs font-medium text-red-600">{item.justifikasi.errors[0]}</p> : null}
                </div>
              </div>
            </li>
          );
        })}
      </ol>
      {fields.items.errors?.length ? <p className="text-xs font-medium text-red-600">{fields.items.errors[0]}</p> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Rekomendasi" htmlFor={fields.rekomendasi.id} errors={fields.rekomendasi.errors} required>
          <select name={fields.rekomendasi.name} id={fields.rekomendasi.id} defaultValue={String(fields.rekomendasi.initialValue ?? "")} className={inputClass}>
            <option value="">Pilih rekomendasi</option>
            {REKOMENDASI.map((r) => (
              <option key={r} value={r}>{r}</option>
            ))}
          </select>
        </Field>
        <Field
          label="Dana rekomendasi (Rp)"
          htmlFor={fields.dana_rekomendasi.id}
          errors={fields.dana_rekomendasi.errors}
          hint={`Dana diusulkan ${formatRupiah(nilai.usulan.usulan.dana_diusulkan)}`}
          required
        >
          <input name={fields.dana_rekomendasi.name} id={fields.dana_rekomendasi.id} defaultValue={String(fields.dana_rekomendasi.initialValue ?? "")} inputMode="numeric" className={inputClass} />
        </Field>
      </div>
      <Field label="Catatan" htmlFor={fields.catatan.id} errors={fields.catatan.errors}>
        <textarea name={fields.catatan.name} id={fields.catatan.id} defaultValue={String(fields.catatan.initialValue ?? "")} rows={3} maxLength={2000} className={inputClass} />
      </Field>
      <EvaluasiActions />
    </Form>
  );
}

function Tersimpan({ nilai }: { nilai: Nilai }) {
  const p = nilai.penugasan;
  return (
    <section aria-labelledby="hasil-substansi" className="space-y-3">
      <h3 id="hasil-substansi" className="text-base font-bold text-stone-900">Total nilai: {p.total_nilai} dari {MAX_NILAI}</h3>
      <NilaiTable
        caption="Nilai per kriteria"
        rows={nilai.tersimpan.map((item) => ({ key: item.urutan, kriteria: item.kriteria, bobot: item.bobot, skor: item.skor, nilai: item.nilai, justifikasi: item.justifikasi }))}
      />
      <p className="text-sm">Rekomendasi: {p.rekomendasi}</p>
      <p className="text-sm">Dana rekomendasi: {formatRupiah(p.dana_rekomendasi ?? 0)}</p>
      {p.catatan ? <p className="text-sm">Catatan: {p.catatan}</p> : null}
    </section>
  );
}
