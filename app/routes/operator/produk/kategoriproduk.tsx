import type { Route } from "./+types/kategoriproduk";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { StatusBadge, StatusField } from "~/components/operator/status-tayang";
import { UrutanButtons } from "~/components/operator/urutan-buttons";
import { columnHelper } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { kategoriSchema } from "~/domain/kategori/kategori.schema";
import {
  countProdukInKategori,
  createKategori,
  deleteKategori,
  getKategori,
  listKategoriPage,
  pindahKategori,
  updateKategori,
  type KategoriRow,
  type KategoriTableRow,
} from "~/domain/kategori/kategori.server";
import { toastPindah, type Arah } from "~/domain/urutan/urutan.server";
import type { Handler } from "~/http/action.server";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { InputField } from "~/components/ui/form-fields";

export const handle = { title: "Kategori Produk" };

/** 'Naik' / 'Turun': one place in the manual order the public site follows. */
const pindah =
  (arah: Arah): Handler =>
  async ({ db, id, done }) => {
    const toast = toastPindah(pindahKategori(db, id ?? 0, arah), arah);
    return done(toast.message, { kind: toast.kind });
  };

const screen = crudScreen({
  table: "kategori",
  list: listKategoriPage,
  get: getKategori,
  getHapus: (db, id) => {
    const hapus = getKategori(db, id);
    return hapus ? { ...hapus, dipakai: countProdukInKategori(db, id) } : null;
  },
  intents: {
    tambah: saveIntent(kategoriSchema, (value, { db }) => {
      createKategori(db, value);
    }),
    ubah: saveIntent(kategoriSchema, (value, { db, id }) => updateKategori(db, id, value)),
    hapus: deleteIntent(({ db, id }) => deleteKategori(db, id)),
    naik: pindah("naik"),
    turun: pindah("turun"),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<KategoriTableRow>();
const columns = [
  // The status badge and the order buttons sit in the name's cell (the spec's columns stay as they are).
  col.accessor("kategori", {
    header: "Kategori",
    cell: ({ row }) => (
      // A div: the order buttons are a block (their forms), which a span may not hold.
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex flex-wrap items-center gap-2">
          {row.original.kategori}
          <StatusBadge status={row.original.status} />
        </span>
        <UrutanButtons id={row.original.id} name={row.original.kategori} naik={row.original.naik} turun={row.original.turun} />
      </div>
    ),
  }),
  col.accessor("seo", { header: "SEO", cell: (info) => <code className="text-xs text-stone-600">{info.getValue()}</code> }),
];

export default function KategoriProduk({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <CrudPage
      title="Kategori Produk"
      caption="Daftar kategori produk, dalam urutan tampil di situs"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.kategori}
      form={(props) => <KategoriForm {...props} />}
      deleting={(hapus) => ({
        itemName: hapus.kategori,
        note: hapus.dipakai > 0 ? `Kategori ini dipakai oleh ${hapus.dipakai} produk dan tidak dapat dihapus sebelum produknya dipindahkan.` : undefined,
      })}
    >
      <p className="mt-3 text-sm text-stone-500">
        Situs menampilkan kategori berstatus Tayang dengan urutan seperti tabel ini; ubah dengan tombol Naik / Turun. Kategori
        Draf beserta produknya tidak tampil di situs. Ketik &quot;draf&quot; di Pencarian untuk melihat semua Draf.
      </p>
    </CrudPage>
  );
}

function KategoriForm(props: CrudFormProps<KategoriRow>) {
  const { record } = props;
  const [form, fields] = useDialogForm(kategoriSchema, "kategori", props, (r) => ({ kategori: r.kategori, status: r.status }));
  return (
    <FormDialog {...props} form={form}>
      <InputField field={fields.kategori} label="Kategori" required autoFocus />
      {record ? (
        <Field label="SEO" htmlFor="kategori-seo" hint="Dibuat otomatis dari nama kategori.">
          <input id="kategori-seo" value={record.seo} readOnly className={inputClass} />
        </Field>
      ) : null}
      <StatusField field={fields.status} hint="Kategori Draf dan semua produknya tidak tampil di situs dan API publik." />
    </FormDialog>
  );
}
