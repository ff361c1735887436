/** Store setting form (HTML and API), client-safe. */
import { z } from "zod";
import { ZONA_WAKTU } from "~/domain/kantor-cabang/jam-buka";
import { mapField, multilineText, wholeNumber, whatsappField } from "~/lib/util/form-fields";

type Social = { base: string; hosts: string[]; handle: RegExp };

const SOCIAL = {
  instagram: {
    base: "https://instagram.com/",
    hosts: ["instagram.com", "www.instagram.com", "m.instagram.com", "instagr.am"],
    handle: /^[A-Za-z0-9._]{1,30}$/,
  },
  facebook: {
    base: "https://facebook.com/",
    hosts: ["facebook.com", "www.facebook.com", "m.facebook.com", "web.facebook.com", "fb.com", "www.fb.com"],
    handle: /^[A-Za-z0-9.\-_]{1,50}$/,
  },
} satisfies Record<string, Social>;

/**
 * A social profile as typed — a full link ("https://www.instagram.com/toko", also without
 * "https://") or a handle ("@toko", "toko") — as an https URL on that network, or null.
 */
export function normalizeSocialUrl(network: keyof typeof SOCIAL, input: string): string | null {
  const { base, hosts, handle } = SOCIAL[network];
  const raw = input.trim();
  if (!raw) return null;
  const bare = raw.replace(/^@/, "");
  if (handle.test(bare) && !hosts.includes(bare.toLowerCase())) return base + bare;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(raw) ? raw : `https://${raw}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (url.username || url.password || url.port) return null;
  if (!hosts.includes(url.hostname.toLowerCase())) return null;
  if (url.pathname === "/" && !url.search) return null; // the network's home page is no profile
  url.protocol = "https:";
  url.hash = "";
  return url.toString();
}

function requiredText(label: string, max: number) {
  const message = `${label} wajib diisi.`;
  return z.string({ error: message }).trim().min(1, message).max(max, `${label} maksimal ${max} karakter.`);
}

function socialField(network: keyof typeof SOCIAL, label: string, example: string) {
  return requiredText(label, 200)
    .refine(
      (v) => normalizeSocialUrl(network, v) !== null,
      `${label} tidak valid. Isi username (contoh @${example}) atau link ${SOCIAL[network].base}${example}.`,
    )
    .transform((v) => normalizeSocialUrl(network, v) ?? v);
}

/** A text that may be left empty ("" when sent empty or not at all). */
function optionalText(label: string, max: number) {
  return z
    .string()
    .trim()
    .max(max, `${label} maksimal ${max} karakter.`)
    .optional()
    .transform((v) => v ?? "");
}

/**
 * A signatory's NIP (or the campus's own staff number): digits only, 8 to 20 of them (a civil
 * servant's NIP has 18); spaces typed between groups are dropped. Empty leaves the line blank.
 */
function nipField(label: string) {
  return z
    .string()
    .transform((v) => v.replace(/\s+/g, ""))
    .refine((v) => v === "" || /^\d{8,20}$/.test(v), `${label} hanya berisi angka, 8 sampai 20 digit.`)
    .optional()
    .transform((v) => v ?? "");
}

export const settingSchema = z.object({
  nama_toko: requiredText("Nama toko", 100),
  kota: requiredText("Kota", 60),
  alamat: multilineText("Alamat", 500),
  email: z
    .string()
    .trim()
    .max(254, "Email terlalu panjang.")
    .refine((v) => v === "" || z.email().safeParse(v).success, "Email tidak valid, contoh: halo@tokoanda.com.")
    .optional()
    .transform((v) => v ?? ""),
  instagram: socialField("instagram", "Instagram", "tokoanda"),
  whatsapp: whatsappField(),
  facebook: socialField("facebook", "Facebook", "tokoanda"),
  maps: mapField({ required: false }),
  /**
   * The research-institute module (LPPM.md, "Login"): "1" on, "0" off; not sent (the legacy
   * client knows nothing of it) keeps the stored value.
   */
  modul_lppm: z
    .enum(["1", "0", "true", "false"], { error: "Modul LPPM tidak valid." })
    .transform((v) => v === "1" || v === "true")
    .optional(),
  /**
   * The zone of the branches' opening hours ('Buka sekarang'): WIB, WITA or WIT by
   * its IANA name. Not sent (the legacy client) keeps the stored zone.
   */
  zona_waktu: z
    .enum(ZONA_WAKTU.map((zona) => zona.value) as [string, ...string[]], { error: "Zona waktu tidak valid. Pilih WIB, WITA, atau WIT." })
    .optional(),
  /**
   * The research institute's name, signing its e-mail and WhatsApp messages ("" for "LPPM").
   * Not sent (the legacy client) keeps the stored name.
   */
  nama_lppm: z
    .string()
    .trim()
    .max(100, "Nama LPPM maksimal 100 karakter.")
    .optional()
    .transform((v) => v ?? ""),
  // The letterhead and signatories of the LPPM's papers (PDF). Not sent keeps the stored value.
  kop_institusi: optionalText("Nama institusi", 150),
  kop_alamat: optionalText("Alamat institusi", 300),
  ttd_kepala_nama: optionalText("Nama Kepala LPPM", 100),
  ttd_kepala_nip: nipField("NIP Kepala LPPM"),
  ttd_kepala_jabatan: optionalText("Jabatan Kepala LPPM", 100),
  ttd_sekretaris_nama: optionalText("Nama Sekretaris LPPM", 100),
  ttd_sekretaris_nip: nipField("NIP Sekretaris LPPM"),
  ttd_sekretaris_jabatan: optionalText("Jabatan Sekretaris LPPM", 100),
});
export type SettingInput = z.output<typeof settingSchema>;
export type SettingField = keyof SettingInput;

export const SETTING_FIELDS = Object.keys(settingSchema.shape) as SettingField[];

/**
 * The setting form for a body that may carry only some of the fields: the legacy client sends
 * five (nama_toko, alamat, instagram, whatsapp, facebook), never kota, email or maps. A field
 * that is SENT is checked exactly as on the full form — also when it is sent empty, so
 * `kota=` still answers 'Kota wajib diisi.' — and a field that is absent is left out of the
 * result, to keep its stored value (see `mergeSetting`). Presence is read from the body, not
 * from the parsed value, because Conform turns an empty string into "absent".
 */
export function settingSchemaFor(body: { has(name: string): boolean }): z.ZodType<Partial<SettingInput>> {
  const mask: Partial<Record<SettingField, true>> = {};
  for (const field of SETTING_FIELDS) if (body.has(field)) mask[field] = true;
  return settingSchema.pick(mask);
}

/**
 * The daily automatic backup (Cadangan page): the hour in WIB it is made at, and how many
 * automatic backups are kept (older ones are removed; backups made by hand never are).
 */
export const jadwalCadanganSchema = z.object({
  cadangan_jam: wholeNumber("Jam cadangan otomatis", { min: 0, max: 23 }),
  cadangan_simpan: wholeNumber("Jumlah cadangan otomatis yang disimpan", { min: 1, max: 365 }),
});
export type JadwalCadangan = z.output<typeof jadwalCadanganSchema>;
