/**
 * What a claim must satisfy before it is submitted (DRAF or DIKEMBALIKAN → DIAJUKAN), each with
 * its own Indonesian message, all listed at once: the call's window is open, the kind is
 * active, the claimant's role may claim it, it was published in the call's year, it has
 * evidence, and no other claim holds the same publication (same DOI, or same ISSN/ISBN and
 * title) — the last also checked on every save.
 */
import { and, eq, ne, sql, type SQL } from "drizzle-orm";
import { insentif } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { windowRefusal } from "~/domain/lppm/workflow.server";
import type { JenisInsentif, PeriodeInsentif } from "~/domain/lppm/insentif/master.server";
import { nominalKlaim } from "~/domain/lppm/insentif/tarif";

export const JENIS_INSENTIF_TIDAK_DIKENAL = "Jenis insentif tidak dikenal atau tidak aktif.";
export const KLAIM_GANDA_DOI = "Publikasi dengan DOI ini sudah pernah diklaim.";
export const KLAIM_GANDA_JUDUL = "Publikasi dengan ISSN/ISBN dan judul ini sudah pernah diklaim.";
export const PERAN_TIDAK_BERHAK = "Hanya penulis pertama atau penulis korespondensi yang dapat mengajukan insentif jenis ini.";
export const BUKTI_INSENTIF_BELUM = "Unggah minimal satu bukti publikasi.";

/** A refused claim does not hold its publication: it may be claimed again (by the right author). */
const HOLDS_PUBLICATION = sql`${insentif.status} <> 'TIDAK_VALID'`;

/** The message of another claim holding the same publication (by DOI, else by ISSN/ISBN and title), or null. */
export function duplicateOf(db: Db, keys: { doi: string; judul: string }, exceptId?: number): string | null {
  const other = (condition: SQL) =>
    db
      .select({ id: insentif.id })
      .from(insentif)
      .where(and(condition, HOLDS_PUBLICATION, exceptId ? ne(insentif.id, exceptId) : undefined))
      .get();
  if (keys.doi && other(eq(insentif.doi_kunci, keys.doi))) return KLAIM_GANDA_DOI;
  if (keys.judul && other(eq(insentif.judul_kunci, keys.judul))) return KLAIM_GANDA_JUDUL;
  return null;
}

/** Every unmet condition for submitting claim `row` in `periode` with `bukti` evidence files; [] when it may go. */
export function klaimProblems(db: Db, row: typeof insentif.$inferSelect, jenis: JenisInsentif, periode: PeriodeInsentif, bukti: number, now: Date): string[] {
  const problems: string[] = [];
  const closed = periode.window ? windowRefusal("pengajuan", periode.window, now, "Pengajuan insentif") : "Jadwal pengajuan insentif belum diatur.";
  if (closed) problems.push(closed);
  if (!jenis.aktif) problems.push(JENIS_INSENTIF_TIDAK_DIKENAL);
  if (nominalKlaim(jenis, row) === null) problems.push(PERAN_TIDAK_BERHAK);
  if (row.tahun !== periode.tahun) problems.push(`Publikasi harus terbit pada tahun ${periode.tahun} (periode insentif).`);
  if (bukti === 0) problems.push(BUKTI_INSENTIF_BELUM);
  const duplicate = duplicateOf(db, { doi: row.doi_kunci, judul: row.judul_kunci }, row.id);
  if (duplicate) problems.push(duplicate);
  return problems;
}
