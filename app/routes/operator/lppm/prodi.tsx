import { inputProps, selectProps } from "~/components/ui/field-props";
import type { Route } from "./+types/prodi";
import { CrudPage, dialogFormOptions, FormDialog, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { prodiSchema } from "~/domain/lppm/master/fakultas.schema";
import { deleteProdi, getProdi, listProdiPage, prodiInUseMessage, prodiUsage, saveProdi, type Prodi } from "~/domain/lppm/master/fakultas.server";
import { fakultasOptions, type FakultasOption } from "~/domain/lppm/master/options.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";

export const handle = { title: "Program Studi" };

const screen = crudScreen({
  table: "lppm-prodi",
  list: listProdiPage,
  get: getProdi,
  getHapus: (db, id) => {
    const hapus = getProdi(db, id);
    return hapus ? { ...hapus, dipakai: prodiInUseMessage(prodiUsage(db, id)) } : null;
  },
  extra: (db, modals) => ({ fakultas: modals.tambah || modals.ubah ? fakultasOptions(db) : [] }),
  intents: {
    create: saveIntent(prodiSchema, (value, { db }) => saveProdi(db, value)),
    update: saveIntent(prodiSchema, (value, { db, id }) => saveProdi(db, value, id)),
    delete: deleteIntent(({ db, id }) => deleteProdi(db, id), { refusal: "status" }),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<Prodi>();
const columns = [
  col.accessor("nama", { header: "Program Studi" }),
  col.accessor("kode", { header: "Kode" }),
  col.accessor("fakultas", { header: "Fakultas" }),
];

export default function ProdiScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Program Studi"
      caption="Daftar program studi"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama}
      form={(props) => <ProdiForm {...props} fakultas={loaderData.fakultas} />}
      titles={{ create: "Tambah Program Studi", update: "Ubah Program Studi" }}
      deleting={(hapus) => ({ itemName: `${hapus.nama} (${hapus.fakultas})`, note: hapus.dipakai ?? undefined })}
    />
  );
}

function ProdiForm({ fakultas, ...props }: CrudFormProps<Prodi> & { fakultas: FakultasOption[] }) {
  const { record } = props;
  const [form, fields] = useZodForm(prodiSchema, {
    ...dialogFormOptions("prodi", props),
    defaultValue: record ? { nama: record.nama, kode: record.kode, id_fakultas: String(record.id_fakultas) } : undefined,
  });
  return (
    <FormDialog {...props} form={form} recordId={record?.id}>
      {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
      <Field label="Fakultas" htmlFor={fields.id_fakultas.id} errors={fields.id_fakultas.errors} required>
        <select {...selectProps(fields.id_fakultas)} className={inputClass}>
          <option value="">Pilih fakultas</option>
          {fakultas.map((f) => (
            <option key={f.id} value={f.id}>
              {f.nama}
            </option>
          ))}
        </select>
      </Field>
      <Field label="Nama Program Studi" htmlFor={fields.nama.id} errors={fields.nama.errors} required>
        <input {...inputProps(fields.nama, { type: "text" })} className={inputClass} />
      </Field>
      <Field label="Kode" htmlFor={fields.kode.id} errors={fields.kode.errors} hint="Opsional, mis. kode PDDikti">
        <input {...inputProps(fields.kode, { type: "text" })} className={inputClass} />
      </Field>
    </FormDialog>
  );
}
