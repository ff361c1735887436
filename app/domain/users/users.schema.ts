/** User management form (HTML and API), client-safe. */
import { z } from "zod";
import { isStrongPassword, PASSWORD_RULE_TEXT, strongPassword } from "~/domain/users/password.schema";
import { ROLES, type Role } from "~/domain/users/roles";

const text = (label: string, max = 100) =>
  z
    .string({ error: `${label} wajib diisi.` })
    .trim()
    .min(1, `${label} wajib diisi.`)
    .max(max, `${label} maksimal ${max} karakter.`);

const PHONE_PATTERN = /^\+?[\d\s-]{9,20}$/;
const PHONE_MESSAGE = "Nomor HP tidak valid (contoh: 0852xxxxxxxx).";
const digitsOnly = (v: string) => v.replace(/[\s-]/g, "");

// No .pipe() into string schemas here: Conform's zod coercion turns "" into undefined
// inside piped schemas too, so optional fields are written as refine + transform.
export const requiredPhone = z
  .string({ error: "Nomor HP wajib diisi." })
  .trim()
  .min(1, "Nomor HP wajib diisi.")
  .refine((v) => PHONE_PATTERN.test(v), PHONE_MESSAGE)
  .transform(digitsOnly);

export const optionalPhone = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || PHONE_PATTERN.test(v), PHONE_MESSAGE)
  .transform((v) => digitsOnly(v ?? ""));

/**
 * The user form's rules beyond the spec (README, "Users"; /api/openapi.json), with the message
 * each refusal gives: a username has no spaces (the spec only hints it), at least one Hak Akses,
 * and the strong password (PASSWORD_RULE_TEXT) on create and on an edit that sets one.
 */
export const USERNAME_SPACES_TEXT = "Username tidak boleh mengandung spasi.";
export const HAK_AKSES_REQUIRED_TEXT = "Pilih minimal satu hak akses.";

/** hak_akses: checkboxes (repeated fields) or, from the API, a JSON list string. */
export const hakAkses = z.preprocess(
  (value) => {
    if (typeof value === "string") {
      const trimmed = value.trim();
      if (trimmed.startsWith("[")) {
        try {
          return JSON.parse(trimmed) as unknown;
        } catch {
          return value;
        }
      }
      return trimmed ? trimmed.split(",").map((s) => s.trim()) : [];
    }
    return value ?? [];
  },
  // Checked as a whole so an unknown role is reported on hak_akses itself (not hak_akses[1]),
  // which is the field the form shows and the API client sent.
  z
    .array(z.string(), { error: "Hak akses tidak valid." })
    .min(1, HAK_AKSES_REQUIRED_TEXT)
    .refine((list) => list.every((role) => (ROLES as readonly string[]).includes(role)), "Hak akses tidak dikenal.")
    .transform((list) => [...new Set(list)] as Role[]),
);

export const STATUS = ["Aktif", "Tidak-Aktif"] as const;

export const NIDN_MESSAGE = "NIDN/NIDK harus minimal 10 digit.";
export const NIDN_TAKEN = "NIDN sudah digunakan.";
const nidnDigits = (v: string) => v.replace(/[\s.-]/g, "");

/**
 * Optional lecturer ID (NIDN/NUPTK) for /lupa-password: digits only, at least 10.
 * Output: the digits, null for "" (clear), undefined when not sent (an update keeps the value).
 */
export const optionalNidn = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || /^\d+$/.test(nidnDigits(v)), "NIDN/NUPTK hanya boleh berisi angka.")
  .refine((v) => !v || !/^\d+$/.test(nidnDigits(v)) || nidnDigits(v).length >= 10, NIDN_MESSAGE)
  .refine((v) => !v || nidnDigits(v).length <= 20, "NIDN/NUPTK maksimal 20 digit.")
  .transform((v) => (v === undefined ? undefined : v ? nidnDigits(v) : null));

/**
 * Academic position(s): comma-separated in the form (or a JSON list from the API), stored as a
 * JSON list; null clears, undefined (not sent) keeps.
 */
export const optionalJabatan = z
  .string()
  .trim()
  .max(300, "Jabatan akademik maksimal 300 karakter.")
  .optional()
  .transform((v) => {
    if (v === undefined) return undefined;
    if (!v) return null;
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(v);
    } catch {
      /* not JSON: comma-separated */
    }
    const list = Array.isArray(parsed) ? parsed.map(String) : (typeof parsed === "string" ? parsed : v).split(",");
    const items = list.map((s) => s.trim()).filter(Boolean);
    return items.length ? JSON.stringify([...new Set(items)]) : null;
  });

/** An optional choice of a row (program studi, fakultas): its id, null for "" (clear), undefined when not sent. */
const optionalRowId = (label: string) =>
  z
    .string()
    .trim()
    .optional()
    .refine((v) => !v || /^[1-9]\d{0,9}$/.test(v), `${label} tidak valid.`)
    .transform((v) => (v === undefined ? undefined : v ? Number(v) : null));

/** Optional free text of the dosen profile: null for "" (clear), undefined when not sent. */
const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter.`)
    .optional()
    .transform((v) => (v === undefined ? undefined : v || null));

/** SINTA author id: digits only (sinta.kemdikbud.go.id/authors/profile/<id>). */
const optionalSinta = z
  .string()
  .trim()
  .optional()
  .refine((v) => !v || /^\d{1,12}$/.test(v), "SINTA ID hanya boleh berisi angka (maksimal 12 digit).")
  .transform((v) => (v === undefined ? undefined : v || null));

const base = {
  name: text("Nama pengguna"),
  email: z.email({
    error: (issue) => (issue.input === undefined || issue.input === "" ? "Email wajib diisi." : "Format email tidak valid."),
  }).max(150, "Email maksimal 150 karakter."),
  status_aktif: z.enum(STATUS, { error: "Status login wajib dipilih." }),
  hak_akses: hakAkses,
  nidn: optionalNidn,
  jabatan_akademik: optionalJabatan,
  // The dosen profile of the LPPM (LPPM.md, "Dosen profile").
  id_prodi: optionalRowId("Program studi"),
  bidang_keahlian: optionalText("Bidang keahlian", 150),
  sinta_id: optionalSinta,
  /** The faculty a Verifikator-Fakultas approves for (required with that role: checked by the domain). */
  id_fakultas_verifikasi: optionalRowId("Fakultas"),
};

export const createUserSchema = z.object({
  ...base,
  username: text("Username", 50).refine((v) => !/\s/.test(v), USERNAME_SPACES_TEXT),
  password: strongPassword,
  no_hp: requiredPhone,
});

export const updateUserSchema = z.object({
  ...base,
  /** Empty keeps the current password ('Kosongkan jika tidak merubah Password'). */
  password: z
    .string()
    .optional()
    .refine((v) => !v || isStrongPassword(v), PASSWORD_RULE_TEXT)
    .transform((v) => v ?? ""),
  no_hp: optionalPhone,
});

/** The dosen profile may be left out entirely (undefined keeps, null clears). */
type DosenProfile = { id_prodi?: number | null; bidang_keahlian?: string | null; sinta_id?: string | null; id_fakultas_verifikasi?: number | null };
type ProfileOptional<T> = Omit<T, keyof DosenProfile> & DosenProfile;
export type CreateUserInput = ProfileOptional<z.infer<typeof createUserSchema>>;
export type UpdateUserInput = ProfileOptional<z.infer<typeof updateUserSchema>>;

/** The optional fields a blank sends as "clear" (the others are required or kept). */
const CLEARABLE = ["nidn", "jabatan_akademik", "id_prodi", "bidang_keahlian", "sinta_id", "id_fakultas_verifikasi"] as const;
type Clearable = { [K in (typeof CLEARABLE)[number]]?: string | number | null };

/**
 * The optional profile fields (NIDN, Jabatan Akademik, the dosen profile) sent blank clear the
 * stored value; left out, they keep it. (The form parser drops blank fields, so the rule reads
 * the raw form; both transports use it.)
 */
export function withClearedBlanks<T extends Clearable>(form: FormData, value: T): T {
  const result: Clearable = { ...value };
  for (const field of CLEARABLE) {
    if (result[field] === undefined && form.has(field)) result[field] = null;
  }
  return result as T;
}
