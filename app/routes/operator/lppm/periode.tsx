import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/periode";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { bukaField, periodeSchema, tutupField } from "~/domain/lppm/master/periode.schema";
import {
  countUsulanOfPeriode,
  deletePeriode,
  getPeriode,
  listPeriodePage,
  periodeInUseMessage,
  savePeriode,
  type Periode,
} from "~/domain/lppm/master/periode.server";
import { skemaOptions } from "~/domain/lppm/master/skema.server";
import { stageStates, type StageStateKind } from "~/domain/lppm/stage-window";
import { STAGE_LABELS, STAGES } from "~/domain/lppm/workflow";
import { masterScreen } from "~/http/crud-screen.server";
import { formatRupiah, groupRupiah } from "~/lib/util/rupiah";
import { toWibDateTimeInput } from "~/lib/util/wib";
import { InputField, SelectField } from "~/components/ui/form-fields";

export const handle = { title: "Periode" };

const screen = masterScreen({
  table: "lppm-periode",
  list: listPeriodePage,
  get: getPeriode,
  dipakai: (db, id) => periodeInUseMessage(countUsulanOfPeriode(db, id)),
  schema: periodeSchema,
  save: savePeriode,
  remove: deletePeriode,
  extra: (db, modals) => ({
    // The stage states are worked out against the server's clock, so the HTML and the browser agree.
    now: new Date(),
    skema: modals.tambah || modals.ubah ? skemaOptions(db, modals.ubah?.id_skema) : [],
  }),
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const STATE_CLASS: Record<StageStateKind, string> = {
  "belum-dijadwalkan": "text-stone-400",
  "belum-dibuka": "text-amber-700",
  dibuka: "text-green-700 font-semibold",
  ditutup: "text-stone-500",
};

function Tahapan({ periode, now }: { periode: Periode; now: Date }) {
  return (
    <ul className="min-w-64 space-y-0.5 text-xs">
      {stageStates(periode.windows, now).map(({ stage, name, state }) => (
        <li key={stage}>
          <span className="font-medium text-stone-700">{name}:</span>{" "}
          <span className={STATE_CLASS[state.kind]}>{state.label}</span>
          {state.countdown ? <span className="text-stone-500"> ({state.countdown})</span> : null}
          {state.detail && state.kind !== "dibuka" ? <span className="block pl-2 text-stone-400">{state.detail}</span> : null}
        </li>
      ))}
    </ul>
  );
}

function columnsAt(now: Date) {
  const col = columnHelper<Periode>();
  return [
    col.accessor("tahun", { header: "Tahun" }),
    col.accessor((row) => row.skema.nama, {
      id: "skema",
      header: "Skema",
      cell: (info) => (
        <span>
          {info.getValue()}
          <span className="block text-xs text-stone-500">{JENIS_LABELS[info.row.original.skema.jenis]}</span>
        </span>
      ),
    }),
    col.accessor("sumber_dana", { header: "Sumber Dana", cell: (info) => info.getValue() || "-" }),
    col.accessor("anggaran_total", { header: "Anggaran", cell: (info) => formatRupiah(info.getValue()) }),
    col.accessor("kuota_judul", { header: "Kuota Judul" }),
    col.display({ id: "tahapan", header: "Tahapan", cell: (info) => <Tahapan periode={info.row.original} now={now} /> }),
  ];
}

export default function PeriodeScreen({ loaderData, actionData }: Route.ComponentProps) {
  const now = new Date(loaderData.now);
  return (
    <CrudPage
      title="Periode"
      caption="Daftar periode (panggilan) penelitian dan pengabdian"
      columns={columnsAt(now)}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.label}
      form={(props) => <PeriodeForm {...props} skema={loaderData.skema} />}
      deleting={(hapus) => ({ itemName: hapus.label, note: hapus.dipakai ?? undefined })}
    />
  );
}

function PeriodeForm({ skema, ...props }: CrudFormProps<Periode> & { skema: { id: number; nama: string; jenis: "penelitian" | "pengabdian" }[] }) {
  const [form, fields] = useDialogForm(
    periodeSchema,
    "periode",
    props,
    (r) => ({
      tahun: String(r.tahun),
      id_skema: String(r.id_skema),
      sumber_dana: r.sumber_dana,
      anggaran_total: groupRupiah(r.anggaran_total),
      kuota_judul: String(r.kuota_judul),
      maks_ketua: String(r.maks_ketua),
      maks_anggota: String(r.maks_anggota),
      ...Object.fromEntries(
      STAGES.flatMap((stage) => [
      [bukaField(stage), toWibDateTimeInput(r[bukaField(stage)])],
      [tutupField(stage), toWibDateTimeInput(r[tutupField(stage)])],
      ]),
      ),
    }),
    { tahun: String(new Date().getFullYear()), maks_ketua: "1", maks_anggota: "2" },
  );
  return (
    <FormDialog {...props} form={form} size="xl">
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField field={fields.tahun} label="Tahun" required inputMode="numeric" />
        <SelectField field={fields.id_skema} label="Skema" required placeholder="Pilih skema" options={skema.map((s) => ({ value: s.id, label: `${s.nama} (${JENIS_LABELS[s.jenis]})` }))} />
        <InputField field={fields.sumber_dana} label="Sumber Dana" placeholder="DIPA Universitas" />
        <InputField field={fields.anggaran_total} label="Anggaran Total (Rp)" required inputMode="numeric" />
        <InputField field={fields.kuota_judul} label="Kuota Judul" required inputMode="numeric" />
        <div className="grid grid-cols-2 gap-3">
          <InputField field={fields.maks_ketua} label="Maks. Ketua" hint="Usulan per dosen" inputMode="numeric" />
          <InputField field={fields.maks_anggota} label="Maks. Anggota" inputMode="numeric" />
        </div>
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-stone-700">Jadwal Tahapan (WIB)</legend>
        <p className="text-xs text-stone-500">Isi tanggal buka dan tutup setiap tahapan, atau kosongkan keduanya bila belum dijadwalkan.</p>
        <div className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_1fr_1fr]">
          {STAGES.map((stage) => {
            const buka = fields[bukaField(stage)];
            const tutup = fields[tutupField(stage)];
            return (
              <div key={stage} className="contents">
                <span className="self-center text-sm font-medium text-stone-700">{STAGE_LABELS[stage]}</span>
                <Field label={`Buka ${STAGE_LABELS[stage].toLowerCase()}`} htmlFor={buka.id} errors={buka.errors}>
                  <input {...inputProps(buka, { type: "datetime-local" })} className={inputClass} />
                </Field>
                <Field label={`Tutup ${STAGE_LABELS[stage].toLowerCase()}`} htmlFor={tutup.id} errors={tutup.errors}>
                  <input {...inputProps(tutup, { type: "datetime-local" })} className={inputClass} />
                </Field>
              </div>
            );
          })}
        </div>
      </fieldset>
    </FormDialog>
  );
}
