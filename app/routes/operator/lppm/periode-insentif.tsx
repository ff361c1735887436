/**
 * Periode Insentif (Operator → LPPM, issue 13): the yearly incentive call — the year whose
 * publications are claimed, the budget the Kepala's penetapan keeps to, and the window in which
 * lecturers submit their claims.
 */
import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/periode-insentif";
import { CrudPage, dialogFormOptions, FormDialog, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { periodeInsentifSchema } from "~/domain/lppm/insentif/insentif.schema";
import {
  deletePeriodeInsentif,
  getPeriodeInsentif,
  listPeriodeInsentifPage,
  periodeInsentifInUse,
  savePeriodeInsentif,
  type PeriodeInsentif,
} from "~/domain/lppm/insentif/master.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";
import { formatRupiah, groupRupiah } from "~/lib/util/rupiah";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";

export const handle = { title: "Periode Insentif" };

const screen = crudScreen({
  table: "lppm-periode-insentif",
  list: listPeriodeInsentifPage,
  get: getPeriodeInsentif,
  getHapus: (db, id) => {
    const hapus = getPeriodeInsentif(db, id);
    return hapus ? { ...hapus, dipakai: periodeInsentifInUse(db, id) } : null;
  },
  intents: {
    create: saveIntent(periodeInsentifSchema, (value, { db }) => savePeriodeInsentif(db, value)),
    update: saveIntent(periodeInsentifSchema, (value, { db, id }) => savePeriodeInsentif(db, value, id)),
    delete: deleteIntent(({ db, id }) => deletePeriodeInsentif(db, id), { refusal: "status" }),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<PeriodeInsentif>();
const columns = [
  col.accessor("tahun", { header: "Tahun" }),
  col.accessor("anggaran_total", { header: "Anggaran", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("pengajuan_buka", { header: "Pengajuan Dibuka", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "-") }),
  col.accessor("pengajuan_tutup", { header: "Pengajuan Ditutup", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "-") }),
];

export default function PeriodeInsentifScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Periode Insentif"
      caption="Daftar periode insentif publikasi"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => `Insentif ${row.tahun}`}
      form={(props) => <PeriodeInsentifForm {...props} />}
      titles={{ create: "Tambah Periode Insentif", update: "Ubah Periode Insentif" }}
      deleting={(hapus) => ({ itemName: `Insentif ${hapus.tahun}`, note: hapus.dipakai ?? undefined })}
    />
  );
}

function PeriodeInsentifForm(props: CrudFormProps<PeriodeInsentif>) {
  const { record } = props;
  const [form, fields] = useZodForm(periodeInsentifSchema, {
    ...dialogFormOptions("periode-insentif", props),
    defaultValue: record
      ? {
          tahun: String(record.tahun),
          anggaran_total: groupRupiah(record.anggaran_total),
          pengajuan_buka: toWibDateTimeInput(record.pengajuan_buka ? new Date(record.pengajuan_buka) : null),
          pengajuan_tutup: toWibDateTimeInput(record.pengajuan_tutup ? new Date(record.pengajuan_tutup) : null),
        }
      : undefined,
  });
  return (
    <FormDialog {...props} form={form} recordId={record?.id}>
      {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
      <Field label="Tahun Terbit yang Diklaim" htmlFor={fields.tahun.id} errors={fields.tahun.errors} required>
        <input {...inputProps(fields.tahun, { type: "text" })} inputMode="numeric" placeholder="2026" className={inputClass} />
      </Field>
      <Field label="Anggaran Total (Rp)" htmlFor={fields.anggaran_total.id} errors={fields.anggaran_total.errors} required>
        <input {...inputProps(fields.anggaran_total, { type: "text" })} inputMode="numeric" placeholder="100.000.000" className={inputClass} />
      </Field>
      <Field label="Pengajuan Dibuka (WIB)" htmlFor={fields.pengajuan_buka.id} errors={fields.pengajuan_buka.errors} required>
        <input {...inputProps(fields.pengajuan_buka, { type: "datetime-local" })} className={inputClass} />
      </Field>
      <Field label="Pengajuan Ditutup (WIB)" htmlFor={fields.pengajuan_tutup.id} errors={fields.pengajuan_tutup.errors} required>
        <input {...inputProps(fields.pengajuan_tutup, { type: "datetime-local" })} className={inputClass} />
      </Field>
    </FormDialog>
  );
}
