import { getFormProps, getInputProps } from "@conform-to/react";
import { Form } from "react-router";
import type { Route } from "./+types/kantorcabang";
import { PageHeader } from "~/components/operator/page-header";
import { ConfirmDelete } from "~/components/ui/confirm-delete";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "~/components/ui/dialog";
import { Field, inputClass } from "~/components/ui/field";
import { RowMenu } from "~/components/ui/row-menu";
import { useSubmitting, useZodForm, type ActionReply } from "~/components/ui/use-zod-form";
import { kantorCabangSchema } from "~/domain/kantor-cabang/kantor-cabang.schema";
import {
  countProdukDiKantor,
  createKantorCabang,
  deleteKantorCabang,
  getKantorCabang,
  listKantorCabangPage,
  updateKantorCabangNama,
  type KantorCabang,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { crudScreen, deleteIntent, saveIntent } from "~/lib/http/crud-screen.server";

export const handle = { title: "Kantor Cabang" };

const screen = crudScreen({
  table: "kantorcabang",
  list: listKantorCabangPage,
  get: getKantorCabang,
  getHapus: (db, id) => {
    const hapus = getKantorCabang(db, id);
    return hapus ? { ...hapus, dipakai: countProdukDiKantor(db, id) } : null;
  },
  intents: {
    create: saveIntent(kantorCabangSchema, (value, { db }) => {
      createKantorCabang(db, value);
    }),
    update: saveIntent(kantorCabangSchema, (value, { db, id }) => updateKantorCabangNama(db, id, value)),
    delete: deleteIntent(({ db, id }) => deleteKantorCabang(db, id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

const col = columnHelper<KantorCabang>();
const columns = [col.accessor("kantor_cabang", { header: "Kantor Cabang" })];

export default function KantorCabangScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { list, tambah, ubah, hapus } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div>
      <PageHeader title="Kantor Cabang" addHref={paramHref("tambah", 1)} />
      <DataTable
        caption="Daftar kantor cabang"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        action={(row) => (
          <RowMenu
            label={row.kantor_cabang}
            items={[
              { label: "Ubah", to: paramHref("ubah", row.id) },
              { label: "Hapus", to: paramHref("hapus", row.id), danger: true },
            ]}
          />
        )}
      />
      {tambah ? (
        <KantorCabangDialog title="Tambah Kantor Cabang" intent="create" closeTo={closeTo} reply={actionData} />
      ) : null}
      {ubah ? (
        <KantorCabangDialog title="Ubah Kantor Cabang" intent="update" closeTo={closeTo} reply={actionData} record={ubah} />
      ) : null}
      {hapus ? (
        <ConfirmDelete
          closeTo={closeTo}
          id={hapus.id}
          itemName={hapus.kantor_cabang}
          note={
            hapus.dipakai > 0
              ? `Ada ${hapus.dipakai} produk yang tersedia di kantor cabang ini. Kantor cabang tidak dapat dihapus sebelum centangnya dilepas pada produk tersebut.`
              : undefined
          }
        />
      ) : null}
    </div>
  );
}

function KantorCabangDialog({
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
  record?: KantorCabang;
}) {
  const [form, fields] = useZodForm(kantorCabangSchema, {
    id: `kantor-cabang-${intent}-${record?.id ?? "baru"}`,
    reply: reply?.intent === intent ? reply : undefined,
    defaultValue: record ? { kantor_cabang: record.kantor_cabang } : undefined,
  });
  const busy = useSubmitting(intent);
  return (
    <UrlDialog title={title} closeTo={closeTo} busy={busy}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={intent} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        <Field
          label="Kantor Cabang"
          htmlFor={fields.kantor_cabang.id}
          errors={fields.kantor_cabang.errors}
          required
          hint={intent === "create" ? "Alamat, No Whatsapp dan peta diisi di menu Kontak Kami." : undefined}
        >
          <input {...getInputProps(fields.kantor_cabang, { type: "text" })} className={inputClass} autoFocus />
        </Field>
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}
