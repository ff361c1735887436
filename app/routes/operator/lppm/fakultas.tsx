import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/fakultas";
import { CrudPage, dialogFormOptions, FormDialog, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { fakultasSchema } from "~/domain/lppm/master/fakultas.schema";
import {
  deleteFakultas,
  fakultasInUseMessage,
  fakultasUsage,
  getFakultas,
  listFakultasPage,
  saveFakultas,
  type Fakultas,
} from "~/domain/lppm/master/fakultas.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";

export const handle = { title: "Fakultas" };

const screen = crudScreen({
  table: "lppm-fakultas",
  list: listFakultasPage,
  get: getFakultas,
  getHapus: (db, id) => {
    const hapus = getFakultas(db, id);
    return hapus ? { ...hapus, dipakai: fakultasInUseMessage(fakultasUsage(db, id)) } : null;
  },
  intents: {
    create: saveIntent(fakultasSchema, (value, { db }) => saveFakultas(db, value)),
    update: saveIntent(fakultasSchema, (value, { db, id }) => saveFakultas(db, value, id)),
    delete: deleteIntent(({ db, id }) => deleteFakultas(db, id), { refusal: "status" }),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<Fakultas>();
const columns = [
  col.accessor("nama", { header: "Fakultas" }),
  col.accessor("kode", { header: "Kode" }),
  col.accessor("jumlah_prodi", { header: "Program Studi" }),
];

export default function FakultasScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Fakultas"
      caption="Daftar fakultas"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama}
      form={(props) => <FakultasForm {...props} />}
      titles={{ create: "Tambah Fakultas", update: "Ubah Fakultas" }}
      deleting={(hapus) => ({ itemName: hapus.nama, note: hapus.dipakai ?? undefined })}
    />
  );
}

function FakultasForm(props: CrudFormProps<Fakultas>) {
  const { record } = props;
  const [form, fields] = useZodForm(fakultasSchema, {
    ...dialogFormOptions("fakultas", props),
    defaultValue: record ? { nama: record.nama, kode: record.kode } : undefined,
  });
  return (
    <FormDialog {...props} form={form} recordId={record?.id}>
      {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
      <Field label="Nama Fakultas" htmlFor={fields.nama.id} errors={fields.nama.errors} required>
        <input {...inputProps(fields.nama, { type: "text" })} className={inputClass} autoFocus />
      </Field>
      <Field label="Kode" htmlFor={fields.kode.id} errors={fields.kode.errors} hint="Opsional, mis. FT">
        <input {...inputProps(fields.kode, { type: "text" })} className={inputClass} />
      </Field>
    </FormDialog>
  );
}
