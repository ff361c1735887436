/**
 * Who may see a proposal and its documents, and who may change it — one rule for every screen
 * and download of every area (LPPM.md: documents are private to the team, the assigned
 * reviewers and the LPPM roles):
 * - the ketua (always), accepted team members, and invited ones while they decide (read-only);
 * - once it is no longer a DRAF: reviewers assigned to it in any round, unless replaced (and its monev reviewer),
 *   the Verifikator-Fakultas of the ketua's faculty, and the LPPM office (Operator,
 *   Sekretaris-LPPM, Kepala-LPPM).
 * A DRAF is the ketua's and the invited members' only. Only the ketua changes a proposal, while
 * it is DRAF or DIKEMBALIKAN, and deletes it while DRAF.
 * Blind review: reviewers assigned to a skema with review_buta do not see the team in either
 * evaluation (blindFor), nor any document that names it (readsDocument): they read the proposal
 * document they review (its PDF metadata stripped on the way out) and nothing the project wrote
 * afterwards. The project's monev reviewer is not blind: the monev meets the team.
 */
import { and, eq, isNull, ne, or, sql } from "drizzle-orm";
import { monev, penugasanReviewer, prodi, skema, usulan, usulanAnggota, type usulanDokumen } from "../../../../db/schema";
import { fakultasVerifikasi } from "~/domain/users/users.server";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import type { Role } from "~/domain/users/roles";
import { EDITABLE_STATUSES } from "~/domain/lppm/usulan/rules";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";

export type UsulanViewer = { id: number; roles: readonly Role[] };

/**
 * How a viewer is related to a proposal; a viewer may be several at once. "reviewer": assigned to
 * review it (any round); "monev": its monev reviewer.
 */
export type UsulanRelation = "ketua" | "anggota" | "undangan" | "reviewer" | "monev" | "verifikator" | "lppm";

/** What the rule needs to know, loaded by `usulanAccess`. */
export type AccessFacts = {
  status: string;
  ketuaId: number;
  /** The ketua's faculty (their prodi's). */
  fakultasId: number | null;
  /** The viewer's invitation to the team, if any. */
  undangan: "MENUNGGU" | "DITERIMA" | "DITOLAK" | null;
  /** The viewer is an assigned reviewer of it (any round). */
  assigned: boolean;
  /** The viewer is its monev reviewer. */
  monev: boolean;
  /** The faculty the viewer verifies for. */
  fakultasVerifikasi: number | null;
};

export type UsulanAccess = {
  relations: UsulanRelation[];
  canView: boolean;
  canEdit: boolean;
  canDelete: boolean;
};

export const REVIEWER_ROLES: readonly Role[] = ["Reviewer-Internal", "Reviewer-External"];
export const LPPM_OFFICE: readonly Role[] = ["Operator", "Sekretaris-LPPM", "Kepala-LPPM"];

/** The rule itself (no database): what this viewer may do with a proposal with these facts. */
export function decideAccess(viewer: UsulanViewer, facts: AccessFacts): UsulanAccess {
  const has = (roles: readonly Role[]) => viewer.roles.some((role) => roles.includes(role));
  const submitted = facts.status !== "DRAF";
  const relations: UsulanRelation[] = [];
  if (viewer.id === facts.ketuaId) relations.push("ketua");
  if (facts.undangan === "DITERIMA") relations.push("anggota");
  if (facts.undangan === "MENUNGGU") relations.push("undangan");
  if (submitted && facts.assigned && has(REVIEWER_ROLES)) relations.push("reviewer");
  if (submitted && facts.monev && has(REVIEWER_ROLES)) relations.push("monev");
  if (submitted && has(["Verifikator-Fakultas"]) && facts.fakultasId !== null && facts.fakultasVerifikasi === facts.fakultasId) {
    relations.push("verifikator");
  }
  if (submitted && has(LPPM_OFFICE)) relations.push("lppm");
  const ketua = relations.includes("ketua");
  return {
    relations,
    canView: relations.length > 0,
    canEdit: ketua && (EDITABLE_STATUSES as readonly string[]).includes(facts.status),
    canDelete: ketua && facts.status === "DRAF",
  };
}

/**
 * Whether this viewer sees the proposal without its team (names, NIDN, NIM): an assigned
 * reviewer, and nothing else to it, of a skema with review_buta — on every screen and file of the
 * review, the administrative check included (it judges the team's composition and eligibility
 * from facts without names: usulanDetail's `timAnonim`). Its monev reviewer is something else to
 * it: the monev meets the team.
 */
export function blindFor(access: Pick<UsulanAccess, "relations">, skemaRow: { review_buta: boolean }): boolean {
  return skemaRow.review_buta && access.relations.length > 0 && access.relations.every((r) => r === "reviewer");
}

/**
 * Whether a viewer reads a running project's own work (its daily notes, its reports): whoever may
 * see the proposal, except a reviewer of a blind skema (that work names the team).
 */
export function readsProjectWork(access: UsulanAccessResult | null): access is UsulanAccessResult {
  return access !== null && access.canView && !blindFor(access, { review_buta: access.usulan.review_buta });
}

export type DokumenRonde = (typeof usulanDokumen.$inferSelect)["ronde"];

/**
 * The documents a blind reviewer reads: the proposal under review, which a blind skema asks the
 * proposer to write without the team. Everything else names it — the revision (the full proposal
 * again, its identity page included), the reports, the outputs' evidence (authors, certificates) —
 * and so does any kind added later unless it is listed here.
 */
const BLIND_READABLE: readonly DokumenRonde[] = ["usulan"];

/**
 * Whether a viewer reads a proposal's document of this round: whoever may see the proposal,
 * except that a blind reviewer reads only BLIND_READABLE ones. Every download and every list of
 * documents asks this.
 */
export function readsDocument(access: UsulanAccessResult | null, ronde: DokumenRonde): access is UsulanAccessResult {
  return access !== null && access.canView && (BLIND_READABLE.includes(ronde) || readsProjectWork(access));
}

export type UsulanAccessResult = UsulanAccess & {
  facts: AccessFacts;
  usulan: { id: number; id_periode: number; status: UsulanStatus; judul: string; jenis: "penelitian" | "pengabdian"; id_ketua: number; review_buta: boolean };
};

/** The viewer's access to proposal `id`, or null when it does not exist. */
export function usulanAccess(db: Db, viewer: UsulanViewer, id: number): UsulanAccessResult | null {
  // Checked on every proposal screen and file: the queries are built once (preparedQuery).
  const row = preparedQuery(db, "usulanAccess", (d) =>
    withKonteks(
      d
        .select({
          id: usulan.id,
          id_periode: usulan.id_periode,
          status: usulan.status,
          judul: usulan.judul,
          jenis: usulan.jenis,
          id_ketua: usulan.id_ketua,
          review_buta: skema.review_buta,
          fakultasId: prodi.id_fakultas,
        })
        .from(usulan)
        .$dynamic(),
    )
      .where(eq(usulan.id, sql.placeholder("id")))
      .prepare(),
  ).get({ id });
  if (!row) return null;
  const undangan =
    preparedQuery(db, "usulanAccess.undangan", (d) =>
      d
        .select({ status: usulanAnggota.status_undangan })
        .from(usulanAnggota)
        .where(and(eq(usulanAnggota.id_usulan, sql.placeholder("id")), eq(usulanAnggota.id_user, sql.placeholder("viewer"))))
        .prepare(),
    ).get({ id, viewer: viewer.id })?.status ?? null;
  // Only a reviewer can be assigned: nobody else pays for the lookups.
  const reviews = viewer.roles.some((role) => REVIEWER_ROLES.includes(role));
  const assigned =
    reviews &&
    Boolean(
      preparedQuery(db, "usulanAccess.assigned", (d) =>
        d
          .select({ id: penugasanReviewer.id })
          .from(penugasanReviewer)
          .where(
            and(
              eq(penugasanReviewer.id_usulan, sql.placeholder("id")),
              eq(penugasanReviewer.id_reviewer, sql.placeholder("viewer")),
              // A replaced reviewer is no longer assigned: the work went to someone else.
              or(isNull(penugasanReviewer.ditutup), ne(penugasanReviewer.ditutup, "DIGANTI")),
            ),
          )
          .prepare(),
      ).get({ id, viewer: viewer.id }),
    );
  // The monev reviewer reads the project like its review's reviewers, and meets its team.
  const monevReviewer =
    reviews &&
    Boolean(
      preparedQuery(db, "usulanAccess.monev", (d) =>
        d
          .select({ id: monev.id })
          .from(monev)
          .where(and(eq(monev.id_usulan, sql.placeholder("id")), eq(monev.id_reviewer, sql.placeholder("viewer"))))
          .prepare(),
      ).get({ id, viewer: viewer.id }),
    );
  const verifiesFor = viewer.roles.includes("Verifikator-Fakultas")
    ? fakultasVerifikasi(db, viewer.id)
    : null;
  const facts: AccessFacts = { status: row.status, ketuaId: row.id_ketua, fakultasId: row.fakultasId ?? null, undangan, assigned, monev: monevReviewer, fakultasVerifikasi: verifiesFor };
  const { fakultasId: _f, ...rest } = row;
  return { ...decideAccess(viewer, facts), facts, usulan: { ...rest, status: row.status as UsulanStatus } };
}
