/**
 * The one way an LPPM record changes status (DESIGN.md convention 13). `transition()` checks,
 * in this order, that the record exists, that its workflow (workflow.ts) allows the move from
 * its current status, the actor's role, the actor's relation to the record (the ketua, an
 * assigned reviewer, a verifier of the ketua's faculty), the stage's date window of the
 * record's periode, and the note; then, in ONE transaction, the record's own write, a
 * `status_log` row (append-only) and the outbox messages to whoever must act next. A refused
 * move answers a clear Indonesian message and changes nothing.
 *
 * Each kind of record plugs in with an adapter: how to load what the checks need and how to
 * write the new status (and whatever goes with it, e.g. dana_disetujui) — the entity modules
 * of the LPPM issues provide them.
 */
import { sql } from "drizzle-orm";
import { statusLog, users } from "../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { SISTEM } from "~/domain/aktivitas/aktivitas.server";
import { queueMessages, sendQueued, type OutgoingMessage } from "~/domain/notifications/outbox.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { namaLppm } from "~/domain/setting/setting.server";
import { audienceLink } from "~/domain/lppm/links";
import type { Role } from "~/domain/users/roles";
import { tanggalWaktu } from "~/lib/util/wib";
import type { StageWindow } from "~/domain/lppm/stage-window";
import { OVERRIDES, STAGE_LABELS, type Audience, type Override, type Stage, type Transition, type Workflow } from "~/domain/lppm/workflow";
import { aktifBerperan } from "~/domain/users/users.server";
import type { WorkflowRefusal } from "~/domain/refusal";

export type Actor = { id: number; name: string; roles: readonly Role[] };
/** Transitions the engine makes by its own rules (every review done → DINILAI). */
export const SYSTEM = "system" as const;

export type { StageWindow };

/** What the checks need of a record, as its adapter loads it. */
export type WorkflowRecord<S extends string> = {
  status: S;
  /** Its title, for messages. */
  title: string;
  ketuaId: number;
  /** Team members (dosen who accepted their invitation). */
  timIds: readonly number[];
  /** Reviewers assigned in the current round. */
  assignedIds: readonly number[];
  /** The ketua's faculty (verifiers of that faculty decide). */
  fakultasId: number | null;
  /** The date windows of the record's periode; a stage without one is closed. */
  windows: Partial<Record<Stage, StageWindow>>;
  /** The proposal it belongs to (a report's, a monev's; a proposal's own id): where its people read it. */
  usulanId?: number;
};

export type TransitionInput = {
  note?: string | null;
  now?: Date;
  /** The override asked for (workflow.ts OVERRIDES): only its transitions are considered, and only with it. */
  override?: Override;
  /**
   * More writes that belong to the move (e.g. the reviewer assignments that open a review): run
   * inside the engine's transaction right after the record's write, before the log row and the
   * messages. A throw rolls the whole move back. Messages it answers are queued with the move's
   * own (an override's notices to the people it concerns).
   */
  alongside?: (tx: Db) => void | OutgoingMessage[];
};

export type WorkflowAdapter<S extends string, I extends TransitionInput = TransitionInput> = {
  workflow: Workflow<S>;
  load: (db: Db, id: number) => WorkflowRecord<S> | null;
  /** Writes the new status and what goes with it; runs inside the engine's transaction. */
  write: (tx: Db, id: number, to: S, input: I) => void;
  /** The faculty a user verifies for (Verifikator-Fakultas); null: none. */
  fakultasOf: (db: Db, userId: number) => number | null;
  /** Active users who verify proposals of this faculty. */
  verifiersOf: (db: Db, fakultasId: number) => number[];
};

export type TransitionResult<S extends string> =
  | { ok: true; from: S; to: S; logId: number }
  | { ok: false; status: 403 | 404 | 409 | 422; message: string };

export const NOT_PERMITTED = "Anda tidak berwenang melakukan tindakan ini.";

/** A submission refused for its unmet rules: every one of them listed, `message` sums them up. */
export type IncompleteRefusal = { ok: false; status: 409 | 422; message: string; problems: string[] };

/** The refusal of a submission ('Ajukan') of `what` ("Usulan", "Klaim", …) with unmet rules. */
export function incompleteRefusal(what: string, problems: string[], status: 409 | 422 = 422): IncompleteRefusal {
  return {
    ok: false,
    status,
    message: problems.length === 1 ? problems[0]! : `${what} belum dapat diajukan: ${problems.length} syarat belum terpenuhi.`,
    problems,
  };
}

/**
 * Thrown by a move's `alongside` when what goes with it is refused (an override's own checks:
 * the assignment, the new reviewer, the new deadline): the whole move rolls back, and
 * `refusedOr` answers the refusal.
 */
export class Refused extends Error {
  constructor(readonly refusal: WorkflowRefusal) {
    super(refusal.message);
  }
}

/** Runs `move`; a Refused thrown inside it (nothing was kept) is answered as its refusal. */
export function refusedOr<T>(move: () => T): T | WorkflowRefusal {
  try {
    return move();
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/** Thrown inside a submission's transaction when rules are unmet: nothing it wrote is kept. */
export class Incomplete extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(" "));
  }
}

/**
 * A submission of `what`: `run` checks every rule and moves the record in one transaction,
 * throwing Incomplete when a rule is unmet — then nothing changes and the refusal lists them.
 */
export function submitChecked<T>(db: Db, what: string, run: (tx: Db) => T): T | IncompleteRefusal {
  try {
    return db.transaction((tx) => run(tx));
  } catch (error) {
    if (!(error instanceof Incomplete)) throw error;
    return incompleteRefusal(what, error.problems);
  }
}

export const NOTE_REQUIRED = "Catatan wajib diisi.";

const RELATION_REFUSALS = {
  ketua: "Hanya ketua pengusul yang dapat melakukan tindakan ini.",
  assigned: "Anda tidak ditugaskan pada data ini.",
  fakultas: "Data ini bukan dari fakultas Anda.",
} as const;

/** "30 November 2026 pukul 23.59 WIB": the institute keeps Western Indonesian Time (lib/util/wib). */
export { tanggalWaktu };

/** Why a stage's window refuses a move now, or null when it is open; `label` names it ("Pengajuan insentif"). */
export function windowRefusal(stage: Stage, window: StageWindow | undefined, now: Date, label: string = STAGE_LABELS[stage]): string | null {
  if (!window) return `Jadwal ${label.toLowerCase()} belum dibuka.`;
  if (now < window.opens) return `${label} dibuka pada ${tanggalWaktu(window.opens)}.`;
  if (now > window.closes) return `${label} ditutup pada ${tanggalWaktu(window.closes)}.`;
  return null;
}

/** The checks, without writing anything: whether `actor` may move the record to `to` now. */
export function checkTransition<S extends string, I extends TransitionInput>(
  db: Db,
  adapter: WorkflowAdapter<S, I>,
  actor: Actor | typeof SYSTEM,
  record: WorkflowRecord<S> | null,
  to: S,
  input: I,
): { ok: true; transition: Transition<S> } | Extract<TransitionResult<S>, { ok: false }> {
  const { workflow } = adapter;
  if (!record) return { ok: false, status: 404, message: NOT_FOUND };
  // The same move may be offered to several roles, each with its own relation and note (a
  // withdrawal by the ketua or by the operator): the first that the actor may make is the one.
  const candidates = workflow.transitions.filter((t) => t.from === record.status && t.to === to && t.override === input.override);
  if (candidates.length === 0) {
    return {
      ok: false,
      status: 409,
      message: input.override
        ? OVERRIDES[input.override].refusal
        : `${workflow.noun} berstatus ${workflow.labels[record.status]} tidak dapat diubah menjadi ${workflow.labels[to] ?? to}.`,
    };
  }
  const refusals = candidates.map((t) => actorRefusal(db, adapter, actor, record, t));
  const index = refusals.findIndex((r) => r === null);
  if (index < 0) return refusals.find((r) => r?.message !== NOT_PERMITTED) ?? refusals[0]!;
  const transition = candidates[index]!;
  if (transition.stage) {
    const closed = windowRefusal(transition.stage, record.windows[transition.stage], input.now ?? new Date());
    if (closed) return { ok: false, status: 409, message: closed };
  }
  if (transition.note === "required" && !input.note?.trim()) return { ok: false, status: 422, message: NOTE_REQUIRED };
  return { ok: true, transition };
}

/** Why `actor` may not make `transition` on `record` (role, then relation), or null when they may. */
function actorRefusal<S extends string, I extends TransitionInput>(
  db: Db,
  adapter: WorkflowAdapter<S, I>,
  actor: Actor | typeof SYSTEM,
  record: WorkflowRecord<S>,
  transition: Transition<S>,
): { ok: false; status: 403; message: string } | null {
  if (transition.by === SYSTEM || actor === SYSTEM) {
    return transition.by === SYSTEM && actor === SYSTEM ? null : { ok: false, status: 403, message: NOT_PERMITTED };
  }
  if (!transition.by.some((role) => actor.roles.includes(role))) return { ok: false, status: 403, message: NOT_PERMITTED };
  const related =
    transition.relation === "any" ||
    (transition.relation === "ketua" && record.ketuaId === actor.id) ||
    (transition.relation === "assigned" && record.assignedIds.includes(actor.id)) ||
    (transition.relation === "fakultas" && record.fakultasId !== null && adapter.fakultasOf(db, actor.id) === record.fakultasId);
  return related ? null : { ok: false, status: 403, message: RELATION_REFUSALS[transition.relation as keyof typeof RELATION_REFUSALS] };
}

function activeUsersWithRole(db: Db, role: Role): number[] {
  return db
    .select({ id: users.id })
    .from(users)
    .where(aktifBerperan(role))
    .all()
    .map((row) => row.id);
}

function audienceIds<S extends string>(db: Db, adapter: WorkflowAdapter<S, never>, record: WorkflowRecord<S>, audience: Audience): number[] {
  switch (audience) {
    case "ketua":
      return [record.ketuaId];
    case "tim":
      return [...record.timIds];
    case "reviewer":
      return [...record.assignedIds];
    case "fakultas":
      return record.fakultasId === null ? [] : adapter.verifiersOf(db, record.fakultasId);
    case "operator":
      return activeUsersWithRole(db, "Operator");
    case "sekretaris":
      return activeUsersWithRole(db, "Sekretaris-LPPM");
    case "kepala":
      return activeUsersWithRole(db, "Kepala-LPPM");
  }
}

function messagesFor<S extends string>(
  db: Db,
  adapter: WorkflowAdapter<S, never>,
  record: WorkflowRecord<S>,
  id: number,
  transition: Transition<S>,
  actorId: number | null,
  note: string | null,
): OutgoingMessage[] {
  const { workflow } = adapter;
  const sender = namaLppm(db);
  const label = workflow.labels[transition.to];
  const body = [`${workflow.noun} "${record.title}" kini berstatus ${label}.`, ...(note ? ["", `Catatan: ${note}`] : [])].join("\n");
  const target = { kind: workflow.kind, id, usulanId: record.usulanId, to: transition.to };
  // Each person once, linked to the page of the first audience they are in (the one that acts).
  const told = new Map<number, string>();
  for (const audience of transition.notify) {
    for (const userId of audienceIds(db, adapter, record, audience)) {
      if (userId !== actorId && !told.has(userId)) told.set(userId, audienceLink(audience, target));
    }
  }
  return [...told].map(([userId, link]) => ({ userId, subject: `${workflow.noun}: ${label}`, body, link, sender }));
}

/**
 * Moves a record to `to` when every check passes; the write, the log row and the messages
 * happen together or not at all. Messages go out through the gateway after the commit.
 */
export function transition<S extends string, I extends TransitionInput>(
  db: Db,
  adapter: WorkflowAdapter<S, I>,
  actor: Actor | typeof SYSTEM,
  id: number,
  to: S,
  input: I,
): TransitionResult<S> {
  const note = input.note?.trim() || null;
  const outcome = db.transaction((tx) => {
    // Loaded inside the transaction: two people acting at once cannot both pass the checks.
    const record = adapter.load(tx, id);
    const checked = checkTransition(tx, adapter, actor, record, to, input);
    if (!checked.ok || !record) return { result: checked as TransitionResult<S>, queued: [] };
    // A step that keeps the status (an override such as extending a deadline) writes only what goes with it.
    if (record.status !== to) adapter.write(tx, id, to, input);
    const own = input.alongside?.(tx) ?? [];
    const logId = tx
      .insert(statusLog)
      .values({
        entity: adapter.workflow.kind,
        entity_id: id,
        from_status: record.status,
        to_status: to,
        actor_id: actor === SYSTEM ? null : actor.id,
        actor_name: actor === SYSTEM ? "Sistem" : actor.name,
        note,
        aksi: input.override ?? null,
        created_at: input.now ?? new Date(),
      })
      .returning({ id: statusLog.id })
      .get().id;
    // The reviewers the move concerns: those of the round it ends and those it has just assigned.
    const after = adapter.load(tx, id);
    const audience = after ? { ...record, assignedIds: [...new Set([...record.assignedIds, ...after.assignedIds])] } : record;
    const messages = messagesFor(tx, adapter as WorkflowAdapter<S, never>, audience, id, checked.transition, actor === SYSTEM ? null : actor.id, note);
    const queued = queueMessages(tx, [...messages, ...own], input.now);
    const step = input.override ? `${OVERRIDES[input.override].label}: ` : "";
    domainChanged(tx, {
      entity: adapter.workflow.kind,
      action: "status",
      id,
      summary: `${step}${record.status} → ${to}${note ? ` (${note.length > 120 ? `${note.slice(0, 120)}…` : note})` : ""}`,
      actor: actor === SYSTEM ? SISTEM : { id: actor.id, nama: actor.name },
    });
    return { result: { ok: true as const, from: record.status, to, logId }, queued };
  });
  if (outcome.result.ok) {
    // Sent after the current synchronous work: when this move ran inside a larger transaction
    // (a penetapan batch) that later rolls back, its messages are gone and nothing is sent.
    setImmediate(() => void sendQueued(db, outcome.queued));
  }
  return outcome.result;
}

/** Logs a new record's first status (created by its entity module, within its transaction). */
export function logCreated(tx: Db, workflow: Workflow<string>, id: number, actor: Actor, now = new Date()): void {
  tx.insert(statusLog)
    .values({
      entity: workflow.kind,
      entity_id: id,
      from_status: null,
      to_status: workflow.initial,
      actor_id: actor.id,
      actor_name: actor.name,
      note: null,
      created_at: now,
    })
    .run();
}

export type TimelineEntry = { from: string | null; to: string; actor: string; note: string | null; at: Date; aksi: Override | null };

/**
 * A record's status history, oldest first (the detail page's timeline). `internal: false` leaves
 * out the office's own steps about reviewers (OVERRIDES' `internal`): the team and the claimant
 * read the rest.
 */
export function statusTimeline(db: Db, workflow: Workflow<string>, id: number, { internal = true }: { internal?: boolean } = {}): TimelineEntry[] {
  const entries = preparedQuery(db, "statusTimeline", (d) =>
    d
      .select()
      .from(statusLog)
      .where(sql`${statusLog.entity} = ${sql.placeholder("kind")} and ${statusLog.entity_id} = ${sql.placeholder("id")}`)
      .orderBy(statusLog.id)
      .prepare(),
  )
    .all({ kind: workflow.kind, id })
    .map((row) => ({
      from: row.from_status,
      to: row.to_status,
      actor: row.actor_name,
      note: row.note,
      at: row.created_at,
      aksi: row.aksi !== null && Object.hasOwn(OVERRIDES, row.aksi) ? (row.aksi as Override) : null,
    }));
  return internal ? entries : entries.filter((e) => !e.aksi || !OVERRIDES[e.aksi].internal);
}
