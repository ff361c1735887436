import { getFormProps, getInputProps, getTextareaProps } from "@conform-to/react";
import { Form } from "react-router";
import type { Route } from "./+types/ulasankonsumen";
import { PageHeader } from "~/components/operator/page-header";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Field, inputClass } from "~/components/ui/field";
import { RowMenu } from "~/components/ui/row-menu";
import { useSubmitting, useZodForm, type ActionReply } from "~/components/ui/use-zod-form";
import { ULASAN_MAX, ulasanSchema } from "~/domain/ulasan/ulasan.schema";
import {
  createUlasan,
  deleteUlasan,
  getUlasan,
  listUlasanPage,
  updateUlasan,
  type Ulasan,
} from "~/domain/ulasan/ulasan.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";

export const handle = { title: "Ulasan Konsumen" };

const screen = crudScreen({
  table: "ulasan",
  list: listUlasanPage,
  get: getUlasan,
  intents: {
    create: saveIntent(ulasanSchema, (value, { db }) => {
      createUlasan(db, value);
    }),
    update: saveIntent(ulasanSchema, (value, { db, id }) => updateUlasan(db, id, value)),
    delete: deleteIntent(({ db, id }) => deleteUlasan(db, id)),
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
  const { list, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div>
      <PageHeader title="Ulasan Konsumen" addHref={paramHref("tambah", 1)} />
      <DataTable
        caption="Daftar ulasan konsumen"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        action={(row) => (
          <RowMenu
            label={`ulasan oleh ${row.oleh}`}
            items={[
              { label: "Ubah", to: paramHref("ubah", row.id) },
              { label: "Hapus", to: paramHref("hapus", row.id), danger: true },
            ]}
          />
        )}
      />
      {tambah ? (
        <UlasanDialog title="Tambah Ulasan Konsumen" intent="create" closeTo={closeTo} reply={actionData} />
      ) : null}
      {ubah ? (
        <UlasanDialog title="Ubah Ulasan Konsumen" intent="update" closeTo={closeTo} reply={actionData} record={ubah} />
      ) : null}
      {hapus ? <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={`${preview(hapus.ulasan)} — ${hapus.oleh}`} /> : null}
    </div>
  );
}

function UlasanDialog({
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
  record?: Ulasan;
}) {
  const [form, fields] = useZodForm(ulasanSchema, {
    id: `ulasan-${intent}-${record?.id ?? "baru"}`,
    reply: reply?.intent === intent ? reply : undefined,
    defaultValue: record ? { oleh: record.oleh, ulasan: record.ulasan } : undefined,
  });
  const busy = useSubmitting(intent);
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy} size="lg">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        <Field label="Oleh" htmlFor={fields.oleh.id} errors={fields.oleh.errors} required hint="Nama konsumen, boleh dengan kotanya.">
          <input {...getInputProps(fields.oleh, { type: "text" })} className={inputClass} autoFocus />
        </Field>
        <Field
          label="Ulasan"
          htmlFor={fields.ulasan.id}
          errors={fields.ulasan.errors}
          required
          hint={`Teks biasa, maksimal ${ULASAN_MAX} karakter.`}
        >
          <textarea {...getTextareaProps(fields.ulasan)} rows={6} className={inputClass} />
        </Field>
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}
