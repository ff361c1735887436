/**
 * Throttling of the forgot-password lookups and resets, per client IP and per ID, stored in
 * SQLite like the login throttle (app/lib/throttle.server.ts), so it survives restarts.
 * Every attempt counts (not only failures): a lookup reveals a name, a reset sends a message.
 */
import { RateLimiterRes, RateLimiterSQLite } from "rate-limiter-flexible";
import { getDb } from "../../lib/db.server";
import { clientIp } from "../../lib/throttle.server";
import { onlyDigits } from "./recovery.schema";

export type RecoveryStep = "lookup" | "reset";

export const RECOVERY_LIMITS = {
  perIp: { points: 10, duration: 15 * 60 },
  perId: { points: 5, duration: 60 * 60 },
} as const;

type Limiters = Record<RecoveryStep, { byIp: RateLimiterSQLite; byId: RateLimiterSQLite }>;

/** The login throttle's table too (app/lib/throttle.server.ts); keys are prefixed per use. */
const TABLE = "rate_limits";

let limiters: Limiters | undefined;
let limiterDb: unknown;

function recoveryLimiters(): Limiters {
  const db = getDb();
  if (!limiters || limiterDb !== db) {
    // The library creates its table asynchronously after construction, so a consume() right
    // away fails with "Table is not created yet": create it here (same DDL) and say so.
    db.$client
      .prepare(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`)
      .run();
    const make = (keyPrefix: string, limit: { points: number; duration: number }) =>
      new RateLimiterSQLite({
        storeClient: db.$client,
        storeType: "better-sqlite3",
        tableName: TABLE,
        tableCreated: true,
        keyPrefix,
        points: limit.points,
        duration: limit.duration,
      });
    limiters = {
      lookup: { byIp: make("recovery_lookup_ip", RECOVERY_LIMITS.perIp), byId: make("recovery_lookup_id", RECOVERY_LIMITS.perId) },
      reset: { byIp: make("recovery_reset_ip", RECOVERY_LIMITS.perIp), byId: make("recovery_reset_id", RECOVERY_LIMITS.perId) },
    };
    limiterDb = db;
  }
  return limiters;
}

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
