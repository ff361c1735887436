import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form } from "react-router";
import type { Route } from "./+types/user";
import { PageHeader } from "../../../components/operator/page-header";
import { ConfirmDelete } from "../../../components/ui/confirm-delete";
import { columnHelper, DataTable } from "../../../components/ui/data-table";
import { DialogActions, UrlDialog, useCloseHref, useParamHref } from "../../../components/ui/dialog";
import { Alert, Field, inputClass } from "../../../components/ui/field";
import { PasswordInput } from "../../../components/ui/password-input";
import { RowMenu } from "../../../components/ui/row-menu";
import { useSubmitting, useZodForm, type ActionReply } from "../../../components/ui/use-zod-form";
import { PASSWORD_HELPER_TEXT } from "../../../domain/users/password.schema";
import { parseJabatan, ROLES } from "../../../domain/users/roles";
import { createUserSchema, STATUS, updateUserSchema } from "../../../domain/users/users.schema";
import {
  createUser,
  deleteUser,
  getUserRecord,
  listUsersPage,
  updateUser,
  type UserRecord,
} from "../../../domain/users/users.server";
import {
  DELETED,
  listUrl,
  parseId,
  readForm,
  redirectWithToast,
  SAVE_FAILED,
  SAVED,
} from "../../../lib/action.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { readTableState } from "../../../lib/table-state.server";

export const handle = { title: "Manajemen Pengguna" };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, "user");
  const ubahId = parseId(url.searchParams.get("ubah"));
  const hapusId = parseId(url.searchParams.get("hapus"));
  const ubah = ubahId ? getUserRecord(db, ubahId) : null;
  const hapus = hapusId ? getUserRecord(db, hapusId) : null;
  // Loading a user for edit that does not exist goes to the not-found page (spec section 8).
  if ((ubahId && !ubah) || (hapusId && !hapus)) throw data(null, { status: 404 });
  return data(
    { list: listUsersPage(db, state), tambah: url.searchParams.has("tambah"), ubah, hapus, meId: me.id },
    { headers },
  );
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const db = getDb();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  const back = listUrl(url);

  if (intent === "delete") {
    const result = deleteUser(db, parseId(formData.get("id")) ?? 0, me.id);
    return result.ok
      ? redirectWithToast(back, "success", DELETED)
      : redirectWithToast(back, "error", result.message);
  }

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: updateUserSchema });
    if (submission.status !== "success") {
      return data({ intent, result: submission.reply({ hideFields: ["password"] }), message: SAVE_FAILED }, { status: 400 });
    }
    const result = await updateUser(db, parseId(formData.get("id")) ?? 0, blanksClear(formData, submission.value), me.id);
    if (!result.ok) {
      const errors = result.field ? { fieldErrors: { [result.field]: [result.message] } } : { formErrors: [result.message] };
      return data(
        { intent, result: submission.reply({ ...errors, hideFields: ["password"] }), message: result.message },
        { status: result.status },
      );
    }
    return redirectWithToast(back, "success", SAVED);
  }

  const submission = parseWithZod(formData, { schema: createUserSchema });
  if (submission.status !== "success") {
    return data({ intent: "create", result: submission.reply({ hideFields: ["password"] }), message: SAVE_FAILED }, { status: 400 });
  }
  const result = await createUser(db, submission.value);
  if (!result.ok) {
    // A failed user creation shows the server's message (spec section 8).
    return data(
      {
        intent: "create",
        result: submission.reply({ fieldErrors: { [result.field ?? "username"]: [result.message] }, hideFields: ["password"] }),
        message: result.message,
      },
      { status: result.status },
    );
  }
  return redirectWithToast(back, "success", SAVED);
}

/** The form always sends NIDN and Jabatan Akademik: a blank one clears the stored value. */
function blanksClear<T extends { nidn?: string | null; jabatan_akademik?: string | null }>(formData: FormData, value: T): T {
  return {
    ...value,
    nidn: value.nidn ?? (formData.has("nidn") ? null : undefined),
    jabatan_akademik: value.jabatan_akademik ?? (formData.has("jabatan_akademik") ? null : undefined),
  };
}

const col = columnHelper<UserRecord>();
const columns = [
  col.accessor("username", { header: "Username" }),
  col.accessor("name", { header: "Nama Pengguna" }),
  col.accessor("no_hp", { header: "Nomor HP" }),
  col.accessor("email", { header: "Email", cell: (info) => <span className="break-all">{info.getValue()}</span> }),
  col.accessor("hak_akses", {
    header: "Hak Akses",
    cell: (info) => (
      <span className="flex flex-wrap gap-1">
        {info.getValue().map((role) => (
          <span key={role} className="rounded-full bg-kayu-100 px-2 py-0.5 text-xs font-semibold text-kayu-800">{role}</span>
        ))}
      </span>
    ),
  }),
  col.accessor("status_aktif", {
    header: "Status Login",
    cell: (info) =>
      info.getValue() === "Aktif" ? (
        <span className="rounded-full bg-green-600 px-2.5 py-0.5 text-xs font-bold text-white">Aktif</span>
      ) : (
        <span className="rounded-full bg-red-600 px-2.5 py-0.5 text-xs font-bold text-white">Tidak Aktif</span>
      ),
  }),
];

export default function ManajemenPengguna({ loaderData, actionData }: Route.ComponentProps) {
  const { list, tambah, ubah, hapus, meId } = loaderData;
  const paramHref = useParamHref();
  const closeTo = useCloseHref();
  return (
    <div>
      <PageHeader title="Manajemen Pengguna" addHref={paramHref("tambah", 1)} addLabel="+ Pengguna" />
      <DataTable
        caption="Daftar pengguna"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        action={(row) => (
          <RowMenu
            label={row.username}
            items={[
              { label: "Ubah", to: paramHref("ubah", row.id) },
              ...(row.id === meId ? [] : [{ label: "Hapus", to: paramHref("hapus", row.id), danger: true }]),
            ]}
          />
        )}
      />
      {tambah ? <UserDialog mode="create" closeTo={closeTo} reply={actionData} /> : null}
      {ubah ? <UserDialog mode="update" closeTo={closeTo} reply={actionData} record={ubah} isMe={ubah.id === meId} /> : null}
      {hapus ? <ConfirmDelete closeTo={closeTo} id={hapus.id} itemName={`${hapus.name} (${hapus.username})`} /> : null}
    </div>
  );
}

function UserDialog({
  mode,
  closeTo,
  reply,
  record,
  isMe = false,
}: {
  mode: "create" | "update";
  closeTo: string;
  reply: ActionReply;
  record?: UserRecord;
  isMe?: boolean;
}) {
  const schema = mode === "create" ? createUserSchema : updateUserSchema;
  const [form, fields] = useZodForm(schema, {
    id: `user-${mode}-${record?.id ?? "baru"}`,
    reply: reply?.intent === mode ? reply : undefined,
    defaultValue: record
      ? {
          name: record.name,
          no_hp: record.no_hp,
          email: record.email,
          status_aktif: record.status_aktif,
          hak_akses: record.hak_akses,
          nidn: record.nidn ?? "",
          jabatan_akademik: parseJabatan(record.jabatan_akademik).join(", "),
        }
      : { status_aktif: "Aktif" },
  });
  const busy = useSubmitting(mode);
  const f = fields as typeof fields & Record<string, (typeof fields)[keyof typeof fields]>;
  const roleErrors = f.hak_akses?.errors;
  const checkedRoles = new Set(
    ([] as unknown[]).concat(f.hak_akses?.value ?? (record?.hak_akses ?? [])).map(String),
  );
  return (
    <UrlDialog title={mode === "create" ? "Tambah Pengguna" : "Ubah Pengguna"} closeTo={closeTo} busy={busy} size="lg">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={mode} />
        {record ? <input type="hidden" name="id" value={record.id} /> : null}
        {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Nama Pengguna" htmlFor={f.name!.id} errors={f.name!.errors} required>
            <input {...getInputProps(f.name!, { type: "text" })} className={inputClass} />
          </Field>
          {mode === "create" ? (
            <Field label="Username" htmlFor={f.username!.id} errors={f.username!.errors} hint="Gunakan Username tanpa spasi" required>
              <input {...getInputProps(f.username!, { type: "text" })} autoCapitalize="none" autoComplete="off" className={inputClass} />
            </Field>
          ) : (
            <Field label="Username" htmlFor="user-username" hint="Username tidak dapat diubah">
              <input id="user-username" value={record?.username ?? ""} readOnly className={inputClass} />
            </Field>
          )}
          <Field
            label="Password"
            htmlFor={f.password!.id}
            errors={f.password!.errors}
            hint={mode === "create" ? PASSWORD_HELPER_TEXT : "Kosongkan jika tidak merubah Password"}
            required={mode === "create"}
          >
            <PasswordInput
              id={f.password!.id}
              name={f.password!.name}
              required={mode === "create"}
              autoComplete="new-password"
              aria-invalid={f.password!.errors ? true : undefined}
              className={inputClass}
            />
          </Field>
          <Field label="Nomor HP/Whatsapp" htmlFor={f.no_hp!.id} errors={f.no_hp!.errors} required={mode === "create"}>
            <input {...getInputProps(f.no_hp!, { type: "tel" })} placeholder="0852******" className={inputClass} />
          </Field>
          <Field label="Email" htmlFor={f.email!.id} errors={f.email!.errors} required>
            <input {...getInputProps(f.email!, { type: "email" })} className={inputClass} />
          </Field>
          <Field label="Status Login" htmlFor={f.status_aktif!.id} errors={f.status_aktif!.errors} required>
            <select {...getSelectProps(f.status_aktif!)} className={inputClass}>
              {STATUS.map((s) => (
                <option key={s} value={s}>{s === "Aktif" ? "Aktif" : "Tidak Aktif"}</option>
              ))}
            </select>
          </Field>
          <Field label="NIDN/NUPTK" htmlFor={f.nidn!.id} errors={f.nidn!.errors} hint="Opsional, untuk Lupa Password (minimal 10 digit)">
            <input {...getInputProps(f.nidn!, { type: "text" })} inputMode="numeric" autoComplete="off" className={inputClass} />
          </Field>
          <Field label="Jabatan Akademik" htmlFor={f.jabatan_akademik!.id} errors={f.jabatan_akademik!.errors} hint="Opsional, pisahkan dengan koma">
            <input {...getInputProps(f.jabatan_akademik!, { type: "text" })} placeholder="Lektor, Asisten Ahli" className={inputClass} />
          </Field>
        </div>
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-stone-700">Hak Akses <span className="text-red-500">*</span></legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {ROLES.map((role) => (
              <label key={role} className="flex items-center gap-2 rounded-lg border border-stone-200 px-3 py-2 text-sm hover:bg-stone-50">
                <input type="checkbox" name="hak_akses" value={role} defaultChecked={checkedRoles.has(role)} className="h-4 w-4 accent-kayu-700" />
                {role}
              </label>
            ))}
          </div>
          {roleErrors?.length ? <p className="text-xs font-medium text-red-600">{roleErrors[0]}</p> : null}
        </fieldset>
        {isMe ? (
          <p className="text-xs text-stone-500">Ini akun Anda: status Aktif dan hak akses Operator tidak dapat dilepas dari akun sendiri.</p>
        ) : null}
        <DialogActions closeTo={closeTo} busy={busy} />
      </Form>
    </UrlDialog>
  );
}
