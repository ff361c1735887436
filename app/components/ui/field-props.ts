/**
 * The props of a form control, the same as Conform's getInputProps / getTextareaProps /
 * getSelectProps give (same attributes, same order, same subscriptions to the form's state),
 * for a fraction of the cost.
 *
 * Why: Conform's field metadata is a Proxy that builds a fresh metadata object (fourteen
 * getters and a Proxy) on every property read, and its helpers read some sixteen properties
 * per control; a draft proposal's nine-field form spent ~10 % of the page's CPU there (issue
 * 18). `useZodForm` already knows each top-level field's name, the form's id and the schema's
 * constraints, and registers them here, so only what can change while the form lives is read
 * from Conform: the field's errors and initial value (and `valid` when asked for), which also
 * subscribes the component to them exactly as Conform's helpers do. Fields it did not hand out
 * (nested fieldsets, list items, forms built with plain `useForm`) go to Conform's helpers.
 */
import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import type { getZodConstraint } from "@conform-to/zod/v4";

type Constraint = ReturnType<typeof getZodConstraint>[string];
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as Conform's helpers take them
type Field<Schema> = FieldMetadata<Schema, any, any>;
type InputOptions = Parameters<typeof getInputProps>[1];
type TextareaOptions = NonNullable<Parameters<typeof getTextareaProps>[1]>;
type SelectOptions = NonNullable<Parameters<typeof getSelectProps>[1]>;
type AriaOptions = { ariaAttributes?: boolean; ariaInvalid?: "errors" | "allErrors"; ariaDescribedBy?: string };

type Known = { id: string; name: string; formId: string; constraint: Constraint | undefined };
const known = new WeakMap<object, Known>();

/** Whether a field takes the short way (for tests). */
export function isRegistered(field: object): boolean {
  return known.has(field);
}

/** Called by useZodForm for each top-level field it hands out. */
export function registerField(field: object, facts: Known) {
  known.set(field, facts);
}

/** Conform's getFormControlProps, from the registered facts. */
function controlProps(field: Field<unknown>, facts: Known, options: AriaOptions): Record<string, unknown> {
  const props: Record<string, unknown> = {
    required: facts.constraint?.required || undefined,
    id: facts.id,
    name: facts.name,
    form: facts.formId,
  };
  if (options.ariaAttributes === undefined || options.ariaAttributes) {
    const invalid = options.ariaInvalid === "allErrors" ? !field.valid : typeof field.errors !== "undefined";
    props["aria-invalid"] = invalid || undefined;
    props["aria-describedby"] = invalid ? `${facts.id}-error ${options.ariaDescribedBy ?? ""}`.trim() : options.ariaDescribedBy;
  }
  return props;
}

function withoutUndefined<T extends Record<string, unknown>>(props: T): T {
  for (const key in props) if (props[key] === undefined) delete props[key];
  return props;
}

export function inputProps<Schema, Options extends InputOptions>(field: Field<Schema>, options: Options): ReturnType<typeof getInputProps<Schema, Options>> {
  const facts = known.get(field);
  if (!facts) return getInputProps(field, options);
  const c = facts.constraint;
  const props = controlProps(field as Field<unknown>, facts, options as AriaOptions);
  Object.assign(props, { type: options.type, minLength: c?.minLength, maxLength: c?.maxLength, min: c?.min, max: c?.max, step: c?.step, pattern: c?.pattern, multiple: c?.multiple, accept: c?.accept });
  if (typeof options.value === "undefined" || options.value) {
    const initialValue = field.initialValue as unknown;
    if (options.type === "checkbox" || options.type === "radio") {
      props.value = typeof options.value === "string" ? options.value : "on";
      props.defaultChecked = Array.isArray(initialValue) ? initialValue.includes(options.value) : initialValue === props.value;
    } else if (typeof initialValue === "string") {
      props.defaultValue = initialValue;
    }
  }
  return withoutUndefined(props) as ReturnType<typeof getInputProps<Schema, Options>>;
}

export function textareaProps<Schema>(field: Field<Schema>, options: TextareaOptions = {}): ReturnType<typeof getTextareaProps> {
  const facts = known.get(field);
  if (!facts) return getTextareaProps(field, options);
  const props = controlProps(field as Field<unknown>, facts, options as AriaOptions);
  Object.assign(props, { minLength: facts.constraint?.minLength, maxLength: facts.constraint?.maxLength });
  if (typeof options.value === "undefined" || options.value) props.defaultValue = (field.initialValue as unknown)?.toString();
  return withoutUndefined(props) as ReturnType<typeof getTextareaProps>;
}

export function selectProps<Schema>(field: Field<Schema>, options: SelectOptions = {}): ReturnType<typeof getSelectProps> {
  const facts = known.get(field);
  if (!facts) return getSelectProps(field, options);
  const props = controlProps(field as Field<unknown>, facts, options as AriaOptions);
  props.multiple = facts.constraint?.multiple;
  if (typeof options.value === "undefined" || options.value) {
    const initialValue = field.initialValue as unknown;
    props.defaultValue = Array.isArray(initialValue) ? initialValue.map((item) => `${item ?? ""}`) : (initialValue as { toString(): string } | undefined)?.toString();
  }
  return withoutUndefined(props) as ReturnType<typeof getSelectProps>;
}
