/**
 * Account recovery by lecturer ID (NIDN/NUPTK): the logic behind /lupa-password and the API's
 * POST /api/cekpass and POST /api/resetpassword.
 *
 * - cekPass reveals a name and a MASKED phone number; the full number never leaves the server.
 * - resetPassword needs the WhatsApp gateway (WA_GATEWAY_URL): the new password reaches the
 *   lecturer only through it. It checks the retyped phone number, stores the hash of a new
 *   random password as a PENDING reset (the old password keeps working; a login with it
 *   cancels the reset, and an unused reset expires after 24 hours: see authenticateOperator),
 *   writes the message with the password MASKED to the outbox, logs the request without the
 *   password, and delivers the real message in the background (3 attempts, 5 s timeout each,
 *   outcome recorded in the outbox). The password itself is only ever in memory.
 */
import { and, count, desc, eq, or } from "drizzle-orm";
import { notificationOutbox, users } from "../../../db/schema";
import type { Db } from "../../lib/db.server";
import { getEnv } from "../../lib/env.server";
import { waNumber } from "../../lib/format";
import { generatePassword, hashPassword } from "../../lib/password.server";
import { domainChanged } from "../changes.server";
import type { TableState } from "../../lib/table-state";
import { contains, paged, type Page } from "../paging.server";
import { getSetting } from "../setting/setting.server";
import {
  maskPhone,
  maskSecretInMessage,
  NIDN_MIN_DIGITS,
  NIDN_MIN_MESSAGE,
  NIDN_NOT_FOUND,
  NO_PHONE_ON_FILE,
  normalizePhone,
  onlyDigits,
  PASSWORD_LINE_LABEL,
  PHONE_MISMATCH,
} from "./recovery.schema";

export type Failure = { ok: false; status: 404 | 422 | 429 | 500 | 503; message: string };

export const NO_GATEWAY =
  "Reset password lewat WhatsApp belum tersedia di sini. Silakan hubungi operator untuk mengatur ulang password Anda.";

/** data{nidn, nama_sdm, telepon_hp} as POST /api/cekpass answers it (telepon_hp masked). */
export type CekPassData = { nidn: string; nama_sdm: string; telepon_hp: string };
export type CekPassResult = { ok: true; data: CekPassData } | Failure;

export type DeliveryOutcome = { status: "pending" | "sent" | "failed"; attempts: number; error: string | null };
export type ResetPasswordResult =
  | {
      ok: true;
      data: { outboxId: number; username: string };
      /** Settles when the gateway attempts are over; never rejects. */
      delivery: Promise<DeliveryOutcome>;
    }
  | Failure;

type UserRow = typeof users.$inferSelect;

/** Only active accounts can be recovered; an inactive one answers like an unknown ID. */
function findByNidn(db: Db, nidn: string): UserRow | undefined {
  return db
    .select()
    .from(users)
    .where(and(eq(users.nidn, nidn), eq(users.status_aktif, "Aktif")))
    .get();
}

function checkNidn(raw: string): { nidn: string } | Failure {
  const nidn = onlyDigits(raw);
  if (nidn.length < NIDN_MIN_DIGITS) return { ok: false, status: 422, message: NIDN_MIN_MESSAGE };
  return { nidn };
}

/** Step 1: who is this ID? Name and masked phone, or 'NIDN/NUPTK tidak terdaftar.'. */
export function cekPass(db: Db, rawNidn: string): CekPassResult {
  const checked = checkNidn(rawNidn);
  if ("ok" in checked) return checked;
  const row = findByNidn(db, checked.nidn);
  if (!row) return { ok: false, status: 404, message: NIDN_NOT_FOUND };
  if (!normalizePhone(row.no_hp)) return { ok: false, status: 422, message: NO_PHONE_ON_FILE };
  return { ok: true, data: { nidn: checked.nidn, nama_sdm: row.name, telepon_hp: maskPhone(row.no_hp) } };
}

function resetMessage(row: UserRow, password: string, shopName: string): string {
  const site = shopName || "Etalase";
  return [
    `Halo ${row.name},`,
    "",
    `Permintaan reset password akun ${site} Anda telah diterima.`,
    `Username: ${row.username}`,
    `${PASSWORD_LINE_LABEL} ${password}`,
    "",
    "Password lama Anda tetap berlaku sampai password baru ini dipakai untuk login.",
    "Setelah login, segera ganti password melalui menu Ubah Password.",
    "Abaikan pesan ini jika Anda tidak meminta reset password.",
  ].join("\n");
}

export type GatewayOptions = {
  url?: string | undefined;
  token?: string | undefined;
  fetch?: typeof fetch;
  /** Waits between attempts (tests pass a no-op). */
  sleep?: (ms: number) => Promise<void>;
  attempts?: number;
  timeoutMs?: number;
};

/**
 * Step 2: checks the retyped phone number and requests a reset. A wrong number changes
 * nothing. The new password exists only in the outbox message (and the gateway request).
 */
export async function resetPassword(
  db: Db,
  input: { nidn: string; no_telepon: string },
  gateway: GatewayOptions = {},
): Promise<ResetPasswordResult> {
  const env = getEnv();
  const url = gateway.url ?? env.WA_GATEWAY_URL;
  if (!url) return { ok: false, status: 503, message: NO_GATEWAY };
  const checked = checkNidn(input.nidn);
  if ("ok" in checked) return checked;
  const row = findByNidn(db, checked.nidn);
  if (!row) return { ok: false, status: 404, message: NIDN_NOT_FOUND };
  const stored = normalizePhone(row.no_hp);
  if (!stored) return { ok: false, status: 422, message: NO_PHONE_ON_FILE };
  if (normalizePhone(input.no_telepon) !== stored) return { ok: false, status: 422, message: PHONE_MISMATCH };

  const password = generatePassword();
  const resetHash = await hashPassword(password);
  const message = resetMessage(row, password, getSetting(db).nama_toko);
  const now = new Date();
  const outboxId = db.transaction((tx) => {
    tx.update(users)
      .set({ reset_password_hash: resetHash, reset_requested_at: now })
      .where(eq(users.id, row.id))
      .run();
    return tx
      .insert(notificationOutbox)
      .values({
        channel: "whatsapp",
        recipient: waNumber(row.no_hp),
        user_id: row.id,
        subject: "Reset Password",
        body: maskSecretInMessage(message),
        status: "pending",
        attempts: 0,
        created_at: now,
      })
      .returning({ id: notificationOutbox.id })
      .get().id;
  });
  domainChanged("users");
  console.info(`[recovery] reset requested for ${row.username}, outbox #${outboxId}`);
  const delivery = deliverOutbox(db, outboxId, message, { ...gateway, url, token: gateway.token ?? env.WA_GATEWAY_TOKEN });
  return { ok: true, data: { outboxId, username: row.username }, delivery };
}

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
        console.info(`[recovery] outbox #${outboxId} sent via ${row.channel} (attempt ${attempts})`);
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
    console.warn(`[recovery] outbox #${outboxId} failed after ${attempts} attempts: ${lastError}`);
    return { status: "failed", attempts, error: lastError };
  } catch (error) {
    // The database itself failed (closed in a test, disk full): report, never reject.
    console.error(`[recovery] outbox #${outboxId} delivery aborted:`, describeError(error));
    return { status: "failed", attempts, error: describeError(error) };
  }
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
  const where = state.q
    ? or(
        contains(notificationOutbox.recipient, state.q),
        contains(notificationOutbox.status, state.q),
        contains(notificationOutbox.channel, state.q),
        contains(users.username, state.q),
      )
    : undefined;
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
