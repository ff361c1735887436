/** The 'Jenis' select (penelitian | pengabdian) of the LPPM forms (skema, rubrik, …). */
import { type FieldMetadata } from "@conform-to/react";
import { selectProps } from "~/components/ui/field-props";
import { Field, inputClass } from "~/components/ui/field";
import { JENIS, JENIS_LABELS } from "~/domain/lppm/jenis";

export function JenisField({ field }: { field: FieldMetadata<string> }) {
  return (
    <Field label="Jenis" htmlFor={field.id} errors={field.errors} required>
      <select {...selectProps(field)} className={inputClass}>
        {JENIS.map((j) => (
          <option key={j} value={j}>
            {JENIS_LABELS[j]}
          </option>
        ))}
      </select>
    </Field>
  );
}
