import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/kategoriproduk";
import { PageHeader } from "../../../components/operator/page-header";
import { ConfirmDelete } from "../../../components/ui/confirm-delete";
import { columnHelper, DataTable } from "../../../components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "../../../components/ui/dialog";
import { Field, inputClass } from "../../../components/ui/field";
import { RowMenu } from "../../../components/ui/row-menu";
import { useSubmitting, useZodForm, type ActionReply } from "../../../components/ui/use-zod-form";
import { kategoriSchema } from "../../../domain/kategori/kategori.schema";
import {
  countProdukInKategori,
  createKategori,
  deleteKategori,
  getKategori,
  listKategoriPage,
  updateKategori,
  type Kategori,
} from "../../../domain/kategori/kategori.server";
import {
  DELETED,
  listUrl,
  modalRecords,
  parseId,
  readForm,
  redirectWithToast,
  SAVE_FAILED,
  SAVED,
} from "../../../lib/action.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { readTableState } from "../../../lib/table-state.server";

export const handle = { title: "Kategori Produk" };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, "kategori");
  const { tambah, ubah, hapus } = await modalRecords(url, (id) => getKategori(db, id));
  return data(
    {
      list: listKategoriPage(db, state),
      tambah,
      ubah,
      hapus: hapus ? { ...hapus, dipakai: countProdukInKategori(db, hapus.id) } : null,
    },
    { headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  requireUser(context);
  const db = getDb();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const back = listUrl(url);

  if (intent === "delete") {
    const result = deleteKategori(db, parseId(formData.get("id")) ?? 0);
    if (result.ok) return redirectWithToast(back, "success", DELETED);
    return redirectWithToast(back, "error", result.message);
  }

  const submission = parseWithZod(formData, { schema: kategoriSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  if (intent === "update") {
    const updated = updateKategori(db, parseId(formData.get("id")) ?? 0, submission.value);
    if (!updated) return redirectWithToast(back, "error", SAVE_FAILED);
  } else {
    createKategori(db, submission.value);
  }
  return redirectWithToast(back, "success", SAVED);
}

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
