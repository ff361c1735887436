/**
 * The revision's deadline (LPPM.md: a funded proposal's ketua submits the revised proposal and
 * the final RAB within the periode's perbaikan window), once a day:
 * - remindPerbaikan: the ketua of each funded proposal (DIDANAI: not submitted yet, or returned by
 *   the Operator) whose perbaikan window is open and closes within the next 3 days gets one
 *   outbox message pointing to its Perbaikan Usulan page;
 * - escalateOverduePerbaikan: once that window has closed with the proposal still DIDANAI, the
 *   active operators are told, one message listing them.
 * Marked and idempotent like the reports' (../laporan/pengingat.server.ts): once per closing of
 * the window, so a window the Operator moves later brings them again.
 */
import { and, asc, eq, gt, lte, type SQL } from "drizzle-orm";
import { periode, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { batasPengingat, belumDieskalasi, belumDiingatkan, kabarOperator, kirimKabar, tandaiEskalasi, tandaiPengingat } from "~/domain/lppm/pengingat.server";

/** The funded proposals whose revision is still the ketua's to submit, matching `where`. */
function perbaikanTertunda(tx: Db, where: SQL) {
  return tx
    .select({ id: usulan.id, judul: usulan.judul, jenis: usulan.jenis, tutup: periode.perbaikan_tutup, userId: users.id, ketua: users.name })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .where(and(eq(usulan.status, "DIDANAI"), where))
    .orderBy(asc(periode.perbaikan_tutup), asc(usulan.id))
    .all()
    .flatMap(({ tutup, ...row }) => (tutup ? [{ ...row, tutup }] : []));
}

/** Queues the due reminders at `now`; answers how many proposals were reminded. */
export function remindPerbaikan(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const due = perbaikanTertunda(
      tx,
      and(lte(periode.perbaikan_buka, now), gt(periode.perbaikan_tutup, now), lte(periode.perbaikan_tutup, batasPengingat(now)), belumDiingatkan("perbaikan", periode.perbaikan_tutup))!,
    ).filter((row) => tandaiPengingat(tx, row.id, "perbaikan", row.tutup, now));
    return {
      count: due.length,
      messages: due.map((row) => ({
        userId: row.userId,
        subject: "Pengingat perbaikan usulan",
        body: `Pengingat — perbaikan usulan "${row.judul}" ditutup pada ${tanggalWaktu(row.tutup)}. Segera unggah usulan perbaikan dan RAB final, lalu ajukan.`,
        link: `/pengusul/${row.jenis}/perbaikan-usulan?lihat=${row.id}`,
        sender: sender(),
      })),
    };
  });
}

/** Tells the operators of the perbaikan windows closed at `now` with the revision not submitted; answers how many proposals. */
export function escalateOverduePerbaikan(db: Db, now = new Date()): number {
  return kirimKabar(db, now, (tx, sender) => {
    const overdue = perbaikanTertunda(tx, and(lte(periode.perbaikan_tutup, now), belumDieskalasi("perbaikan", periode.perbaikan_tutup))!).filter((row) =>
      tandaiEskalasi(tx, row.id, "perbaikan", row.tutup, now),
    );
    return {
      count: overdue.length,
      messages: kabarOperator(tx, sender, {
        subject: "Perbaikan usulan lewat tenggat",
        judul: `${overdue.length} usulan didanai belum mengajukan perbaikan hingga jadwalnya ditutup:`,
        items: overdue.map((row) => `"${row.judul}" — ${row.ketua}, ditutup ${tanggalWaktu(row.tutup)}`),
        tindakan: "Hubungi ketuanya, atau perpanjang jadwal perbaikan usulan di LPPM → Periode; daftarnya di LPPM → Perbaikan Usulan.",
        link: "/operator/lppm/perbaikan-usulan?status=DIDANAI",
      }),
    };
  });
}
