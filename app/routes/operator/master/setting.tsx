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
import { getSetting, saveKopLogo, updateSetting } from "~/domain/setting/setting.server";
import { ImageInput } from "~/components/ui/image-input";
import { uploadUrl } from "~/lib/server/uploads.server";
import { getDb } from "~/lib/server/db.server";
import { runAction } from "~/http/action.server";
import { saveIntent } from "~/http/crud-screen.server";
import { requireUser } from "~/http/guard.server";
import { pageTitle } from "~/lib/util/format";
import { InputField, SelectField, TextareaField } from "~/components/ui/form-fields";

export const handle = { title: "Setting" };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  const { nama_toko, kota, alamat, email, instagram, whatsapp, facebook, maps, modul_lppm, zona_waktu, nama_lppm, updated_at, kop_logo, ...naskah } = getSetting(getDb());
  const { kop_institusi, kop_alamat, ttd_kepala_nama, ttd_kepala_nip, ttd_kepala_jabatan, ttd_sekretaris_nama, ttd_sekretaris_nip, ttd_sekretaris_jabatan } = naskah;
  return {
    setting: {
      ...{ nama_toko, kota, alamat, email, instagram, whatsapp, facebook, maps, modul_lppm: modul_lppm ? "1" : "0", zona_waktu, nama_lppm },
      ...{ kop_institusi, kop_alamat, ttd_kepala_nama, ttd_kepala_nip, ttd_kepala_jabatan, ttd_sekretaris_nama, ttd_sekretaris_nip, ttd_sekretaris_jabatan },
    },
    logo: uploadUrl(kop_logo),
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
    // The letterhead's logo, its own small form: the settings form stays a plain one.
    logo: async (ctx) => {
      await ctx.upload("kop_logo", ([file]) => saveKopLogo(ctx.db, file ?? null), { required: "Pilih berkas logo (JPG atau PNG)." });
      return ctx.done("Logo kop naskah disimpan.");
    },
    "hapus-logo": async (ctx) => {
      await saveKopLogo(ctx.db, null);
      return ctx.done("Logo kop naskah dihapus.");
    },
  }, { upload: { field: "kop_logo", intent: "logo" } });

export default function Setting({ loaderData, actionData }: Route.ComponentProps) {
  const { setting, versi, logo } = loaderData;
  const [form, fields] = useZodForm(settingSchema, {
    id: `setting-${versi}`,
    reply: actionData?.intent === "simpan" ? actionData : undefined,
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
        <fieldset className="rounded-xl border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-700">Kop dan Penandatangan Naskah LPPM</legend>
          <p className="text-sm text-stone-500">
            Dicetak pada lembar pengesahan, SK penetapan, surat perjanjian penelitian, dan berita acara monev (PDF).
          </p>
          <div className="mt-4 grid gap-5 sm:grid-cols-2">
            <InputField field={fields.kop_institusi} label="Nama Institusi" hint="Mis. Universitas Contoh Nusantara." />
            <InputField field={fields.kop_alamat} label="Alamat Institusi" hint="Satu baris di bawah nama pada kop." />
            <InputField field={fields.ttd_kepala_nama} label="Nama Kepala LPPM" hint="Dengan gelar, seperti ditandatangankan." />
            <InputField field={fields.ttd_kepala_nip} label="NIP Kepala LPPM" inputMode="numeric" hint="Angka saja, 8–20 digit." />
            <InputField field={fields.ttd_kepala_jabatan} label="Jabatan Kepala LPPM" hint="Menandatangani lembar pengesahan, SK, dan surat perjanjian." />
            <div className="hidden sm:block" />
            <InputField field={fields.ttd_sekretaris_nama} label="Nama Sekretaris LPPM" />
            <InputField field={fields.ttd_sekretaris_nip} label="NIP Sekretaris LPPM" inputMode="numeric" hint="Angka saja, 8–20 digit." />
            <InputField field={fields.ttd_sekretaris_jabatan} label="Jabatan Sekretaris LPPM" hint="Mengetahui berita acara monev." />
          </div>
        </fieldset>
        <PageFormActions busy={busy} />
      </Form>
      <Form
        method="post"
        encType="multipart/form-data"
        className="mt-5 space-y-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm sm:p-6"
      >
        <input type="hidden" name="intent" value="logo" />
        {actionData?.intent === "logo" && actionData.message ? <Alert>{actionData.message}</Alert> : null}
        <ImageInput
          name="kop_logo"
          label="Logo Kop Naskah LPPM"
          currentUrl={logo}
          hints={["Tampil di kiri kop setiap naskah PDF LPPM."]}
          errors={actionData?.intent === "logo" ? actionData.result.error?.kop_logo ?? undefined : undefined}
          previewClassName="max-h-24"
        />
        <div className="flex flex-wrap gap-3">
          <button type="submit" className="rounded-lg bg-kayu-700 px-4 py-2 text-sm font-semibold text-white hover:bg-kayu-800">
            Simpan Logo
          </button>
          {logo ? (
            <button type="submit" name="intent" value="hapus-logo" formEncType="application/x-www-form-urlencoded" formNoValidate className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50">
              Hapus Logo
            </button>
          ) : null}
        </div>
      </Form>
    </div>
  );
}
