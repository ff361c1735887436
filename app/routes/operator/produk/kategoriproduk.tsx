import { inputProps } from "~/components/ui/field-props";
import type { Route } from "./+types/kategoriproduk";
import { CrudPage, dialogFormOptions, FormDialog, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { kategoriSchema } from "~/domain/kategori/kategori.schema";
import {
  countProdukInKategori,
  createKategori,
  deleteKategori,
  getKategori,
  listKategoriPage,
  updateKategori,
  type Kategori,
} from "~/domain/kategori/kategori.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";

export const handle = { title: "Kategori Produk" };

const screen = crudScreen({
  table: "kategori",
  list: listKategoriPage,
  get: getKategori,
  getHapus: (db, id) => {
    const hapus = getKategori(db, id);
    return hapus ? { ...hapus, dipakai: countProdukInKategori(db, id) } : null;
  },
  intents: {
    create: saveIntent(kategoriSchema, (value, { db }) => {
      createKategori(db, value);
    }),
    update: saveIntent(kategoriSchema, (value, { db, id }) => updateKategori(db, id, value)),
    delete: deleteIntent(({ db, id }) => deleteKategori(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<Kategori>();
const columns = [
  col.accessor("kategori", { header: "Kategori" }),
  col.accessor("seo", { header: "SEO", cell: (info) => <code className="text-xs text-stone-600">{info.getValue()}</code> }),
];

export default function KategoriProduk({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Kategori Produk"
      caption="Daftar kategori produk"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.kategori}
      form={(props) => <KategoriForm {...props} />}
      titles={{ create: "Tambah Kategori Produk", update: "Ubah Kategori Produk" }}
      deleting={(hapus) => ({
        itemName: hapus.kategori,
        note: hapus.dipakai > 0 ? `Kategori ini dipakai oleh ${hapus.dipakai} produk dan tidak dapat dihapus sebelum produknya dipindahkan.` : undefined,
      })}
    />
  );
}

function KategoriForm(props: CrudFormProps<Kategori>) {
  const { record } = props;
  const [form, fields] = useZodForm(kategoriSchema, {
    ...dialogFormOptions("kategori", props),
    defaultValue: record ? { kategori: record.kategori } : undefined,
  });
  return (
    <FormDialog {...props} form={form} recordId={record?.id}>
      <Field label="Kategori" htmlFor={fields.kategori.id} errors={fields.kategori.errors} required>
        <input {...inputProps(fields.kategori, { type: "text" })} className={inputClass} autoFocus />
      </Field>
      {record ? (
        <Field label="SEO" htmlFor="kategori-seo" hint="Dibuat otomatis dari nama kategori.">
          <input id="kategori-seo" value={record.seo} readOnly className={inputClass} />
        </Field>
      ) : null}
    </FormDialog>
  );
}
