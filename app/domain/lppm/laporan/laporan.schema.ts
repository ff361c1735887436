/**
 * The forms of a project's reports (LPPM.md "Execution"), client-safe: the browser
 * validates with the schemas the server actions use.
 * - the report itself: capaian (0–100 %), realisasi anggaran (rupiah) and a summary;
 * - what became of each target output (luaran): its status so far and the evidence, a DOI or URL
 *   and/or a certificate or letter (PDF, JPEG, PNG), with the publication's details from which a
 *   publication-incentive claim can later be prefilled.
 */
import { z } from "zod";
import { optionalText, optionalWholeNumber, requiredText, wholeNumber } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import { LUARAN_CAPAIAN } from "~/domain/lppm/usulan/rules";
import type { LaporanStatus } from "~/domain/lppm/workflow";

export type LaporanJenis = "kemajuan" | "akhir";
/** The report in a sentence ("Laporan kemajuan belum …"). */
export const LAPORAN_LABEL: Record<LaporanJenis, string> = { kemajuan: "Laporan kemajuan", akhir: "Laporan akhir" };
/** The report as a page's or menu's title. */
export const LAPORAN_JUDUL: Record<LaporanJenis, string> = { kemajuan: "Laporan Kemajuan", akhir: "Laporan Akhir" };

/** The statuses the LPPM office lists (a DRAF is still the ketua's own). */
export const LAPORAN_KANTOR_STATUSES: readonly LaporanStatus[] = ["DIAJUKAN", "DIKEMBALIKAN", "DITERIMA"];

export const RINGKASAN_LAPORAN_MAKS = 5000;
/** What a certificate or letter proving an output may be. */
export const BUKTI_LUARAN_TYPES = ["pdf", "jpg", "png"] as const;

export const DOI_URL_TIDAK_VALID = "DOI atau URL tidak valid (contoh: 10.1234/abcd.2026 atau https://…).";
export const ISSN_ISBN_TIDAK_VALID = "ISSN/ISBN tidak valid.";

/** A DOI ("10.1234/…", optionally as https://doi.org/…) or an http(s) URL. */
export function isDoiOrUrl(value: string): boolean {
  if (/^10\.\d{4,9}\/\S+$/.test(value)) return true;
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return Boolean(url.hostname.includes("."));
  } catch {
    return false;
  }
}

/** An ISSN (1234-567X) or an ISBN of 10 or 13 digits, hyphens allowed. */
export function isIssnOrIsbn(value: string): boolean {
  const compact = value.replace(/[-\s]/g, "");
  return /^\d{7}[\dXx]$/.test(compact) || /^\d{9}[\dXx]$/.test(compact) || /^\d{13}$/.test(compact);
}

export const laporanSchema = z.object({
  capaian: wholeNumber("Capaian", { min: 0, max: 100 }),
  realisasi: rupiahField("Realisasi anggaran", { min: 0 }),
  ringkasan: requiredText("Ringkasan", RINGKASAN_LAPORAN_MAKS),
});
export type LaporanInput = z.infer<typeof laporanSchema>;

/** `maxYear`: the latest year an output may carry (next year: an accepted paper's issue). */
export function luaranCapaianSchema(maxYear: number = new Date().getFullYear() + 1) {
  return z.object({
    status: z.enum(LUARAN_CAPAIAN, { error: "Status capaian wajib dipilih." }),
    judul_publikasi: optionalText("Judul publikasi", 300),
    nama_wadah: optionalText("Nama jurnal/penerbit/konferensi", 200),
    issn_isbn: optionalText("ISSN/ISBN", 30).refine((v) => !v || isIssnOrIsbn(v), ISSN_ISBN_TIDAK_VALID),
    doi_url: optionalText("DOI/URL", 500).refine((v) => !v || isDoiOrUrl(v), DOI_URL_TIDAK_VALID),
    tahun: optionalWholeNumber("Tahun", { min: 1990, max: maxYear }),
  });
}
export type LuaranCapaianInput = z.infer<ReturnType<typeof luaranCapaianSchema>>;
