/**
 * A lecturer's own profile (Profil Saya in every LPPM area), client-safe: what they may change
 * themselves — phone, e-mail, bidang keahlian and the research identifiers. Their name, NIDN/
 * NUPTK, program studi and jabatan akademik are the institute's record of who they are: the
 * operator sets those (Manajemen Pengguna, Impor Dosen).
 */
import { z } from "zod";
import { cekOrcid, cekScholar, cekScopus, cekSinta } from "~/domain/users/identitas";
import { optionalPhone } from "~/domain/users/users.schema";

export const PROFIL_TERSIMPAN = "Profil disimpan.";

type Cek = (raw: string) => { ok: true; value: string | null } | { ok: false; message: string };

/** An identifier field: "" clears, anything else must pass its check (normalised on the way). */
const identifier = (cek: Cek) =>
  z
    .string()
    .max(200, "Isian terlalu panjang.")
    .optional()
    .transform((v, ctx) => {
      const checked = cek(v ?? "");
      if (!checked.ok) {
        ctx.addIssue({ code: "custom", message: checked.message });
        return z.NEVER;
      }
      return checked.value;
    });

export const profilSchema = z.object({
  email: z
    .string()
    .trim()
    .max(150, "Email maksimal 150 karakter.")
    .optional()
    .refine((v) => !v || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), "Format email tidak valid.")
    .transform((v) => v ?? ""),
  no_hp: optionalPhone,
  bidang_keahlian: z
    .string()
    .trim()
    .max(150, "Bidang keahlian maksimal 150 karakter.")
    .optional()
    .transform((v) => v || null),
  sinta_id: identifier(cekSinta),
  orcid: identifier(cekOrcid),
  scopus_id: identifier(cekScopus),
  scholar_id: identifier(cekScholar),
});

export type ProfilInput = z.output<typeof profilSchema>;
