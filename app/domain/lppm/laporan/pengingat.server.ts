/**
 * The proposers' report reminder (LPPM.md, "Every screen"): once a day, the ketua of each running
 * project whose progress or final report window closes within the next 3 days — and whose report
 * of that kind is not written yet, still a draft or returned — gets one outbox message per report,
 * and a pengingat_laporan row marks it so it never gets another. Idempotent like the reviewers'
 * reminder (review/pengingat.server.ts): the mark and the message are one transaction, and the
 * mark is only inserted where none exists yet, so two runs (or two processes) send once.
 */
import { and, asc, eq, gt, isNull, lte, or, sql } from "drizzle-orm";
import { laporan, pengingatLaporan, periode, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { tanggalWaktu } from "~/lib/util/wib";
import { namaLppm } from "~/domain/setting/setting.server";
import { queueMessages, sendQueued, type OutgoingMessage } from "~/domain/notifications/outbox.server";
import { PENGINGAT_HARI } from "~/domain/lppm/review/pengingat.server";
import { LAPORAN_LABEL, type LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";

const DAY_MS = 24 * 60 * 60 * 1000;

/** Each report's window in the periode. */
const WINDOW = {
  kemajuan: { buka: periode.laporan_kemajuan_buka, tutup: periode.laporan_kemajuan_tutup },
  akhir: { buka: periode.laporan_akhir_buka, tutup: periode.laporan_akhir_tutup },
} as const;

const JENIS: readonly LaporanJenis[] = ["kemajuan", "akhir"];

/** Queues the due reminders at `now`; answers how many reports were reminded. */
export function remindLaporan(db: Db, now = new Date()): number {
  const until = new Date(now.getTime() + PENGINGAT_HARI * DAY_MS);
  const queued = db.transaction((tx) => {
    let count = 0;
    const messages: OutgoingMessage[] = [];
    let sender: string | undefined;
    for (const jenis of JENIS) {
      const { buka, tutup } = WINDOW[jenis];
      const due = tx
        .select({ id: usulan.id, judul: usulan.judul, tutup, userId: users.id })
        .from(usulan)
        .innerJoin(periode, eq(periode.id, usulan.id_periode))
        .innerJoin(users, eq(users.id, usulan.id_ketua))
        .leftJoin(laporan, and(eq(laporan.id_usulan, usulan.id), eq(laporan.jenis, jenis)))
        .leftJoin(pengingatLaporan, and(eq(pengingatLaporan.id_usulan, usulan.id), eq(pengingatLaporan.jenis, jenis)))
        .where(
          and(
            eq(usulan.status, "BERJALAN"),
            lte(buka, now),
            gt(tutup, now),
            lte(tutup, until),
            // A submitted or accepted report needs no reminder; a missing, draft or returned one does.
            or(isNull(laporan.id), sql`${laporan.status} in ('DRAF', 'DIKEMBALIKAN')`),
            isNull(pengingatLaporan.id_usulan),
          ),
        )
        .orderBy(asc(usulan.id))
        .all();
      for (const row of due) {
        // The where clause already excludes a missing close date; this only narrows the type.
        if (!row.tutup) continue;
        // Another run may have marked it since the read: only the run whose insert lands sends.
        const marked = tx.insert(pengingatLaporan).values({ id_usulan: row.id, jenis, sent_at: now }).onConflictDoNothing().run();
        if (marked.changes === 0) continue;
        count++;
        sender ??= namaLppm(tx);
        messages.push({
          userId: row.userId,
          subject: "Pengingat laporan",
          body: `Pengingat — ${LAPORAN_LABEL[jenis]} "${row.judul}" ditutup pada ${tanggalWaktu(row.tutup)}. Segera lengkapi dan ajukan laporan.`,
          link: `/pengusul/usulan/${row.id}`,
          sender,
        });
      }
    }
    return { count, messages: queueMessages(tx, messages, now) };
  });
  if (queued.messages.length) void sendQueued(db, queued.messages);
  return queued.count;
}
