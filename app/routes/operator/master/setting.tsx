import { getFormProps } from "@conform-to/react";
import { inputProps } from "~/components/ui/field-props";
import { Form } from "react-router";
import type { Route } from "./+types/setting";
import { MapsField, PageFormActions, WhatsappField } from "~/components/operator/form-parts";
import { PageHeader } from "~/components/operator/page-header";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { ZONA_WAKTU } from "~/domain/kantor-cabang/jam-buka";
import { settingSchema, settingSchemaFor } from "~/domain/setting/setting.schema";
import { getSetting, updateSetting } from "~/domain/setting/setting.server";
import { getDb } from "~/lib/server/db.server";
import { runAction } from "~/http/action.server";
import { saveIntent } from "~/http/crud-screen.server";
import { requireUser } from "~/http/guard.server";
import { pageTitle } from "~/lib/util/format";
import { InputField, SelectField, TextareaField } from "~/components/ui/form-fields";

export const handle = { title: "Setting" };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  const { nama_toko, kota, alamat, email, instagram, whatsapp, facebook, maps, modul_lppm, zona_waktu, nama_lppm, updated_at } = getSetting(getDb());
  return {
    setting: { nama_toko, kota, alamat, email, instagram, whatsapp, facebook, maps, modul_lppm: modul_lppm ? "1" : "0", zona_waktu, nama_lppm },
    // A new form id after each save, so the form shows the stored (normalised) values.
    versi: updated_at.getTime(),
  };
}

export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    // The same rule as the API: every field this form sends is checked, one it lacks is kept.
    simpan: saveIntent(settingSchemaFor, (value, { db }) => {
      updateSetting(db, value);
    }),
  });

export default function Setting({ loaderData, actionData }: Route.ComponentProps) {
  const { setting, versi } = loaderData;
  const [form, fields] = useZodForm(settingSchema, {
    id: `setting-${versi}`,
    reply: actionData,
    defaultValue: setting,
  });
  const busy = useSubmitting("simpan");
  const judul = pageTitle("Beranda", { nama_toko: fields.nama_toko.value ?? "", kota: fields.kota.value ?? "" });
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Setting" />
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-5 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <input type="hidden" name="intent" value="simpan" />
        {actionData?.message ? <Alert>{`${actionData.message}. Periksa isian yang ditandai.`}</Alert> : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField field={fields.nama_toko} label="Nama Toko" required />
          <Field
            label="Kota"
            htmlFor={fields.kota.id}
            errors={fields.kota.errors}
            required
            hint={<>Judul halaman: <span className="font-medium text-stone-700">{judul}</span></>}
          >
            <input {...inputProps(fields.kota, { type: "text" })} className={inputClass} />
          </Field>
        </div>
        <TextareaField field={fields.alamat} label="Alamat" required hint="Alamat kantor pusat; baris baru tetap tampil di situs. Boleh memakai <br>, <b>, <i> dan <u>; tag lain dibuang." rows={3} />
        <div className="grid gap-5 sm:grid-cols-2">
          <InputField field={fields.email} label="Email" type="email" hint="Boleh dikosongkan." autoComplete="email" />
          <WhatsappField field={fields.whatsapp} />
          <InputField field={fields.instagram} label="Instagram" required hint="Username (mis. @tokoanda) atau link https://instagram.com/tokoanda." autoCapitalize="none" spellCheck={false} />
          <InputField field={fields.facebook} label="Facebook" required hint="Username halaman atau link https://facebook.com/tokoanda." autoCapitalize="none" spellCheck={false} />
        </div>
        <MapsField
          field={fields.maps}
          hint="Peta kantor pusat di halaman Kontak Kami. Tempel link Google Maps atau kode sematan dari Bagikan › Sematkan peta; hanya link petanya yang disimpan. Boleh dikosongkan."
        />
        <SelectField field={fields.zona_waktu} label="Zona Waktu" hint="Jam buka kantor cabang dibaca dalam zona ini; 'Buka sekarang' dan 'Tutup sekarang' di situs mengikutinya." options={ZONA_WAKTU} />
        <fieldset className="rounded-xl border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-700">Modul LPPM</legend>
          <p className="text-sm text-stone-500" id="modul-lppm-hint">
            Alur hibah penelitian dan pengabdian (LPPM). Bila nonaktif, area LPPM, menunya, dan login pengguna yang
            bukan Operator ditutup; datanya tetap tersimpan.
          </p>
          <div className="mt-3 flex flex-wrap gap-5" role="radiogroup" aria-describedby="modul-lppm-hint">
            {[
              ["1", "Aktif"],
              ["0", "Nonaktif"],
            ].map(([value, label]) => (
              <label key={value} className="flex items-center gap-2 text-sm font-medium text-stone-800">
                <input
                  type="radio"
                  name={fields.modul_lppm.name}
                  value={value}
                  defaultChecked={fields.modul_lppm.initialValue === value}
                  className="h-4 w-4 accent-kayu-700"
                />
                {label}
              </label>
            ))}
          </div>
          <div className="mt-4">
            <InputField
              field={fields.nama_lppm}
              label="Nama LPPM"
              hint="Penanda pesan e-mail dan WhatsApp LPPM, mis. LPPM Universitas Contoh. Kosong: LPPM."
            />
          </div>
        </fieldset>
        <PageFormActions busy={busy} />
      </Form>
    </div>
  );
}
