/**
 * Throttling of the forgot-password lookups and resets, per client IP and per ID, stored in
 * SQLite like the login throttle (app/lib/throttle.server.ts), so it survives restarts.
 * Every attempt counts (not only failures): a lookup reveals a name, a reset sends a message.
 */
import { RateLimiterRes, type RateLimiterSQLite } from "rate-limiter-flexible";
import { clientIp, perDb, sqliteLimiter } from "~/lib/server/throttle.server";
import { onlyDigits } from "~/domain/recovery/recovery.schema";

export type RecoveryStep = "lookup" | "reset";

export const RECOVERY_LIMITS = {
  perIp: { points: 10, duration: 15 * 60 },
  perId: { points: 5, duration: 60 * 60 },
} as const;

const recoveryLimiters = perDb(() => {
  const pair = (step: RecoveryStep) => ({
    byIp: sqliteLimiter(`recovery_${step}_ip`, RECOVERY_LIMITS.perIp.points, RECOVERY_LIMITS.perIp.duration),
    byId: sqliteLimiter(`recovery_${step}_id`, RECOVERY_LIMITS.perId.points, RECOVERY_LIMITS.perId.duration),
  });
  return { lookup: pair("lookup"), reset: pair("reset") };
});

export type ThrottleResult = { ok: true } | { ok: false; status: 429; message: string; retryAfter: number };

export function tooManyMessage(seconds: number): string {
  const menit = Math.max(1, Math.ceil(seconds / 60));
  return `Terlalu banyak permintaan. Silakan coba lagi dalam ${menit} menit.`;
}

/**
 * Counts one lookup or reset for this client and ID; refused (429) once either bucket is
 * spent. The ID bucket is only counted for a well-formed ID (others are refused anyway).
 */
export async function throttleRecovery(request: Request, step: RecoveryStep, rawNidn: string): Promise<ThrottleResult> {
  const { byIp, byId } = recoveryLimiters()[step];
  const nidn = onlyDigits(rawNidn);
  const waits: number[] = [];
  const take = async (limiter: RateLimiterSQLite, key: string) => {
    try {
      await limiter.consume(key, 1);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      waits.push(Math.ceil(error.msBeforeNext / 1000));
    }
  };
  await take(byIp, clientIp(request));
  if (nidn) await take(byId, nidn);
  if (waits.length === 0) return { ok: true };
  const retryAfter = Math.max(1, ...waits);
  return { ok: false, status: 429, message: tooManyMessage(retryAfter), retryAfter };
}
