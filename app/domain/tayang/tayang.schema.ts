import { z } from "zod";

/**
 * Products, categories and banners are published ('Tayang', the default) or drafts ('Draf'),
 * visible in the back office only. Client-safe: the forms' selects and badges read it.
 */
export const STATUS_TAYANG = ["Tayang", "Draf"] as const;
export type StatusTayang = (typeof STATUS_TAYANG)[number];
export const STATUS_DEFAULT: StatusTayang = "Tayang";

/**
 * The `status` field of the product, category and banner forms (HTML and API):
 * 'Tayang' or 'Draf' (any case: "draf" from an API client is 'Draf'). Left out — an old form,
 * an API client that never heard of it — it is undefined: a new record is 'Tayang', an edited
 * one keeps its status. Client-safe (the dialogs validate with it too).
 */
export const STATUS_TIDAK_VALID = "Status harus Tayang atau Draf.";

/** The option labels of the forms' select. */
export const STATUS_PILIHAN: { value: StatusTayang; label: string }[] = [
  { value: "Tayang", label: "Tayang (tampil di situs)" },
  { value: "Draf", label: "Draf (hanya di back office)" },
];

function normalize(value: unknown): unknown {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== "string") return value;
  const text = value.trim();
  if (text === "") return undefined;
  return STATUS_TAYANG.find((s) => s.toLowerCase() === text.toLowerCase()) ?? text;
}

export const statusField = z.preprocess(normalize, z.enum(STATUS_TAYANG, { error: STATUS_TIDAK_VALID }).optional());
