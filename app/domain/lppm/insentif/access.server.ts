/**
 * Who may see a publication-incentive claim and its evidence files, one rule for its page and
 * its downloads (LPPM.md: documents are private, served only by an authorized route): the
 * claimant, the reviewer assigned to it (while they hold a reviewer role), and the LPPM office
 * (Operator, Sekretaris-LPPM, Kepala-LPPM). Only the claimant changes a claim, while it is DRAF
 * or DIKEMBALIKAN (draft.server.ts).
 */
import { and, eq } from "drizzle-orm";
import { insentif, insentifBukti } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { Role } from "~/domain/users/roles";
import { LPPM_OFFICE, REVIEWER_ROLES } from "~/domain/lppm/usulan/access.server";

export type KlaimViewer = { id: number; roles: readonly Role[] };

/** The rule itself (no database): whether this viewer may read a claim with this claimant and reviewer. */
export function mayReadKlaim(viewer: KlaimViewer, row: { id_pengusul: number; id_reviewer: number | null }): boolean {
  return (
    viewer.id === row.id_pengusul ||
    (row.id_reviewer === viewer.id && viewer.roles.some((r) => REVIEWER_ROLES.includes(r))) ||
    viewer.roles.some((r) => LPPM_OFFICE.includes(r))
  );
}

/** One evidence file of claim `id`, for a viewer who may read the claim; null otherwise. */
export function buktiKlaim(db: Db, viewer: KlaimViewer, id: number, buktiId: number): { file: string; nama_file: string } | null {
  const row = db.select({ id_pengusul: insentif.id_pengusul, id_reviewer: insentif.id_reviewer }).from(insentif).where(eq(insentif.id, id)).get();
  if (!row || !mayReadKlaim(viewer, row)) return null;
  return db.select({ file: insentifBukti.file, nama_file: insentifBukti.nama_file }).from(insentifBukti).where(and(eq(insentifBukti.id, buktiId), eq(insentifBukti.id_insentif, id))).get() ?? null;
}
