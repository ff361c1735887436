/**
 * Conform + zod for our plain-HTML forms: the client validates with the same schema the server
 * uses, and the server's reply, read by useReply (its toast), is Conform's lastResult: its
 * messages show on their fields, with or without JavaScript.
 */
import { useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { registerField } from "~/components/ui/field-props";
import { useReply, type Reply } from "~/components/ui/use-reply";
import type { z } from "zod";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function useZodForm<Schema extends z.ZodType<Record<string, any>, Record<string, any>>>(
  schema: Schema,
  options: { id: string; reply?: Reply | undefined; defaultValue?: Record<string, unknown> },
) {
  // A refused save toasts its message ('Gagal menyimpan data', or the server's own message).
  const { reply } = useReply(options.reply);
  const constraint = constraintOf(schema);
  const [form, fields] = useForm<z.input<Schema>, z.output<Schema>, string[]>({
    id: options.id,
    lastResult: reply?.result,
    // Conform's default-value type is derived from the schema; our callers pass plain records.
    defaultValue: options.defaultValue as never,
    constraint,
    // Validate on submit, then as the user types: validating on blur would move the Simpan
    // button under the pointer (a new error line appears) and swallow the click.
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  // Each top-level field is made once per render (Conform makes a new one on every read) and
  // registered with what inputProps & co. need (field-props.ts).
  const formId = form.id;
  const made = new Map<string, unknown>();
  const registered = new Proxy(fields, {
    get(target, key, receiver) {
      if (typeof key !== "string" || !PLAIN_NAME.test(key)) return Reflect.get(target, key, receiver);
      let field = made.get(key);
      if (field === undefined) {
        const metadata: unknown = Reflect.get(target, key, receiver);
        field = metadata && typeof metadata === "object" ? readOnceARender(metadata, { id: `${formId}-${key}`, name: key, formId, constraint: constraint[key] }) : metadata;
        made.set(key, field);
      }
      return field;
    },
  });
  return [form, registered] as const;
}

/**
 * A field whose properties are read from Conform at most once per render. Conform's metadata
 * builds its state afresh on every read, and a control reads its id and errors for the label,
 * then its errors and initial value again for the input (~4 % of a draft proposal's
 * page). Within one render the answers cannot change; the one read still subscribes the
 * component to what it read, as every read of Conform's does. The id, name and form id are
 * known without asking.
 */
function readOnceARender(metadata: object, facts: Parameters<typeof registerField>[1]): object {
  const read = new Map<PropertyKey, unknown>([
    ["id", facts.id],
    ["name", facts.name],
    ["formId", facts.formId],
  ]);
  const field = new Proxy(metadata, {
    get(target, key) {
      if (read.has(key)) return read.get(key);
      const value: unknown = Reflect.get(target, key);
      read.set(key, value);
      return value;
    },
  });
  registerField(field, facts);
  return field;
}

/** A top-level field whose name is its key (Conform writes other names with paths). */
const PLAIN_NAME = /^[A-Za-z_$][\w$]*$/;

/**
 * The HTML constraints (required, maxLength, …) of a schema, derived once per schema object:
 * walking a zod schema for every render of every form was a tenth of a proposal page's CPU.
 * Schemas are module constants, or memoized by the caller.
 */
const constraints = new WeakMap<z.ZodType, ReturnType<typeof getZodConstraint>>();
function constraintOf(schema: z.ZodType): ReturnType<typeof getZodConstraint> {
  let constraint = constraints.get(schema);
  if (!constraint) constraints.set(schema, (constraint = getZodConstraint(schema)));
  return constraint;
}
