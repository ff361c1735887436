/**
 * When a review gets stuck (LPPM.md leaves it open; README, "what LPPM.md left open"): the
 * Operator replaces a reviewer who has not submitted — before or after the deadline — or extends
 * an open assignment's deadline. Both are overrides of the usulan workflow ('ganti-reviewer',
 * 'perpanjang-tenggat': the status stays REVIEW or DIKEMBALIKAN_KE_REVIEW) made through the
 * engine, so role, status and the required note are checked there and the status log keeps the
 * step; the assignment's writes and the notices to the reviewers concerned go alongside, in the
 * same transaction. A replaced assignment is never deleted: it is marked DIGANTI (with its
 * successor) and what it saved counts for nothing; the new reviewer starts the same round afresh.
 */
import { and, eq } from "drizzle-orm";
import { penugasanReviewer, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { NOT_FOUND } from "~/lib/util/messages";
import { namaLppm } from "~/domain/setting/setting.server";
import type { OutgoingMessage } from "~/domain/notifications/outbox.server";
import { domainChanged } from "~/domain/changes.server";
import { usulanRef } from "~/domain/lppm/aktivitas.server";
import { usulanTransition } from "~/domain/lppm/usulan/transition.server";
import { IN_REVIEW, type UsulanStatus } from "~/domain/lppm/workflow";
import { NOTE_REQUIRED, Refused, refusedOr, type Actor } from "~/domain/lppm/workflow.server";
import { TENGGAT_TIDAK_MAJU } from "~/domain/lppm/tenggat";
import { penugasanSelesai, reviewerFor, tenggatRefusal } from "~/domain/lppm/review/penugasan.server";
import type { WorkflowRefusal } from "~/domain/refusal";

export const PENUGASAN_TIDAK_AKTIF = "Penugasan ini bukan penugasan yang sedang berjalan pada putaran review usulan ini.";
export const SUDAH_MENILAI = "Reviewer ini sudah menyelesaikan penilaiannya; penugasannya tidak dapat diganti atau diperpanjang.";
export const SUDAH_DI_PUTARAN = (nama: string) => `${nama} sudah ditugaskan pada putaran review ini.`;

export type PenggantianResult = { ok: true } | WorkflowRefusal;

type Penugasan = typeof penugasanReviewer.$inferSelect;
type Facts = { penugasan: Penugasan; usulan: { id: number; judul: string; status: UsulanStatus; putaran: number }; reviewer: { name: string } };

function load(db: Db, penugasanId: number): Facts | null {
  const row = db
    .select({ penugasan: penugasanReviewer, id: usulan.id, judul: usulan.judul, status: usulan.status, putaran: usulan.putaran_review, name: users.name })
    .from(penugasanReviewer)
    .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
    .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
    .where(eq(penugasanReviewer.id, penugasanId))
    .get();
  if (!row) return null;
  return {
    penugasan: row.penugasan,
    usulan: { id: row.id, judul: row.judul, status: row.status as UsulanStatus, putaran: row.putaran },
    reviewer: { name: row.name },
  };
}

/** The assignment as the override finds it inside its transaction: open, of the running round. */
function openAssignment(tx: Db, penugasanId: number, usulanId: number): Facts {
  const facts = load(tx, penugasanId);
  if (!facts || facts.usulan.id !== usulanId) throw new Refused({ ok: false, status: 404, message: NOT_FOUND });
  const { penugasan: p, usulan: u } = facts;
  if (!IN_REVIEW.includes(u.status) || p.putaran !== u.putaran || p.ditutup !== null) throw new Refused({ ok: false, status: 409, message: PENUGASAN_TIDAK_AKTIF });
  if (penugasanSelesai(p)) throw new Refused({ ok: false, status: 409, message: SUDAH_MENILAI });
  return facts;
}

/**
 * Runs override `override` on the proposal of assignment `penugasanId` with `alongside` writing
 * what goes with it; a refusal from either — the engine's (role, status, note) or the
 * assignment's — changes nothing.
 */
function override(
  db: Db,
  actor: Actor,
  penugasanId: number,
  name: "ganti-reviewer" | "perpanjang-tenggat",
  note: string,
  now: Date,
  alongside: (tx: Db, facts: Facts) => OutgoingMessage[],
): PenggantianResult {
  const facts = load(db, penugasanId);
  if (!facts) return { ok: false, status: 404, message: NOT_FOUND };
  const result = refusedOr(() =>
    usulanTransition(db, actor, facts.usulan.id, facts.usulan.status, {
      override: name,
      note,
      now,
      alongside: (tx) => alongside(tx, openAssignment(tx, penugasanId, facts.usulan.id)),
    }),
  );
  if (!result.ok) return { ok: false, status: result.status, message: result.message, field: result.message === NOTE_REQUIRED ? "catatan" : "field" in result ? result.field : undefined };
  return { ok: true };
}

/**
 * 'Ganti reviewer': assignment `penugasanId` (open, not yet submitted, before or after its
 * deadline) is closed as DIGANTI and `input.reviewer` gets the same round with deadline
 * `input.tenggat`; both reviewers are told. The new reviewer must be allowed to review the
 * proposal (active, not on its team, another prodi when the skema asks) and not be in this round
 * already (nor have been replaced in it).
 */
export function gantiReviewer(
  db: Db,
  actor: Actor,
  penugasanId: number,
  input: { reviewer: number; tenggat: Date; catatan: string },
  now = new Date(),
): PenggantianResult {
  return override(db, actor, penugasanId, "ganti-reviewer", input.catatan, now, (tx, { penugasan: old, usulan: u, reviewer: lama }) => {
    const allowed = reviewerFor(tx, u.id, input.reviewer);
    if (!allowed.ok) throw new Refused({ ok: false, status: 422, field: "reviewer", message: allowed.message });
    const baru = allowed.reviewer;
    const inRound = tx
      .select({ id: penugasanReviewer.id })
      .from(penugasanReviewer)
      .where(and(eq(penugasanReviewer.id_usulan, u.id), eq(penugasanReviewer.putaran, u.putaran), eq(penugasanReviewer.id_reviewer, baru.id)))
      .get();
    if (inRound) throw new Refused({ ok: false, status: 422, field: "reviewer", message: SUDAH_DI_PUTARAN(baru.name) });
    const late = tenggatRefusal(tx, u.id, input.tenggat, now);
    if (late) throw new Refused({ ok: false, status: 422, field: "tenggat", message: late });

    const row = tx
      .insert(penugasanReviewer)
      .values({ id_usulan: u.id, id_reviewer: baru.id, putaran: u.putaran, tenggat: input.tenggat, created_at: now, updated_at: now })
      .returning()
      .get();
    const closed = tx
      .update(penugasanReviewer)
      .set({ ditutup: "DIGANTI", ditutup_at: now, id_pengganti: row.id, updated_at: now })
      .where(eq(penugasanReviewer.id, old.id))
      .returning()
      .get();
    const summary = `${lama.name} diganti ${baru.name} sebagai reviewer ${usulanRef(u.id)} (putaran ${u.putaran})`;
    domainChanged(tx, { entity: "penugasan_reviewer", action: "ubah", id: old.id, before: old, after: closed, summary });
    domainChanged(tx, { entity: "penugasan_reviewer", action: "tambah", id: row.id, before: null, after: row, summary });

    const sender = namaLppm(tx);
    return [
      {
        userId: baru.id,
        subject: "Usulan: Penugasan review",
        body: `Anda ditugaskan mereview usulan "${u.judul}" (putaran ${u.putaran}) menggantikan reviewer sebelumnya, tenggat ${tanggalWaktu(input.tenggat)}.`,
        link: "/reviewer/evaluasi-administrasi",
        sender,
      },
      {
        userId: old.id_reviewer,
        subject: "Usulan: Penugasan review dialihkan",
        body: [`Penugasan Anda mereview usulan "${u.judul}" (putaran ${u.putaran}) dialihkan ke reviewer lain.`, "", `Catatan: ${input.catatan}`].join("\n"),
        sender,
      },
    ];
  });
}

/**
 * 'Perpanjang tenggat': the open assignment `penugasanId` (not yet submitted, before or after
 * its deadline) gets the later deadline `input.tenggat`, inside the review window; its reminder
 * and overdue notice may come again. The reviewer is told.
 */
export function perpanjangTenggat(
  db: Db,
  actor: Actor,
  penugasanId: number,
  input: { tenggat: Date; catatan: string },
  now = new Date(),
): PenggantianResult {
  return override(db, actor, penugasanId, "perpanjang-tenggat", input.catatan, now, (tx, { penugasan: p, usulan: u, reviewer }) => {
    if (input.tenggat.getTime() <= p.tenggat.getTime()) throw new Refused({ ok: false, status: 422, field: "tenggat", message: TENGGAT_TIDAK_MAJU(p.tenggat) });
    const late = tenggatRefusal(tx, u.id, input.tenggat, now);
    if (late) throw new Refused({ ok: false, status: 422, field: "tenggat", message: late });
    const after = tx
      .update(penugasanReviewer)
      .set({ tenggat: input.tenggat, pengingat_at: null, eskalasi_at: null, updated_at: now })
      .where(eq(penugasanReviewer.id, p.id))
      .returning()
      .get();
    domainChanged(tx, {
      entity: "penugasan_reviewer",
      action: "ubah",
      id: p.id,
      before: p,
      after,
      summary: `Tenggat ${reviewer.name} untuk ${usulanRef(u.id)} diperpanjang hingga ${tanggalWaktu(input.tenggat)}`,
    });
    return [
      {
        userId: p.id_reviewer,
        subject: "Usulan: Tenggat review diperpanjang",
        body: [`Tenggat penilaian usulan "${u.judul}" (putaran ${u.putaran}) diperpanjang hingga ${tanggalWaktu(input.tenggat)}.`, "", `Catatan: ${input.catatan}`].join("\n"),
        link: p.administrasi_lolos ? "/reviewer/evaluasi-substansi" : "/reviewer/evaluasi-administrasi",
        sender: namaLppm(tx),
      },
    ];
  });
}
