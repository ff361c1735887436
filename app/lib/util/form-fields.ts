/**
 * Zod fields the back-office forms share, with Indonesian messages. Client-safe. Written for
 * Conform's parsing: a blank field arrives as undefined, so "required" is the type error, and
 * numbers are read from their text here (digits only: "1e3" or "0x10" never pass as 1000 or 16).
 */
import { z } from "zod";

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
