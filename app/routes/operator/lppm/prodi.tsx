import type { Route } from "./+types/prodi";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { prodiSchema } from "~/domain/lppm/master/fakultas.schema";
import { deleteProdi, getProdi, listProdiPage, prodiInUseMessage, prodiUsage, saveProdi, type Prodi } from "~/domain/lppm/master/fakultas.server";
import { fakultasOptions, type FakultasOption } from "~/domain/lppm/master/options.server";
import { masterScreen } from "~/http/crud-screen.server";
import { InputField, SelectField } from "~/components/ui/form-fields";

export const handle = { title: "Program Studi" };

const screen = masterScreen({
  table: "lppm-prodi",
  list: listProdiPage,
  get: getProdi,
  dipakai: (db, id) => prodiInUseMessage(prodiUsage(db, id)),
  schema: prodiSchema,
  save: saveProdi,
  remove: deleteProdi,
  extra: (db, modals) => ({ fakultas: modals.tambah || modals.ubah ? fakultasOptions(db) : [] }),
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
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama}
      form={(props) => <ProdiForm {...props} fakultas={loaderData.fakultas} />}
      deleting={(hapus) => ({ itemName: `${hapus.nama} (${hapus.fakultas})`, note: hapus.dipakai ?? undefined })}
    />
  );
}

function ProdiForm({ fakultas, ...props }: CrudFormProps<Prodi> & { fakultas: FakultasOption[] }) {
  const [form, fields] = useDialogForm(prodiSchema, "prodi", props, (r) => ({ nama: r.nama, kode: r.kode, id_fakultas: String(r.id_fakultas) }));
  return (
    <FormDialog {...props} form={form}>
      <SelectField field={fields.id_fakultas} label="Fakultas" required placeholder="Pilih fakultas" options={fakultas.map((f) => ({ value: f.id, label: f.nama }))} />
      <InputField field={fields.nama} label="Nama Program Studi" required />
      <InputField field={fields.kode} label="Kode" hint="Opsional, mis. kode PDDikti" />
    </FormDialog>
  );
}
