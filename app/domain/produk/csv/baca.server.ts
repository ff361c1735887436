/**
 * Reading an import file (an upload, or a file kept for 'Terapkan') with the app's CSV codec,
 * within the import's limits, and refusing what cannot be read in the user's words.
 */
import fs from "node:fs";
import { MAX_BARIS } from "~/domain/produk/csv/format";
import { CsvReadError, readCsv, type CsvDelimiter, type CsvRow } from "~/lib/util/csv";

/** A file the import cannot read at all (not the rows' problems): the whole file is refused. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 422 = 422,
  ) {
    super(message);
  }
}

/** Characters one row may have: a 10,000-character description, several times over. */
const MAX_RECORD_CHARS = 200_000;

export const PILIH_BERKAS = "Pilih berkas CSV yang akan diimpor.";
export const BERKAS_KOSONG = "Berkas CSV kosong.";
export const TANPA_BARIS = "Berkas CSV tidak berisi baris produk: hanya baris judul kolom.";
export const BUKAN_CSV =
  "Berkas ini bukan CSV teks (mungkin berkas Excel .xlsx atau gambar). Simpan sebagai 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const BUKAN_UTF8 =
  "Berkas CSV harus ber-encoding UTF-8. Simpan ulang sebagai 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const TERLALU_BANYAK_BARIS = `Berkas berisi lebih dari ${MAX_BARIS.toLocaleString("id-ID")} baris selain baris judul (baris kosong ikut dihitung). Bagi menjadi beberapa berkas.`;

// The size limit's wording lives with the other upload rules (the request's front refuses too).
export { berkasTerlaluBesar, ukuranMb } from "~/lib/util/upload-rules";

/** The file as read: the header's cells and each data row's cells with its row number. */
export type CsvTable = {
  header: string[];
  /** `baris` counts as a spreadsheet does: the header is row 1, the first product row 2. */
  rows: CsvRow[];
  delimiter: CsvDelimiter;
};

/** The codec's refusals, in the user's words, with the row they happened in. */
function pesanBaca(error: CsvReadError): CsvFileError {
  const { baris } = error;
  switch (error.code) {
    case "not-text":
      return new CsvFileError(BUKAN_CSV, 415);
    case "not-utf8":
      return new CsvFileError(BUKAN_UTF8, 415);
    case "too-many-rows":
      return new CsvFileError(TERLALU_BANYAK_BARIS);
    case "quote-not-closed":
      return new CsvFileError(`Berkas CSV rusak: tanda kutip (") yang dibuka di baris ${baris} tidak pernah ditutup.`);
    case "quote-opening":
    case "quote-closing":
      return new CsvFileError(
        `Berkas CSV rusak di baris ${baris}: nilai yang berisi tanda kutip (") harus diapit tanda kutip, dan kutip di dalamnya ditulis dua kali ("").`,
      );
    case "row-too-long":
      return new CsvFileError(`Baris ${baris} terlalu panjang (lebih dari ${MAX_RECORD_CHARS.toLocaleString("id-ID")} karakter).`);
  }
}

/** The file's bytes, streamed: an upload as the request holds it, a kept file 64 KB at a time. */
function bytesOf(input: Blob | string): AsyncIterable<Uint8Array> {
  return typeof input === "string" ? fs.createReadStream(input, { highWaterMark: 64 * 1024 }) : input.stream();
}

async function size(input: Blob | string): Promise<number> {
  return typeof input === "string" ? (await fs.promises.stat(input)).size : input.size;
}

/**
 * Reads a CSV file (an uploaded Blob or a stored file's path): the header (the first non-blank
 * row) and every non-blank row after it, cells as written. Refuses (CsvFileError) a file that is
 * empty, not UTF-8 text, broken CSV, without product rows, or over MAX_BARIS rows besides the
 * header (blank ones counted: the read stops there).
 */
export async function bacaCsv(input: Blob | string): Promise<CsvTable> {
  if ((await size(input)) === 0) throw new CsvFileError(BERKAS_KOSONG);
  let table;
  try {
    table = await readCsv(bytesOf(input), { maxRows: MAX_BARIS, maxRowChars: MAX_RECORD_CHARS });
  } catch (error) {
    if (error instanceof CsvReadError) throw pesanBaca(error);
    throw error;
  }
  if (!table.header) throw new CsvFileError(BERKAS_KOSONG);
  if (table.rows.length === 0) throw new CsvFileError(TANPA_BARIS);
  return { header: table.header, rows: table.rows, delimiter: table.delimiter };
}
