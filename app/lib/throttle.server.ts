/**
 * Throttles stored in SQLite (not process memory), so they survive a restart and hold across
 * several processes: the limiter factory, and the client address every throttle keys on.
 * Password attempts: domain/users/attempts.server.ts; recovery: domain/recovery.
 */
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { getDb } from "./db.server";

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

/**
 * The client's address as the Express layer saw it (server/app.ts sets this header itself,
 * overwriting anything a client sent; X-Forwarded-For counts only with TRUST_PROXY=1).
 */
export const CLIENT_IP_HEADER = "x-etalase-client-ip";

export function clientIp(request: Request): string {
  return request.headers.get(CLIENT_IP_HEADER)?.trim() || "local";
}
