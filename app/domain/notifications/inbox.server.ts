/**
 * A user's inbox: the `inbox` rows of the outbox addressed to them. The header shows how many
 * are unread on every logged-in page, so that count is one probe of a partial index
 * (notification_outbox_unread_idx; the literal `channel = 'inbox' and read_at is null` lets
 * SQLite use it, a bound parameter would not). Each item is opened through the user's own
 * inbox, which marks it read and sends them to the page where they act; only their own items.
 */
import { and, count, desc, eq, isNull, sql } from "drizzle-orm";
import { notificationOutbox, notificationPreference, users } from "../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { paged, searchIn, type Page } from "~/lib/server/paging.server";
import { waNumber } from "~/lib/util/format";
import type { PreferenceInput } from "~/domain/notifications/notifications.schema";
import { channelState } from "~/domain/notifications/outbox.server";

const mine = (userId: number) => and(eq(notificationOutbox.user_id, userId), sql`${notificationOutbox.channel} = 'inbox'`);

/** The header's count as one query (its plan is checked to use the partial index). */
export function unreadQuery(d: Db) {
  return d
    .select({ n: count() })
    .from(notificationOutbox)
    .where(sql`${notificationOutbox.user_id} = ${sql.placeholder("userId")} and ${notificationOutbox.channel} = 'inbox' and ${notificationOutbox.read_at} is null`);
}

/** How many of the user's items are unread: the header's badge. */
export function unreadCount(db: Db, userId: number): number {
  return preparedQuery(db, "unreadCount", (d) => unreadQuery(d).prepare()).get({ userId })?.n ?? 0;
}

export type InboxItem = { id: number; subject: string; body: string; link: string | null; created_at: Date; read_at: Date | null };

/** The user's items, newest first, paged like the back office's tables. */
export function listInbox(db: Db, userId: number, state: TableState): Page<InboxItem> {
  const where = and(mine(userId), searchIn(state, notificationOutbox.subject, notificationOutbox.body));
  return paged(
    state,
    () => db.select({ n: count() }).from(notificationOutbox).where(where).get()?.n ?? 0,
    (limit, offset) =>
      db
        .select({
          id: notificationOutbox.id,
          subject: notificationOutbox.subject,
          body: notificationOutbox.body,
          link: notificationOutbox.link,
          created_at: notificationOutbox.created_at,
          read_at: notificationOutbox.read_at,
        })
        .from(notificationOutbox)
        .where(where)
        .orderBy(desc(notificationOutbox.id))
        .limit(limit)
        .offset(offset)
        .all(),
  );
}

/**
 * Opens one of the user's items: marks it read (once) and answers its page, or null when it is
 * not theirs (or does not exist) — nothing changes then.
 */
export function openInboxItem(db: Db, userId: number, id: number, now = new Date()): { link: string | null } | null {
  const item = db
    .select({ link: notificationOutbox.link, read_at: notificationOutbox.read_at })
    .from(notificationOutbox)
    .where(and(eq(notificationOutbox.id, id), mine(userId)))
    .get();
  if (!item) return null;
  if (!item.read_at) db.update(notificationOutbox).set({ read_at: now }).where(and(eq(notificationOutbox.id, id), mine(userId))).run();
  return { link: item.link };
}

/** 'Tandai semua dibaca': answers how many were unread. */
export function markAllRead(db: Db, userId: number, now = new Date()): number {
  return db
    .update(notificationOutbox)
    .set({ read_at: now })
    .where(and(mine(userId), isNull(notificationOutbox.read_at)))
    .run().changes;
}

/** One channel as the user's 'Saluran notifikasi' shows it: chosen, and why it cannot be used when it cannot. */
export type ChannelChoice = { chosen: boolean; address: string; unavailable: string | null };

export type Preferences = { email: ChannelChoice; whatsapp: ChannelChoice };

export const EMAIL_OFF_SERVER = "Pengiriman e-mail belum diaktifkan oleh pengelola situs.";
export const WHATSAPP_OFF_SERVER = "Pengiriman WhatsApp belum diaktifkan oleh pengelola situs.";
export const EMAIL_MISSING = "Alamat e-mail Anda belum diisi. Minta operator mengisinya di Manajemen Pengguna.";
export const PHONE_MISSING = "Nomor WhatsApp Anda belum diisi. Minta operator mengisinya di Manajemen Pengguna.";

export function getPreferences(db: Db, userId: number): Preferences {
  const row = db
    .select({ email: users.email, no_hp: users.no_hp, wantsEmail: notificationPreference.email, wantsWhatsapp: notificationPreference.whatsapp })
    .from(users)
    .leftJoin(notificationPreference, eq(notificationPreference.user_id, users.id))
    .where(eq(users.id, userId))
    .get();
  const server = channelState();
  const email = row?.email.trim() ?? "";
  const phone = waNumber(row?.no_hp);
  return {
    email: {
      chosen: row?.wantsEmail !== false,
      address: email,
      unavailable: !server.email ? EMAIL_OFF_SERVER : /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? null : EMAIL_MISSING,
    },
    whatsapp: {
      chosen: row?.wantsWhatsapp !== false,
      address: phone ? row!.no_hp : "",
      unavailable: !server.whatsapp ? WHATSAPP_OFF_SERVER : phone.length >= 9 ? null : PHONE_MISSING,
    },
  };
}

export function savePreferences(db: Db, userId: number, input: PreferenceInput, now = new Date()): void {
  db.insert(notificationPreference)
    .values({ user_id: userId, email: input.email, whatsapp: input.whatsapp, updated_at: now })
    .onConflictDoUpdate({ target: notificationPreference.user_id, set: { email: input.email, whatsapp: input.whatsapp, updated_at: now } })
    .run();
}
