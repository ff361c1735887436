/**
 * The monev reviewer's deadline (LPPM.md "Execution": the Operator assigns a monev reviewer with
 * a deadline), once a day, as the review's (../review/pengingat.server.ts):
 * - remindMonev: a monev still to score (DITUGASKAN) whose deadline falls within the next 3 days
 *   gets one outbox message to its reviewer, marked by monev.pengingat_at;
 * - escalateOverdueMonev: one whose deadline has passed unscored is reported to the active
 *   operators, once (monev.eskalasi_at), all of a run's in one message each.
 * Extending the deadline or assigning another reviewer clears both marks (monev.server.ts), so
 * the reminder and the notice may come again.
 */
import { and, asc, eq, gt, isNull, lte } from "drizzle-orm";
import { monev, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { batasPengingat, kabarOperator, kirimKabar } from "~/domain/lppm/pengingat.server";

const belumDinilai = eq(monev.status, "DITUGASKAN");

/** Queues the due reminders at `now`; answers how many monev were reminded. */
export function remindMonev(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const due = tx
      .select({ id: monev.id, usulanId: monev.id_usulan, tenggat: monev.tenggat, judul: usulan.judul, userId: users.id })
      .from(monev)
      .innerJoin(usulan, eq(usulan.id, monev.id_usulan))
      .innerJoin(users, eq(users.id, monev.id_reviewer))
      .where(and(belumDinilai, isNull(monev.pengingat_at), gt(monev.tenggat, now), lte(monev.tenggat, batasPengingat(now))))
      .orderBy(asc(monev.tenggat), asc(monev.id))
      .all()
      .filter((row) => tx.update(monev).set({ pengingat_at: now }).where(and(eq(monev.id, row.id), isNull(monev.pengingat_at))).run().changes > 0);
    return {
      count: due.length,
      messages: due.map((row) => ({
        userId: row.userId,
        subject: "Pengingat tenggat monev",
        body: `Pengingat — penilaian monev kegiatan "${row.judul}" berakhir pada ${tanggalWaktu(row.tenggat)}.`,
        link: `/reviewer/evaluasi-monev?lihat=${row.usulanId}`,
        sender: sender(),
      })),
    };
  });
}

/** Tells the operators of the monev whose deadline passed unscored by `now`; answers how many monev. */
export function escalateOverdueMonev(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const overdue = tx
      .select({ id: monev.id, tenggat: monev.tenggat, judul: usulan.judul, reviewer: users.name })
      .from(monev)
      .innerJoin(usulan, eq(usulan.id, monev.id_usulan))
      .innerJoin(users, eq(users.id, monev.id_reviewer))
      .where(and(belumDinilai, isNull(monev.eskalasi_at), lte(monev.tenggat, now)))
      .orderBy(asc(monev.tenggat), asc(monev.id))
      .all()
      .filter((row) => tx.update(monev).set({ eskalasi_at: now }).where(and(eq(monev.id, row.id), isNull(monev.eskalasi_at))).run().changes > 0);
    return {
      count: overdue.length,
      messages: kabarOperator(tx, sender, {
        subject: "Penilaian monev lewat tenggat",
        judul: `${overdue.length} penilaian monev lewat tenggat:`,
        items: overdue.map((row) => `"${row.judul}" — ${row.reviewer}, tenggat ${tanggalWaktu(row.tenggat)}`),
        tindakan: "Tugaskan reviewer lain atau perpanjang tenggat di LPPM → Monev Internal PT.",
        link: "/operator/lppm/monev-internal?status=DITUGASKAN",
      }),
    };
  });
}
