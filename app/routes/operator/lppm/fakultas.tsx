import type { Route } from "./+types/fakultas";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
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
import { masterScreen } from "~/http/crud-screen.server";
import { InputField } from "~/components/ui/form-fields";

export const handle = { title: "Fakultas" };

const screen = masterScreen({
  table: "lppm-fakultas",
  list: listFakultasPage,
  get: getFakultas,
  dipakai: (db, id) => fakultasInUseMessage(fakultasUsage(db, id)),
  schema: fakultasSchema,
  save: saveFakultas,
  remove: deleteFakultas,
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
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.nama}
      form={(props) => <FakultasForm {...props} />}
      deleting={(hapus) => ({ itemName: hapus.nama, note: hapus.dipakai ?? undefined })}
    />
  );
}

function FakultasForm(props: CrudFormProps<Fakultas>) {
  const [form, fields] = useDialogForm(fakultasSchema, "fakultas", props, (r) => ({ nama: r.nama, kode: r.kode }));
  return (
    <FormDialog {...props} form={form}>
      <InputField field={fields.nama} label="Nama Fakultas" required autoFocus />
      <InputField field={fields.kode} label="Kode" hint="Opsional, mis. FT" />
    </FormDialog>
  );
}
