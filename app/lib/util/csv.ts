/**
 * The one CSV codec of the app: every CSV it writes (the product export, the WhatsApp
 * statistics, the LPPM ranking, winners and recap) and the one it reads (the product import).
 * Client-safe, web APIs only (TextDecoder, async iterables of bytes): the reader takes any
 * stream of bytes, so a caller hands it an upload (Blob.stream()) or a file on disk alike.
 *
 * Writing (RFC 4180): UTF-8 with a BOM so spreadsheets pick the right letters; CRLF after every
 * row; ',' between fields unless a file is made for a ';' spreadsheet (Excel with Indonesian
 * settings). A field holding '"', ',', ';', CR or LF is quoted, its quotes doubled, whichever
 * the delimiter.
 *
 * The formula guard: a text starting with = + - @, a tab or a CR gets a leading ' so no
 * spreadsheet runs it as a formula. Quoting alone does not keep a cell whole in a spreadsheet
 * that splits on the other separator (Excel with Indonesian settings opening a ',' file, or the
 * other way round): it honours quotes only at the start of what it takes for a cell, so
 * `1;"Judul,=cmd|…"` read with ',' is `1;"Judul` and `=cmd|…"` — a formula. So a formula start
 * right after a ',' or ';' or a line break inside a text is guarded the same way (unless the
 * character is the text's last or another separator follows it: "Rp 150.000,-" stays as it is).
 * Every place a reader could start a cell then starts with something harmless. A text already
 * holding ' before such a character gets one more, so `unguard` (one ' off at each such place)
 * gives back exactly what was written. Numbers are never guarded: a negative number stays a number.
 *
 * Reading is bounded: rows are counted as they are read, blank ones too, and the read stops at
 * the limit before going further; a row longer than its limit stops it too. Only the current
 * row's cells are built, each row once, and a blank row is counted without keeping anything.
 * The quoting rules are csv-parse's strict ones (a quote inside an unquoted value, text after a
 * closing quote, a quote never closed are errors with their row), and the line break is the
 * first one met (CRLF, LF or CR); inside quotes any line break is part of the value.
 */

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
export const BOM = "\uFEFF";

export type CsvDelimiter = "," | ";";
export type CsvValue = string | number | null | undefined;
export type CsvWriteOptions = {
  /** Between fields; ',' unless the file is made for a ';' spreadsheet. */
  delimiter?: CsvDelimiter;
  /** The decimal mark of numbers: ',' for a spreadsheet with Indonesian settings. */
  decimal?: "." | ",";
};

// ---- Writing -----------------------------------------------------------------------------------

/** A text starting a formula (or already guarded: ' before a formula start). */
const FORMULA_START = /^'*[=+\-@\t\r]/;
/** The same, written guarded: one or more ' before a formula start. */
const GUARDED = /^'+[=+\-@\t\r]/;
/** A formula start after a separator inside a text, with something after it that is not one. */
const FORMULA_INSIDE = /([,;\r\n])(?='*[=+\-@\t][^,;\r\n])/g;
/** The same, written guarded. */
const GUARDED_INSIDE = /([,;\r\n])'(?='*[=+\-@\t][^,;\r\n])/g;
const NEEDS_QUOTES = /[",;\r\n]/;

/** A text with a ' before every formula start a reader could take for a cell's start. */
function guard(text: string): string {
  const inside = text.replace(FORMULA_INSIDE, "$1'");
  return FORMULA_START.test(text) ? `'${inside}` : inside;
}

/** One field: a text's formula starts guarded, then quoted when it holds a quote, ',' ';' or a line break. */
export function csvField(value: CsvValue, { decimal = "." }: CsvWriteOptions = {}): string {
  if (value === null || value === undefined) return "";
  const text = typeof value === "number" ? (decimal === "." ? String(value) : String(value).replace(".", decimal)) : guard(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One row, CRLF-terminated. */
export function csvLine(values: readonly CsvValue[], options: CsvWriteOptions = {}): string {
  return `${values.map((value) => csvField(value, options)).join(options.delimiter ?? ",")}\r\n`;
}

/** A whole file: the BOM, then every row. */
export function csvText(rows: readonly (readonly CsvValue[])[], options: CsvWriteOptions = {}): string {
  let text = BOM;
  for (const row of rows) text += csvLine(row, options);
  return text;
}

/** The reader's inverse of the formula guard: one ' comes off each place the writer put one. */
export function unguard(value: string): string {
  const lead = GUARDED.test(value) ? value.slice(1) : value;
  return lead.includes("'") ? lead.replace(GUARDED_INSIDE, "$1") : lead;
}

// ---- Reading -----------------------------------------------------------------------------------

/** ',' unless the first line has more ';' than ',' outside quotes (a ';' spreadsheet's file). */
export function sniffDelimiter(firstChunk: string): CsvDelimiter {
  return sniff(firstChunk).delimiter;
}

/** The delimiter, and whether the first line ended within the text (else more text may change it). */
function sniff(text: string): { delimiter: CsvDelimiter; lineEnded: boolean } {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  let lineEnded = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) {
      lineEnded = true;
      break;
    } else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return { delimiter: semicolons > commas ? ";" : ",", lineEnded };
}

/** Why a file could not be read; `baris` is the row it happened in (0: not about a row). */
export type CsvReadErrorCode =
  | "not-text" // a NUL byte: a binary file (a spreadsheet's .xlsx, an image)
  | "not-utf8"
  | "quote-not-closed"
  | "quote-opening" // a quote inside an unquoted value
  | "quote-closing" // text after a closing quote
  | "row-too-long"
  | "too-many-rows";

export class CsvReadError extends Error {
  constructor(
    readonly code: CsvReadErrorCode,
    readonly baris: number,
  ) {
    super(`CSV ${code}${baris ? ` (baris ${baris})` : ""}`);
  }
}

export type CsvReadLimits = {
  /** Rows besides the header, blank ones included; one more stops the read. */
  maxRows: number;
  /** Characters of one row's cells. */
  maxRowChars: number;
};

export type CsvRow = {
  /** As a spreadsheet numbers rows: the file's first row is 1, blank rows count. */
  baris: number;
  cells: string[];
};

/** A file as read: the header (its first row with something in it) and the rows after it that have something in them. */
export type CsvTable = { header: string[] | null; rows: CsvRow[]; delimiter: CsvDelimiter };

/** Bytes are decoded and parsed this many at a time, whatever size the source's chunks are. */
const SLICE_BYTES = 64 * 1024;
/** The delimiter is decided on the first line, or on this much text when the first line is longer. */
const SNIFF_CHARS = 64 * 1024;

/**
 * Reads a CSV file from its bytes: UTF-8 (a BOM is dropped), its delimiter sniffed from the first
 * line. Rows whose cells are all blank (empty lines, a spreadsheet's ',,,,' leftovers) are
 * counted and skipped. Throws CsvReadError: a NUL byte, invalid UTF-8, broken quoting, a row over
 * `maxRowChars`, or more than `maxRows` rows besides the header — as soon as it is met, without
 * reading further.
 */
export async function readCsv(bytes: AsyncIterable<Uint8Array>, limits: CsvReadLimits): Promise<CsvTable> {
  const decoder = new TextDecoder("utf-8", { fatal: true });
  const table: CsvTable = { header: null, rows: [], delimiter: "," };
  const parser = new CsvParser(limits.maxRowChars, (record, baris) => {
    const blank = isBlank(record);
    if (table.header === null && !blank) {
      table.header = record.slice();
      return;
    }
    // Every row but the header counts, blank ones too: a file of blank lines ends here as well.
    if ((table.header === null ? baris : baris - 1) > limits.maxRows) throw new CsvReadError("too-many-rows", baris);
    if (!blank) table.rows.push({ baris, cells: record.slice() });
  });
  let pending: string | null = "";
  const feed = (text: string, end: boolean) => {
    if (pending === null) return parser.feed(text, end);
    pending += text;
    const { delimiter, lineEnded } = sniff(pending);
    if (!lineEnded && pending.length < SNIFF_CHARS && !end) return;
    table.delimiter = delimiter;
    parser.delimiter = delimiter;
    const start = pending;
    pending = null;
    parser.feed(start, end);
  };
  const decode = (chunk: Uint8Array | undefined) => {
    if (chunk?.includes(0)) throw new CsvReadError("not-text", 0);
    try {
      return chunk ? decoder.decode(chunk, { stream: true }) : decoder.decode();
    } catch {
      throw new CsvReadError("not-utf8", 0);
    }
  };
  for await (const chunk of bytes) {
    for (let at = 0; at < chunk.length; at += SLICE_BYTES) feed(decode(chunk.subarray(at, at + SLICE_BYTES)), false);
  }
  feed(decode(undefined), true);
  return table;
}

function isBlank(record: readonly string[]): boolean {
  for (const cell of record) if (cell.trim() !== "") return false;
  return true;
}

/**
 * The state machine: text in (any pieces), one call per row out. The row's array is reused for
 * the next row: a caller keeping it copies it.
 */
class CsvParser {
  delimiter: CsvDelimiter = ",";
  /** CRLF, LF or CR: the first line break met outside quotes; null until then. */
  private lineBreak: string | null = null;
  private quoting = false;
  /** The current value was quoted and its closing quote read: only a delimiter or a line break may follow. */
  private closed = false;
  /** The current value's text from earlier pieces. */
  private partial = "";
  private record: string[] = [];
  private recordChars = 0;
  private baris = 1;
  /** The end of the previous piece that could not be decided without the next (a quote, a CR). */
  private carry = "";

  constructor(
    private readonly maxRowChars: number,
    private readonly onRecord: (record: string[], baris: number) => void,
  ) {}

  feed(piece: string, end: boolean) {
    const text = this.carry + piece;
    this.carry = "";
    const n = text.length;
    const delimiter = this.delimiter;
    let start = 0; // where the current value's text in `text` starts
    let i = 0;
    while (i < n) {
      const ch = text[i]!;
      if (this.quoting) {
        if (ch !== '"') {
          const quote = text.indexOf('"', i);
          i = quote === -1 ? n : quote;
          continue;
        }
        // A quote: doubled (a quote in the value) or closing; the next characters decide.
        if (i + 1 >= n && !end) return this.keep(text, start, i);
        const next = text[i + 1];
        if (next === '"') {
          this.append(text, start, i + 1);
          i += 2;
          start = i;
          continue;
        }
        if (next !== undefined && next !== delimiter) {
          if (next === "\r" && i + 2 >= n && !end && this.lineBreak !== "\r" && this.lineBreak !== "\n") return this.keep(text, start, i);
          if (!this.breakAt(text, i + 1)) throw new CsvReadError("quote-closing", this.baris);
        }
        this.append(text, start, i);
        this.quoting = false;
        this.closed = true;
        i++;
        start = i;
        continue;
      }
      if (ch === delimiter) {
        this.endValue(text, start, i);
        i++;
        start = i;
        continue;
      }
      if (ch === "\r" || ch === "\n") {
        if (ch === "\r" && i + 1 >= n && !end && (this.lineBreak === null || this.lineBreak === "\r\n")) return this.keep(text, start, i);
        const length = this.breakAt(text, i);
        if (length > 0) {
          this.endValue(text, start, i);
          this.endRecord();
          i += length;
          start = i;
          continue;
        }
      } else if (ch === '"') {
        if (this.partial.length > 0 || i > start || this.closed) throw new CsvReadError("quote-opening", this.baris);
        this.quoting = true;
        i++;
        start = i;
        continue;
      }
      if (this.closed) throw new CsvReadError("quote-closing", this.baris);
      i++;
    }
    if (!end) {
      this.append(text, start, n);
      return;
    }
    if (this.quoting) throw new CsvReadError("quote-not-closed", this.baris);
    // A last row without a line break after it; nothing after the last line break is no row.
    if (this.closed || this.record.length > 0 || this.partial.length > 0 || n > start) {
      this.endValue(text, start, n);
      this.endRecord();
    }
  }

  /** The length of the line break at `i` (discovering it on the first one), or 0. */
  private breakAt(text: string, i: number): number {
    const ch = text[i];
    if (this.lineBreak === null) {
      if (ch === "\r") this.lineBreak = text[i + 1] === "\n" ? "\r\n" : "\r";
      else if (ch === "\n") this.lineBreak = "\n";
      else return 0;
      return this.lineBreak.length;
    }
    return text.startsWith(this.lineBreak, i) ? this.lineBreak.length : 0;
  }

  /** Keeps `text` from `at` for the next piece (the value's text before it is kept too). */
  private keep(text: string, start: number, at: number) {
    this.append(text, start, at);
    this.carry = text.slice(at);
  }

  private append(text: string, from: number, to: number) {
    if (to <= from) return;
    this.partial += text.slice(from, to);
    if (this.recordChars + this.partial.length > this.maxRowChars) throw new CsvReadError("row-too-long", this.baris);
  }

  private endValue(text: string, from: number, to: number) {
    this.append(text, from, to);
    const value = this.partial;
    this.partial = "";
    this.closed = false;
    this.recordChars += value.length;
    this.record.push(value);
  }

  private endRecord() {
    const record = this.record;
    const baris = this.baris;
    this.baris++;
    this.recordChars = 0;
    this.onRecord(record, baris);
    record.length = 0;
  }
}
