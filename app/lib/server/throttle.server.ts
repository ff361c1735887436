/**
 * Throttles stored in SQLite (not process memory), so they survive a restart and hold across
 * several processes: the limiter factory, and the client address every throttle keys on.
 * Password attempts: domain/users/attempts.server.ts; recovery: domain/recovery.
 */
import net from "node:net";
import { lt } from "drizzle-orm";
import { RateLimiterSQLite } from "rate-limiter-flexible";
import { rateLimits } from "../../../db/schema";
import { getDb, type Db } from "~/lib/server/db.server";

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

/**
 * The network a client address stands for, the key of a throttle that must not be escaped by
 * changing address: an IPv6 address is cut to its /64 (one subscriber's network, in which a host
 * takes any address it likes), an IPv4 one (also written as ::ffff:a.b.c.d) stays whole.
 */
export function clientNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.split("%")[0]!;
  if (!net.isIPv6(address)) return ip;
  // An IPv4 tail (…:a.b.c.d) is the last two groups.
  const v4 = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(address);
  const text = v4 ? `${address.slice(0, v4.index)}${((+v4[1]! << 8) | +v4[2]!).toString(16)}:${((+v4[3]! << 8) | +v4[4]!).toString(16)}` : address;
  const [head = "", tail] = text.split("::");
  const front = head ? head.split(":") : [];
  const back = tail ? tail.split(":") : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill("0"), ...back];
  return `${groups
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(":")}::/64`;
}

/**
 * Forgets the counters whose window is over (the daily job): the store counts an expired one
 * from zero anyway, but never deletes it, and a key per address (and per target, for WhatsApp
 * clicks) would keep every address ever seen. Returns how many were removed.
 */
export function pruneRateLimits(db: Db, now = new Date()): number {
  return db.delete(rateLimits).where(lt(rateLimits.expire, now.getTime())).run().changes;
}
