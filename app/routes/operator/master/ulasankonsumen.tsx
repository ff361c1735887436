import type { Route } from "./+types/ulasankonsumen";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { ULASAN_MAX, ulasanSchema } from "~/domain/ulasan/ulasan.schema";
import {
  createUlasan,
  deleteUlasan,
  getUlasan,
  listUlasanPage,
  updateUlasan,
  type Ulasan,
} from "~/domain/ulasan/ulasan.server";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { InputField, TextareaField } from "~/components/ui/form-fields";

export const handle = { title: "Ulasan Konsumen" };

const screen = crudScreen({
  table: "ulasan",
  list: listUlasanPage,
  get: getUlasan,
  intents: {
    tambah: saveIntent(ulasanSchema, (value, { db }) => {
      createUlasan(db, value);
    }),
    ubah: saveIntent(ulasanSchema, (value, { db, id }) => updateUlasan(db, id, value)),
    hapus: deleteIntent(({ db, id }) => deleteUlasan(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

/** Long reviews are cut in the table; the full text is in the title (tooltip). */
const TABLE_PREVIEW = 140;
function preview(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > TABLE_PREVIEW ? `${flat.slice(0, TABLE_PREVIEW).trimEnd()}…` : flat;
}

const col = columnHelper<Ulasan>();
const columns = [
  col.accessor("oleh", { header: "Oleh", cell: (info) => <span className="font-medium whitespace-nowrap">{info.getValue()}</span> }),
  col.accessor("ulasan", {
    header: "Ulasan",
    cell: (info) => (
      <p title={info.getValue()} className="min-w-56 text-stone-700">
        {preview(info.getValue())}
      </p>
    ),
  }),
];

export default function UlasanKonsumen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Ulasan Konsumen"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => `ulasan oleh ${row.oleh}`}
      form={(props) => <UlasanForm {...props} />}
      deleting={(hapus) => ({ itemName: `${preview(hapus.ulasan)} — ${hapus.oleh}` })}
    />
  );
}

function UlasanForm(props: CrudFormProps<Ulasan>) {
  const [form, fields] = useDialogForm(ulasanSchema, "ulasan", props, (r) => ({ oleh: r.oleh, ulasan: r.ulasan }));
  return (
    <FormDialog {...props} form={form} size="lg">
      <InputField field={fields.oleh} label="Oleh" required hint="Nama konsumen, boleh dengan kotanya." autoFocus />
      <TextareaField field={fields.ulasan} label="Ulasan" required hint={`Teks biasa, maksimal ${ULASAN_MAX} karakter.`} rows={6} />
    </FormDialog>
  );
}
