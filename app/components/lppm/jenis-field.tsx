/** The 'Jenis' select (penelitian | pengabdian) of the LPPM forms (skema, rubrik, …). */
import type { FieldMetadata } from "@conform-to/react";
import { JENIS, JENIS_LABELS } from "~/domain/lppm/jenis";
import { SelectField } from "~/components/ui/form-fields";

export function JenisField({ field }: { field: FieldMetadata<string> }) {
  return (
    <SelectField field={field} label="Jenis" required options={JENIS.map((j) => ({ value: j, label: JENIS_LABELS[j] }))} />
  );
}
