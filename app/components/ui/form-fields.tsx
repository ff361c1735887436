/**
 * A Conform field as the back office's forms write it most: the labelled Field (its asterisk,
 * hint and first error) around one input, textarea or select with the field's props. `required` marks
 * the label; the control's own `required` comes from the schema, as with inputProps. Any other
 * prop goes to the control (autoFocus, autoComplete, inputMode, …).
 */
import type { FieldMetadata } from "@conform-to/react";
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { Field, inputClass } from "~/components/ui/field";
import { inputProps, selectProps, textareaProps } from "~/components/ui/field-props";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Conform's helpers take them
type AnyField = FieldMetadata<any, any, any>;

type Labelled = { field: AnyField; label: string; required?: boolean; hint?: ReactNode };

export function InputField({
  field,
  label,
  required,
  hint,
  type = "text",
  ...control
}: Labelled & { type?: "text" | "email" | "number" | "date" | "datetime-local" | "url" | "tel" } & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "name" | "id">) {
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} required={required} hint={hint}>
      <input {...inputProps(field, { type })} className={inputClass} {...control} />
    </Field>
  );
}

export function TextareaField({
  field,
  label,
  required,
  hint,
  ...control
}: Labelled & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "id">) {
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} required={required} hint={hint}>
      <textarea {...textareaProps(field)} className={inputClass} {...control} />
    </Field>
  );
}

export type SelectOption = { value: string | number; label: string };

/** A select of `options`, after a first empty choice when `placeholder` names one. */
export function SelectField({
  field,
  label,
  required,
  hint,
  options,
  placeholder,
  ...control
}: Labelled & { options: readonly SelectOption[]; placeholder?: string } & Omit<SelectHTMLAttributes<HTMLSelectElement>, "name" | "id">) {
  return (
    <Field label={label} htmlFor={field.id} errors={field.errors} required={required} hint={hint}>
      <select {...requiredSelect(selectProps(field), placeholder !== undefined)} className={inputClass} {...control}>
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * A select's `required` where it means something: with an empty first choice to refuse. Without
 * one the select always holds a value and HTML forbids `required` on it; `aria-required` still
 * tells a screen reader the field is mandatory.
 */
function requiredSelect<Props extends { required?: boolean }>(props: Props, emptyChoice: boolean): Props & { "aria-required"?: true } {
  if (emptyChoice || !props.required) return props;
  const rest: Props & { "aria-required"?: true } = { ...props, "aria-required": true };
  delete rest.required;
  return rest;
}
