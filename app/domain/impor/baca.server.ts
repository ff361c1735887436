/**
 * Reading an import file (an upload, or a file kept for 'Terapkan') within the import's limits,
 * and refusing what cannot be read in the user's words: CSV through the app's codec, and, for an
 * import that takes spreadsheets too, XLSX through read-excel-file (recognised by its bytes, not
 * its name). Each import names its own limits and words (the products': produk/csv/baca.server.ts).
 */
import fs from "node:fs";
import { readSheet } from "read-excel-file/node";
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
export const MAX_RECORD_CHARS = 200_000;

export const BUKAN_UTF8 =
  "Berkas CSV harus ber-encoding UTF-8. Simpan ulang sebagai 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const XLSX_RUSAK =
  "Berkas Excel tidak dapat dibaca (rusak, terkunci kata sandi, atau format .xls lama). Simpan ulang sebagai .xlsx atau 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";

/** The file as read: the header's cells and each data row's cells with its row number. */
export type CsvTable = {
  header: string[];
  /** `baris` counts as a spreadsheet does: the header is row 1, the first data row 2. */
  rows: CsvRow[];
  /** The CSV's separator (an XLSX file answers ","). */
  delimiter: CsvDelimiter;
};

/** What an import accepts and how it says its refusals. */
export type AturanBaca = {
  /** Rows besides the header, blank ones counted. */
  maxBaris: number;
  kosong: string;
  /** Only a header row. */
  tanpaBaris: string;
  /** Not text (a picture, or an XLSX for an import that takes CSV only). */
  bukanCsv: string;
  terlaluBanyak: string;
  /** Whether an XLSX file is read too (its first sheet). */
  xlsx?: boolean;
};

/** The codec's refusals, in the user's words, with the row they happened in. */
function pesanBaca(error: CsvReadError, aturan: AturanBaca): CsvFileError {
  const { baris } = error;
  switch (error.code) {
    case "not-text":
      return new CsvFileError(aturan.bukanCsv, 415);
    case "not-utf8":
      return new CsvFileError(BUKAN_UTF8, 415);
    case "too-many-rows":
      return new CsvFileError(aturan.terlaluBanyak);
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

/** An XLSX file is a ZIP archive: it starts with "PK\x03\x04". */
async function isZip(input: Blob | string): Promise<boolean> {
  let head: Uint8Array;
  if (typeof input === "string") {
    const fd = await fs.promises.open(input, "r");
    try {
      head = new Uint8Array(4);
      await fd.read(head, 0, 4, 0);
    } finally {
      await fd.close();
    }
  } else {
    head = new Uint8Array(await input.slice(0, 4).arrayBuffer());
  }
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04;
}

/** A cell as the CSV would hold it: numbers as written (no grouping), dates as YYYY-MM-DD, booleans as 1/0. */
function teksSel(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isInteger(value) ? value.toFixed(0) : String(value);
  if (typeof value === "boolean") return value ? "1" : "0";
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value);
}

/** The first sheet of an XLSX file as header + rows (blank rows skipped, counted in the limit). */
async function bacaXlsx(input: Blob | string, aturan: AturanBaca): Promise<CsvTable> {
  let sheet: unknown[][];
  try {
    sheet = (await readSheet(typeof input === "string" ? input : Buffer.from(await input.arrayBuffer()))) as unknown[][];
  } catch {
    throw new CsvFileError(XLSX_RUSAK, 415);
  }
  const cells = sheet.map((row) => row.map(teksSel));
  const first = cells.findIndex((row) => row.some((cell) => cell.trim() !== ""));
  if (first < 0) throw new CsvFileError(aturan.kosong);
  if (cells.length - first - 1 > aturan.maxBaris) throw new CsvFileError(aturan.terlaluBanyak);
  const rows: CsvRow[] = [];
  for (let i = first + 1; i < cells.length; i++) {
    const row = cells[i]!;
    if (row.some((cell) => cell.trim() !== "")) rows.push({ baris: i + 1, cells: row });
  }
  return { header: cells[first]!, rows, delimiter: "," };
}

/**
 * Reads an import file (an uploaded Blob or a stored file's path): the header (the first non-blank
 * row) and every non-blank row after it, cells as written. Refuses (CsvFileError) a file that is
 * empty, not UTF-8 text (nor, where taken, XLSX), broken, without data rows, or over the rule's
 * rows besides the header (blank ones counted: the read stops there).
 */
export async function bacaBerkas(input: Blob | string, aturan: AturanBaca): Promise<CsvTable> {
  if ((await size(input)) === 0) throw new CsvFileError(aturan.kosong);
  let table: CsvTable;
  if (aturan.xlsx && (await isZip(input))) {
    table = await bacaXlsx(input, aturan);
  } else {
    let read;
    try {
      read = await readCsv(bytesOf(input), { maxRows: aturan.maxBaris, maxRowChars: MAX_RECORD_CHARS });
    } catch (error) {
      if (error instanceof CsvReadError) throw pesanBaca(error, aturan);
      throw error;
    }
    if (!read.header) throw new CsvFileError(aturan.kosong);
    table = { header: read.header, rows: read.rows, delimiter: read.delimiter };
  }
  if (table.rows.length === 0) throw new CsvFileError(aturan.tanpaBaris);
  return table;
}
