import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import type { Route } from "./+types/kategoriproduk";
import { PageHeader } from "~/components/operator/page-header";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Field, inputClass } from "~/components/ui/field";
import { RowMenu } from "~/components/ui/row-menu";
import { useSubmitting, useZodForm, type ActionReply } from "~/components/ui/use-zod-form";
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
  const { list, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div>
      <PageHeader title="Kategori Produk" addHref={paramHref("tambah", 1)} />
      <DataTable
        caption="Daftar kategori produk"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        action={(row) => (
          <RowMenu
            label={row.kategori}
            items={[
              { label: "Ubah", to: paramHref("ubah", row.id) },
              { label: "Hapus", to: paramHref("hapus", row.id), danger: true },
            ]}
          />
        )}
      />
      {tambah ? (
        <KategoriDialog title="Tambah Kategori Produk" intent="create" closeTo={closeTo} reply={actionData} />
      ) : null}
      {ubah ? (
        <KategoriDialog title="Ubah Kategori Produk" intent="update" closeTo={closeTo} reply={actionData} record={ubah} />
      ) : null}
      {hapus ? (
        <ConfirmDelete
          closeTo={closeTo}
          id={hapus.id}
          itemName={hapus.kategori}
          note={hapus.dipakai > 0 ? `Kategori ini dipakai oleh ${hapus.dipakai} produk dan tidak dapat dihapus sebelum produknya dipindahkan.` : undefined}
        />
      ) : null}
    </div>
  );
}

function KategoriDialog({
  title,
  intent,
  closeTo,
  reply,
  record,
}: {
  title: string;
  intent: "create" | "update";
  closeTo: string;
  reply: ActionReply;
  record?: Kategori;
}) {
  const [form, fields] = useZodForm(kategoriSchema, {
    id: `kategori-${intent}-${record?.id ?? "baru"}`,
    reply: reply?.intent === intent ? reply : undefined,
    defaultValue: record ? { kategori: record.kategori } : undefined,
  });
  const busy = useSubmitting(intent);
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        <Field label="Kategori" htmlFor={fields.kategori.id} errors={fields.kategori.errors} required>
          <input {...getInputProps(fields.kategori, { type: "text" })} className={inputClass} autoFocus />
        </Field>
        {record ? (
          <Field label="SEO" htmlFor="kategori-seo" hint="Dibuat otomatis dari nama kategori.">
            <input id="kategori-seo" value={record.seo} readOnly className={inputClass} />
          </Field>
        ) : null}
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}
