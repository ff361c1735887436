import { getFormProps, getInputProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/kantorcabang";
import { PageHeader } from "../../../components/operator/page-header";
import { ConfirmDelete } from "../../../components/ui/confirm-delete";
import { columnHelper, DataTable } from "../../../components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "../../../components/ui/dialog";
import { Field, inputClass } from "../../../components/ui/field";
import { RowMenu } from "../../../components/ui/row-menu";
import { useSubmitting, useZodForm, type ActionReply } from "../../../components/ui/use-zod-form";
import { kantorCabangSchema } from "../../../domain/kantor-cabang/kantor-cabang.schema";
import {
  countProdukDiKantor,
  createKantorCabang,
  deleteKantorCabang,
  getKantorCabang,
  listKantorCabangPage,
  updateKantorCabangNama,
  type KantorCabang,
} from "../../../domain/kantor-cabang/kantor-cabang.server";
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

export const handle = { title: "Kantor Cabang" };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, "kantorcabang");
  const { tambah, ubah, hapus } = await modalRecords(url, (id) => getKantorCabang(db, id));
  return data(
    {
      list: listKantorCabangPage(db, state),
      tambah,
      ubah,
      hapus: hapus ? { ...hapus, dipakai: countProdukDiKantor(db, hapus.id) } : null,
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
    const result = deleteKantorCabang(db, parseId(formData.get("id")) ?? 0);
    if (result.ok) return redirectWithToast(back, "success", DELETED);
    return redirectWithToast(back, "error", result.message);
  }

  const submission = parseWithZod(formData, { schema: kantorCabangSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  if (intent === "update") {
    const updated = updateKantorCabangNama(db, parseId(formData.get("id")) ?? 0, submission.value);
    if (!updated) return redirectWithToast(back, "error", SAVE_FAILED);
  } else {
    createKantorCabang(db, submission.value);
  }
  return redirectWithToast(back, "success", SAVED);
}

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
