/** The one-time link to set one's own password: client-safe texts and the page's form. */
import { z } from "zod";
import { PASSWORD_MISMATCH_TEXT, strongPassword } from "~/domain/users/password.schema";

/** How long a link works: a week, long enough for a lecturer to find the message. */
export const TAUTAN_BERLAKU_HARI = 7;
export const TAUTAN_BERLAKU_MS = TAUTAN_BERLAKU_HARI * 24 * 60 * 60 * 1000;

/** The page's path; the token travels in its query (never stored, only its hash). */
export const ATUR_PASSWORD_PATH = "/atur-password";

export const TAUTAN_TIDAK_BERLAKU =
  "Tautan ini tidak berlaku: sudah pernah dipakai atau sudah diganti dengan tautan yang lebih baru. Minta tautan baru kepada operator LPPM.";
export const TAUTAN_KEDALUWARSA = `Tautan ini sudah kedaluwarsa (berlaku ${TAUTAN_BERLAKU_HARI} hari). Minta tautan baru kepada operator LPPM.`;
export const PASSWORD_TERSIMPAN = "Password berhasil dibuat. Silakan masuk dengan username dan password baru Anda.";

/** What the stored (masked) copy of the message shows instead of the link. */
export const TAUTAN_DISEMBUNYIKAN = "[tautan disembunyikan]";

export const aturPasswordSchema = z
  .object({
    token: z.string({ error: TAUTAN_TIDAK_BERLAKU }).min(1, TAUTAN_TIDAK_BERLAKU),
    pass_baru: strongPassword,
    konfirmasi_pass: z.string({ error: "Konfirmasi password wajib diisi." }).min(1, "Konfirmasi password wajib diisi."),
  })
  .refine((v) => v.pass_baru === v.konfirmasi_pass, { message: PASSWORD_MISMATCH_TEXT, path: ["konfirmasi_pass"] });
