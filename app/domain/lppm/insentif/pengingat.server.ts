/**
 * The incentive reviewer's deadline (LPPM.md "Publication incentives": the Operator assigns a
 * submitted claim's reviewer with a deadline), once a day, as the review's
 * (../review/pengingat.server.ts):
 * - remindKlaim: a claim still waiting for its evaluation (DIAJUKAN, with a reviewer) whose
 *   deadline falls within the next 3 days gets one outbox message to its reviewer, marked by
 *   insentif.pengingat_at;
 * - escalateOverdueKlaim: one whose deadline has passed unevaluated is reported to the active
 *   operators, once (insentif.eskalasi_at), all of a run's in one message each.
 * Extending the deadline or assigning another reviewer clears both marks (transition.server.ts),
 * so the reminder and the notice may come again.
 */
import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { insentif, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { batasPengingat, kabarOperator, kirimKabar } from "~/domain/lppm/pengingat.server";

/** Its reviewer joins on id_reviewer, so a claim without one never counts. */
const menungguEvaluasi = eq(insentif.status, "DIAJUKAN");

/** Queues the due reminders at `now`; answers how many claims were reminded. */
export function remindKlaim(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const due = tx
      .select({ id: insentif.id, tenggat: insentif.tenggat, judul: insentif.judul, userId: users.id })
      .from(insentif)
      .innerJoin(users, eq(users.id, insentif.id_reviewer))
      .where(and(menungguEvaluasi, isNull(insentif.pengingat_at), gt(insentif.tenggat, now), lte(insentif.tenggat, batasPengingat(now))))
      .orderBy(asc(insentif.tenggat), asc(insentif.id))
      .all()
      .filter((row) => tx.update(insentif).set({ pengingat_at: now }).where(and(eq(insentif.id, row.id), isNull(insentif.pengingat_at))).run().changes > 0);
    return {
      count: due.length,
      messages: due.map((row) => ({
        userId: row.userId,
        subject: "Pengingat tenggat evaluasi insentif",
        body: `Pengingat — evaluasi klaim insentif "${row.judul}" berakhir pada ${tanggalWaktu(row.tenggat!)}.`,
        link: `/reviewer/evaluasi-insentif?lihat=${row.id}`,
        sender: sender(),
      })),
    };
  });
}

/** Tells the operators of the claims whose evaluation deadline passed by `now`; answers how many claims. */
export function escalateOverdueKlaim(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const overdue = tx
      .select({ id: insentif.id, tenggat: insentif.tenggat, judul: insentif.judul, reviewer: users.name })
      .from(insentif)
      .innerJoin(users, eq(users.id, insentif.id_reviewer))
      .where(and(menungguEvaluasi, isNull(insentif.eskalasi_at), lte(insentif.tenggat, now)))
      .orderBy(asc(insentif.tenggat), asc(insentif.id))
      .all()
      .filter((row) => tx.update(insentif).set({ eskalasi_at: now }).where(and(eq(insentif.id, row.id), isNull(insentif.eskalasi_at))).run().changes > 0);
    return {
      count: overdue.length,
      messages: kabarOperator(tx, sender, {
        subject: "Evaluasi klaim insentif lewat tenggat",
        judul: `${overdue.length} evaluasi klaim insentif lewat tenggat:`,
        items: overdue.map((row) => `"${row.judul}" — ${row.reviewer}, tenggat ${tanggalWaktu(row.tenggat!)}`),
        tindakan: "Tugaskan reviewer lain atau perpanjang tenggat di LPPM → Klaim Insentif.",
        link: "/operator/lppm/insentif?status=DIAJUKAN",
      }),
    };
  });
}
