/**
 * Pieces several back-office forms share: the WhatsApp number and map fields (Setting, Kontak
 * Kami), and the footer of a full-page form ('Kembali' to the dashboard, 'Simpan').
 */
import type { FieldMetadata } from "@conform-to/react";
import { Link } from "react-router";
import { inputClass } from "~/components/ui/field";
import { InputField, TextareaField } from "~/components/ui/form-fields";
import { SubmitButton } from "~/components/ui/submit-button";

export function WhatsappField({ field, label = "No Whatsapp" }: { field: FieldMetadata<string>; label?: string }) {
  return (
    <InputField
      field={field}
      label={label}
      type="tel"
      required
      hint="Contoh: 0812 3456 7890 atau +62 812-3456-7890."
      inputMode="tel"
      autoComplete="tel"
      placeholder="0852******"
    />
  );
}

/** A map: a Google Maps link or the embed code (only the map's link is stored). */
export function MapsField({ field, hint, required }: { field: FieldMetadata<string>; hint: string; required?: boolean }) {
  return (
    <TextareaField field={field} label="Maps" required={required} hint={hint} rows={3} className={`${inputClass} font-mono text-xs`} />
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
