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
import { batasPengingat, kabarOperator, kirimKabar } from "~/domain/lppm/pengingat.server";

/** An assignment of the proposal's current round still to do (not replaced or withdrawn, not scored, not failed). */
const masihTerbuka = and(
  isNull(penugasanReviewer.ditutup),
  isNull(penugasanReviewer.substansi_at),
  or(isNull(penugasanReviewer.administrasi_lolos), eq(penugasanReviewer.administrasi_lolos, true)),
  eq(penugasanReviewer.putaran, usulan.putaran_review),
  sql`${usulan.status} in ('REVIEW', 'DIKEMBALIKAN_KE_REVIEW')`,
);

/** Queues the due reminders at `now`; answers how many assignments were reminded. */
export function remindReviewers(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const due = tx
      .select({ id: penugasanReviewer.id, tenggat: penugasanReviewer.tenggat, judul: usulan.judul, userId: users.id, administrasi: penugasanReviewer.administrasi_lolos })
      .from(penugasanReviewer)
      .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
      .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
      .where(and(isNull(penugasanReviewer.pengingat_at), masihTerbuka, gt(penugasanReviewer.tenggat, now), lte(penugasanReviewer.tenggat, batasPengingat(now))))
      .all();
    const reminded = due.filter(
      (row) => tx.update(penugasanReviewer).set({ pengingat_at: now }).where(and(eq(penugasanReviewer.id, row.id), isNull(penugasanReviewer.pengingat_at))).run().changes > 0,
    );
    return {
      count: reminded.length,
      messages: reminded.map((row) => ({
        userId: row.userId,
        subject: "Pengingat tenggat review",
        body: `Pengingat — penilaian usulan "${row.judul}" berakhir pada ${tanggalWaktu(row.tenggat)}.`,
        // Administrasi first; once passed, the substantive score is what is left.
        link: row.administrasi ? "/reviewer/evaluasi-substansi" : "/reviewer/evaluasi-administrasi",
        sender: sender(),
      })),
    };
  });
}

/**
 * Overdue work escalates to the office: once a day, every assignment of an open review round
 * still to do whose deadline has passed is reported to the active operators — once per
 * assignment (eskalasi_at marks it; extending the deadline clears it), all of a day's in one
 * message per operator, pointing to where they replace the reviewer or extend the deadline.
 * Idempotent like the reminders. Answers how many assignments were reported.
 */
export function escalateOverdueReviews(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const overdue = tx
      .select({ id: penugasanReviewer.id, tenggat: penugasanReviewer.tenggat, judul: usulan.judul, reviewer: users.name })
      .from(penugasanReviewer)
      .innerJoin(usulan, eq(usulan.id, penugasanReviewer.id_usulan))
      .innerJoin(users, eq(users.id, penugasanReviewer.id_reviewer))
      .where(and(isNull(penugasanReviewer.eskalasi_at), masihTerbuka, lte(penugasanReviewer.tenggat, now)))
      .orderBy(asc(penugasanReviewer.tenggat))
      .all();
    const reported = overdue.filter(
      (row) => tx.update(penugasanReviewer).set({ eskalasi_at: now }).where(and(eq(penugasanReviewer.id, row.id), isNull(penugasanReviewer.eskalasi_at))).run().changes > 0,
    );
    return {
      count: reported.length,
      messages: kabarOperator(tx, sender, {
        subject: "Penugasan review lewat tenggat",
        judul: `${reported.length} penugasan review lewat tenggat:`,
        items: reported.map((row) => `"${row.judul}" — ${row.reviewer}, tenggat ${tanggalWaktu(row.tenggat)}`),
        tindakan: "Ganti reviewer atau perpanjang tenggat di LPPM → Penugasan Reviewer.",
        link: "/operator/lppm/penugasan-reviewer",
      }),
    };
  });
}
