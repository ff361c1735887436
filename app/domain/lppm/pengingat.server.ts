/**
 * What the LPPM's deadline jobs share (LPPM.md "Every screen", Reminders): PENGINGAT_HARI days
 * before a deadline whoever must act gets one reminder, and once a deadline has passed with the
 * work not done the active operators are told — one message each per run, listing every item.
 * Each job marks what it tells of in the same transaction as the outbox rows, and only where no
 * mark stands yet, so a second run (or a second process) sends nothing again.
 *
 * Assignments (a review, a monev, an incentive evaluation) carry their own marks, cleared when the
 * Operator extends the deadline or changes the reviewer. A project's stage window (the revision,
 * the reports) is the periode's, which the Operator may move: its marks (pengingat_laporan for the
 * ketua, eskalasi_usulan for the operators) count only for the closing they were sent for, so a
 * window moved later brings the reminder and the notice again.
 */
import { sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { eskalasiUsulan, pengingatLaporan, usulan, users } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { namaLppm } from "~/domain/setting/setting.server";
import { queueMessages, sendQueued, type OutgoingMessage } from "~/domain/notifications/outbox.server";
import { aktifBerperan } from "~/domain/users/users.server";

export const PENGINGAT_HARI = 3;
const PENGINGAT_MS = PENGINGAT_HARI * 24 * 60 * 60 * 1000;

/** The latest deadline a reminder is due for at `now`. */
export function batasPengingat(now: Date): Date {
  return new Date(now.getTime() + PENGINGAT_MS);
}

/** What a job's step answers: how many items it marked, and the messages about them. */
export type Kabar = { count: number; messages: OutgoingMessage[] };

/**
 * Runs one deadline job at `now`: `collect` reads what is due, marks it and answers the messages
 * (`sender()` is the institute's name that signs them), all in one transaction with their outbox
 * rows; the e-mail and WhatsApp rows go to the delivery queue after the commit. Answers how many
 * items were told of.
 */
export function kirimKabar(db: Db, now: Date, collect: (tx: Db, sender: () => string) => Kabar): number {
  const queued = db.transaction((tx) => {
    let sender: string | undefined;
    const { count, messages } = collect(tx, () => (sender ??= namaLppm(tx)));
    return { count, ids: queueMessages(tx, messages, now) };
  });
  if (queued.ids.length) void sendQueued(db, queued.ids);
  return queued.count;
}

/**
 * The operators' notice of deadlines that passed: the same message to every active Operator —
 * `judul` (with the count), one line per item, what they can do and the screen where they do it.
 * None when nothing passed (and then the signature is not even read).
 */
export function kabarOperator(
  tx: Db,
  sender: () => string,
  notice: { subject: string; judul: string; items: readonly string[]; tindakan: string; link: string },
): OutgoingMessage[] {
  if (!notice.items.length) return [];
  const body = [notice.judul, ...notice.items.map((item) => `- ${item}`), "", notice.tindakan].join("\n");
  return tx
    .select({ id: users.id })
    .from(users)
    .where(aktifBerperan("Operator"))
    .all()
    .map((u) => ({ userId: u.id, subject: notice.subject, body, link: notice.link, sender: sender() }));
}

// ---- A project's stage window --------------------------------------------------------------------

export type TahapUsulan = (typeof pengingatLaporan.$inferSelect)["jenis"];

/**
 * For a query over usulan: its ketua has not been reminded of the `jenis` window closing at
 * `tutup` — no mark, or one sent before this closing's reminder time (the window was moved later).
 */
export function belumDiingatkan(jenis: TahapUsulan, tutup: SQLiteColumn): SQL {
  return sql`not exists (select 1 from ${pengingatLaporan} where ${pengingatLaporan.id_usulan} = ${usulan.id} and ${pengingatLaporan.jenis} = ${jenis} and ${pengingatLaporan.sent_at} >= ${tutup} - ${PENGINGAT_MS})`;
}

/** Marks the reminder of project `id`'s `jenis` window closing at `tutup`: true when this run is the one to send it. */
export function tandaiPengingat(tx: Db, id: number, jenis: TahapUsulan, tutup: Date, now: Date): boolean {
  return (
    tx
      .insert(pengingatLaporan)
      .values({ id_usulan: id, jenis, sent_at: now })
      .onConflictDoUpdate({
        target: [pengingatLaporan.id_usulan, pengingatLaporan.jenis],
        set: { sent_at: now },
        setWhere: sql`${pengingatLaporan.sent_at} < ${tutup.getTime() - PENGINGAT_MS}`,
      })
      .run().changes > 0
  );
}

/**
 * For a query over usulan: the operators have not been told that its `jenis` window closing at
 * `tutup` passed — no mark, or one sent before that closing (the window was moved later).
 */
export function belumDieskalasi(jenis: TahapUsulan, tutup: SQLiteColumn): SQL {
  return sql`not exists (select 1 from ${eskalasiUsulan} where ${eskalasiUsulan.id_usulan} = ${usulan.id} and ${eskalasiUsulan.jenis} = ${jenis} and ${eskalasiUsulan.sent_at} >= ${tutup})`;
}

/** Marks the operators' notice of project `id`'s `jenis` window closed at `tutup`: true when this run is the one to send it. */
export function tandaiEskalasi(tx: Db, id: number, jenis: TahapUsulan, tutup: Date, now: Date): boolean {
  return (
    tx
      .insert(eskalasiUsulan)
      .values({ id_usulan: id, jenis, sent_at: now })
      .onConflictDoUpdate({
        target: [eskalasiUsulan.id_usulan, eskalasiUsulan.jenis],
        set: { sent_at: now },
        setWhere: sql`${eskalasiUsulan.sent_at} < ${tutup.getTime()}`,
      })
      .run().changes > 0
  );
}
