/**
 * The health report of `GET /healthz`: is this process able to read its database, how long
 * has it been up, which version and which process answered. Monitoring (systemd, an uptime
 * checker, a load balancer later) polls it, so it must be cheap and never throw.
 */
import { sql } from "drizzle-orm";
import { version } from "../../../package.json";
import type { Db } from "~/lib/server/db.server";

export type HealthReport = {
  ok: boolean;
  db: "ok" | "error";
  uptime_s: number;
  version: string;
  pid: number;
};

/**
 * A real read: `select 1` alone never touches the database (SQLite computes it without a read
 * transaction), so the same statement also counts the schema rows, which takes a read lock
 * and reads the schema through the pager. A closed connection or a file SQLite cannot read
 * throws here.
 */
export function databaseReadable(db: Db): boolean {
  try {
    const row = db.get<{ ok: number }>(sql`select 1 as ok, (select count(*) from sqlite_master) as objects`);
    return row?.ok === 1;
  } catch {
    return false;
  }
}

/** `openDb` is a function because opening (first use: migrations) may itself fail. */
export function healthReport(openDb: () => Db): HealthReport {
  let readable = false;
  try {
    readable = databaseReadable(openDb());
  } catch {
    readable = false;
  }
  return {
    ok: readable,
    db: readable ? "ok" : "error",
    uptime_s: Math.floor(process.uptime()),
    version,
    pid: process.pid,
  };
}
