/**
 * ReviewerEvaluasiAdministrasi (/reviewer/evaluasi-administrasi): the reviewer's assignments of
 * the current round not yet checked, and the checklist of the administrasi rubric — Lolos /
 * Tidak lolos per item with a note, the overall result and its note ('Simpan Penilaian'). When
 * the skema asks for a blind review the team is hidden here too: the checklist's team items are
 * judged on its composition without names (roles, academic positions, the number of students,
 * against the skema's limits).
 */
import { useMemo } from "react";
import { Form } from "react-router";
import type { Route } from "./+types/evaluasi-administrasi";
import { EvaluasiActions, EvaluasiPage } from "~/components/lppm/evaluasi-page";
import { Alert, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { Reply } from "~/components/ui/use-reply";
import { administrasiSchema } from "~/domain/lppm/review/review.schema";
import { evaluasiAction, evaluasiLoader } from "~/http/evaluasi-screen.server";

export const handle = { title: "Evaluasi Administrasi" };

export const loader = (args: Route.LoaderArgs) => evaluasiLoader("administrasi")(args);
export const action = (args: Route.ActionArgs) => evaluasiAction("administrasi")(args);

type Nilai = NonNullable<Route.ComponentProps["loaderData"]["nilai"]>;

export default function EvaluasiAdministrasi({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <EvaluasiPage
      title="Evaluasi Administrasi"
      tahap="administrasi"
      list={loaderData.list}
      status={loaderData.status}
      nilai={loaderData.nilai}
      saved={(nilai) => <Tersimpan nilai={nilai} />}
      form={(nilai) => <AdministrasiForm nilai={nilai} reply={actionData as Reply | undefined} />}
    />
  );
}

function LolosChoice({ name, id, initial, label }: { name: string; id: string; initial: unknown; label: string }) {
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-4">
      {(["lolos", "tidak"] as const).map((value) => (
        <label key={value} className="flex items-center gap-1.5 text-sm">
          <input type="radio" name={name} id={`${id}-${value}`} value={value} defaultChecked={initial === value} className="h-4 w-4 accent-kayu-700" />
          {value === "lolos" ? "Lolos" : "Tidak lolos"}
        </label>
      ))}
    </div>
  );
}

function AdministrasiForm({ nilai, reply }: { nilai: Nilai; reply: Reply | undefined }) {
  const schema = useMemo(() => administrasiSchema(nilai.kriteria.length), [nilai.kriteria.length]);
  const [form, fields] = useZodForm(schema, {
    id: `administrasi-${nilai.penugasan.id}`,
    reply: reply?.intent === "simpan" ? reply : undefined,
    defaultValue: { items: nilai.kriteria.map(() => ({ lolos: "", catatan: "" })), hasil: "", catatan: "" },
  });
  const items = fields.items.getFieldList();
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4" aria-label="Evaluasi administrasi">
      <input type="hidden" name="intent" value="simpan" />
      <input type="hidden" name="id" value={nilai.penugasan.id} />
      {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
      <ol className="space-y-3">
        {nilai.kriteria.map((k, i) => {
          const item = items[i]?.getFieldset();
          if (!item) return null;
          return (
            <li key={k.urutan} className="rounded-lg border border-stone-200 p-3">
              <p className="text-sm font-semibold text-stone-800">{i + 1}. {k.kriteria}</p>
              <div className="mt-2 grid gap-2 sm:grid-cols-[auto_1fr] sm:items-center sm:gap-4">
                <LolosChoice name={item.lolos.name} id={item.lolos.id} initial={item.lolos.initialValue} label={k.kriteria} />
                <input name={item.catatan.name} id={item.catatan.id} defaultValue={String(item.catatan.initialValue ?? "")} aria-label={`Catatan ${k.kriteria}`} placeholder="Catatan (opsional)" className={inputClass} />
              </div>
              {item.lolos.errors?.length ? <p className="mt-1 text-xs font-medium text-red-600">{item.lolos.errors[0]}</p> : null}
            </li>
          );
        })}
      </ol>
      {fields.items.errors?.length ? <p className="text-xs font-medium text-red-600">{fields.items.errors[0]}</p> : null}
      <fieldset className="space-y-2 rounded-lg bg-stone-50 p-3">
        <legend className="text-sm font-bold text-stone-800">Hasil administrasi</legend>
        <LolosChoice name={fields.hasil.name} id={fields.hasil.id} initial={fields.hasil.initialValue} label="Hasil administrasi" />
        {fields.hasil.errors?.length ? <p className="text-xs font-medium text-red-600">{fields.hasil.errors[0]}</p> : null}
        <label htmlFor={fields.catatan.id} className="block text-sm font-semibold text-stone-700">Catatan</label>
        <textarea name={fields.catatan.name} id={fields.catatan.id} defaultValue={String(fields.catatan.initialValue ?? "")} rows={3} maxLength={2000} className={inputClass} />
        <p className="text-xs text-stone-500">Wajib diisi bila hasilnya Tidak lolos.</p>
        {fields.catatan.errors?.length ? <p className="text-xs font-medium text-red-600">{fields.catatan.errors[0]}</p> : null}
      </fieldset>
      <EvaluasiActions />
    </Form>
  );
}

function Tersimpan({ nilai }: { nilai: Nilai }) {
  return (
    <section aria-labelledby="hasil-administrasi" className="space-y-3">
      <h3 id="hasil-administrasi" className="text-base font-bold text-stone-900">
        Hasil: {nilai.penugasan.administrasi_lolos ? "Lolos" : "Tidak lolos"}
      </h3>
      {nilai.penugasan.administrasi_catatan ? <p className="text-sm">Catatan: {nilai.penugasan.administrasi_catatan}</p> : null}
      <ol className="list-decimal space-y-1 pl-5 text-sm">
        {nilai.tersimpan.map((item) => (
          <li key={item.urutan}>
            {item.kriteria}: <strong>{item.lolos ? "Lolos" : "Tidak lolos"}</strong>
            {item.justifikasi ? ` — ${item.justifikasi}` : ""}
          </li>
        ))}
      </ol>
    </section>
  );
}
