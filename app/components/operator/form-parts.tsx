/**
 * Pieces several back-office forms share: the WhatsApp number and map fields (Setting, Kontak
 * Kami), and the footer of a full-page form ('Kembali' to the dashboard, 'Simpan').
 */
import { type FieldMetadata } from "@conform-to/react";
import { inputProps, textareaProps } from "~/components/ui/field-props";
import { Link } from "react-router";
import { Field, inputClass } from "~/components/ui/field";
import { SubmitButton } from "~/components/ui/submit-button";

export function WhatsappField({ field, label = "No Whatsapp" }: { field: FieldMetadata<string>; label?: string }) {
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} required hint="Contoh: 0812 3456 7890 atau +62 812-3456-7890.">
      <input {...inputProps(field, { type: "tel" })} inputMode="tel" autoComplete="tel" placeholder="0852******" className={inputClass} />
    </Field>
  );
}

/** A map: a Google Maps link or the embed code (only the map's link is stored). */
export function MapsField({ field, hint, required }: { field: FieldMetadata<string>; hint: string; required?: boolean }) {
  return (
    <Field label="Maps" htmlFor={field.id} errors={field.errors} required={required} hint={hint}>
      <textarea {...textareaProps(field)} rows={3} className={`${inputClass} font-mono text-xs`} />
    </Field>
  );
}

export function PageFormActions({ busy }: { busy: boolean }) {
  return (
    <div className="flex flex-wrap justify-end gap-2 border-t border-stone-100 pt-4">
      <Link
        to="/operator/dashboard"
        className="rounded-lg border border-stone-300 px-4 py-2 text-sm font-semibold text-stone-700 hover:bg-stone-50"
      >
        Kembali
      </Link>
      <SubmitButton busy={busy}>Simpan</SubmitButton>
    </div>
  );
}
