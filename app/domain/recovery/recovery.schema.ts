/**
 * Forgot password (/lupa-password, POST /api/cekpass, POST /api/resetpassword): client-safe
 * schemas and helpers shared by the page, the API and the domain.
 */
import { z } from "zod";

export const NIDN_MIN_DIGITS = 10;
/** NUPTK has 16 digits; a little headroom, but no unbounded input. */
export const NIDN_MAX_DIGITS = 20;
export const NIDN_MIN_MESSAGE = "NIDN/NIDK harus minimal 10 digit.";
export const NIDN_REQUIRED_MESSAGE = "NIDN/NUPTK wajib diisi.";
export const PHONE_REQUIRED_MESSAGE = "Nomor telepon wajib diisi.";

export const NIDN_NOT_FOUND = "NIDN/NUPTK tidak terdaftar.";
export const PHONE_MISMATCH = "Nomor telepon tidak sesuai.";
export const NO_PHONE_ON_FILE = "Nomor telepon belum terdaftar. Silakan hubungi operator.";
export { SERVER_ERROR } from "~/lib/util/messages";
export const RESET_SUCCESS = "Reset Password Berhasil";
export const CONFIRM_TITLE = "Perhatian!";
export const CONFIRM_TEXT = "Username dan Password baru akan dikirimkan";

/** The ID as the field keeps it: digits only (the input strips everything else as you type). */
export function onlyDigits(value: string | null | undefined): string {
  return (value ?? "").replace(/\D/g, "");
}

// No .pipe() (see users.schema.ts): Conform turns "" into undefined, so "required" is the
// missing-value error and the rest is refine + transform.
export const nidnField = z
  .string({ error: NIDN_REQUIRED_MESSAGE })
  .refine((v) => onlyDigits(v).length > 0, NIDN_REQUIRED_MESSAGE)
  .refine((v) => onlyDigits(v).length === 0 || onlyDigits(v).length >= NIDN_MIN_DIGITS, NIDN_MIN_MESSAGE)
  .refine((v) => onlyDigits(v).length <= NIDN_MAX_DIGITS, `NIDN/NUPTK maksimal ${NIDN_MAX_DIGITS} digit.`)
  .transform(onlyDigits);

export const noTeleponField = z
  .string({ error: PHONE_REQUIRED_MESSAGE })
  .trim()
  .min(1, PHONE_REQUIRED_MESSAGE)
  .max(30, "Nomor telepon tidak valid.")
  .refine((v) => onlyDigits(v).length >= 8, "Nomor telepon tidak valid.");

/** Step 1 (POST /api/cekpass {nidn}). */
export const cekPassSchema = z.object({ nidn: nidnField });

/** Step 2 (POST /api/resetpassword {nidn, no_telepon}). */
export const resetPasswordSchema = z.object({ nidn: nidnField, no_telepon: noTeleponField });

export type CekPassInput = z.infer<typeof cekPassSchema>;
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * One form of an Indonesian phone number for comparing: digits only, "62…"/"+62…" become
 * "0…", and a bare "8…" (typed without the leading zero) becomes "08…".
 */
export function normalizePhone(value: string | null | undefined): string {
  const digits = onlyDigits(value);
  if (digits.startsWith("62")) return `0${digits.slice(2)}`;
  if (digits.startsWith("8")) return `0${digits}`;
  return digits;
}

/**
 * "081234567789" → "08*******789": at most the last 3 digits are visible (plus the
 * uninformative "08" prefix every Indonesian mobile number has).
 */
export function maskPhone(value: string | null | undefined): string {
  const digits = normalizePhone(value);
  if (!digits) return "";
  if (digits.length <= 4) return "*".repeat(digits.length);
  const tail = digits.slice(-3);
  const head = digits.startsWith("08") && digits.length >= 8 ? "08" : "";
  return head + "*".repeat(digits.length - head.length - tail.length) + tail;
}

/** The line of a reset message that carries the new password (see recovery.server.ts). */
export const PASSWORD_LINE_LABEL = "Password baru:";

/** An outbox message as pages may show it: the new password replaced by asterisks. */
export function maskSecretInMessage(body: string): string {
  return body
    .split("\n")
    .map((line) => (line.startsWith(PASSWORD_LINE_LABEL) ? `${PASSWORD_LINE_LABEL} ********` : line))
    .join("\n");
}
