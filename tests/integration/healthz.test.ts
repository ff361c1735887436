/**
 * GET /healthz: 200 with `{ok, db, uptime_s, version, pid}` after a real
 * read of the database, 503 with the same shape when the database cannot be read, never
 * cacheable, no login.
 */
import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { databaseReadable, healthReport } from "~/domain/health/health.server";
import { setDb } from "../../app/lib/server/db.server";
import * as healthz from "~/routes/healthz";
import packageJson from "../../package.json";
import { callLoader } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const SHAPE = ["db", "ok", "pid", "uptime_s", "version"];

describe("GET /healthz", () => {
  it("answers 200 with the process's health, without a session and with no-store", async () => {
    const res = await callLoader(healthz, "/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(res.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(Object.keys(res.data as object).sort()).toEqual(SHAPE);
    expect(res.data).toEqual({
      ok: true,
      db: "ok",
      uptime_s: expect.any(Number),
      version: packageJson.version,
      pid: process.pid,
    });
    expect((res.data as { uptime_s: number }).uptime_s).toBeGreaterThanOrEqual(0);
  });

  it("answers 503 with the same shape when the database connection is closed", async () => {
    t.db.$client.close();
    const res = await callLoader(healthz, "/healthz");
    expect(res.status).toBe(503);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    expect(Object.keys(res.data as object).sort()).toEqual(SHAPE);
    expect(res.data).toMatchObject({ ok: false, db: "error", pid: process.pid, version: packageJson.version });
  });

  it("answers 503 when the database file cannot be opened (not a database)", async () => {
    const bad = path.join(t.dir, "rusak.db");
    fs.writeFileSync(bad, Buffer.alloc(8192, 0x61));
    setDb(undefined);
    process.env.DATABASE_URL = bad;
    const { resetEnvCache } = await import("../../app/lib/server/env.server");
    resetEnvCache();
    const res = await callLoader(healthz, "/healthz");
    expect(res.status).toBe(503);
    expect(res.data).toMatchObject({ ok: false, db: "error" });
  });
});

describe("databaseReadable", () => {
  it("is true for a working database", () => {
    expect(databaseReadable(t.db)).toBe(true);
  });

  it("reports an opener that throws as unreadable instead of throwing", () => {
    const report = healthReport(() => {
      throw new Error("tidak bisa dibuka");
    });
    expect(report).toMatchObject({ ok: false, db: "error" });
  });
});
