/**
 * Branch office forms (HTML and API), client-safe. Two forms share the table: the branch
 * name and opening hours (Kantor Cabang screen) and its contact record (Kontak Kami screen).
 */
import { z } from "zod";
import { HARI, NOMOR_HARI, formatJam, parseJam, type JamHari, type Minggu, type NomorHari } from "~/domain/kantor-cabang/jam-buka";
import { checkbox } from "~/lib/util/form-fields";
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

const namaKantorCabang = z
  .string({ error: "Kantor cabang wajib diisi." })
  .trim()
  .min(1, "Kantor cabang wajib diisi.")
  .max(100, "Kantor cabang maksimal 100 karakter.");

/** The branch's name only: what a legacy client posts (its hours stay as they are). */
export const kantorCabangNamaSchema = z.object({ kantor_cabang: namaKantorCabang });

// ---- Opening hours (issue 14 §4) ----------------------------------------------------------------

/** The form's fields of one day: jam_buka_1 … jam_buka_7, jam_tutup_1 …, libur_1 … (1 = Senin). */
export const jamFields = (hari: NomorHari) => ({ buka: `jam_buka_${hari}`, tutup: `jam_tutup_${hari}`, libur: `libur_${hari}` }) as const;
const JAM_FIELD = /^(jam_buka|jam_tutup|libur)_[1-7]$/;

type HourFieldName = `jam_buka_${NomorHari}` | `jam_tutup_${NomorHari}` | `libur_${NomorHari}`;

// A time as typed; its format and the day's rules are checked together below, so each message
// can name the day.
const jamText = z.string().trim().max(20, "Jam tidak valid, contoh 08:00.").optional();

const hourShape = Object.fromEntries(
  NOMOR_HARI.flatMap((hari) => {
    const f = jamFields(hari);
    return [
      [f.buka, jamText],
      [f.tutup, jamText],
      [f.libur, checkbox],
    ];
  }),
) as Record<`jam_buka_${NomorHari}` | `jam_tutup_${NomorHari}`, typeof jamText> & Record<`libur_${NomorHari}`, typeof checkbox>;

type HourValues = { [K in HourFieldName]?: string | boolean | undefined };

/**
 * The week as the form gives it: every row blank and no 'Libur' ticked is "no hours on
 * record" (null); otherwise each day is either its two times (tutup after buka, "24:00" the
 * end of the day) or Libur. Each issue names its field and the day.
 */
export function readWeek(values: HourValues): { week: Minggu | null; issues: { path: string; message: string }[] } {
  const text = (v: unknown) => (typeof v === "string" ? v.trim() : "");
  const days = NOMOR_HARI.map((hari) => {
    const f = jamFields(hari);
    return { hari, f, buka: text(values[f.buka]), tutup: text(values[f.tutup]), libur: values[f.libur] === true };
  });
  const issues: { path: string; message: string }[] = [];
  if (days.every((d) => !d.buka && !d.tutup && !d.libur)) return { week: null, issues };
  const week: Minggu = [];
  for (const { hari, f, buka, tutup, libur } of days) {
    const nama = HARI[hari - 1];
    const count = issues.length;
    const issue = (path: string, message: string) => issues.push({ path, message });
    if (libur) {
      if (buka || tutup) issue(buka ? f.buka : f.tutup, `${nama} libur: kosongkan jamnya atau hapus centang Libur.`);
      else week.push({ hari, buka: null, tutup: null });
      continue;
    }
    if (!buka && !tutup) {
      issue(f.buka, `Isi jam buka dan jam tutup ${nama}, atau centang Libur.`);
      continue;
    }
    const menitBuka = parseJam(buka);
    const menitTutup = parseJam(tutup);
    if (!buka) issue(f.buka, `Jam buka ${nama} wajib diisi bila jam tutup diisi.`);
    else if (menitBuka === null || menitBuka >= 24 * 60) issue(f.buka, `Jam buka ${nama} tidak valid, contoh 08:00.`);
    if (!tutup) issue(f.tutup, `Jam tutup ${nama} wajib diisi bila jam buka diisi.`);
    else if (menitTutup === null) issue(f.tutup, `Jam tutup ${nama} tidak valid, contoh 17:00 (24:00 untuk tengah malam).`);
    if (issues.length > count || menitBuka === null || menitTutup === null) continue;
    if (menitTutup <= menitBuka) {
      issue(f.tutup, `Jam tutup ${nama} harus setelah jam buka. Buka sampai tengah malam: isi 24:00.`);
      continue;
    }
    week.push({ hari, buka: formatJam(menitBuka), tutup: formatJam(menitTutup) });
  }
  return { week, issues };
}

/**
 * The branch form's fields as the browser checks them (useZodForm): the name and the hours per
 * weekday, each day's rules on its fields. The hours are checked even when the name is refused,
 * so the form shows every message at once. (No transform at its root: Conform derives the
 * fields' HTML constraints from this schema and cannot walk one.)
 */
export const kantorCabangFormSchema = z.object({ kantor_cabang: namaKantorCabang, ...hourShape }).superRefine((value, ctx) => {
  for (const { path, message } of readWeek(value).issues) ctx.addIssue({ code: "custom", path: [path], message });
});

/**
 * The branch form as the server reads it (Kantor Cabang screen, API): the same checks, and
 * `jam_buka` the week, or null for "no hours on record".
 */
export const kantorCabangSchema = kantorCabangFormSchema.transform((value) => ({
  kantor_cabang: value.kantor_cabang,
  jam_buka: readWeek(value).week,
}));

/** What the domain takes: `jam_buka` undefined keeps the stored hours (a legacy client sent none). */
export type KantorCabangInput = { kantor_cabang: string; jam_buka?: Minggu | null };

/** True when a body carries any of the hour fields (the HTML form always sends them all). */
export function sendsJamBuka(body: { keys(): Iterable<string> }): boolean {
  for (const key of body.keys()) if (JAM_FIELD.test(key)) return true;
  return false;
}

/**
 * The schema for a posted body: with any hour field, the whole week is checked and saved; a
 * body without them (a legacy client, spec section 7: {kantor_cabang}) changes the name only.
 */
export function kantorCabangSchemaFor(body: { keys(): Iterable<string> }): z.ZodType<KantorCabangInput> {
  return sendsJamBuka(body) ? kantorCabangSchema : kantorCabangNamaSchema;
}

/** A week as the form's default values (a closed day is 'Libur'; no hours: all blank). */
export function jamBukaDefaults(week: readonly JamHari[] | null | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  if (!week) return out;
  for (const hari of NOMOR_HARI) {
    const day = week.find((d) => d.hari === hari);
    const f = jamFields(hari);
    if (day?.buka && day.tutup) {
      out[f.buka] = day.buka;
      out[f.tutup] = day.tutup;
    } else {
      out[f.libur] = "on";
    }
  }
  return out;
}

/** Contact record of a branch (Kontak Kami): the name is not editable here. */
export const kontakKamiSchema = z.object({
  alamat: multilineText("Alamat", 500),
  kontak: whatsappField(),
  maps: mapField({ required: true }),
});
export type KontakKamiInput = z.output<typeof kontakKamiSchema>;
