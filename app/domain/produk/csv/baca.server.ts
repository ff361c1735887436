/**
 * Reading a products import file (an upload, or a file kept for 'Terapkan') with the app's CSV
 * codec, within the products import's limits and words (the reader: impor/baca.server.ts).
 */
import { bacaBerkas, BUKAN_UTF8, CsvFileError, type AturanBaca, type CsvTable } from "~/domain/impor/baca.server";
import { MAX_BARIS } from "~/domain/produk/csv/format";

export { BUKAN_UTF8, CsvFileError, type CsvTable };

export const PILIH_BERKAS = "Pilih berkas CSV yang akan diimpor.";
export const BERKAS_KOSONG = "Berkas CSV kosong.";
export const TANPA_BARIS = "Berkas CSV tidak berisi baris produk: hanya baris judul kolom.";
export const BUKAN_CSV =
  "Berkas ini bukan CSV teks (mungkin berkas Excel .xlsx atau gambar). Simpan sebagai 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const TERLALU_BANYAK_BARIS = `Berkas berisi lebih dari ${MAX_BARIS.toLocaleString("id-ID")} baris selain baris judul (baris kosong ikut dihitung). Bagi menjadi beberapa berkas.`;

// The size limit's wording lives with the other upload rules (the request's front refuses too).
export { berkasTerlaluBesar, ukuranMb } from "~/lib/util/upload-rules";

const ATURAN: AturanBaca = { maxBaris: MAX_BARIS, kosong: BERKAS_KOSONG, tanpaBaris: TANPA_BARIS, bukanCsv: BUKAN_CSV, terlaluBanyak: TERLALU_BANYAK_BARIS };

/**
 * Reads a CSV file (an uploaded Blob or a stored file's path): the header (the first non-blank
 * row) and every non-blank row after it, cells as written. Refuses (CsvFileError) a file that is
 * empty, not UTF-8 text, broken CSV, without product rows, or over MAX_BARIS rows besides the
 * header (blank ones counted: the read stops there).
 */
export function bacaCsv(input: Blob | string): Promise<CsvTable> {
  return bacaBerkas(input, ATURAN);
}
