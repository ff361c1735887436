/**
 * The BUILT server (server.js as `npm start` runs it, NODE_ENV=production) on a fresh copy of
 * the seeded shop, for the tests that go through real sockets. Needs `npm run build` first.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { findUserRowByUsername } from "~/domain/users/users.server";
import { ROLES } from "~/domain/users/roles";
import { startSession } from "../../app/http/session.server";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { TEST_OPERATOR_USERNAME, TEST_SESSION_SECRET } from "./constants";
import { createTestDb, type TestDb } from "./test-db";

export type BuiltServer = { child: ChildProcess; base: string; pid: number | undefined; stop: () => Promise<void> };

/**
 * Starts it; `stderr()` is everything the server wrote there so far. `prepare` adds rows to the
 * copy before the server opens it (the server's page cache never hears of rows written later).
 */
export async function startBuiltServer(
  extraEnv: Record<string, string> = {},
  prepare?: (t: TestDb) => Promise<void>,
): Promise<{ t: TestDb; server: BuiltServer; stderr: () => string }> {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new Error("build/server/index.js tidak ada: jalankan npm run build dulu.");
  }
  const t = createTestDb();
  await prepare?.(t);
  const server: BuiltServer = await startServer(t.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, ...extraEnv } });
  let stderr = "";
  server.child.stderr?.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return { t, server, stderr: () => stderr };
}

/** The seeded operator, holding every role when asked (the LPPM areas sit behind theirs), and a session cookie for them. */
export async function operatorSession(t: TestDb, base: string, { everyRole = false } = {}): Promise<{ id: number; cookie: string }> {
  const operator = findUserRowByUsername(t.db, TEST_OPERATOR_USERNAME);
  if (!operator) throw new Error("seeded operator missing");
  if (everyRole) t.db.$client.prepare("update users set hak_akses = ? where id = ?").run(JSON.stringify(ROLES), operator.id);
  return { id: operator.id, cookie: await userSession(base, operator.id) };
}

/** A session cookie ("name=value") for this user on the server at `base`. */
export async function userSession(base: string, userId: number): Promise<string> {
  return (await startSession(new Request(`${base}/login`), userId)).split(";")[0]!;
}

/** Real ids for a route's params: a product with images, a branch, a category slug. */
export function routeValues(t: TestDb): Record<string, string> {
  const one = (sql: string) => String((t.db.$client.prepare(sql).get() as { v: number | string }).v);
  return {
    produkId: one("select id_produk as v from gambar_produk limit 1"),
    id: one("select id as v from kantor_cabang limit 1"),
    seo: one("select seo as v from kategori limit 1"),
  };
}

let drafts = 0;

/** A draft proposal of `userId` (its screens' actions then reach the body, as its ketua). */
export function ownDraft(t: TestDb, userId: number): number {
  const sql = t.db.$client;
  const id = (q: string, ...args: unknown[]) => Number(sql.prepare(q).run(...args).lastInsertRowid);
  const n = ++drafts;
  const fakultas = id("insert into fakultas (nama) values (?)", `Fakultas Uji Body ${n}`);
  const prodi = id("insert into prodi (id_fakultas, nama) values (?, ?)", fakultas, `Prodi Uji Body ${n}`);
  sql.prepare("update users set id_prodi = ? where id = ?").run(prodi, userId);
  const skema = id("insert into skema (jenis, nama, dana_maksimal) values ('penelitian', ?, 50000000)", `Skema Uji Body ${n}`);
  const periode = id("insert into periode (tahun, id_skema, anggaran_total, kuota_judul) values (2026, ?, 100000000, 5)", skema);
  return id("insert into usulan (id_periode, jenis, id_ketua, status, judul) values (?, 'penelitian', ?, 'DRAF', 'Usulan Uji Body')", periode, userId);
}
