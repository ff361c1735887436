/**
 * Login and recovery throttling, stored in SQLite (not process memory) so it survives a
 * restart and holds across several processes.
 */
import { RateLimiterSQLite, type RateLimiterRes } from "rate-limiter-flexible";
import { getDb } from "./db.server";

export const LOGIN_MAX_FAILURES = 10;
export const LOGIN_WINDOW_SECONDS = 10 * 60;

const TABLE = "rate_limits";
let tableReadyFor: unknown;

/**
 * A limiter stored in SQLite. The library creates its table asynchronously after
 * construction (a call right away fails with "Table is not created yet"), so the table is
 * created here, synchronously, with the library's own DDL.
 */
export function sqliteLimiter(keyPrefix: string, points: number, durationSeconds: number): RateLimiterSQLite {
  const db = getDb();
  if (tableReadyFor !== db) {
    db.$client
      .prepare(`CREATE TABLE IF NOT EXISTS ${TABLE} (key TEXT PRIMARY KEY, points INTEGER NOT NULL DEFAULT 0, expire INTEGER)`)
      .run();
    tableReadyFor = db;
  }
  return new RateLimiterSQLite({
    storeClient: db.$client,
    storeType: "better-sqlite3",
    tableName: TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration: durationSeconds,
  });
}

/** Limiters built once per database (tests swap the database between cases). */
export function perDb<T>(build: () => T): () => T {
  let value: T | undefined;
  let forDb: unknown;
  return () => {
    const db = getDb();
    if (value === undefined || forDb !== db) {
      value = build();
      forDb = db;
    }
    return value;
  };
}

const loginLimiters = perDb(() => ({
  byUser: sqliteLimiter("login_user", LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS),
  byIp: sqliteLimiter("login_ip", LOGIN_MAX_FAILURES, LOGIN_WINDOW_SECONDS),
}));

/**
 * The client's address as the Express layer saw it (server/app.ts sets this header itself,
 * overwriting anything a client sent; X-Forwarded-For counts only with TRUST_PROXY=1).
 */
export const CLIENT_IP_HEADER = "x-etalase-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || "local";
}

function userKey(username: string) {
  return username.trim().toLowerCase().slice(0, 100) || "-";
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
