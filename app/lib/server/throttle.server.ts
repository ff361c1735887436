/**
 * Throttles stored in SQLite (not process memory), so they survive a restart and hold across
 * several processes: the limiter factory, and the client address every throttle keys on.
 * Password attempts: domain/users/attempts.server.ts; recovery: domain/recovery.
 */
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { getDb } from "~/lib/server/db.server";

/** A limiter stored in SQLite, in the `rate_limits` table of the schema (db/schema.ts). */
export function sqliteLimiter(keyPrefix: string, points: number, durationSeconds: number): RateLimiterSQLite {
  return new RateLimiterSQLite({
    storeClient: getDb().$client,
    storeType: "better-sqlite3",
    tableName: "rate_limits",
    // Created by the migrations; the library's own (asynchronous) creation would race the first call.
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
