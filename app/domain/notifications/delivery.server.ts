/**
 * The delivery queue of the e-mail and WhatsApp rows of the outbox (the inbox needs none: its
 * rows are delivered when written). A row is sent at most once at a time and never again once
 * sent:
 * - claim: one UPDATE takes a due row (pending whose time has come, or a claim that lapsed) and
 *   makes it `sending` with a lease of LEASE_MS, counting the attempt. Only the caller whose
 *   UPDATE changed the row sends it, so two processes, or a timer and a request, never send the
 *   same row; a row that is `sent` is never due again, so a restart cannot send it twice.
 * - then one attempt through the channel's transport; success → sent; a failure → pending again
 *   after the next delay of RETRY_DELAYS_MS (1 min, 5 min, 30 min, 2 h, 6 h), or failed when the
 *   attempts are used up or the provider refused for good.
 * A process that dies while sending leaves its row `sending` until the lease ends; then it is
 * due again, as one more attempt: the one case where a message may arrive twice (the provider
 * took it, the process died before writing so) — better than a message that never arrives.
 * Password-reset rows (`secret`) are never claimed: their text exists only in the request that
 * made them. Nor are rows of a channel the server does not configure (any more): they wait,
 * untouched, until it is configured.
 */
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { notificationOutbox } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { emailConfig, emailTransport } from "~/domain/notifications/email.server";
import { whatsAppConfig, whatsAppTransport, type SendResult, type Transport } from "~/domain/notifications/whatsapp.server";

export const RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000, 6 * 60 * 60_000] as const;
/** The first attempt and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;
/** How long a claim holds: far longer than one attempt (10 s timeout), short enough to retry soon after a crash. */
export const LEASE_MS = 5 * 60_000;
/** Rows one run takes at most; the rest wait for the next run. */
export const BATCH = 50;

export type QueueChannel = "email" | "whatsapp";
export type Channels = Partial<Record<QueueChannel, Transport>>;

/** The transports the environment configures (none on a fresh install). */
export function configuredChannels(): Channels {
  const env = getEnv();
  const email = emailConfig(env);
  const whatsapp = whatsAppConfig(env);
  return { ...(email ? { email: emailTransport(email) } : {}), ...(whatsapp ? { whatsapp: whatsAppTransport(whatsapp) } : {}) };
}

/** The wait after a failed attempt number `attempts` (1-based), or null when it was the last. */
export function retryDelay(attempts: number): number | null {
  return attempts >= MAX_ATTEMPTS ? null : RETRY_DELAYS_MS[attempts - 1] ?? null;
}

type Row = typeof notificationOutbox.$inferSelect;

const ready = (channels: Channels) => (Object.keys(channels) as QueueChannel[]).filter((channel) => channels[channel]);

/** Takes a due row of one of `channels` for sending; undefined when it is not due or another caller took it. */
export function claim(db: Db, id: number, now: Date, channels: readonly QueueChannel[] = ["email", "whatsapp"]): Row | undefined {
  if (!channels.length) return undefined;
  return db
    .update(notificationOutbox)
    .set({ status: "sending", attempts: sql`${notificationOutbox.attempts} + 1`, next_attempt_at: new Date(now.getTime() + LEASE_MS) })
    .where(
      and(
        eq(notificationOutbox.id, id),
        inArray(notificationOutbox.channel, [...channels]),
        eq(notificationOutbox.secret, false),
        sql`${notificationOutbox.status} in ('pending', 'sending')`,
        sql`${notificationOutbox.next_attempt_at} <= ${now.getTime()}`,
      ),
    )
    .returning()
    .get();
}

/** Writes an attempt's outcome on a claimed row (a row no longer `sending` is left as it is). */
export function finish(db: Db, row: Pick<Row, "id" | "attempts">, result: SendResult, at: Date): Row["status"] {
  const where = and(eq(notificationOutbox.id, row.id), eq(notificationOutbox.status, "sending"));
  if (result.ok) {
    db.update(notificationOutbox).set({ status: "sent", sent_at: at, last_error: null, next_attempt_at: null }).where(where).run();
    return "sent";
  }
  const delay = result.permanent ? null : retryDelay(row.attempts);
  const status = delay === null ? "failed" : "pending";
  db.update(notificationOutbox)
    .set({ status, last_error: result.error, next_attempt_at: delay === null ? null : new Date(at.getTime() + delay) })
    .where(where)
    .run();
  return status;
}

/** One attempt for one claimed row. Never throws. */
async function attempt(db: Db, row: Row, channels: Channels, clock: () => Date): Promise<Row["status"]> {
  const channel = row.channel as QueueChannel;
  // Claimed only for a configured channel (claim's channels).
  const transport = channels[channel]!;
  let result: SendResult;
  try {
    result = await transport.send({ to: row.recipient, subject: row.subject, text: row.body });
  } catch (error) {
    result = { ok: false, error: error instanceof Error ? error.message : String(error), permanent: false };
  }
  const status = finish(db, row, result, clock());
  if (status === "sent") console.info(`[notifikasi] #${row.id} terkirim lewat ${channel} (percobaan ${row.attempts})`);
  else console.warn(`[notifikasi] #${row.id} ${channel} ${status === "failed" ? "gagal" : "diulang nanti"}: ${result.ok ? "" : result.error}`);
  return status;
}

export type DeliveryOptions = { channels?: Channels; now?: Date; clock?: () => Date };

/** Claims and sends the given rows (just queued, or resent); rows not due or taken elsewhere are skipped. */
export async function deliverRows(db: Db, ids: readonly number[], options: DeliveryOptions = {}): Promise<Row["status"][]> {
  const channels = options.channels ?? configuredChannels();
  const clock = options.clock ?? (() => new Date());
  const outcomes: Row["status"][] = [];
  for (const id of ids) {
    try {
      const row = claim(db, id, options.now ?? clock(), ready(channels));
      if (row) outcomes.push(await attempt(db, row, channels, clock));
    } catch (error) {
      // The database itself failed (closed, disk full): the row stays due for the next run.
      console.error(`[notifikasi] #${id} tidak terkirim:`, error instanceof Error ? error.message : error);
    }
  }
  return outcomes;
}

/** The rows of `channels` due at `now`, oldest first. */
export function dueRows(db: Db, now: Date, channels: readonly QueueChannel[], limit = BATCH): number[] {
  if (!channels.length) return [];
  return db
    .select({ id: notificationOutbox.id })
    .from(notificationOutbox)
    .where(
      and(
        sql`${notificationOutbox.status} in ('pending', 'sending')`,
        sql`${notificationOutbox.next_attempt_at} <= ${now.getTime()}`,
        inArray(notificationOutbox.channel, [...channels]),
      ),
    )
    .orderBy(asc(notificationOutbox.next_attempt_at))
    .limit(limit)
    .all()
    .map((row) => row.id);
}

/** One run of the worker: every due row (up to BATCH). Answers how many were sent. */
export async function deliverDue(db: Db, options: DeliveryOptions = {}): Promise<number> {
  const now = options.now ?? new Date();
  const channels = options.channels ?? configuredChannels();
  const outcomes = await deliverRows(db, dueRows(db, now, ready(channels)), { ...options, channels, now });
  return outcomes.filter((status) => status === "sent").length;
}

/**
 * The worker's run for the serving process's timer (lib/server/daily-jobs.server.ts): a run
 * still sending when the next is due lets it pass instead of starting a second one.
 */
export function deliveryWorker(db: () => Db, options: Omit<DeliveryOptions, "now"> = {}): (now: Date) => Promise<number> {
  let running: Promise<number> | null = null;
  return (now) => {
    if (running) return Promise.resolve(0);
    running = deliverDue(db(), { ...options, now }).finally(() => {
      running = null;
    });
    return running;
  };
}
