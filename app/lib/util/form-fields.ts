/**
 * Zod fields the back-office forms share, with Indonesian messages. Client-safe. Written for
 * Conform's parsing: a blank field arrives as undefined, so "required" is the type error, and
 * numbers are read from their text here (digits only: "1e3" or "0x10" never pass as 1000 or 16).
 */
import { z } from "zod";
import { normalizeMapUrl } from "~/lib/util/maps";

/** Required text, trimmed, at most `max` characters. */
export function requiredText(label: string, max: number) {
  const required = `${label} wajib diisi.`;
  return z.string({ error: required }).trim().min(1, required).max(max, `${label} maksimal ${max} karakter.`);
}

/** Optional text, trimmed; "" when blank. */
export function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter.`)
    .optional()
    .transform((v) => v ?? "");
}

const DIGITS = /^\d{1,9}$/;

/** A required whole number between min and max. */
export function wholeNumber(label: string, { min, max }: { min: number; max: number }) {
  const required = `${label} wajib diisi.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((v) => DIGITS.test(v), `${label} harus berupa bilangan bulat.`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${label} harus antara ${min} dan ${max}.`);
}

/** An optional whole number between min and max: null when blank (or `fallback` when given). */
export function optionalWholeNumber(label: string, { min, max, fallback = null }: { min: number; max: number; fallback?: number | null }) {
  return z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || DIGITS.test(v), `${label} harus berupa bilangan bulat.`)
    .transform((v): number | null => (v ? Number(v) : fallback))
    .refine((n) => n === null || (n >= min && n <= max), `${label} harus antara ${min} dan ${max}.`);
}

/** The id chosen in a select: required, a positive whole number. */
export function selectedId(message: string) {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .refine((v) => DIGITS.test(v) && Number(v) > 0, message)
    .transform(Number);
}

/** A checkbox: ticked ("on", or "1"/"true" from other clients) is true, absent is false. */
export const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "1" || v === "true");

export const MAP_INVALID_TEXT =
  "Link peta tidak valid. Tempel link Google Maps atau kode sematan (embed) dari Google Maps.";

/** Line breaks typed in a textarea are kept, in one form (\n). */
export function normalizeLines(text: string): string {
  return text.replace(/\r\n?/g, "\n").trim();
}

/**
 * Required textarea text: line breaks are normalised before the length check, so the
 * browser's maxlength (which counts a line break once) and the server agree.
 */
export function multilineText(label: string, max: number) {
  const required = `${label} wajib diisi.`;
  return z
    .string({ error: required })
    .transform(normalizeLines)
    .pipe(z.string({ error: required }).min(1, required).max(max, `${label} maksimal ${max} karakter.`));
}

/**
 * A WhatsApp number as typed ("0812-3456 7890", "+62 812…") → its digits ("081234567890",
 * "6281234567890"), or null when it is not an Indonesian phone number of 9–15 digits.
 */
export function normalizeWhatsapp(input: string): string | null {
  const raw = input.trim();
  if (!/^\+?[\d\s-]+$/.test(raw)) return null;
  const digits = raw.replace(/\D/g, "");
  if (raw.startsWith("+") && !digits.startsWith("62")) return null;
  if (!/^(0|62)[1-9]/.test(digits)) return null;
  if (digits.length < 9 || digits.length > 15) return null;
  return digits;
}

/** Required WhatsApp number field: digits, spaces, + and - accepted; stored as digits. */
export function whatsappField(label = "No Whatsapp") {
  const required = `${label} wajib diisi.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(30, `${label} terlalu panjang.`)
    .refine((v) => /^\+?[\d\s-]+$/.test(v), `${label} hanya boleh berisi angka, spasi, tanda + dan -.`)
    .refine(
      (v) => normalizeWhatsapp(v) !== null,
      `${label} tidak valid. Gunakan nomor Indonesia 9–15 digit, contoh 081234567890 atau +6281234567890.`,
    )
    .transform((v) => normalizeWhatsapp(v) ?? v);
}

/** A map link or Google Maps embed markup; only the vetted URL is kept. */
export function mapField(options: { required: boolean }) {
  const base = z
    .string({ error: "Maps wajib diisi." })
    .trim()
    .max(5000, "Maps terlalu panjang.")
    .refine((v) => v === "" || normalizeMapUrl(v) !== null, MAP_INVALID_TEXT)
    .transform((v) => normalizeMapUrl(v) ?? "");
  return options.required
    ? z.string({ error: "Maps wajib diisi." }).trim().min(1, "Maps wajib diisi.").pipe(base)
    : base.optional().transform((v) => v ?? "");
}
