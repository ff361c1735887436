/**
 * The proposal's overrides of the normal flow (README, "what LPPM.md left open"), each a
 * transition of the usulan workflow's table made through the engine (role, relation, status and
 * note checked there; the status log and the notices in the same transaction):
 * - 'tarik': the ketua withdraws their submitted proposal, or the Operator does at the lecturer's
 *   request (note required) — DITARIK, out of every queue; its open review assignments close;
 * - 'buka-kembali': the Operator or the Kepala reopens a decision (note required) — a Ditolak, a
 *   Tidak Lolos or a Tidak Didanai goes back to the status it was decided from (reopenTarget).
 */
import { and, desc, eq, isNull } from "drizzle-orm";
import { penugasanReviewer, statusLog, usulan } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { domainChanged } from "~/domain/changes.server";
import { usulanRef } from "~/domain/lppm/aktivitas.server";
import { OVERRIDES, overrideOffered, reopenTarget, USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import type { Actor } from "~/domain/lppm/workflow.server";
import { usulanTransition, type UsulanTransitionInput, type UsulanTransitionResult } from "~/domain/lppm/usulan/transition.server";
import { periodeLimitProblemsOf } from "~/domain/lppm/usulan/submit.server";
import type { UsulanDetail } from "~/domain/lppm/usulan/read.server";
import type { UsulanViewer } from "~/domain/lppm/usulan/access.server";

export const BATAS_PERIODE_BUKA_KEMBALI = "Usulan tidak dapat dibuka kembali:";

/** Thrown inside the move's transaction when the reopened proposal would break the periode's limits. */
class OverLimit extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
  }
}

/**
 * 'Tarik': proposal `id` → DITARIK. The current round's assignments still open are closed
 * (DITARIK, kept as history): the reviewers' lists drop them and the reviewers are told.
 */
export function tarikUsulan(db: Db, actor: Actor, id: number, note: string | null, now = new Date()): UsulanTransitionResult {
  return usulanTransition(db, actor, id, "DITARIK", {
    override: "tarik",
    note,
    now,
    alongside: (tx) => {
      const putaran = tx.select({ putaran: usulan.putaran_review }).from(usulan).where(eq(usulan.id, id)).get()?.putaran ?? 0;
      const open = tx
        .select()
        .from(penugasanReviewer)
        .where(and(eq(penugasanReviewer.id_usulan, id), eq(penugasanReviewer.putaran, putaran), isNull(penugasanReviewer.ditutup), isNull(penugasanReviewer.substansi_at)))
        .all()
        .filter((p) => p.administrasi_lolos !== false);
      for (const p of open) {
        const after = tx.update(penugasanReviewer).set({ ditutup: "DITARIK", ditutup_at: now, updated_at: now }).where(eq(penugasanReviewer.id, p.id)).returning().get();
        domainChanged(tx, { entity: "penugasan_reviewer", action: "ubah", id: p.id, before: p, after, summary: `Penugasan review ${usulanRef(id)} ditutup: usulan ditarik` });
      }
    },
  });
}

/** The status the proposal's last move into `status` came from (who decided it, and where from). */
function decidedFrom(db: Db, id: number, status: string): string | null {
  return (
    db
      .select({ from: statusLog.from_status })
      .from(statusLog)
      .where(and(eq(statusLog.entity, USULAN_WORKFLOW.kind), eq(statusLog.entity_id, id), eq(statusLog.to_status, status)))
      .orderBy(desc(statusLog.id))
      .limit(1)
      .get()?.from ?? null
  );
}

/** Where reopening proposal `id` would lead now, or null when its status is not a reopenable decision. */
export function bukaKembaliTujuan(db: Db, id: number): UsulanStatus | null {
  const row = db.select({ status: usulan.status }).from(usulan).where(eq(usulan.id, id)).get();
  if (!row) return null;
  return reopenTarget(row.status as UsulanStatus, decidedFrom(db, id, row.status));
}

/**
 * 'Buka kembali': proposal `id`'s decision is undone — back to the status it was decided from,
 * a failed review as a new round waiting for its reviewers (putaran + 1), a Tidak Didanai back on
 * the ranking board without its SK. Refused when the proposal's people have since reached the
 * periode's limits (they proposed or joined again after the decision).
 */
export function bukaKembaliUsulan(db: Db, actor: Actor, id: number, note: string | null, now = new Date()): UsulanTransitionResult {
  const row = db.select({ status: usulan.status, putaran: usulan.putaran_review }).from(usulan).where(eq(usulan.id, id)).get();
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  const status = row.status as UsulanStatus;
  const to = reopenTarget(status, decidedFrom(db, id, status));
  if (!to) return { ok: false, status: 409, message: OVERRIDES["buka-kembali"].refusal };
  const extra: Partial<UsulanTransitionInput> =
    status === "TIDAK_LOLOS"
      ? { putaran_review: row.putaran + 1, nilai_rata: null }
      : status === "TIDAK_DIDANAI"
        ? { id_penetapan: null, dana_disetujui: null }
        : {};
  try {
    return usulanTransition(db, actor, id, to, {
      ...extra,
      override: "buka-kembali",
      note,
      now,
      alongside: (tx) => {
        const problems = periodeLimitProblemsOf(tx, id);
        if (problems.length) throw new OverLimit(problems);
      },
    });
  } catch (error) {
    if (!(error instanceof OverLimit)) throw error;
    return { ok: false, status: 409, message: `${BATAS_PERIODE_BUKA_KEMBALI} ${error.problems.join(" ")}` };
  }
}

/** The corrections the office may make on a proposal now (Operator → Daftar Usulan). */
export type UsulanKoreksi = {
  /** The viewer may withdraw it now (at the lecturer's request). */
  bisaTarik: boolean;
  /** Where the viewer's 'Buka Kembali' would take it, or null when they may not reopen it. */
  bukaKembali: UsulanStatus | null;
};

/**
 * Which override the viewer may make now on a proposal they opened (its detail, which the access
 * rule gave them): null when they may make none, or see it only as its team or reviewer.
 */
export function koreksiOf(db: Db, viewer: UsulanViewer, detail: UsulanDetail): UsulanKoreksi | null {
  if (!detail.access.relations.includes("lppm")) return null;
  const { id, status } = detail.usulan;
  const koreksi = {
    bisaTarik: overrideOffered(USULAN_WORKFLOW, "tarik", status, viewer.roles),
    bukaKembali: overrideOffered(USULAN_WORKFLOW, "buka-kembali", status, viewer.roles) ? bukaKembaliTujuan(db, id) : null,
  };
  return koreksi.bisaTarik || koreksi.bukaKembali ? koreksi : null;
}
