/**
 * One-time links to set one's own password, for accounts the operator made without one (the
 * lecturers' import): a random token whose SHA-256 alone is stored on the user, working for
 * TAUTAN_BERLAKU_HARI days, once. A new link overwrites the stored hash, so the old link dies;
 * setting the password clears it, so the link cannot be used twice.
 *
 * The link reaches the lecturer by e-mail and WhatsApp (the inbox is no use before they can sign
 * in): each message is written to the outbox with the link masked and sent from memory with
 * the real one (deliverSecretMessage), as the password reset is. A lecturer with neither gets
 * no message; the operator copies the link from the page instead (it is shown once, to them).
 */
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { notificationOutbox, users } from "../../../db/schema";
import { domainChanged } from "~/domain/changes.server";
import { emailConfig } from "~/domain/notifications/email.server";
import { deliverSecretMessage, secretProvider, type DeliveryOutcome, type GatewayOptions } from "~/domain/notifications/outbox.server";
import { revokeAllAccess } from "~/domain/sessions/sessions.server";
import { namaLppm } from "~/domain/setting/setting.server";
import {
  ATUR_PASSWORD_PATH,
  TAUTAN_BERLAKU_HARI,
  TAUTAN_BERLAKU_MS,
  TAUTAN_DISEMBUNYIKAN,
  TAUTAN_KEDALUWARSA,
  TAUTAN_TIDAK_BERLAKU,
} from "~/domain/users/undangan.schema";
import type { Db } from "~/lib/server/db.server";
import { randomToken, sha256 } from "~/lib/server/crypto.server";
import { getEnv } from "~/lib/server/env.server";
import { hashPassword } from "~/lib/server/password.server";
import { contains } from "~/lib/server/paging.server";
import { waNumber } from "~/lib/util/format";

/**
 * The password_hash of an account whose owner has not set a password yet: not an argon2 hash,
 * so no password matches it (the login verifies the dummy hash instead, at the same cost).
 */
export const BELUM_ADA_PASSWORD = "!belum-diatur";

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The page's absolute address for a token: SITE_URL when set, else the origin the operator used. */
export function tautanAturPassword(token: string, origin: string): string {
  return `${getEnv().SITE_URL ?? origin}${ATUR_PASSWORD_PATH}?token=${encodeURIComponent(token)}`;
}

/**
 * Makes a new link for the user (within the caller's transaction): the old one, if any, dies.
 * Answers the token; only its hash is stored.
 */
export function buatTautan(tx: Db, userId: number, now = new Date()): string {
  const token = randomToken(32);
  tx.update(users)
    .set({ undangan_hash: sha256(token), undangan_expires_at: new Date(now.getTime() + TAUTAN_BERLAKU_MS) })
    .where(eq(users.id, userId))
    .run();
  return token;
}

export type CekTautan = { ok: true; user: { id: number; name: string; username: string } } | { ok: false; status: 410; message: string };

/** Whose link this is, or why it no longer works (used, replaced, unknown, expired, account off). */
export function cekTautan(db: Db, token: string | null | undefined, now = new Date()): CekTautan {
  const row = token
    ? db
        .select({ id: users.id, name: users.name, username: users.username, expires: users.undangan_expires_at, status: users.status_aktif })
        .from(users)
        .where(eq(users.undangan_hash, sha256(token)))
        .get()
    : undefined;
  if (!row || row.status !== "Aktif") return { ok: false, status: 410, message: TAUTAN_TIDAK_BERLAKU };
  if (!row.expires || row.expires.getTime() <= now.getTime()) return { ok: false, status: 410, message: TAUTAN_KEDALUWARSA };
  return { ok: true, user: { id: row.id, name: row.name, username: row.username } };
}

/**
 * Sets the password through a link, once: the link is cleared in the same UPDATE that checks it,
 * so two posts of one link cannot both succeed. Every session and token of the user ends.
 */
export async function aturPasswordLewatTautan(db: Db, token: string, password: string, now = new Date()): Promise<CekTautan> {
  const checked = cekTautan(db, token, now);
  if (!checked.ok) return checked;
  const passwordHash = await hashPassword(password);
  const updated = db.transaction((tx) => {
    const row = tx
      .update(users)
      .set({ password_hash: passwordHash, undangan_hash: null, undangan_expires_at: null, reset_password_hash: null, reset_requested_at: null, password_changed_at: now, updated_at: now })
      .where(and(eq(users.id, checked.user.id), eq(users.undangan_hash, sha256(token))))
      .returning({ id: users.id })
      .get();
    if (!row) return false;
    revokeAllAccess(tx, checked.user.id);
    domainChanged(tx, {
      entity: "users",
      action: "ganti-password",
      id: checked.user.id,
      summary: "Password dibuat sendiri lewat tautan sekali pakai",
      actor: { id: checked.user.id, nama: checked.user.name },
    });
    return true;
  });
  return updated ? checked : { ok: false, status: 410, message: TAUTAN_TIDAK_BERLAKU };
}

/** The message's text with the link; the outbox keeps it with the link masked. */
function pesanTautan(nama: string, username: string, link: string, pengirim: string): string {
  return [
    `Yth. ${nama},`,
    "",
    `Akun Anda di ${pengirim} sudah dibuat. Username: ${username}`,
    "Buat password Anda sendiri melalui tautan berikut (sekali pakai, berlaku " + `${TAUTAN_BERLAKU_HARI} hari):`,
    link,
    "",
    "Abaikan pesan ini jika Anda tidak merasa memiliki akun ini.",
  ].join("\n");
}

export const SUBJEK_TAUTAN = "Buat Password Akun";

/** A link made for one user: the token (shown once to the operator) and the messages it went out in. */
export type TautanDibuat = { userId: number; token: string; pesan: { outboxId: number; text: string }[] };

/**
 * Makes a link for each user (the old ones die) and writes its messages, masked, to the outbox
 * (a link for one user is logged; the import logs its own entry for its many):
 * an e-mail where SMTP is configured and the user has an address, a WhatsApp message where a
 * provider is and they have a number. Within the caller's transaction; send with kirimTautan
 * once it has committed.
 */
export function siapkanTautan(tx: Db, userIds: readonly number[], origin: string, now = new Date()): TautanDibuat[] {
  if (!userIds.length) return [];
  const env = getEnv();
  const emailOn = emailConfig(env) !== null;
  const whatsappOn = secretProvider() !== null;
  const pengirim = namaLppm(tx);
  const rows = tx.select({ id: users.id, name: users.name, username: users.username, email: users.email, no_hp: users.no_hp }).from(users).where(inArray(users.id, [...userIds])).all();
  const hasil: TautanDibuat[] = [];
  for (const row of rows) {
    const token = buatTautan(tx, row.id, now);
    const text = pesanTautan(row.name, row.username, tautanAturPassword(token, origin), pengirim);
    const masked = pesanTautan(row.name, row.username, TAUTAN_DISEMBUNYIKAN, pengirim);
    const pesan: TautanDibuat["pesan"] = [];
    const tulis = (channel: "email" | "whatsapp", recipient: string) => {
      const outboxId = tx
        .insert(notificationOutbox)
        .values({ channel, recipient, user_id: row.id, subject: SUBJEK_TAUTAN, body: masked, status: "pending", attempts: 0, secret: true, created_at: now })
        .returning({ id: notificationOutbox.id })
        .get().id;
      pesan.push({ outboxId, text });
    };
    if (emailOn && EMAIL_PATTERN.test(row.email.trim())) tulis("email", row.email.trim());
    if (whatsappOn && waNumber(row.no_hp).length >= 9) tulis("whatsapp", waNumber(row.no_hp));
    hasil.push({ userId: row.id, token, pesan });
  }
  if (hasil.length === 1) domainChanged(tx, { entity: "users", action: "ubah", id: hasil[0]!.userId, summary: "Tautan buat password yang baru dibuat (tautan lama tidak berlaku)" });
  return hasil;
}

/** Sends the links' messages from memory (after the commit); settles when every attempt is over, never rejects. */
export async function kirimTautan(db: Db, dibuat: readonly TautanDibuat[], gateway: GatewayOptions = {}): Promise<DeliveryOutcome[]> {
  const outcomes: DeliveryOutcome[] = [];
  for (const { pesan } of dibuat) {
    for (const { outboxId, text } of pesan) outcomes.push(await deliverSecretMessage(db, outboxId, text, gateway));
  }
  return outcomes;
}

/** An account still without its own password, as the import page lists it. */
export type AkunMenunggu = { id: number; nama: string; nidn: string | null; email: string; no_hp: string; berlakuSampai: Date | null; kedaluwarsa: boolean };

/** How many accounts the page lists at once (newest first; the search finds the others). */
export const MENUNGGU_TAMPIL = 50;

/**
 * The accounts whose owner has not set a password yet (made without one), newest first, found
 * by name, NIDN, e-mail or phone; with their total.
 */
export function daftarMenunggu(db: Db, cari = "", now = new Date()): { total: number; rows: AkunMenunggu[] } {
  const q = cari.trim();
  const where = and(eq(users.password_hash, BELUM_ADA_PASSWORD), q ? or(...[users.name, users.nidn, users.email, users.no_hp].map((column) => contains(column, q))) : undefined);
  const total = db.select({ n: sql<number>`count(*)` }).from(users).where(where).get()?.n ?? 0;
  const rows = db
    .select({ id: users.id, nama: users.name, nidn: users.nidn, email: users.email, no_hp: users.no_hp, berlakuSampai: users.undangan_expires_at })
    .from(users)
    .where(where)
    .orderBy(desc(users.id))
    .limit(MENUNGGU_TAMPIL)
    .all();
  return { total, rows: rows.map((r) => ({ ...r, kedaluwarsa: !r.berlakuSampai || r.berlakuSampai.getTime() <= now.getTime() })) };
}

/** Whether an account still waits for its owner's password (the operator's 'Tautan baru' is for these only). */
export function masihMenunggu(db: Db, userId: number): boolean {
  return db.select({ id: users.id }).from(users).where(and(eq(users.id, userId), eq(users.password_hash, BELUM_ADA_PASSWORD))).get() !== undefined;
}
