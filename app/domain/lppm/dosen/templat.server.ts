/**
 * The template of the lecturers import, to download and fill: the header and one example row,
 * as XLSX (every cell a text cell, so a spreadsheet keeps a NIDN's leading zeros and all 16
 * digits of a NUPTK) or as CSV (the app's codec: UTF-8 with a BOM).
 */
import writeExcelFile from "write-excel-file/node";
import { asc } from "drizzle-orm";
import { prodi } from "../../../../db/schema";
import { KOLOM_DOSEN } from "~/domain/lppm/dosen/format";
import type { Format } from "~/domain/lppm/penetapan/penetapan";
import type { Db } from "~/lib/server/db.server";
import { csvText } from "~/lib/util/csv";

/** The example row: a made-up lecturer of the first Program Studi. */
function contoh(db: Db): string[] {
  const first = db.select({ nama: prodi.nama }).from(prodi).orderBy(asc(prodi.nama)).limit(1).get();
  return ["0012345678", "Dr. Contoh Dosen, M.T.", "contoh.dosen@kampus.ac.id", "081234567890", first?.nama ?? "Teknik Informatika", "Lektor", "Rekayasa Perangkat Lunak", "6012345", "Pengusul, Reviewer-Internal"];
}

export const NAMA_TEMPLAT = "templat-impor-dosen";

/** The template's bytes in the format asked for. */
export async function templatImporDosen(db: Db, format: Format): Promise<Uint8Array<ArrayBuffer> | string> {
  const rows = [[...KOLOM_DOSEN], contoh(db)];
  if (format === "csv") return csvText(rows);
  const header = rows[0]!.map((value) => ({ value, fontWeight: "bold" as const }));
  const body = rows.slice(1).map((row) => row.map((value) => ({ value, type: String })));
  const buffer = await writeExcelFile([header, ...body], {
    columns: KOLOM_DOSEN.map((k) => ({ width: k === "nama" || k === "hak_akses" || k === "bidang_keahlian" || k === "email" ? 30 : 18 })),
    sheet: "Dosen",
  }).toBuffer();
  return new Uint8Array(buffer);
}
