/**
 * Account recovery by lecturer ID (NIDN/NUPTK): the logic behind /lupa-password and the API's
 * POST /api/cekpass and POST /api/resetpassword.
 *
 * - cekPass reveals a name and a MASKED phone number; the full number never leaves the server.
 * - resetPassword needs a WhatsApp provider (WA_PROVIDER / WA_GATEWAY_URL): the new password reaches the
 *   lecturer only through it. It checks the retyped phone number, stores the hash of a new
 *   random password as a PENDING reset (the old password keeps working; a login with it
 *   cancels the reset, and an unused reset expires after 24 hours: see authenticate in users.server.ts),
 *   writes the message with the password MASKED to the outbox, logs the request without the
 *   password, and delivers the real message in the background (3 attempts, 5 s timeout each,
 *   outcome recorded in the outbox). The password itself is only ever in memory.
 */
import { and, eq } from "drizzle-orm";
import { notificationOutbox, users } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { waNumber } from "~/lib/util/format";
import { generatePassword, hashPassword } from "~/lib/server/password.server";
import { domainChanged } from "~/domain/changes.server";
import { deliverSecretMessage, secretProvider, type DeliveryOutcome, type GatewayOptions } from "~/domain/notifications/outbox.server";
import { getSetting } from "~/domain/setting/setting.server";
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
} from "~/domain/recovery/recovery.schema";

export type Failure = { ok: false; status: 404 | 422 | 429 | 500 | 503; message: string };

export const NO_GATEWAY =
  "Reset password lewat WhatsApp belum tersedia di sini. Silakan hubungi operator untuk mengatur ulang password Anda.";

/** data{nidn, nama_sdm, telepon_hp} as POST /api/cekpass answers it (telepon_hp masked). */
export type CekPassData = { nidn: string; nama_sdm: string; telepon_hp: string };
export type CekPassResult = { ok: true; data: CekPassData } | Failure;

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
    "Password baru ini berlaku 24 jam. Password lama Anda tetap berlaku; login dengan password lama membatalkan password baru ini.",
    "Setelah login, segera ganti password melalui menu Ubah Password.",
    "Abaikan pesan ini jika Anda tidak meminta reset password.",
  ].join("\n");
}


/**
 * Step 2: checks the retyped phone number and requests a reset. A wrong number changes
 * nothing. The new password exists only in the outbox message (and the gateway request).
 */
export async function resetPassword(
  db: Db,
  input: { nidn: string; no_telepon: string },
  gateway: GatewayOptions = {},
): Promise<ResetPasswordResult> {
  if (!secretProvider(gateway)) return { ok: false, status: 503, message: NO_GATEWAY };
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
    const outboxId = tx
      .insert(notificationOutbox)
      .values({
        channel: "whatsapp",
        recipient: waNumber(row.no_hp),
        user_id: row.id,
        subject: "Reset Password",
        body: maskSecretInMessage(message),
        status: "pending",
        attempts: 0,
        // The stored text is masked: only this request can send it, never the queue.
        secret: true,
        created_at: now,
      })
      .returning({ id: notificationOutbox.id })
      .get().id;
    domainChanged(tx, {
      entity: "users",
      action: "reset-password",
      id: row.id,
      summary: "Reset diminta lewat Lupa Password; password baru dikirim ke WhatsApp",
      actor: { id: null, nama: "Pengunjung (Lupa Password)" },
    });
    return outboxId;
  });
  console.info(`[recovery] reset requested for ${row.username}, outbox #${outboxId}`);
  const delivery = deliverSecretMessage(db, outboxId, message, gateway);
  return { ok: true, data: { outboxId, username: row.username }, delivery };
}
