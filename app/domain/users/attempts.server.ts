/**
 * Password guesses: the login (both transports) and the old-password check of "Ubah Password"
 * (both transports). Every attempt is counted BEFORE its password is checked, in one
 * synchronous SQLite statement sequence, so a burst of parallel guesses counts every one.
 * Counts are kept per (account, client address): from the FREE_ATTEMPTS-th attempt on, each
 * one first waits a growing delay (15 s, 30 s, 1 min, … up to 15 min); a success forgets
 * them. A stranger failing on `operator` from another address never delays the owner. One
 * address may also make only ATTEMPTS_PER_IP attempts per 15 minutes over all accounts.
 */
import { eq, lt } from "drizzle-orm";
import { RateLimiterRes } from "rate-limiter-flexible";
import { passwordAttempts } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { perDb, sqliteLimiter } from "~/lib/server/throttle.server";

export const FREE_ATTEMPTS = 5;
export const FIRST_DELAY_SECONDS = 15;
export const MAX_DELAY_SECONDS = 15 * 60;
export const ATTEMPTS_PER_IP = 100;
const IP_WINDOW_SECONDS = 15 * 60;
/** The count of an (account, address) is forgotten a day after its last attempt. */
const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

export type AttemptScope = "login" | "password";

export type Attempt =
  | { allowed: true; /** Once the password was checked: a success forgets the count. */ settle: (succeeded: boolean) => void }
  | { allowed: false; retryAfter: number };

/** The wait before the attempt after the n-th counted one, in seconds. */
export function attemptDelaySeconds(n: number): number {
  if (n < FREE_ATTEMPTS) return 0;
  return Math.min(MAX_DELAY_SECONDS, FIRST_DELAY_SECONDS * 2 ** (n - FREE_ATTEMPTS));
}

const perIp = perDb(() => sqliteLimiter("attempt_ip", ATTEMPTS_PER_IP, IP_WINDOW_SECONDS));

function keyOf(scope: AttemptScope, account: string, ip: string) {
  return `${scope}:${account.trim().toLowerCase().slice(0, 100) || "-"}@${ip}`;
}

/**
 * Reserves one attempt for `account` from `ip` before its password is checked, or says how
 * long to wait. The delay its failure would earn is set at once; a success lifts it.
 */
export async function beginAttempt(db: Db, scope: AttemptScope, account: string, ip: string, now = new Date()): Promise<Attempt> {
  try {
    await perIp().consume(`${scope}@${ip}`);
  } catch (rejection) {
    if (!(rejection instanceof RateLimiterRes)) throw rejection;
    return { allowed: false, retryAfter: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
  }
  const key = keyOf(scope, account, ip);
  // Synchronous from here to the write: no other request runs in between.
  const reserved = db.transaction((tx) => {
    tx.delete(passwordAttempts).where(lt(passwordAttempts.expires_at, now)).run();
    const row = tx.select().from(passwordAttempts).where(eq(passwordAttempts.key, key)).get();
    if (row && row.blocked_until > now) {
      return { allowed: false as const, retryAfter: Math.max(1, Math.ceil((row.blocked_until.getTime() - now.getTime()) / 1000)) };
    }
    const count = (row?.count ?? 0) + 1;
    const values = {
      count,
      blocked_until: new Date(now.getTime() + attemptDelaySeconds(count) * 1000),
      expires_at: new Date(now.getTime() + FORGET_AFTER_MS),
    };
    tx.insert(passwordAttempts)
      .values({ key, ...values })
      .onConflictDoUpdate({ target: passwordAttempts.key, set: values })
      .run();
    return { allowed: true as const };
  });
  if (!reserved.allowed) return reserved;
  return {
    allowed: true,
    settle(succeeded) {
      if (succeeded) db.delete(passwordAttempts).where(eq(passwordAttempts.key, key)).run();
    },
  };
}

/** "15 detik", "3 menit": how long to wait, in the unit a person reads easily. */
export function waitText(seconds: number): string {
  return seconds < 60 ? `${seconds} detik` : `${Math.ceil(seconds / 60)} menit`;
}

export function tooManyAttemptsMessage(scope: AttemptScope, retryAfter: number): string {
  const what = scope === "login" ? "percobaan login" : "percobaan password lama";
  return `Terlalu banyak ${what}. Silakan coba lagi dalam ${waitText(retryAfter)}.`;
}
