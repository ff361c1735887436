/**
 * Login and recovery throttling, stored in SQLite (not process memory) so it survives a
 * restart and holds across several processes.
 */
import { RateLimiterSQLite, type RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "./db.server";

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 10 * 60;

let limiters: { byUser: RateLimiterSQLite; byIp: RateLimiterSQLite } | undefined;
let limiterDb: unknown;

function loginLimiters() {
  const db = getDb();
  if (!limiters || limiterDb !== db) {
    const common = {
      storeClient: db.$client,
      storeType: "better-sqlite3" as const,
      tableName: "rate_limits",
      points: LOGIN_MAX_FAILURES,
      duration: LOGIN_WINDOW_SECONDS,
    };
    limiters = {
      byUser: new RateLimiterSQLite({ ...common, keyPrefix: "login_user" }),
      byIp: new RateLimiterSQLite({ ...common, keyPrefix: "login_ip" }),
    };
    limiterDb = db;
  }
  return limiters;
}

export function clientIp(request: Request): string {
  return request.headers.get("x-forwarded-for")?.split(",")[0]?.trim() || "local";
}

function userKey(username: string) {
  return username.trim().toLowerCase() || "-";
}

/** Seconds until login is allowed again for this username or IP, or 0 when it is allowed. */
export async function loginBlockedFor(request: Request, username: string): Promise<number> {
  const { byUser, byIp } = loginLimiters();
  const [u, ip] = await Promise.all([byUser.get(userKey(username)), byIp.get(clientIp(request))]);
  const blocked = [u, ip].filter(
    (r): r is RateLimiterRes => r !== null && r.consumedPoints >= LOGIN_MAX_FAILURES,
  );
  if (blocked.length === 0) return 0;
  return Math.max(...blocked.map((r) => Math.ceil(r.msBeforeNext / 1000)));
}

export async function recordLoginFailure(request: Request, username: string) {
  const { byUser, byIp } = loginLimiters();
  await Promise.all([
    byUser.penalty(userKey(username), 1),
    byIp.penalty(clientIp(request), 1),
  ]);
}

export async function clearLoginFailures(username: string) {
  await loginLimiters().byUser.delete(userKey(username));
}
