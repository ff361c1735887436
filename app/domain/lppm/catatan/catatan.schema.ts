/**
 * Catatan Harian's form (LPPM.md "Execution"), client-safe: the browser validates with
 * the schema the server action uses. The date is a WIB calendar day, never after today; the
 * evidence files are checked again by content on the server.
 */
import { z } from "zod";
import { MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";
import { requiredText, wholeNumber } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import { parseWibDate, toWibDateInput } from "~/lib/util/wib";

/** Evidence per note, at most. */
export const BUKTI_MAKS = 5;
/** What evidence may be: documents and photos. */
export const BUKTI_TYPES = ["pdf", "jpg", "png"] as const;
export const KEGIATAN_MAKS = 2000;

export const TANGGAL_WAJIB = "Tanggal wajib diisi.";
export const TANGGAL_TIDAK_VALID = "Tanggal tidak valid.";
export const TANGGAL_MASA_DEPAN = "Tanggal tidak boleh setelah hari ini.";
export const BUKTI_TERLALU_BANYAK = `Bukti maksimal ${BUKTI_MAKS} file.`;
/** One post carries at most one document's worth (the LPPM screens' body limit): 10 MB for all of a note's files. */
export const BUKTI_TERLALU_BESAR = "Ukuran semua bukti sekaligus maksimal 10 MB.";

function isChosenFile(value: unknown): value is File {
  return typeof File !== "undefined" && value instanceof File && value.size > 0;
}

/**
 * The form of one note. `kelompok`: the RAB groups (sent by the loader, as for the RAB form);
 * `today`: the WIB day the check runs on ("2026-11-25").
 */
export function catatanSchema(kelompok: readonly [string, ...string[]], today: string = toWibDateInput(new Date())) {
  return z.object({
    tanggal: z
      .string({ error: TANGGAL_WAJIB })
      .trim()
      .min(1, TANGGAL_WAJIB)
      .refine((v) => parseWibDate(v) !== null && toWibDateInput(parseWibDate(v)) === v, TANGGAL_TIDAK_VALID)
      .refine((v) => v <= today, TANGGAL_MASA_DEPAN),
    kegiatan: requiredText("Kegiatan", KEGIATAN_MAKS),
    capaian: wholeNumber("Capaian", { min: 0, max: 100 }),
    kelompok: z.enum(kelompok, { error: "Kelompok RAB wajib dipilih." }),
    biaya: rupiahField("Biaya", { min: 0 }),
    // Blank file inputs arrive as empty Files (or not at all): only chosen files count.
    bukti: z
      .preprocess((v) => (Array.isArray(v) ? v : v === undefined ? [] : [v]).filter(isChosenFile), z.array(z.custom<File>()))
      .refine((files) => files.length <= BUKTI_MAKS, BUKTI_TERLALU_BANYAK)
      .refine((files) => files.reduce((sum, f) => sum + f.size, 0) <= MAX_DOCUMENT_BYTES, BUKTI_TERLALU_BESAR),
  });
}
export type CatatanForm = z.infer<ReturnType<typeof catatanSchema>>;
export type CatatanInput = Omit<CatatanForm, "bukti">;
