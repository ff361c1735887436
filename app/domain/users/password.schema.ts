/** Change-password form (spec section 5): client-safe, shared by the HTML form and the API. */
import { z } from "zod";

export const PASSWORD_RULE_TEXT =
  "Password harus kombinasi huruf besar, huruf kecil, angka, dan minimal 8 karakter.";
export const PASSWORD_MISMATCH_TEXT = "Konfirmasi password tidak sesuai.";
export const PASSWORD_HELPER_TEXT =
  "Gunakan kombinasi huruf besar, huruf kecil, angka, minimal 8 karakter.";

export function isStrongPassword(v: string): boolean {
  return v.length >= 8 && /[a-z]/.test(v) && /[A-Z]/.test(v) && /\d/.test(v);
}

export const strongPassword = z
  .string({ error: "Password wajib diisi." })
  .min(1, "Password wajib diisi.")
  .refine(isStrongPassword, PASSWORD_RULE_TEXT);

export const changePasswordSchema = z
  .object({
    pass_lama: z.string({ error: "Password lama wajib diisi." }).min(1, "Password lama wajib diisi."),
    pass_baru: strongPassword,
    konfirmasi_pass: z
      .string({ error: "Konfirmasi password wajib diisi." })
      .min(1, "Konfirmasi password wajib diisi."),
  })
  .refine((v) => v.pass_baru === v.konfirmasi_pass, {
    message: PASSWORD_MISMATCH_TEXT,
    path: ["konfirmasi_pass"],
  });
