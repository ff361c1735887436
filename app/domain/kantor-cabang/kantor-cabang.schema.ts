/**
 * Branch office forms (HTML and API), client-safe. Two forms share the table: the branch
 * name and opening hours (Kantor Cabang screen) and its contact record (Kontak Kami screen).
 */
import { z } from "zod";
import { HARI, NOMOR_HARI, formatJam, parseJam, type JamHari, type Minggu, type NomorHari } from "~/domain/kantor-cabang/jam-buka";
import { checkbox, mapField, multilineText, whatsappField } from "~/lib/util/form-fields";

const namaKantorCabang = z
  .string({ error: "Kantor cabang wajib diisi." })
  .trim()
  .min(1, "Kantor cabang wajib diisi.")
  .max(100, "Kantor cabang maksimal 100 karakter.");

/** The branch's name only: what a legacy client posts (its hours stay as they are). */
export const kantorCabangNamaSchema = z.object({ kantor_cabang: namaKantorCabang });

// ---- Opening hours ----------------------------------------------------------------

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
