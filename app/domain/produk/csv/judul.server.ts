/**
 * The import file's header: which column is a fixed column, which a branch, and whether the
 * file can be read at all (the format: ./format.ts).
 */
import { CsvFileError } from "~/domain/produk/csv/baca.server";
import type { Cabang } from "~/domain/produk/csv/cabang.server";
import { KOLOM, lower, type Kolom } from "~/domain/produk/csv/format";
import { unguard } from "~/lib/util/csv";

/** Where each column of the file goes: a fixed column, a branch, or nowhere (a trailing blank). */
export type Header = {
  fixed: Record<Kolom, number>;
  /** Branch id → column index, for the branches the file has a column of. */
  cabang: Map<number, number>;
  /** Columns past the last named one (blank header cells at the end): must stay empty. */
  width: number;
};

/**
 * Maps the header to columns, or throws CsvFileError (422) naming every problem: a missing fixed
 * column, a column that is neither a fixed column nor a branch's exact name, a column twice, a
 * branch name two branches share, a blank column between named ones.
 */
export function readHeader(cells: string[], branches: Cabang[]): Header {
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
