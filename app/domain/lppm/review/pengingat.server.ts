/**
 * The reviewers' deadline reminder (LPPM.md, "Every screen"): once a day, each assignment of an
 * open review round — not yet scored, not failed at administrasi — whose deadline falls within
 * the next 3 days gets one outbox message, and pengingat_at marks it so it never gets another.
 * Idempotent: running it twice (or in two processes) sends once, because the mark and the
 * message are one transaction and the mark is only set where it is still empty. A deadline that
 * has passed is the office's to act on (escalateOverdueReviews, below).
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { penugasanReviewer, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { namaLppm } from "~/domain/setting/setting.server";
import { queueMessages, sendQueued } from "~/domain/notifications/outbox.server";
import { aktifBerperan } from "~/domain/users/users.server";

export const PENGINGAT_HARI = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Queues the due reminders at `now`; answers how many assignments were reminded. */
export function remindReviewers(db: Db, now = new Date()): number {
  const until = new Date(now.getTime() + PENGINGAT_HARI * DAY_MS);
  const queued = db.transaction((tx) => {
    const due = tx
      .select({ id: penugasanReviewer.id, tenggat: penugasanReviewer.tenggat, judul: usulan.judul, userId: users.id, administrasi: penugasanReviewer.administrasi_lolos })
      .from(penugasanReviewer)
      .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
      .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
      .where(
        and(
          isNull(penugasanReviewer.pengingat_at),
          isNull(penugasanReviewer.ditutup),
          isNull(penugasanReviewer.substansi_at),
          or(isNull(penugasanReviewer.administrasi_lolos), eq(penugasanReviewer.administrasi_lolos, true)),
          gt(penugasanReviewer.tenggat, now),
          lte(penugasanReviewer.tenggat, until),
          eq(penugasanReviewer.putaran, usulan.putaran_review),
          sql`${usulan.status} in ('REVIEW', 'DIKEMBALIKAN_KE_REVIEW')`,
        ),
      )
      .all();
    if (!due.length) return { count: 0, messages: [] as number[] };
    const sender = namaLppm(tx);
    let count = 0;
    const messages = [];
    for (const row of due) {
      const marked = tx
        .update(penugasanReviewer)
        .set({ pengingat_at: now })
        .where(and(eq(penugasanReviewer.id, row.id), isNull(penugasanReviewer.pengingat_at)))
        .run();
      if (marked.changes === 0) continue;
      count++;
      messages.push({
        userId: row.userId,
        subject: "Pengingat tenggat review",
        body: `Pengingat — penilaian usulan "${row.judul}" berakhir pada ${tanggalWaktu(row.tenggat)}.`,
        // Administrasi first; once passed, the substantive score is what is left.
        link: row.administrasi ? "/reviewer/evaluasi-substansi" : "/reviewer/evaluasi-administrasi",
        sender,
      });
    }
    return { count, messages: queueMessages(tx, messages, now) };
  });
  if (queued.messages.length) void sendQueued(db, queued.messages);
  return queued.count;
}

/**
 * Overdue work escalates to the office: once a day, every assignment of an open review round
 * still to do whose deadline has passed is reported to the active operators — once per
 * assignment (eskalasi_at marks it; extending the deadline clears it), all of a day's in one
 * message per operator, pointing to where they replace the reviewer or extend the deadline.
 * Idempotent like the reminders. Answers how many assignments were reported.
 */
export function escalateOverdueReviews(db: Db, now = new Date()): number {
  const queued = db.transaction((tx) => {
    const overdue = tx
      .select({ id: penugasanReviewer.id, tenggat: penugasanReviewer.tenggat, judul: usulan.judul, reviewer: users.name })
      .from(penugasanReviewer)
      .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
      .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
      .where(
        and(
          isNull(penugasanReviewer.eskalasi_at),
          isNull(penugasanReviewer.ditutup),
          isNull(penugasanReviewer.substansi_at),
          or(isNull(penugasanReviewer.administrasi_lolos), eq(penugasanReviewer.administrasi_lolos, true)),
          lte(penugasanReviewer.tenggat, now),
          eq(penugasanReviewer.putaran, usulan.putaran_review),
          sql`${usulan.status} in ('REVIEW', 'DIKEMBALIKAN_KE_REVIEW')`,
        ),
      )
      .orderBy(asc(penugasanReviewer.tenggat))
      .all();
    const reported = overdue.filter(
      (row) => tx.update(penugasanReviewer).set({ eskalasi_at: now }).where(and(eq(penugasanReviewer.id, row.id), isNull(penugasanReviewer.eskalasi_at))).run().changes > 0,
    );
    if (!reported.length) return { count: 0, messages: [] as number[] };
    const body = [
      `${reported.length} penugasan review lewat tenggat:`,
      ...reported.map((row) => `- "${row.judul}" — ${row.reviewer}, tenggat ${tanggalWaktu(row.tenggat)}`),
      "",
      "Ganti reviewer atau perpanjang tenggat di LPPM → Penugasan Reviewer.",
    ].join("\n");
    const operators = tx.select({ id: users.id }).from(users).where(aktifBerperan("Operator")).all();
    const sender = namaLppm(tx);
    const messages = operators.map((u) => ({ userId: u.id, subject: "Penugasan review lewat tenggat", body, link: "/operator/lppm/penugasan-reviewer", sender }));
    return { count: reported.length, messages: queueMessages(tx, messages, now) };
  });
  if (queued.messages.length) void sendQueued(db, queued.messages);
  return queued.count;
}
