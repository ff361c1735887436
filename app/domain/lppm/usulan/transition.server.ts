/**
 * The proposal's plug into the workflow engine (workflow.server.ts): how a usulan is loaded
 * for the checks and how its status is written, and `usulanTransition`, the one function every
 * screen calls to move a proposal (the ketua's 'Ajukan' here; the verifier, operator,
 * reviewer, secretary and head later). Submission (→ DIAJUKAN) adds every rule of LPPM.md
 * (submit.server.ts), checked again inside the engine's transaction.
 */
import { and, eq, isNull } from "drizzle-orm";
import { penugasanReviewer, periode, prodi, usulan, usulanAnggota, users } from "../../../../db/schema";
import { aktifBerperan, fakultasVerifikasi } from "~/domain/users/users.server";
import type { Db } from "~/lib/server/db.server";
import { windowsOf } from "~/domain/lppm/master/periode.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import {
  checkTransition,
  transition,
  windowRefusal,
  type Actor,
  type TransitionInput,
  type TransitionResult,
  type WorkflowAdapter,
  type WorkflowRecord,
  Incomplete,
  incompleteRefusal,
  type IncompleteRefusal,
} from "~/domain/lppm/workflow.server";
import { submitProblems } from "~/domain/lppm/usulan/submit.server";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";

type UsulanRow = typeof usulan.$inferSelect;

/**
 * What a step may write along with the status: the penetapan's dana_disetujui and SK batch,
 * the review round and the average score. Anything not given is left as it is.
 */
export type UsulanTransitionInput = TransitionInput &
  Partial<Pick<UsulanRow, "dana_disetujui" | "id_penetapan" | "putaran_review" | "nilai_rata">>;

function load(db: Db, id: number): WorkflowRecord<UsulanStatus> | null {
  const row = withKonteks(db.select({ usulan, periode, fakultasId: prodi.id_fakultas }).from(usulan).$dynamic())
    .where(eq(usulan.id, id))
    .get();
  if (!row) return null;
  const timIds = db
    .select({ id: usulanAnggota.id_user })
    .from(usulanAnggota)
    .where(and(eq(usulanAnggota.id_usulan, id), eq(usulanAnggota.status_undangan, "DITERIMA")))
    .all()
    .map((r) => r.id);
  // Only the current round decides, and only its assignments still open or done: earlier rounds
  // and replaced reviewers are history.
  const assignedIds = db
    .select({ id: penugasanReviewer.id_reviewer })
    .from(penugasanReviewer)
    .where(and(eq(penugasanReviewer.id_usulan, id), eq(penugasanReviewer.putaran, row.usulan.putaran_review), isNull(penugasanReviewer.ditutup)))
    .all()
    .map((r) => r.id);
  return {
    status: row.usulan.status as UsulanStatus,
    title: row.usulan.judul,
    ketuaId: row.usulan.id_ketua,
    timIds,
    assignedIds,
    fakultasId: row.fakultasId ?? null,
    windows: windowsOf(row.periode),
    usulanId: id,
  };
}

function write(tx: Db, id: number, to: UsulanStatus, input: UsulanTransitionInput): void {
  const now = input.now ?? new Date();
  // A submission meets every rule; reopening a decision made on a submitted proposal does not submit it again.
  const submits = to === "DIAJUKAN" && !input.override;
  if (submits) {
    const problems = submitProblems(tx, id);
    if (problems.length) throw new Incomplete(problems);
  }
  const extra: Partial<UsulanRow> = {};
  if (input.dana_disetujui !== undefined) extra.dana_disetujui = input.dana_disetujui;
  if (input.id_penetapan !== undefined) extra.id_penetapan = input.id_penetapan;
  if (input.putaran_review !== undefined) extra.putaran_review = input.putaran_review;
  if (input.nilai_rata !== undefined) extra.nilai_rata = input.nilai_rata;
  tx.update(usulan)
    .set({ ...extra, status: to, updated_at: now, ...(submits ? { diajukan_at: now } : {}) })
    .where(eq(usulan.id, id))
    .run();
}

/** Active verifiers of a faculty. */
function verifiersOf(db: Db, fakultasId: number): number[] {
  return db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id_fakultas_verifikasi, fakultasId),
        aktifBerperan("Verifikator-Fakultas"),
      ),
    )
    .all()
    .map((r) => r.id);
}

export const usulanAdapter: WorkflowAdapter<UsulanStatus, UsulanTransitionInput> = {
  workflow: USULAN_WORKFLOW,
  load,
  write,
  fakultasOf: fakultasVerifikasi,
  verifiersOf,
};

/** A refusal with every unmet rule of a submission listed (`problems`); `message` sums them up. */
export type UsulanTransitionResult = TransitionResult<UsulanStatus> | IncompleteRefusal;


/**
 * Moves proposal `id` to `to` as `actor` (the engine checks role, relation, status, window and
 * note; one transaction with the log and the messages). A refused move changes nothing. For a
 * submission every unmet rule is listed at once, the closed window's message among them.
 */
export function usulanTransition(
  db: Db,
  actor: Actor,
  id: number,
  to: UsulanStatus,
  input: UsulanTransitionInput = {},
): UsulanTransitionResult {
  if (to === "DIAJUKAN" && !input.override) {
    const record = load(db, id);
    const checked = checkTransition(db, usulanAdapter, actor, record, to, input);
    const closed = record ? windowRefusal("pengajuan", record.windows.pengajuan, input.now ?? new Date()) : null;
    // Who may not submit at all (not the ketua, wrong status) hears only that.
    if (!checked.ok && checked.message !== closed) return checked;
    const problems = [...(closed ? [closed] : []), ...submitProblems(db, id)];
    if (problems.length) return incompleteRefusal("Usulan", problems, closed ? 409 : 422);
  }
  try {
    return transition(db, usulanAdapter, actor, id, to, input);
  } catch (error) {
    // Something changed between the preview and the transaction: the transaction's verdict holds.
    if (error instanceof Incomplete) return incompleteRefusal("Usulan", error.problems);
    throw error;
  }
}
