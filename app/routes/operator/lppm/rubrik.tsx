/**
 * Rubrik (Operator → LPPM): a rubric per jenis and tahap (one insentif rubric for every claim).
 * '+ Data' adds one (jenis, tahap, nama); 'Ubah' opens its name and every criterion as ONE
 * plain form: each row has the criterion and what its stage judges it by — substansi a weight
 * and a description per score 1–7, monev a weight and optional guidance (scored 0–100), a
 * checklist (administrasi, insentif) nothing more; 'Hapus' ticks a row away, and 'Tambah baris'
 * posts the form back with one more empty row — all without JavaScript. The server refuses
 * weights that do not sum to 100 and shows the rows again as typed.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Form } from "react-router";
import type { Route } from "./+types/rubrik";
import { JenisField } from "~/components/lppm/jenis-field";
import { CrudPage, dialogFormOptions, FormDialog, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { DialogActions, UrlDialog } from "~/components/ui/dialog";
import { useReply, type Reply } from "~/components/ui/use-reply";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { CARA_NILAI, isScored, rubrikTanpaJenis, SKOR, SKOR_LABELS, TAHAP_RUBRIK, TAHAP_RUBRIK_LABELS, TOTAL_BOBOT, type CaraNilai } from "~/domain/lppm/rubrik";
import {
  barisFromForm,
  barisKosong,
  kriteriaSchema,
  PANDUAN_MAX_CHARS,
  rubrikNamaSchema,
  rubrikSchema,
  skorField,
  type BarisTeks,
} from "~/domain/lppm/master/rubrik.schema";
import {
  createRubrik,
  deleteRubrik,
  getRubrik,
  getRubrikDenganKriteria,
  listRubrikPage,
  renameRubrik,
  saveKriteria,
  type Rubrik,
  type RubrikDenganKriteria,
} from "~/domain/lppm/master/rubrik.server";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { SAVE_FAILED, type Handler } from "~/http/action.server";
import { InputField, SelectField } from "~/components/ui/form-fields";

export const handle = { title: "Rubrik" };

/** What a refused save or 'Tambah baris' sends back besides the messages: the rows as typed. */
type KriteriaReply = { nama: string; baris: BarisTeks[] };

/** Saves the name and the criteria together; refusals answer 400/422 with the rows as typed. */
const simpanKriteria: Handler = async (ctx) => {
  const { db, form } = ctx;
  const id = ctx.id ?? 0;
  const rubrik = getRubrik(db, id);
  if (!rubrik) return ctx.missing();
  ctx.echo({ nama: String(form.get("nama") ?? ""), baris: barisFromForm(form) } satisfies KriteriaReply);
  const nama = parseWithZod(form, { schema: rubrikNamaSchema });
  const kriteria = parseWithZod(form, { schema: kriteriaSchema(rubrik.tahap) });
  if (nama.status !== "success" || kriteria.status !== "success") {
    const errors = Object.fromEntries(
      Object.entries({ ...(nama.status === "error" ? nama.error : {}), ...(kriteria.status === "error" ? kriteria.error : {}) }).filter(
        (entry): entry is [string, string[]] => !!entry[1]?.length,
      ),
    );
    return ctx.reply(400, errors[""]?.[0] ?? SAVE_FAILED, { fieldErrors: errors });
  }
  const saved = saveKriteria(db, id, kriteria.value);
  if ("ok" in saved) return ctx.reply(saved.status, saved.message);
  renameRubrik(db, id, nama.value.nama);
  return ctx.done();
};

/** 'Tambah baris': the form again with one more empty row; nothing is saved. */
const tambahBaris: Handler = async (ctx) =>
  ctx.reply(200, "", { nama: String(ctx.form.get("nama") ?? ""), baris: [...barisFromForm(ctx.form), barisKosong()] } satisfies KriteriaReply);

const screen = crudScreen({
  table: "lppm-rubrik",
  list: listRubrikPage,
  get: getRubrikDenganKriteria,
  getHapus: getRubrik,
  intents: {
    tambah: saveIntent(rubrikSchema, (value, { db }) => createRubrik(db, value)),
    ubah: simpanKriteria,
    "tambah-baris": tambahBaris,
    hapus: deleteIntent(({ db, id }) => deleteRubrik(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

/** Where the jenis would be: the insentif rubric serves every claim. */
const SEMUA_KLAIM = "Semua klaim";

/** What the editor says a rubric of each kind of stage is. */
const CARA_KETERANGAN: Record<CaraNilai, string> = {
  skala: `bobot total harus ${TOTAL_BOBOT}; nilai = bobot × skor (${SKOR.join(", ")}), dengan deskripsi tiap skor.`,
  persen: `bobot total harus ${TOTAL_BOBOT}; reviewer memberi nilai 0–100 per kriteria, nilai akhir = Σ bobot × nilai / 100 (Sangat Baik ≥ 80, Baik ≥ 70, Cukup ≥ 60).`,
  checklist: "checklist sesuai/tidak sesuai, tanpa bobot.",
};

const col = columnHelper<Rubrik>();
const columns = [
  col.accessor("nama", { header: "Rubrik" }),
  col.accessor("jenis", { header: "Jenis", cell: (info) => (rubrikTanpaJenis(info.row.original.tahap) ? SEMUA_KLAIM : JENIS_LABELS[info.getValue()]) }),
  col.accessor("tahap", { header: "Tahap", cell: (info) => TAHAP_RUBRIK_LABELS[info.getValue()] }),
  col.accessor("jumlah_kriteria", { header: "Kriteria" }),
  col.accessor("total_bobot", {
    header: "Total Bobot",
    cell: (info) =>
      isScored(info.row.original.tahap) ? (
        <span className={info.getValue() === TOTAL_BOBOT ? "" : "font-semibold text-red-600"}>{info.getValue()}</span>
      ) : (
        <span className="text-stone-500">Checklist</span>
      ),
  }),
];

export default function RubrikScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Rubrik"
      caption="Daftar rubrik penilaian"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama}
      form={(props) =>
        props.intent === "tambah" ? <RubrikBaru {...props} /> : <KriteriaEditor {...(props as CrudFormProps<RubrikDenganKriteria>)} reply={actionData} />
      }
      deleting={(hapus) => ({
        itemName: hapus.nama,
        note: "Penilaian yang sudah diberikan tetap tersimpan; usulan baru tidak dapat dinilai tanpa rubrik tahap ini.",
      })}
    />
  );
}

function RubrikBaru(props: CrudFormProps<RubrikDenganKriteria>) {
  const [form, fields] = useZodForm(rubrikSchema, { ...dialogFormOptions("rubrik", props), defaultValue: { jenis: "penelitian", tahap: "substansi" } });
  return (
    <FormDialog {...props} form={form}>
      <JenisField field={fields.jenis} />
      <SelectField
        field={fields.tahap}
        label="Tahap"
        required
        options={TAHAP_RUBRIK.map((t) => ({ value: t, label: TAHAP_RUBRIK_LABELS[t] }))}
        hint="Rubrik insentif berlaku untuk semua klaim insentif; jenis tidak dipakai."
      />
      <InputField field={fields.nama} label="Nama Rubrik" required hint="Kriteria diisi lewat Ubah setelah disimpan." />
    </FormDialog>
  );
}

function storedRows(record: RubrikDenganKriteria): BarisTeks[] {
  return record.kriteria.map((k) => ({
    id: String(k.id),
    kriteria: k.kriteria,
    bobot: isScored(record.tahap) ? String(k.bobot) : "",
    panduan: k.panduan ?? "",
    ...(Object.fromEntries(SKOR.map((s) => [skorField(s), k.deskripsi_skor?.[s] ?? ""])) as Record<`skor_${(typeof SKOR)[number]}`, string>),
  }));
}

function KriteriaEditor({ record, closeTo, title, reply }: Omit<CrudFormProps<RubrikDenganKriteria>, "reply"> & { reply: Reply | undefined }) {
  const busy = useSubmitting("ubah");
  const adding = useSubmitting("tambah-baris");
  const { reply: mine } = useReply<KriteriaReply>(reply, { intent: ["ubah", "tambah-baris"] });
  if (!record) return null;
  const scored = isScored(record.tahap);
  const cara = CARA_NILAI[record.tahap];
  // The rows as posted back, or the stored criteria and one empty row to add.
  const rows = mine ? mine.baris : [...storedRows(record), barisKosong()];
  const errors = (mine?.result.error ?? {}) as Record<string, string[] | null | undefined>;
  const err = (i: number, field: string) => errors[`baris[${i}].${field}`]?.[0];
  const total = rows.reduce((sum, row) => sum + (/^\d+$/.test(row.bobot) ? Number(row.bobot) : 0), 0);
  const formKey = JSON.stringify(rows);
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy} size="xl">
      <Form method="post" className="space-y-4" key={formKey}>
        <input type="hidden" name="id" value={record.id} />
        {errors[""]?.length ? <Alert>{errors[""][0]}</Alert> : null}
        <p className="text-sm text-stone-600">
          {rubrikTanpaJenis(record.tahap) ? SEMUA_KLAIM : JENIS_LABELS[record.jenis]} · {TAHAP_RUBRIK_LABELS[record.tahap]} · {CARA_KETERANGAN[cara]}
          {record.tahap === "insentif" ? " Reviewer menyimpan penilaian hanya bila semua butir sesuai." : null}
        </p>
        <Field label="Nama Rubrik" htmlFor="rubrik-nama" errors={errors.nama ?? undefined} required>
          <input id="rubrik-nama" name="nama" defaultValue={mine ? mine.nama : record.nama} className={inputClass} />
        </Field>
        <ol className="space-y-3">
          {rows.map((row, i) => (
            <li key={i} className="rounded-xl border border-stone-200 p-3">
              {row.id ? <input type="hidden" name={`baris[${i}].id`} value={row.id} /> : null}
              <div className="grid gap-3 sm:grid-cols-[1fr_7rem_auto]">
                <Field label={`Kriteria ${i + 1}`} htmlFor={`baris-${i}-kriteria`} errors={err(i, "kriteria") ? [err(i, "kriteria")!] : undefined}>
                  <input id={`baris-${i}-kriteria`} name={`baris[${i}].kriteria`} defaultValue={row.kriteria} className={inputClass} />
                </Field>
                {scored ? (
                  <Field label="Bobot" htmlFor={`baris-${i}-bobot`} errors={err(i, "bobot") ? [err(i, "bobot")!] : undefined}>
                    <input id={`baris-${i}-bobot`} name={`baris[${i}].bobot`} defaultValue={row.bobot} inputMode="numeric" className={inputClass} />
                  </Field>
                ) : (
                  <span />
                )}
                <label className="flex items-center gap-2 self-end pb-2 text-sm text-red-700">
                  <input type="checkbox" name={`baris[${i}].hapus`} className="h-4 w-4" /> Hapus
                </label>
              </div>
              {cara === "persen" ? (
                <div className="mt-2">
                  <Field label="Panduan penilaian (opsional)" htmlFor={`baris-${i}-panduan`} errors={err(i, "panduan") ? [err(i, "panduan")!] : undefined}>
                    <textarea id={`baris-${i}-panduan`} name={`baris[${i}].panduan`} defaultValue={row.panduan} rows={2} maxLength={PANDUAN_MAX_CHARS} className={inputClass} />
                  </Field>
                </div>
              ) : null}
              {cara === "skala" ? (
                <div className="mt-2 grid gap-2 sm:grid-cols-3">
                  {SKOR.map((s) => {
                    const name = skorField(s);
                    const message = err(i, name);
                    return (
                      <Field key={s} label={`Skor ${s} (${SKOR_LABELS[s]})`} htmlFor={`baris-${i}-${name}`} errors={message ? [message] : undefined}>
                        <input id={`baris-${i}-${name}`} name={`baris[${i}].${name}`} defaultValue={row[name]} className={inputClass} />
                      </Field>
                    );
                  })}
                </div>
              ) : null}
            </li>
          ))}
        </ol>
        {scored ? (
          <p className={`text-sm font-semibold ${total === TOTAL_BOBOT ? "text-green-700" : "text-amber-700"}`}>
            Total bobot: {total} / {TOTAL_BOBOT}
          </p>
        ) : null}
        {/* Simpan comes first in the form (Enter in a field saves); 'Tambah baris' shows above it. */}
        <div className="flex flex-col">
          <DialogActions closeTo={closeTo} busy={busy} name="intent" value="ubah" />
          <button
            type="submit"
            name="intent"
            value="tambah-baris"
            disabled={adding}
            className="order-first self-start rounded-lg border border-kayu-700 px-4 py-2 text-sm font-semibold text-kayu-800 hover:bg-kayu-50"
          >
            Tambah baris
          </button>
        </div>
      </Form>
    </UrlDialog>
  );
}
