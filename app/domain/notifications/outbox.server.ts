/**
 * The outbox: every message the product sends is written here first, one row per channel, in
 * the transaction of the change it reports (so it exists exactly when that change does):
 * - `inbox`, always: the user's Notifikasi page and the header's count (inbox.server.ts);
 * - `email` when SMTP is configured, `whatsapp` when a WhatsApp provider is; each only if the
 *   user has not switched it off (notification_preference) — and when the user has no address
 *   for it, a `skipped` row says why, for the operator.
 * After the commit, sendQueued hands the new e-mail and WhatsApp rows to the delivery queue
 * (delivery.server.ts), whose worker also retries them later. Password-reset messages are not
 * queued here, nor are the one-time links to set a password: recovery.server.ts and
 * users/undangan.server.ts write them masked and send them from memory (deliverSecretMessage). The back office's Notifikasi page lists every row, with 'Kirim ulang'.
 */
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { notificationOutbox, notificationPreference, users } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { waNumber } from "~/lib/util/format";
import type { TableState } from "~/lib/util/table-state";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import { maskSecretInMessage } from "~/domain/recovery/recovery.schema";
import { emailConfig, emailTransport } from "~/domain/notifications/email.server";
import { describeError, whatsAppConfig, whatsAppTransport, type Transport, type WhatsAppConfig } from "~/domain/notifications/whatsapp.server";
import { deliverRows, type DeliveryOptions } from "~/domain/notifications/delivery.server";
import {
  NO_EMAIL,
  NO_PHONE,
  type KanalFilter,
  type OutboxChannel,
  type OutboxStatus,
  type StatusFilter,
} from "~/domain/notifications/notifications.schema";

// ---- Queueing -------------------------------------------------------------------------------

/**
 * One notification for one user: `subject` and `body` as the inbox shows them, `link` the page
 * where they act (a path of this site), `sender` who signs it on e-mail and WhatsApp (the
 * institute's name for LPPM messages, the shop's for the shop's).
 */
export type OutgoingMessage = { userId: number; subject: string; body: string; link?: string | null; sender: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page as an absolute address for e-mail and WhatsApp (null without SITE_URL: a path alone is no use there). */
function absoluteLink(link: string | null | undefined): string | null {
  const site = getEnv().SITE_URL;
  return link && site ? `${site}${link}` : null;
}

/** The e-mail's text: greeting, the message, the page, the signature. */
export function emailText(name: string, message: Pick<OutgoingMessage, "body" | "link" | "sender">): string {
  const link = absoluteLink(message.link);
  return [`Yth. ${name},`, "", message.body, ...(link ? ["", `Buka halaman: ${link}`] : []), "", "Salam,", message.sender || "Etalase"].join("\n");
}

/** The WhatsApp text: who sends it, what about, the message, the page. */
export function whatsAppText(message: Pick<OutgoingMessage, "subject" | "body" | "link" | "sender">): string {
  const link = absoluteLink(message.link);
  return [`*${message.sender || "Etalase"}*`, message.subject, "", message.body, ...(link ? ["", link] : [])].join("\n");
}

type Contact = { id: number; username: string; name: string; no_hp: string; email: string; wantsEmail: boolean | null; wantsWhatsapp: boolean | null };

function contactsOf(tx: Db, ids: number[]): Map<number, Contact> {
  if (!ids.length) return new Map();
  const rows = tx
    .select({
      id: users.id,
      username: users.username,
      name: users.name,
      no_hp: users.no_hp,
      email: users.email,
      wantsEmail: notificationPreference.email,
      wantsWhatsapp: notificationPreference.whatsapp,
    })
    .from(users)
    .leftJoin(notificationPreference, eq(notificationPreference.user_id, users.id))
    .where(inArray(users.id, ids))
    .all();
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Writes the messages' rows within the caller's transaction. Answers the ids of the e-mail and
 * WhatsApp rows to hand to sendQueued once the transaction has committed.
 */
export function queueMessages(tx: Db, messages: readonly OutgoingMessage[], now = new Date()): number[] {
  if (!messages.length) return [];
  const env = getEnv();
  const emailOn = emailConfig(env) !== null;
  const whatsappOn = whatsAppConfig(env) !== null;
  const contacts = contactsOf(tx, [...new Set(messages.map((m) => m.userId))]);
  const queued: number[] = [];
  const insert = (values: typeof notificationOutbox.$inferInsert) =>
    tx.insert(notificationOutbox).values(values).returning({ id: notificationOutbox.id }).get().id;
  for (const message of messages) {
    const user = contacts.get(message.userId);
    if (!user) continue;
    const base = { user_id: user.id, link: message.link ?? null, created_at: now };
    insert({ ...base, channel: "inbox", recipient: user.username, subject: message.subject, body: message.body, status: "sent", sent_at: now });
    if (emailOn && user.wantsEmail !== false) {
      const address = user.email.trim();
      const subject = `${message.subject} — ${message.sender || "Etalase"}`;
      if (EMAIL_PATTERN.test(address)) {
        queued.push(insert({ ...base, channel: "email", recipient: address, subject, body: emailText(user.name, message), status: "pending", next_attempt_at: now }));
      } else {
        insert({ ...base, channel: "email", recipient: "", subject, body: emailText(user.name, message), status: "skipped", last_error: NO_EMAIL });
      }
    }
    if (whatsappOn && user.wantsWhatsapp !== false) {
      const number = waNumber(user.no_hp);
      const text = whatsAppText(message);
      if (number.length >= 9) {
        queued.push(insert({ ...base, channel: "whatsapp", recipient: number, subject: message.subject, body: text, status: "pending", next_attempt_at: now }));
      } else {
        insert({ ...base, channel: "whatsapp", recipient: "", subject: message.subject, body: text, status: "skipped", last_error: NO_PHONE });
      }
    }
  }
  return queued;
}

/** Sends the queued rows now (the worker retries what fails); never rejects. */
export function sendQueued(db: Db, ids: readonly number[], options: DeliveryOptions = {}): Promise<void> {
  if (!ids.length) return Promise.resolve();
  return deliverRows(db, ids, options).then(
    () => undefined,
    (error: unknown) => console.error("[notifikasi] pengiriman gagal:", error),
  );
}

// ---- Secret messages (password resets) -------------------------------------------------------

export type DeliveryOutcome = { status: "pending" | "sent" | "failed"; attempts: number; error: string | null };

export type GatewayOptions = {
  /** A webhook gateway instead of the configured provider (tests). */
  url?: string | undefined;
  token?: string | undefined;
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  attempts?: number;
  timeoutMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The WhatsApp provider for messages sent from memory: the options' webhook, else the configured one. */
export function secretProvider(gateway: GatewayOptions = {}): WhatsAppConfig | null {
  if (gateway.url) return { provider: "webhook", url: gateway.url, token: gateway.token ?? getEnv().WA_GATEWAY_TOKEN };
  return whatsAppConfig(getEnv());
}

/** The transport of a secret message's channel: e-mail by SMTP, WhatsApp by the options' or the configured provider. */
function secretTransport(channel: OutboxChannel, gateway: GatewayOptions): Transport | null {
  if (channel === "email") {
    const config = emailConfig(getEnv());
    return config ? emailTransport(config) : null;
  }
  const config = secretProvider(gateway);
  return config ? whatsAppTransport(config, { timeoutMs: gateway.timeoutMs ?? 5000, ...(gateway.fetch ? { fetch: gateway.fetch } : {}) }) : null;
}

/**
 * Sends a message whose stored row is masked (a new password, a one-time link) with its real
 * text, which lives only in this call: up to 3 attempts (waits of 1 s, 2 s), each with a 5 s
 * timeout, through the row's channel (the WhatsApp provider, or SMTP for an e-mail row); the
 * outcome is written to the row. The queue never touches such a row. Never throws.
 */
export async function deliverSecretMessage(db: Db, outboxId: number, message: string, gateway: GatewayOptions = {}): Promise<DeliveryOutcome> {
  const sleep = gateway.sleep ?? defaultSleep;
  const maxAttempts = gateway.attempts ?? 3;
  let attempts = 0;
  let lastError: string | null = null;
  try {
    const row = db.select().from(notificationOutbox).where(eq(notificationOutbox.id, outboxId)).get();
    if (!row) return { status: "failed", attempts: 0, error: "Pesan tidak ditemukan" };
    const transport = secretTransport(row.channel, gateway);
    if (!transport) return { status: "pending", attempts: 0, error: null };
    attempts = row.attempts;
    for (let i = 0; i < maxAttempts; i++) {
      if (i > 0) await sleep(1000 * 2 ** (i - 1));
      attempts++;
      const result = await transport.send({ to: row.recipient, subject: row.subject, text: message });
      if (result.ok) {
        db.update(notificationOutbox).set({ status: "sent", attempts, last_error: null, sent_at: new Date() }).where(eq(notificationOutbox.id, outboxId)).run();
        console.info(`[outbox] #${outboxId} sent via ${row.channel} (attempt ${attempts})`);
        return { status: "sent", attempts, error: null };
      }
      lastError = result.error;
      db.update(notificationOutbox).set({ attempts, last_error: lastError }).where(eq(notificationOutbox.id, outboxId)).run();
      if (result.permanent) break;
    }
    db.update(notificationOutbox).set({ status: "failed", attempts, last_error: lastError }).where(eq(notificationOutbox.id, outboxId)).run();
    console.warn(`[outbox] #${outboxId} failed after ${attempts} attempts: ${lastError}`);
    return { status: "failed", attempts, error: lastError };
  } catch (error) {
    // The database itself failed (closed in a test, disk full): report, never reject.
    console.error(`[outbox] #${outboxId} delivery aborted:`, describeError(error));
    return { status: "failed", attempts, error: describeError(error) };
  }
}

// ---- Back office: the Notifikasi page ------------------------------------------------------

export type OutboxEntry = {
  id: number;
  created_at: Date;
  channel: OutboxChannel;
  recipient: string;
  subject: string;
  /** The message with a new password masked: the real one never reaches a page. */
  body: string;
  status: OutboxStatus;
  attempts: number;
  last_error: string | null;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  read_at: Date | null;
  secret: boolean;
  username: string | null;
};

export type OutboxFilter = { kanal: KanalFilter; status: StatusFilter };

export function listOutboxPage(db: Db, state: TableState, filter: OutboxFilter = { kanal: "semua", status: "semua" }): Page<OutboxEntry> {
  const conditions: (SQL | undefined)[] = [
    searchIn(state, notificationOutbox.recipient, notificationOutbox.subject, notificationOutbox.last_error, users.username),
    filter.kanal === "semua" ? undefined : eq(notificationOutbox.channel, filter.kanal),
    filter.status === "semua" ? undefined : eq(notificationOutbox.status, filter.status),
  ];
  const where = and(...conditions);
  return paged(
    state,
    () => db.select({ n: count() }).from(notificationOutbox).leftJoin(users, eq(users.id, notificationOutbox.user_id)).where(where).get()?.n ?? 0,
    (limit, offset) =>
      db
        .select({
          id: notificationOutbox.id,
          created_at: notificationOutbox.created_at,
          channel: notificationOutbox.channel,
          recipient: notificationOutbox.recipient,
          subject: notificationOutbox.subject,
          body: notificationOutbox.body,
          status: notificationOutbox.status,
          attempts: notificationOutbox.attempts,
          last_error: notificationOutbox.last_error,
          next_attempt_at: notificationOutbox.next_attempt_at,
          sent_at: notificationOutbox.sent_at,
          read_at: notificationOutbox.read_at,
          secret: notificationOutbox.secret,
          username: users.username,
        })
        .from(notificationOutbox)
        .leftJoin(users, eq(users.id, notificationOutbox.user_id))
        .where(where)
        .orderBy(desc(notificationOutbox.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => ({ ...row, body: maskSecretInMessage(row.body) })),
  );
}

/** Which channels the server can send on (the Notifikasi page says so). */
export function channelState(): { email: boolean; whatsapp: string | null } {
  const env = getEnv();
  return { email: emailConfig(env) !== null, whatsapp: whatsAppConfig(env)?.provider ?? null };
}

export type ResendResult = { ok: true } | { ok: false; status: 404 | 409 | 422; message: string };

export const RESEND_SECRET = "Pesan reset password tidak dapat dikirim ulang: passwordnya tidak disimpan. Minta pengguna melakukan reset password lagi.";
export const RESEND_INBOX = "Notifikasi di aplikasi tidak perlu dikirim ulang.";
export const RESEND_BUSY = "Pesan ini masih dalam antrean pengiriman.";

/**
 * 'Kirim ulang': a failed, skipped or sent e-mail or WhatsApp row goes back to the queue now,
 * with its attempts counted afresh. A skipped row takes the user's current address (the
 * operator may have added it since); still none, it stays skipped and the answer says why.
 */
export function resendOutbox(db: Db, id: number, now = new Date()): ResendResult {
  return db.transaction((tx): ResendResult => {
    const row = tx
      .select({ row: notificationOutbox, no_hp: users.no_hp, email: users.email })
      .from(notificationOutbox)
      .leftJoin(users, eq(users.id, notificationOutbox.user_id))
      .where(eq(notificationOutbox.id, id))
      .get();
    if (!row) return { ok: false, status: 404, message: "Notifikasi tidak ditemukan." };
    const { row: message } = row;
    if (message.channel === "inbox") return { ok: false, status: 409, message: RESEND_INBOX };
    if (message.secret) return { ok: false, status: 409, message: RESEND_SECRET };
    if (message.status === "pending" || message.status === "sending") return { ok: false, status: 409, message: RESEND_BUSY };
    let recipient = message.recipient;
    if (message.status === "skipped" || !recipient) {
      recipient = message.channel === "email" ? (EMAIL_PATTERN.test(row.email?.trim() ?? "") ? row.email!.trim() : "") : waNumber(row.no_hp);
      if (!recipient || (message.channel === "whatsapp" && recipient.length < 9)) {
        return { ok: false, status: 422, message: message.channel === "email" ? NO_EMAIL : NO_PHONE };
      }
    }
    tx.update(notificationOutbox)
      .set({ status: "pending", recipient, attempts: 0, last_error: null, next_attempt_at: now, sent_at: null })
      .where(and(eq(notificationOutbox.id, id), sql`${notificationOutbox.status} in ('failed', 'skipped', 'sent')`))
      .run();
    return { ok: true };
  });
}
