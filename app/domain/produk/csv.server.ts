/**
 * Products × branches as CSV: the export, and the import with its dry run.
 *
 * The format, one row per product:
 *
 *   slug,nama_produk,kategori,harga,deskripsi,<branch name>,<branch name>,…
 *
 * UTF-8 with a BOM, ',' between fields, CRLF between rows (RFC 4180); a field holding '"', ',',
 * ';' or a line break is quoted, its quotes doubled. A text starting with = + - @ (or a tab, a
 * CR) gets a leading ' so no spreadsheet runs it as a formula (as the LPPM recap does); the
 * import takes exactly one such ' off again, so a file goes out and back unchanged. A branch
 * column holds 1 (available there) or 0; the import also takes an empty cell as 0, and a file
 * re-saved by a spreadsheet with ';' between fields (Excel with Indonesian settings).
 *
 * The import's rules (the same for the page and /api/produkcsv, whose OpenAPI text repeats them):
 * - A row is matched to a stored product by its slug: the product's slug now, or a slug it had
 *   before a rename (slug_redirect). A row without a slug is a new product, its slug made from
 *   its name as the form does. A slug that names no product is refused (never guessed).
 * - The fixed columns are named as in the export (any order, any case). Every other column must
 *   be a branch's name exactly; an unknown or ambiguous column refuses the whole file. A branch
 *   without a column keeps each product's availability there as it is (new products: 0).
 * - Name, price and description pass the product form's zod schema (produkSchema), so their
 *   limits and messages are the form's. The category is named (case-insensitively, otherwise
 *   exact); an unknown one refuses the row, never creates a category. Empty = no category.
 * - A row equal to the stored product is 'tidak berubah' (line breaks CRLF or LF count as the
 *   same); a changed one is saved as updateProduk saves it: the slug recomputed from the name
 *   (the old one keeps redirecting), the branches replaced.
 * - Apply re-checks everything against the data of that moment and writes all rows in ONE
 *   transaction, with one activity entry; any refused row refuses the whole import.
 *
 * Reading is streamed (csv-parse) from a Blob or a file; the rows are then checked and written
 * synchronously, in one transaction, because better-sqlite3's transactions cannot span an await.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { CsvError, parse } from "csv-parse";
import { asc, eq, gt, sql } from "drizzle-orm";
import { kantorCabang, kategori, produk, produkGudang, slugRedirect } from "../../../db/schema";
import { domainChanged } from "~/domain/changes.server";
import { produkSchema } from "~/domain/produk/produk.schema";
import { rememberOldSlug } from "~/domain/slug.server";
import { getEnv } from "~/lib/server/env.server";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import { ensurePrivateDir } from "~/lib/server/private-files.server";
import { slugify } from "~/lib/util/format";
import { toWibDateInput } from "~/lib/util/wib";

// ---- The format ----------------------------------------------------------------------------

/** The fixed columns, in the export's order; the branches follow. */
export const KOLOM = ["slug", "nama_produk", "kategori", "harga", "deskripsi"] as const;
export type Kolom = (typeof KOLOM)[number];

/** What the plan names a changed field. */
export type Bidang = "nama_produk" | "kategori" | "harga" | "deskripsi" | "gudang" | "slug";
export const BIDANG_LABEL: Record<Bidang, string> = {
  nama_produk: "Nama produk",
  kategori: "Kategori",
  harga: "Harga",
  deskripsi: "Deskripsi",
  gudang: "Gudang",
  slug: "Slug",
};

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
export const BOM = "\uFEFF";

/** Data rows one file may hold (a 10,000-product shop, twice over). */
export const MAX_BARIS = 20_000;
/** Characters one row may have: a 10,000-character description, several times over. */
const MAX_RECORD_CHARS = 200_000;
/** How long an uploaded file waits for 'Terapkan'. */
export const BERKAS_BERLAKU_MS = 60 * 60 * 1000;

const FORMULA_START = /^[=+\-@\t\r]/;
/** A text the export guarded: one or more ' before a formula start (see csvField). */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * One field as the export writes it: a formula start guarded with ', then quoted when it holds
 * a quote, a delimiter (',' or ';', so the file also survives a ';' spreadsheet) or a line break.
 * A text that already starts with ' before a formula start gets one more, so the import's
 * "take one ' off" gives back exactly what was stored.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return "";
  let text = String(value);
  if (typeof value === "string" && (FORMULA_START.test(text) || GUARDED.test(text))) text = `'${text}`;
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export function csvLine(values: readonly (string | number | null | undefined)[]): string {
  return `${values.map(csvField).join(",")}\r\n`;
}

/** The import's inverse of the formula guard: one leading ' before a formula start comes off. */
export function unguard(value: string): string {
  return GUARDED.test(value) ? value.slice(1) : value;
}

// ---- Export --------------------------------------------------------------------------------

type Cabang = { id: number; nama: string };

function listCabang(db: Db): Cabang[] {
  return db
    .select({ id: kantorCabang.id, nama: kantorCabang.kantor_cabang })
    .from(kantorCabang)
    .orderBy(asc(kantorCabang.id))
    .all();
}

/** The export's header: the fixed columns, then every branch by name (oldest branch first). */
export function headerEkspor(db: Db): string[] {
  return [...KOLOM, ...listCabang(db).map((c) => c.nama)];
}

export function namaBerkasEkspor(now = new Date()): string {
  return `produk-${toWibDateInput(now)}.csv`;
}

const EKSPOR_BATCH = 500;

/** Branch ids per product for a batch of products (one query). */
function gudangOf(db: Db, ids: number[]): Map<number, Set<number>> {
  const result = new Map<number, Set<number>>();
  if (ids.length === 0) return result;
  const rows = db
    .select({ id_produk: produkGudang.id_produk, id_kantor_cabang: produkGudang.id_kantor_cabang })
    .from(produkGudang)
    .where(sql`${produkGudang.id_produk} in (select value from json_each(${JSON.stringify(ids)}))`)
    .all();
  for (const row of rows) {
    const set = result.get(row.id_produk) ?? new Set<number>();
    set.add(row.id_kantor_cabang);
    result.set(row.id_produk, set);
  }
  return result;
}

/**
 * Every product as CSV, oldest first, streamed in batches of 500 (keyset paging on the id): the
 * BOM and the header first, then one batch per pull, so 10,000 products never become one string.
 * The branches are read once, at the start; a product added while the download runs may or may
 * not be in it.
 */
export function eksporProdukCsv(db: Db): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cabang: Cabang[] | null = null;
  let lastId = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!cabang) {
        cabang = listCabang(db);
        controller.enqueue(encoder.encode(BOM + csvLine([...KOLOM, ...cabang.map((c) => c.nama)])));
        return;
      }
      const rows = preparedQuery(db, "produkCsv.batch", (d) =>
        d
          .select({
            id: produk.id,
            slug: produk.nama_seo,
            nama_produk: produk.nama_produk,
            kategori: kategori.kategori,
            harga: produk.harga,
            deskripsi: produk.deskripsi,
          })
          .from(produk)
          .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
          .where(gt(produk.id, sql.placeholder("after")))
          .orderBy(asc(produk.id))
          .limit(sql.placeholder("limit"))
          .prepare(),
      ).all({ after: lastId, limit: EKSPOR_BATCH });
      if (rows.length === 0) {
        controller.close();
        return;
      }
      lastId = rows[rows.length - 1]!.id;
      const gudang = gudangOf(db, rows.map((r) => r.id));
      let chunk = "";
      for (const row of rows) {
        const ada = gudang.get(row.id);
        chunk += csvLine([
          row.slug,
          row.nama_produk,
          row.kategori ?? "",
          row.harga,
          row.deskripsi,
          ...cabang.map((c) => (ada?.has(c.id) ? "1" : "0")),
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}

// ---- Reading a file --------------------------------------------------------------------------

/** A file the import cannot read at all (not the rows' problems): the whole file is refused. */
export class CsvFileError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415 | 422 = 422,
  ) {
    super(message);
  }
}

export const PILIH_BERKAS = "Pilih berkas CSV yang akan diimpor.";
export const BERKAS_KOSONG = "Berkas CSV kosong.";
export const TANPA_BARIS = "Berkas CSV tidak berisi baris produk: hanya baris judul kolom.";
export const BUKAN_CSV =
  "Berkas ini bukan CSV teks (mungkin berkas Excel .xlsx atau gambar). Simpan sebagai 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const BUKAN_UTF8 =
  "Berkas CSV harus ber-encoding UTF-8. Simpan ulang sebagai 'CSV UTF-8 (dipisah koma)', lalu unggah lagi.";
export const TERLALU_BANYAK_BARIS = `Berkas berisi lebih dari ${MAX_BARIS.toLocaleString("id-ID")} baris produk. Bagi menjadi beberapa berkas.`;

// The size limit's wording lives with the other upload rules (the request's front refuses too).
export { berkasTerlaluBesar, ukuranMb } from "~/lib/util/upload-rules";

/** The file as read: the header's cells and each data row's cells with its row number. */
export type CsvTable = {
  header: string[];
  /** `baris` counts as a spreadsheet does: the header is row 1, the first product row 2. */
  rows: { baris: number; cells: string[] }[];
  delimiter: "," | ";";
};

/** ',' unless the first line has more ';' than ',' outside quotes (a ';' spreadsheet's file). */
export function sniffDelimiter(firstChunk: string): "," | ";" {
  let commas = 0;
  let semicolons = 0;
  let quoted = false;
  for (const ch of firstChunk) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === "\n" || ch === "\r")) break;
    else if (!quoted && ch === ",") commas++;
    else if (!quoted && ch === ";") semicolons++;
  }
  return semicolons > commas ? ";" : ",";
}

/** Bytes → text, refusing anything that is not UTF-8 text (a NUL byte means a binary file). */
class Utf8Text extends Transform {
  private decoder = new TextDecoder("utf-8", { fatal: true });
  constructor() {
    super({ readableObjectMode: false, decodeStrings: true });
  }
  private checked(text: string): string {
    if (text.includes("\0")) throw new CsvFileError(BUKAN_CSV, 415);
    return text;
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    let text: string;
    try {
      text = this.checked(this.decoder.decode(chunk, { stream: true }));
    } catch (error) {
      return callback(error instanceof CsvFileError ? error : new CsvFileError(BUKAN_UTF8, 415));
    }
    callback(null, text);
  }
  override _flush(callback: TransformCallback) {
    try {
      callback(null, this.checked(this.decoder.decode()));
    } catch (error) {
      callback(error instanceof CsvFileError ? error : new CsvFileError(BUKAN_UTF8, 415));
    }
  }
}

/** csv-parse's refusals, in the user's words, with the row they happened in. */
function parseErrorMessage(error: CsvError): string {
  const records = (error as CsvError & { records?: number }).records;
  const baris = (typeof records === "number" ? records : 0) + 1;
  switch (error.code) {
    case "CSV_QUOTE_NOT_CLOSED":
      return `Berkas CSV rusak: tanda kutip (") yang dibuka di baris ${baris} tidak pernah ditutup.`;
    case "INVALID_OPENING_QUOTE":
    case "CSV_INVALID_CLOSING_QUOTE":
      return `Berkas CSV rusak di baris ${baris}: nilai yang berisi tanda kutip (") harus diapit tanda kutip, dan kutip di dalamnya ditulis dua kali ("").`;
    case "CSV_MAX_RECORD_SIZE":
      return `Baris ${baris} terlalu panjang (lebih dari ${MAX_RECORD_CHARS.toLocaleString("id-ID")} karakter).`;
    default:
      return `Berkas CSV tidak bisa dibaca (baris ${baris}).`;
  }
}

async function firstBytes(input: Blob | string, n: number): Promise<Uint8Array> {
  if (typeof input !== "string") return new Uint8Array(await input.slice(0, n).arrayBuffer());
  const handle = await fs.promises.open(input, "r");
  try {
    const buffer = Buffer.alloc(n);
    const { bytesRead } = await handle.read(buffer, 0, n, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

function byteStream(input: Blob | string): Readable {
  return typeof input === "string"
    ? fs.createReadStream(input, { highWaterMark: 64 * 1024 })
    : Readable.fromWeb(input.stream() as WebReadableStream<Uint8Array>);
}

async function size(input: Blob | string): Promise<number> {
  return typeof input === "string" ? (await fs.promises.stat(input)).size : input.size;
}

/**
 * Reads a CSV file (an uploaded Blob or a stored file's path), streamed through csv-parse: the
 * header (the first non-blank row) and every non-blank row after it, cells as written. Refuses
 * (CsvFileError) a file that is empty, not UTF-8 text, broken CSV, without product rows, or
 * over MAX_BARIS rows.
 */
export async function bacaCsv(input: Blob | string): Promise<CsvTable> {
  if ((await size(input)) === 0) throw new CsvFileError(BERKAS_KOSONG);
  const head = await firstBytes(input, 64 * 1024);
  if (head.includes(0)) throw new CsvFileError(BUKAN_CSV, 415);
  // The sniff only needs the first line: a multi-byte letter cut at the 64 KB edge does not matter.
  const delimiter = sniffDelimiter(new TextDecoder().decode(head).replace(/^\uFEFF/, ""));
  const table: CsvTable = { header: [], rows: [], delimiter };
  let header: string[] | null = null;
  try {
    await pipeline(
      byteStream(input),
      new Utf8Text(),
      parse({
        bom: true,
        delimiter,
        relax_column_count: true,
        info: true,
        max_record_size: MAX_RECORD_CHARS,
      }),
      async function (records: AsyncIterable<{ record: string[]; info: { records: number } }>) {
        for await (const { record, info } of records) {
          // Blank lines and rows of empty cells (a spreadsheet's leftovers) are not products.
          if (record.every((cell) => cell.trim() === "")) continue;
          if (!header) {
            header = record;
            continue;
          }
          if (table.rows.length >= MAX_BARIS) throw new CsvFileError(TERLALU_BANYAK_BARIS);
          table.rows.push({ baris: info.records, cells: record });
        }
      },
    );
  } catch (error) {
    if (error instanceof CsvFileError) throw error;
    if (error instanceof CsvError) throw new CsvFileError(parseErrorMessage(error));
    throw error;
  }
  if (!header) throw new CsvFileError(BERKAS_KOSONG);
  table.header = header;
  if (table.rows.length === 0) throw new CsvFileError(TANPA_BARIS);
  return table;
}

// ---- The header --------------------------------------------------------------------------------

/** Where each column of the file goes: a fixed column, a branch, or nowhere (a trailing blank). */
type Header = {
  fixed: Record<Kolom, number>;
  /** Branch id → column index, for the branches the file has a column of. */
  cabang: Map<number, number>;
  /** Columns past the last named one (blank header cells at the end): must stay empty. */
  width: number;
};

const lower = (text: string) => text.toLocaleLowerCase("id-ID");

/**
 * Maps the header to columns, or throws CsvFileError (422) naming every problem: a missing fixed
 * column, a column that is neither a fixed column nor a branch's exact name, a column twice, a
 * branch name two branches share, a blank column between named ones.
 */
function readHeader(cells: string[], branches: Cabang[]): Header {
  const names = cells.map((cell) => unguard(cell).trim());
  let width = names.length;
  while (width > 0 && names[width - 1] === "") width--;
  const problems: string[] = [];
  const fixed: Partial<Record<Kolom, number>> = {};
  const cabang = new Map<number, number>();
  const byName = new Map<string, Cabang[]>();
  for (const branch of branches) {
    const key = branch.nama.trim();
    byName.set(key, [...(byName.get(key) ?? []), branch]);
  }
  const seen = new Map<string, number>();
  const unknown: string[] = [];
  for (let i = 0; i < width; i++) {
    const name = names[i]!;
    if (name === "") {
      problems.push(`Kolom ke-${i + 1} pada baris judul kosong.`);
      continue;
    }
    const key = (KOLOM as readonly string[]).includes(lower(name)) ? lower(name) : name;
    if (seen.has(key)) {
      problems.push(`Kolom '${name}' muncul lebih dari sekali.`);
      continue;
    }
    seen.set(key, i);
    if ((KOLOM as readonly string[]).includes(key)) {
      fixed[key as Kolom] = i;
      continue;
    }
    const matches = byName.get(name) ?? [];
    if (matches.length > 1) {
      problems.push(`Nama kantor cabang '${name}' dipakai oleh ${matches.length} cabang; ubah salah satunya dulu agar kolomnya jelas.`);
    } else if (matches.length === 1) {
      cabang.set(matches[0]!.id, i);
    } else {
      const hint = branches.find((b) => lower(b.nama.trim()) === lower(name));
      unknown.push(hint ? `'${name}' (maksudnya '${hint.nama.trim()}'?)` : `'${name}'`);
    }
  }
  if (unknown.length > 0) {
    problems.push(`Kolom ${unknown.join(", ")} tidak dikenal: bukan kolom produk dan bukan nama kantor cabang.`);
  }
  const missing = KOLOM.filter((k) => fixed[k] === undefined);
  if (missing.length > 0) problems.push(`Kolom wajib tidak ada: ${missing.join(", ")}.`);
  if (problems.length > 0) throw new CsvFileError(`Baris judul kolom ditolak. ${problems.join(" ")}`);
  return { fixed: fixed as Record<Kolom, number>, cabang, width };
}

// ---- The plan ----------------------------------------------------------------------------------

/** What a row would store. */
type Nilai = { id_kategori: number | null; nama_produk: string; harga: string; deskripsi: string; gudang: number[] };

export type BarisDitambah = { baris: number; nama_produk: string; slug: string; catatan?: string; nilai: Nilai };
export type BarisDiubah = {
  baris: number;
  id: number;
  slug: string;
  slug_baru: string;
  nama_produk: string;
  bidang: Bidang[];
  gudang_tambah: string[];
  gudang_hapus: string[];
  nilai: Nilai;
  /** The row named one of the product's old slugs (a file from before a rename). */
  lewat_slug_lama: boolean;
};
export type BarisDitolak = { baris: number; slug: string; nama_produk: string; alasan: string[] };

export type Rencana = {
  total: number;
  ditambah: BarisDitambah[];
  diubah: BarisDiubah[];
  tidakBerubah: number;
  ditolak: BarisDitolak[];
  /** Branches without a column in the file: their availability stays as stored. */
  cabangTanpaKolom: string[];
  /** A digest of every decision: apply refuses when the data changed what the dry run showed. */
  sidik: string;
};

type Stored = { id: number; id_kategori: number | null; nama_produk: string; nama_seo: string; harga: string; deskripsi: string };

const sameText = (a: string, b: string) => a.replace(/\r\n?/g, "\n") === b.replace(/\r\n?/g, "\n");

/** json_each over a JSON list: any number of values in one statement. */
const inJson = (values: unknown[]) => sql`(select value from json_each(${JSON.stringify(values)}))`;

/**
 * Checks every row against the stored data and decides what it would do. Pure reads; run by the
 * dry run as it is, and by apply inside its transaction. Throws CsvFileError for a bad header.
 */
export function rencanaImpor(db: Db, table: CsvTable): Rencana {
  const branches = listCabang(db);
  const header = readHeader(table.header, branches);
  const namaCabang = new Map(branches.map((b) => [b.id, b.nama]));

  const categories = db.select({ id: kategori.id, nama: kategori.kategori }).from(kategori).all();
  const kategoriByName = new Map<string, number[]>();
  for (const k of categories) {
    const key = lower(k.nama.trim());
    kategoriByName.set(key, [...(kategoriByName.get(key) ?? []), k.id]);
  }

  // Every slug now (for matching and uniqueness) and every old slug (for matching).
  const slugNow = new Map<string, number>();
  for (const row of db.select({ id: produk.id, seo: produk.nama_seo }).from(produk).all()) slugNow.set(row.seo, row.id);
  const redirectAtStart = new Map<string, number>();
  for (const row of db
    .select({ slug: slugRedirect.slug_lama, id: slugRedirect.target_id })
    .from(slugRedirect)
    .where(eq(slugRedirect.jenis, "produk"))
    .all()) {
    redirectAtStart.set(row.slug, row.id);
  }
  const slugAtStart = new Map(slugNow);

  // Pass 1: match slugs (against the data as it is), so the stored rows are read in one query.
  const cellOf = (cells: string[], i: number) => unguard(cells[i] ?? "");
  const matched = new Map<number, { id: number; viaOld: boolean }>();
  for (const { baris, cells } of table.rows) {
    const slug = cellOf(cells, header.fixed.slug).trim();
    if (!slug) continue;
    const now = slugAtStart.get(slug);
    if (now !== undefined) matched.set(baris, { id: now, viaOld: false });
    else if (redirectAtStart.has(slug)) matched.set(baris, { id: redirectAtStart.get(slug)!, viaOld: true });
  }
  const ids = [...new Set([...matched.values()].map((m) => m.id))];
  const stored = new Map<number, Stored>();
  const storedGudang = new Map<number, Set<number>>();
  if (ids.length > 0) {
    for (const row of db
      .select({
        id: produk.id,
        id_kategori: produk.id_kategori,
        nama_produk: produk.nama_produk,
        nama_seo: produk.nama_seo,
        harga: produk.harga,
        deskripsi: produk.deskripsi,
      })
      .from(produk)
      .where(sql`${produk.id} in ${inJson(ids)}`)
      .all()) {
      stored.set(row.id, row);
    }
    for (const [id, set] of gudangOf(db, ids)) storedGudang.set(id, set);
  }

  // New products named like a stored one: probably a missing slug, said in the plan.
  const newNames = new Set<string>();
  for (const { baris, cells } of table.rows) {
    if (!matched.has(baris) && !cellOf(cells, header.fixed.slug).trim()) newNames.add(lower(cellOf(cells, header.fixed.nama_produk).trim()));
  }
  const existingByName = new Map<string, string>();
  if (newNames.size > 0) {
    for (const row of db
      .select({ nama: produk.nama_produk, seo: produk.nama_seo })
      .from(produk)
      .where(sql`lower(${produk.nama_produk}) in ${inJson([...newNames])}`)
      .all()) {
      existingByName.set(lower(row.nama), row.seo);
    }
  }

  /** uniqueSlug over the simulated slugs: "meja", "meja-2", … skipping the product itself. */
  const allocate = (name: string, self?: number) => {
    const base = slugify(name) || "produk";
    for (let n = 1; ; n++) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      const owner = slugNow.get(candidate);
      if (owner === undefined || owner === self) return candidate;
    }
  };

  const rencana: Rencana = {
    total: table.rows.length,
    ditambah: [],
    diubah: [],
    tidakBerubah: 0,
    ditolak: [],
    cabangTanpaKolom: branches.filter((b) => !header.cabang.has(b.id)).map((b) => b.nama),
    sidik: "",
  };
  const firstRowOf = new Map<number, number>();
  const expected = header.width;

  for (const { baris, cells } of table.rows) {
    const slug = cellOf(cells, header.fixed.slug).trim();
    const namaRaw = cellOf(cells, header.fixed.nama_produk);
    const alasan: string[] = [];
    const refuse = () => rencana.ditolak.push({ baris, slug, nama_produk: namaRaw.trim(), alasan });

    if (cells.length < expected) {
      alasan.push(`Baris ini hanya punya ${cells.length} kolom, seharusnya ${expected}.`);
      refuse();
      continue;
    }
    if (cells.slice(expected).some((cell) => cell.trim() !== "")) {
      alasan.push(`Baris ini punya isi di luar ${expected} kolom yang ada di baris judul.`);
      refuse();
      continue;
    }

    // Which product.
    const match = slug ? matched.get(baris) : undefined;
    if (slug && !match) alasan.push(`Slug '${slug}' tidak ditemukan. Kosongkan kolom slug untuk menambah produk baru.`);
    if (match) {
      const first = firstRowOf.get(match.id);
      if (first !== undefined) alasan.push(`Produk yang sama sudah ada di baris ${first}.`);
      else firstRowOf.set(match.id, baris);
    }

    // Category by name.
    const namaKategori = cellOf(cells, header.fixed.kategori).trim();
    let idKategori: number | null = null;
    if (namaKategori) {
      const found = kategoriByName.get(lower(namaKategori)) ?? [];
      if (found.length === 0) alasan.push(`Kategori '${namaKategori}' tidak ditemukan. Tambahkan dulu di menu Kategori Produk.`);
      else if (found.length > 1) alasan.push(`Kategori '${namaKategori}' ambigu: ada ${found.length} kategori dengan nama ini.`);
      else idKategori = found[0]!;
    }

    // Branch flags: 1, 0 or empty (= 0).
    const flags = new Map<number, boolean>();
    for (const [idCabang, i] of header.cabang) {
      const value = cellOf(cells, i).trim();
      if (value === "1") flags.set(idCabang, true);
      else if (value === "0" || value === "") flags.set(idCabang, false);
      else alasan.push(`Kolom '${namaCabang.get(idCabang)}' harus berisi 1 atau 0 (kosong = 0), bukan '${value.slice(0, 40)}'.`);
    }

    const current = match ? stored.get(match.id) : undefined;
    const currentGudang = match ? (storedGudang.get(match.id) ?? new Set<number>()) : new Set<number>();
    const gudang = new Set<number>(current ? [...currentGudang].filter((id) => !header.cabang.has(id)) : []);
    for (const [id, ada] of flags) if (ada) gudang.add(id);

    // Name, price, description: the product form's own schema and messages.
    const parsed = produkSchema.safeParse({
      id_kategori: idKategori === null ? "" : String(idKategori),
      nama_produk: namaRaw,
      deskripsi: cellOf(cells, header.fixed.deskripsi),
      harga: cellOf(cells, header.fixed.harga),
      gudang: [...gudang].sort((a, b) => a - b).join(","),
    });
    if (!parsed.success) for (const issue of parsed.error.issues) alasan.push(issue.message);
    if (alasan.length > 0 || !parsed.success) {
      refuse();
      continue;
    }
    if (match && !current) {
      // Matched by slug at the start, gone since (cannot happen inside one transaction).
      alasan.push(`Slug '${slug}' tidak ditemukan.`);
      refuse();
      continue;
    }
    const nilai: Nilai = {
      id_kategori: parsed.data.id_kategori,
      nama_produk: parsed.data.nama_produk,
      harga: parsed.data.harga,
      deskripsi: parsed.data.deskripsi,
      gudang: parsed.data.gudang,
    };

    if (!current) {
      const baru = allocate(nilai.nama_produk);
      slugNow.set(baru, -baris);
      const twin = existingByName.get(lower(nilai.nama_produk));
      rencana.ditambah.push({
        baris,
        nama_produk: nilai.nama_produk,
        slug: baru,
        ...(twin ? { catatan: `Sudah ada produk bernama sama (slug '${twin}'); isi kolom slug bila maksudnya mengubah produk itu.` } : {}),
        nilai,
      });
      continue;
    }

    const bidang: Bidang[] = [];
    if (nilai.nama_produk !== current.nama_produk) bidang.push("nama_produk");
    if (nilai.id_kategori !== current.id_kategori) bidang.push("kategori");
    if (nilai.harga !== current.harga) bidang.push("harga");
    if (!sameText(nilai.deskripsi, current.deskripsi)) bidang.push("deskripsi");
    const tambah = nilai.gudang.filter((id) => !currentGudang.has(id));
    const hapus = [...currentGudang].filter((id) => !nilai.gudang.includes(id));
    if (tambah.length > 0 || hapus.length > 0) bidang.push("gudang");
    if (bidang.length === 0) {
      rencana.tidakBerubah++;
      continue;
    }
    // Saved as updateProduk saves: the slug recomputed from the name, the old one redirecting.
    const slugBaru = allocate(nilai.nama_produk, current.id);
    if (slugBaru !== current.nama_seo) {
      bidang.push("slug");
      if (slugNow.get(current.nama_seo) === current.id) slugNow.delete(current.nama_seo);
    }
    slugNow.set(slugBaru, current.id);
    rencana.diubah.push({
      baris,
      id: current.id,
      slug: current.nama_seo,
      slug_baru: slugBaru,
      nama_produk: nilai.nama_produk,
      bidang,
      gudang_tambah: tambah.map((id) => namaCabang.get(id) ?? String(id)),
      gudang_hapus: hapus.map((id) => namaCabang.get(id) ?? String(id)),
      nilai,
      lewat_slug_lama: match!.viaOld,
    });
  }

  const digest = crypto.createHash("sha256");
  digest.update(JSON.stringify([rencana.total, rencana.tidakBerubah, rencana.cabangTanpaKolom]));
  for (const r of rencana.ditambah) digest.update(JSON.stringify(["+", r.baris, r.slug]));
  for (const r of rencana.diubah) digest.update(JSON.stringify(["~", r.baris, r.id, r.slug_baru, r.bidang, r.gudang_tambah, r.gudang_hapus]));
  for (const r of rencana.ditolak) digest.update(JSON.stringify(["!", r.baris, r.alasan]));
  rencana.sidik = digest.digest("hex").slice(0, 32);
  return rencana;
}

// ---- Apply -------------------------------------------------------------------------------------

export const IMPOR_DITOLAK = "Impor dibatalkan: ada baris yang ditolak. Tidak ada data yang diubah.";
export const DATA_BERUBAH =
  "Data produk berubah sejak berkas diperiksa. Periksa rencana yang baru, lalu terapkan lagi. Tidak ada data yang diubah.";

export type HasilImpor =
  | { ok: true; ditambah: number; diubah: number; tidakBerubah: number; rencana: Rencana }
  | { ok: false; status: 409 | 422; message: string; rencana: Rencana };

export const BERKAS_TIDAK_ADA = "Berkas impor tidak ditemukan atau sudah kedaluwarsa (lebih dari 1 jam). Unggah berkasnya lagi.";
export const IMPOR_BATAL = "Impor dibatalkan.";
export const TIDAK_ADA_PERUBAHAN = "Tidak ada perubahan: semua baris sama dengan data tersimpan.";

/** The toast (and the API's message) of an applied import. */
export function pesanSelesai(hasil: { ditambah: number; diubah: number }): string {
  return hasil.ditambah + hasil.diubah === 0 ? TIDAK_ADA_PERUBAHAN : `Impor selesai: ${ringkasanImpor(hasil.ditambah, hasil.diubah)}.`;
}

/** "3 ditambah, 2 diubah": the activity entry's summary and the toast's counts. */
export function ringkasanImpor(ditambah: number, diubah: number): string {
  return `${ditambah} ditambah, ${diubah} diubah`;
}

/**
 * Re-checks the file against the data of this moment and writes it, all or nothing, in ONE
 * transaction with ONE activity entry. Refused when any row is refused, or when `sidik` (the
 * dry run's digest) no longer matches: the data changed what the operator saw. A file with
 * nothing to change writes nothing (and logs nothing). Throws CsvFileError for a bad header.
 */
export function terapkanImpor(db: Db, table: CsvTable, options: { sidik?: string | null } = {}): HasilImpor {
  return db.transaction((tx): HasilImpor => {
    const rencana = rencanaImpor(tx, table);
    if (rencana.ditolak.length > 0) return { ok: false, status: 422, message: IMPOR_DITOLAK, rencana };
    if (options.sidik && options.sidik !== rencana.sidik) return { ok: false, status: 409, message: DATA_BERUBAH, rencana };
    const done = { ok: true as const, ditambah: rencana.ditambah.length, diubah: rencana.diubah.length, tidakBerubah: rencana.tidakBerubah, rencana };
    if (done.ditambah + done.diubah === 0) return done;

    // Built once for the whole file (building a statement costs more than running it).
    const insert = tx
      .insert(produk)
      .values({
        id_kategori: sql`${sql.placeholder("id_kategori")}`,
        nama_produk: sql`${sql.placeholder("nama_produk")}`,
        nama_seo: sql`${sql.placeholder("nama_seo")}`,
        harga: sql`${sql.placeholder("harga")}`,
        deskripsi: sql`${sql.placeholder("deskripsi")}`,
      })
      .returning({ id: produk.id })
      .prepare();
    const update = tx
      .update(produk)
      .set({
        id_kategori: sql`${sql.placeholder("id_kategori")}`,
        nama_produk: sql`${sql.placeholder("nama_produk")}`,
        nama_seo: sql`${sql.placeholder("nama_seo")}`,
        harga: sql`${sql.placeholder("harga")}`,
        deskripsi: sql`${sql.placeholder("deskripsi")}`,
        updated_at: sql`${sql.placeholder("updated_at")}`,
      })
      .where(eq(produk.id, sql.placeholder("id")))
      .prepare();
    const link = tx
      .insert(produkGudang)
      .values({ id_produk: sql.placeholder("id_produk"), id_kantor_cabang: sql.placeholder("id_kantor_cabang") })
      .onConflictDoNothing()
      .prepare();
    const unlinkAll = tx.delete(produkGudang).where(eq(produkGudang.id_produk, sql.placeholder("id_produk"))).prepare();
    const redirectOf = tx
      .select({ id: slugRedirect.id })
      .from(slugRedirect)
      .where(sql`${slugRedirect.jenis} = 'produk' and ${slugRedirect.slug_lama} = ${sql.placeholder("slug")}`)
      .prepare();

    // In file order, as the plan decided them (its slugs were allocated in this order).
    type Step = { baris: number; run: () => void };
    const steps: Step[] = [];
    for (const r of rencana.ditambah) {
      steps.push({
        baris: r.baris,
        run: () => {
          const { id } = insert.get({ ...r.nilai, nama_seo: r.slug })!;
          // A new product taking a slug that once redirected elsewhere: the slug is its now.
          if (redirectOf.get({ slug: r.slug })) rememberOldSlug(tx, "produk", r.slug, r.slug, id);
          for (const idCabang of r.nilai.gudang) link.run({ id_produk: id, id_kantor_cabang: idCabang });
        },
      });
    }
    const now = Date.now();
    for (const r of rencana.diubah) {
      steps.push({
        baris: r.baris,
        run: () => {
          update.run({ ...r.nilai, nama_seo: r.slug_baru, updated_at: now, id: r.id });
          if (r.slug !== r.slug_baru || redirectOf.get({ slug: r.slug_baru })) rememberOldSlug(tx, "produk", r.slug, r.slug_baru, r.id);
          // The branches replaced, as updateProduk replaces them.
          if (r.bidang.includes("gudang")) {
            unlinkAll.run({ id_produk: r.id });
            for (const idCabang of r.nilai.gudang) link.run({ id_produk: r.id, id_kantor_cabang: idCabang });
          }
        },
      });
    }
    steps.sort((a, b) => a.baris - b.baris);
    for (const step of steps) step.run();

    domainChanged(tx, { entity: "produk", action: "impor", summary: ringkasanImpor(done.ditambah, done.diubah) });
    return done;
  });
}

// ---- The plan as the API answers it -----------------------------------------------------------

/** The plan without what only apply needs (the values to write). */
export function rencanaJson(rencana: Rencana) {
  return {
    ringkasan: {
      total: rencana.total,
      ditambah: rencana.ditambah.length,
      diubah: rencana.diubah.length,
      tidak_berubah: rencana.tidakBerubah,
      ditolak: rencana.ditolak.length,
    },
    sidik: rencana.sidik,
    cabang_tanpa_kolom: rencana.cabangTanpaKolom,
    ditambah: rencana.ditambah.map(({ baris, nama_produk, slug, catatan }) => ({ baris, nama_produk, slug, ...(catatan ? { catatan } : {}) })),
    diubah: rencana.diubah.map(({ baris, id, slug, slug_baru, nama_produk, bidang, gudang_tambah, gudang_hapus, lewat_slug_lama }) => ({
      baris,
      id,
      slug,
      slug_baru,
      nama_produk,
      bidang,
      gudang_tambah,
      gudang_hapus,
      lewat_slug_lama,
    })),
    ditolak: rencana.ditolak,
  };
}

// ---- Uploaded files waiting for 'Terapkan' ---------------------------------------------------

const TOKEN = /^[a-f0-9]{32}$/;

/** A private folder beside the database (0700), or one in the system's temp for :memory:. */
export function folderImpor(): string {
  const url = getEnv().DATABASE_URL;
  if (url === ":memory:" || url.startsWith("file:")) return path.join(os.tmpdir(), `etalase-impor-${process.pid}`);
  return path.join(path.dirname(path.resolve(url)), "tmp", "impor-produk");
}

/** The stored file of a token, or null (a malformed token, or gone: applied, cancelled, expired). */
export function berkasImpor(token: string | null | undefined, now = Date.now()): string | null {
  if (!token || !TOKEN.test(token)) return null;
  const file = path.join(folderImpor(), `${token}.csv`);
  try {
    const stat = fs.statSync(file);
    if (now - stat.mtimeMs > BERKAS_BERLAKU_MS) {
      fs.rmSync(file, { force: true });
      return null;
    }
    return file;
  } catch {
    return null;
  }
}

export function hapusBerkasImpor(token: string | null | undefined) {
  const file = token && TOKEN.test(token) ? path.join(folderImpor(), `${token}.csv`) : null;
  if (file) fs.rmSync(file, { force: true });
}

/** Removes files older than BERKAS_BERLAKU_MS (run at every upload). */
export function bersihkanBerkasImpor(now = Date.now()) {
  const dir = folderImpor();
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > BERKAS_BERLAKU_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another request.
    }
  }
}

/** Keeps an uploaded file aside (0600, random name) until 'Terapkan'; answers its token. */
export async function simpanBerkasImpor(file: Blob): Promise<string> {
  bersihkanBerkasImpor();
  const dir = folderImpor();
  ensurePrivateDir(dir);
  const token = crypto.randomBytes(16).toString("hex");
  const target = path.join(dir, `${token}.csv`);
  await pipeline(byteStream(file), fs.createWriteStream(target, { mode: 0o600, flags: "wx" }));
  return token;
}
