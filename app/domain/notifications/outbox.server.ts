/**
 * The outbox: every message the product sends (password resets, LPPM notifications) is a row
 * here first, then goes out through the WhatsApp gateway when one is configured
 * (WA_GATEWAY_URL). A message with a secret is stored masked and sent from memory. The back
 * office's Notifikasi page lists the rows.
 */
import { count, desc, eq } from "drizzle-orm";
import { notificationOutbox, users } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { waNumber } from "~/lib/util/format";
import type { TableState } from "~/lib/util/table-state";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import { maskSecretInMessage } from "~/domain/recovery/recovery.schema";

export type DeliveryOutcome = { status: "pending" | "sent" | "failed"; attempts: number; error: string | null };

export type GatewayOptions = {
  url?: string | undefined;
  token?: string | undefined;
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  attempts?: number;
  timeoutMs?: number;
};

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function describeError(error: unknown): string {
  if (error instanceof Error) {
    if (error.name === "TimeoutError") return "Waktu habis (tidak ada jawaban dari gateway)";
    const cause = (error as { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message}: ${cause.message}` : error.message;
  }
  return String(error);
}

/**
 * Sends one outbox message through the WhatsApp gateway: POST JSON {to, message} with
 * `Authorization: Bearer <token>`, up to 3 attempts (backoff 1 s, 2 s), 5 s timeout each.
 * `message` is the real text (the outbox keeps it masked). Never throws: the outcome is
 * written to the outbox row and returned.
 */
export async function deliverOutbox(
  db: Db,
  outboxId: number,
  message: string,
  options: GatewayOptions & { url: string },
): Promise<DeliveryOutcome> {
  const doFetch = options.fetch ?? fetch;
  const sleep = options.sleep ?? defaultSleep;
  const maxAttempts = options.attempts ?? 3;
  const timeoutMs = options.timeoutMs ?? 5000;
  let lastError: string | null = null;
  let attempts = 0;
  try {
    const row = db.select().from(notificationOutbox).where(eq(notificationOutbox.id, outboxId)).get();
    if (!row) return { status: "failed", attempts: 0, error: "Pesan tidak ditemukan" };
    attempts = row.attempts;
    for (let i = 0; i < maxAttempts; i++) {
      if (i > 0) await sleep(1000 * 2 ** (i - 1));
      attempts++;
      try {
        const response = await doFetch(options.url, {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            ...(options.token ? { Authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({ to: row.recipient, message }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        // Drain the body so the connection is released; its content is not needed.
        await response.text().catch(() => "");
        if (!response.ok) throw new Error(`Gateway menjawab HTTP ${response.status}`);
        db.update(notificationOutbox)
          .set({ status: "sent", attempts, last_error: null, sent_at: new Date() })
          .where(eq(notificationOutbox.id, outboxId))
          .run();
        console.info(`[outbox] #${outboxId} sent via ${row.channel} (attempt ${attempts})`);
        return { status: "sent", attempts, error: null };
      } catch (error) {
        lastError = describeError(error).slice(0, 500);
        db.update(notificationOutbox)
          .set({ attempts, last_error: lastError })
          .where(eq(notificationOutbox.id, outboxId))
          .run();
      }
    }
    db.update(notificationOutbox)
      .set({ status: "failed", attempts, last_error: lastError })
      .where(eq(notificationOutbox.id, outboxId))
      .run();
    console.warn(`[outbox] #${outboxId} failed after ${attempts} attempts: ${lastError}`);
    return { status: "failed", attempts, error: lastError };
  } catch (error) {
    // The database itself failed (closed in a test, disk full): report, never reject.
    console.error(`[outbox] #${outboxId} delivery aborted:`, describeError(error));
    return { status: "failed", attempts, error: describeError(error) };
  }
}

// ---- Queueing -------------------------------------------------------------------------------

export type OutgoingMessage = { userId: number | null; phone: string; subject: string; body: string };

/**
 * Writes messages to the outbox within the caller's transaction (so they exist exactly when
 * the change they report does); recipients without a phone number are skipped. Answers what to
 * hand to sendQueued once the transaction has committed.
 */
export function queueMessages(tx: Db, messages: readonly OutgoingMessage[], now = new Date()): { id: number; body: string }[] {
  const queued: { id: number; body: string }[] = [];
  for (const message of messages) {
    const recipient = waNumber(message.phone);
    if (!recipient) continue;
    const id = tx
      .insert(notificationOutbox)
      .values({
        channel: "whatsapp",
        recipient,
        user_id: message.userId,
        subject: message.subject,
        body: message.body,
        status: "pending",
        attempts: 0,
        created_at: now,
      })
      .returning({ id: notificationOutbox.id })
      .get().id;
    queued.push({ id, body: message.body });
  }
  return queued;
}

/** Sends queued messages in the background when a gateway is configured; never throws. */
export function sendQueued(db: Db, queued: readonly { id: number; body: string }[], gateway: GatewayOptions = {}): Promise<DeliveryOutcome[]> {
  const env = getEnv();
  const url = gateway.url ?? env.WA_GATEWAY_URL;
  if (!url) return Promise.resolve(queued.map(() => ({ status: "pending" as const, attempts: 0, error: null })));
  return Promise.all(queued.map((q) => deliverOutbox(db, q.id, q.body, { ...gateway, url, token: gateway.token ?? env.WA_GATEWAY_TOKEN })));
}

// ---- Back office: the Notifikasi page ------------------------------------------------------

export type OutboxEntry = {
  id: number;
  created_at: Date;
  channel: string;
  recipient: string;
  subject: string;
  /** The message with the new password masked: the real one never reaches a page. */
  body: string;
  status: "pending" | "sent" | "failed";
  attempts: number;
  last_error: string | null;
  sent_at: Date | null;
  username: string | null;
};

export function listOutboxPage(db: Db, state: TableState): Page<OutboxEntry> {
  const where = searchIn(state, notificationOutbox.recipient, notificationOutbox.status, notificationOutbox.channel, users.username);
  return paged(
    state,
    () =>
      db
        .select({ n: count() })
        .from(notificationOutbox)
        .leftJoin(users, eq(users.id, notificationOutbox.user_id))
        .where(where)
        .get()?.n ?? 0,
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
          sent_at: notificationOutbox.sent_at,
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

/** Whether the WhatsApp gateway is configured (the Notifikasi page says so). */
export function gatewayConfigured(): boolean {
  return Boolean(getEnv().WA_GATEWAY_URL);
}
