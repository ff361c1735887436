import { inputProps, selectProps } from "~/components/ui/field-props";
import type { Route } from "./+types/user";
import { CrudPage, FormDialog, useDialogForm, type CrudFormProps } from "~/components/operator/crud-page";
import { columnHelper } from "~/components/ui/data-table";
import { Field, inputClass } from "~/components/ui/field";
import { PasswordInput } from "~/components/ui/password-input";
import { PASSWORD_HELPER_TEXT } from "~/domain/users/password.schema";
import { JABATAN_AKADEMIK, parseJabatan, ROLES } from "~/domain/users/roles";
import { createUserSchema, STATUS, updateUserSchema, withClearedBlanks } from "~/domain/users/users.schema";
import {
  createUser,
  deleteUser,
  getUserRecord,
  listUsersPage,
  updateUser,
  type UserRecord,
} from "~/domain/users/users.server";
import { fakultasOptions, prodiOptions, type FakultasOption, type ProdiOption } from "~/domain/lppm/master/options.server";
import { crudScreen, deleteIntent, saveIntent } from "~/http/crud-screen.server";
import { SelectField } from "~/components/ui/form-fields";

export const handle = { title: "Manajemen Pengguna" };

const screen = crudScreen({
  table: "user",
  list: listUsersPage,
  get: getUserRecord,
  // Loading a user for edit that does not exist goes to the not-found page (spec section 8).
  missing: "404",
  // The dosen profile's choices, only while the form is open.
  extra: (db, modals, me) => ({
    meId: me.id,
    ...(modals.tambah || modals.ubah ? { prodi: prodiOptions(db), fakultas: fakultasOptions(db) } : { prodi: [], fakultas: [] }),
  }),
  intents: {
    // A failed user creation shows the server's message (spec section 8); passwords never come back.
    tambah: saveIntent(createUserSchema, (value, { db, form }) => createUser(db, withClearedBlanks(form, value)), { hideFields: ["password"] }),
    ubah: saveIntent(
      updateUserSchema,
      (value, { db, id, form, user }) => updateUser(db, id, withClearedBlanks(form, value), user.id),
      { hideFields: ["password"] },
    ),
    hapus: deleteIntent(({ db, id, user }) => deleteUser(db, id, user.id)),
  },
});

export const loader = (args: Route.LoaderArgs) => screen.loader(args);
export const action = (args: Route.ActionArgs) => screen.action(args);

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
  const { meId, prodi, fakultas } = loaderData;
  return (
    <CrudPage
      title="Manajemen Pengguna"
      addLabel="+ Pengguna"
      columns={columns}
      data={loaderData}
      reply={actionData}
      rowLabel={(row) => row.username}
      // Nobody deletes their own account.
      canDelete={(row) => row.id !== meId}
      form={(props) => <UserDialog {...props} isMe={props.record?.id === meId} prodi={prodi} fakultas={fakultas} />}
      item="Pengguna"
      deleting={(hapus) => ({ itemName: `${hapus.name} (${hapus.username})` })}
    />
  );
}

type DialogProps = CrudFormProps<UserRecord> & { isMe: boolean; prodi: ProdiOption[]; fakultas: FakultasOption[] };

function UserDialog({ isMe, prodi, fakultas, ...props }: DialogProps) {
  const { intent: mode, record } = props;
  const schema = mode === "tambah" ? createUserSchema : updateUserSchema;
  const [form, fields] = useDialogForm(
    schema,
    "user",
    props,
    (r) => ({
      name: r.name,
      no_hp: r.no_hp,
      email: r.email,
      status_aktif: r.status_aktif,
      hak_akses: r.hak_akses,
      nidn: r.nidn ?? "",
      jabatan_akademik: parseJabatan(r.jabatan_akademik).join(", "),
      id_prodi: r.id_prodi ? String(r.id_prodi) : "",
      bidang_keahlian: r.bidang_keahlian ?? "",
      sinta_id: r.sinta_id ?? "",
      id_fakultas_verifikasi: r.id_fakultas_verifikasi ? String(r.id_fakultas_verifikasi) : "",
    }),
    { status_aktif: "Aktif" },
  );
  const f = fields as typeof fields & Record<string, (typeof fields)[keyof typeof fields]>;
  const roleErrors = f.hak_akses?.errors;
  const checkedRoles = new Set(
    ([] as unknown[]).concat(f.hak_akses?.value ?? (record?.hak_akses ?? [])).map(String),
  );
  return (
    <FormDialog {...props} form={form} size="lg">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Nama Pengguna" htmlFor={f.name!.id} errors={f.name!.errors} required>
          <input {...inputProps(f.name!, { type: "text" })} className={inputClass} />
        </Field>
        {mode === "tambah" ? (
          <Field label="Username" htmlFor={f.username!.id} errors={f.username!.errors} hint="Gunakan Username tanpa spasi" required>
            <input {...inputProps(f.username!, { type: "text" })} autoCapitalize="none" autoComplete="off" className={inputClass} />
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
          hint={mode === "tambah" ? PASSWORD_HELPER_TEXT : "Kosongkan jika tidak merubah Password"}
          required={mode === "tambah"}
        >
          <PasswordInput
            id={f.password!.id}
            name={f.password!.name}
            required={mode === "tambah"}
            autoComplete="new-password"
            aria-invalid={f.password!.errors ? true : undefined}
            className={inputClass}
          />
        </Field>
        <Field label="Nomor HP/Whatsapp" htmlFor={f.no_hp!.id} errors={f.no_hp!.errors} required={mode === "tambah"}>
          <input {...inputProps(f.no_hp!, { type: "tel" })} placeholder="0852******" className={inputClass} />
        </Field>
        <Field label="Email" htmlFor={f.email!.id} errors={f.email!.errors} required>
          <input {...inputProps(f.email!, { type: "email" })} className={inputClass} />
        </Field>
        <SelectField field={f.status_aktif!} label="Status Login" required options={STATUS.map((s) => ({ value: s, label: s === "Aktif" ? "Aktif" : "Tidak Aktif" }))} />
        <Field label="NIDN/NUPTK" htmlFor={f.nidn!.id} errors={f.nidn!.errors} hint="Opsional, untuk Lupa Password (minimal 10 digit)">
          <input {...inputProps(f.nidn!, { type: "text" })} inputMode="numeric" autoComplete="off" className={inputClass} />
        </Field>
        <Field
          label="Jabatan Akademik"
          htmlFor={f.jabatan_akademik!.id}
          errors={f.jabatan_akademik!.errors}
          hint={`Opsional, pisahkan dengan koma. Untuk LPPM: ${JABATAN_AKADEMIK.join(", ")}.`}
        >
          <input {...inputProps(f.jabatan_akademik!, { type: "text" })} placeholder="Lektor, Asisten Ahli" className={inputClass} />
        </Field>
      </div>
      <fieldset className="space-y-3 rounded-xl border border-stone-200 p-4">
        <legend className="px-1 text-sm font-semibold text-stone-700">Profil Dosen (LPPM)</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Program Studi" htmlFor={f.id_prodi!.id} errors={f.id_prodi!.errors} hint="Fakultas pengusul mengikuti program studinya.">
            <select {...selectProps(f.id_prodi!)} className={inputClass}>
              <option value="">— Tidak ada —</option>
              {groupByFakultas(prodi).map(([nama, items]) => (
                <optgroup key={nama} label={nama}>
                  {items.map((p) => (
                    <option key={p.id} value={String(p.id)}>{p.nama}</option>
                  ))}
                </optgroup>
              ))}
            </select>
          </Field>
          <Field label="Bidang Keahlian" htmlFor={f.bidang_keahlian!.id} errors={f.bidang_keahlian!.errors} hint="Opsional">
            <input {...inputProps(f.bidang_keahlian!, { type: "text" })} placeholder="Teknologi kayu" className={inputClass} />
          </Field>
          <Field label="SINTA ID" htmlFor={f.sinta_id!.id} errors={f.sinta_id!.errors} hint="Opsional, angka ID penulis di SINTA">
            <input {...inputProps(f.sinta_id!, { type: "text" })} inputMode="numeric" autoComplete="off" className={inputClass} />
          </Field>
          <SelectField field={f.id_fakultas_verifikasi!} label="Fakultas (Verifikator)" hint="Wajib untuk hak akses Verifikator-Fakultas: usulan fakultas ini yang disetujuinya." placeholder="— Tidak ada —" options={fakultas.map((item) => ({ value: String(item.id), label: item.nama }))} />
        </div>
      </fieldset>
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
    </FormDialog>
  );
}

/** Study programmes under their faculty (the select's option groups). */
function groupByFakultas(list: ProdiOption[]): [string, ProdiOption[]][] {
  const groups = new Map<string, ProdiOption[]>();
  for (const item of list) groups.set(item.fakultas, [...(groups.get(item.fakultas) ?? []), item]);
  return [...groups];
}
