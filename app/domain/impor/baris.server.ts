/**
 * What every import checks the same way: a header of fixed column names (any order, any case),
 * a row's width against it, and a plan's digest (apply refuses when the data changed what the
 * dry run showed). The products' header also has a column per branch (produk/csv/judul.server.ts).
 */
import crypto from "node:crypto";
import { CsvFileError } from "~/domain/impor/baca.server";
import { lower } from "~/domain/impor/nama";
import { unguard } from "~/lib/util/csv";

export { lower };

/** A cell as written, without the formula guard the app's exports put before = + - @. */
export const cellOf = (cells: string[], i: number | undefined) => (i === undefined ? "" : unguard(cells[i] ?? ""));

/** Where each known column is (a column left out of the file is undefined), and the header's width. */
export type JudulTetap<K extends string> = { kolom: Partial<Record<K, number>>; width: number };

/**
 * Maps a header of fixed columns, or throws CsvFileError (422) naming every problem: a missing
 * required column, an unknown one, one twice, a blank one between named ones.
 */
export function bacaJudulTetap<K extends string>(cells: string[], semua: readonly K[], wajib: readonly K[]): JudulTetap<K> {
  const names = cells.map((cell) => unguard(cell).trim());
  let width = names.length;
  while (width > 0 && names[width - 1] === "") width--;
  const problems: string[] = [];
  const kolom: Partial<Record<K, number>> = {};
  const unknown: string[] = [];
  for (let i = 0; i < width; i++) {
    const name = names[i]!;
    if (name === "") {
      problems.push(`Kolom ke-${i + 1} pada baris judul kosong.`);
      continue;
    }
    const key = lower(name) as K;
    if (!semua.includes(key)) unknown.push(`'${name}'`);
    else if (kolom[key] !== undefined) problems.push(`Kolom '${name}' muncul lebih dari sekali.`);
    else kolom[key] = i;
  }
  if (unknown.length > 0) problems.push(`Kolom ${unknown.join(", ")} tidak dikenal. Kolom yang dikenal: ${semua.join(", ")}.`);
  const missing = wajib.filter((k) => kolom[k] === undefined);
  if (missing.length > 0) problems.push(`Kolom wajib tidak ada: ${missing.join(", ")}.`);
  if (problems.length > 0) throw new CsvFileError(`Baris judul kolom ditolak. ${problems.join(" ")}`);
  return { kolom, width };
}

/** A row narrower than the header, or with something past it: refused before anything else. */
export function cekLebar(cells: string[], expected: number): string | null {
  if (cells.length < expected) return `Baris ini hanya punya ${cells.length} kolom, seharusnya ${expected}.`;
  if (cells.slice(expected).some((cell) => cell.trim() !== "")) return `Baris ini punya isi di luar ${expected} kolom yang ada di baris judul.`;
  return null;
}

/** The digest of a plan's decisions (each a JSON-able value, in order). */
export function sidikDari(parts: Iterable<unknown>): string {
  const digest = crypto.createHash("sha256");
  for (const part of parts) digest.update(JSON.stringify(part));
  return digest.digest("hex").slice(0, 32);
}
