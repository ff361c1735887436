/**
 * Branch office forms (HTML and API), client-safe. Two forms share the table: the branch
 * name (Kantor Cabang screen) and its contact record (Kontak Kami screen).
 */
import { z } from "zod";
import { normalizeMapUrl } from "~/lib/util/maps";

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

/** Branch name form: kantor_cabang required. */
export const kantorCabangSchema = z.object({
  kantor_cabang: z
    .string({ error: "Kantor cabang wajib diisi." })
    .trim()
    .min(1, "Kantor cabang wajib diisi.")
    .max(100, "Kantor cabang maksimal 100 karakter."),
});
export type KantorCabangInput = z.infer<typeof kantorCabangSchema>;

/** Contact record of a branch (Kontak Kami): the name is not editable here. */
export const kontakKamiSchema = z.object({
  alamat: multilineText("Alamat", 500),
  kontak: whatsappField(),
  maps: mapField({ required: true }),
});
export type KontakKamiInput = z.output<typeof kontakKamiSchema>;
