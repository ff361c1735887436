/**
 * Upgrades keep every row. tests/fixtures/v0.1.0/ is the database, uploads
 * and documents that release's own seed made (its logins.json says how); the current BUILT
 * server starts on a copy of it, as an owner's upgrade does: the new migrations apply, every
 * row of the old database is still there unchanged, every file it names is still served or
 * kept, and the old passwords still sign in, on the web and on the API.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { send } from "../setup/http-client";
import { TEST_SESSION_SECRET } from "../setup/constants";
import { DEFAULT_CHECKLIST_INSENTIF } from "../../scripts/seed/lppm-rubrik";

const FIXTURE = path.join(ROOT, "tests/fixtures/v0.1.0");
const logins = JSON.parse(fs.readFileSync(path.join(FIXTURE, "logins.json"), "utf8")) as {
  operator: { username: string; password: string };
  lppm: { password: string; usernames: string[] };
};
/** Rows the running server itself may touch (its sessions, counters, the outbox's delivery state). */
const VOLATILE = new Set(["sessions", "rate_limits", "password_attempts", "notification_outbox"]);
/** A stored file path: "<folder>/<name>.<ext>", relative to UPLOADS_DIR or DOCUMENTS_DIR. */
const FILE_PATH = /^[a-z0-9_-]+\/[A-Za-z0-9._-]+\.[a-z0-9]{2,5}$/;

type Rows = Record<string, Record<string, unknown>[]>;

function readAll(file: string): Rows {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const tables = db
      .prepare("select name from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' and name != '__drizzle_migrations' order by name")
      .all() as { name: string }[];
    return Object.fromEntries(
      tables.map(({ name }) => [name, db.prepare(`select rowid as _rowid, * from "${name}" order by rowid`).all() as Record<string, unknown>[]]),
    );
  } finally {
    db.close();
  }
}

function journalLength(): number {
  const journal = JSON.parse(fs.readFileSync(path.join(ROOT, "db/migrations/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

let dir: string;
let server: Awaited<ReturnType<typeof startServer>>;
let old: Rows;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-upgrade-"));
  fs.chmodSync(dir, 0o700);
  for (const entry of ["etalase.db", "uploads", "dokumen"]) fs.cpSync(path.join(FIXTURE, entry), path.join(dir, entry), { recursive: true });
  old = readAll(path.join(dir, "etalase.db"));
  server = await startServer(dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, OPERATOR_PASSWORD: "" } });
}, 180_000);

afterAll(async () => {
  await server?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("the current build on the v0.1.0 database", () => {
  it("applies every migration since, and is healthy", async () => {
    const health = await send(server.base, "GET", "/healthz");
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ ok: true, db: "ok" });
    const db = new Database(path.join(dir, "etalase.db"), { readonly: true });
    const applied = (db.prepare("select count(*) as n from __drizzle_migrations").get() as { n: number }).n;
    expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
    db.close();
    expect(applied).toBe(journalLength());
    expect(journalLength()).toBeGreaterThan(13);
  });

  it("keeps every row of every table, unchanged", () => {
    const now = readAll(path.join(dir, "etalase.db"));
    let compared = 0;
    for (const [table, rows] of Object.entries(old)) {
      expect(now[table], `table ${table}`).toBeDefined();
      if (VOLATILE.has(table)) {
        expect(now[table]!.length, `rows of ${table}`).toBeGreaterThanOrEqual(rows.length);
        continue;
      }
      const byRowid = new Map(now[table]!.map((row) => [row._rowid, row]));
      for (const row of rows) {
        const current = byRowid.get(row._rowid);
        expect(current, `${table} rowid ${String(row._rowid)}`).toBeDefined();
        // Columns added since may hold defaults; the old ones hold what they held.
        for (const [column, value] of Object.entries(row)) expect(current![column], `${table}.${column}`).toEqual(value);
        compared++;
      }
    }
    expect(old.produk!.length).toBeGreaterThan(0);
    expect(old.usulan!.length).toBeGreaterThan(0);
    expect(compared).toBeGreaterThan(500);
  });

  it("gains the default insentif rubric (it had rubrics but none for insentif); its tariff kinds keep the fixed amount per role", () => {
    expect(old.rubrik!.some((r) => r.tahap === "insentif")).toBe(false);
    const db = new Database(path.join(dir, "etalase.db"), { readonly: true });
    try {
      const rubrik = db.prepare("select id, jenis, nama from rubrik where tahap = 'insentif'").all() as { id: number; jenis: string; nama: string }[];
      expect(rubrik).toMatchObject([{ jenis: "penelitian", nama: "Evaluasi Klaim Insentif" }]);
      const kriteria = db.prepare("select kriteria, bobot from rubrik_kriteria where id_rubrik = ? order by urutan").all(rubrik[0]!.id);
      expect(kriteria).toEqual(DEFAULT_CHECKLIST_INSENTIF.map((k) => ({ kriteria: k, bobot: 0 })));
      const kinds = db.prepare("select pembagian, porsi_utama from jenis_insentif").all() as { pembagian: string; porsi_utama: number }[];
      expect(kinds.length).toBeGreaterThan(0);
      expect(new Set(kinds.map((k) => `${k.pembagian} ${k.porsi_utama}`))).toEqual(new Set(["per_peran 60"]));
    } finally {
      db.close();
    }
  });

  it("keeps every file the database names, and serves the shop's images", async () => {
    const named: string[] = [];
    for (const rows of Object.values(old)) {
      for (const row of rows) for (const value of Object.values(row)) if (typeof value === "string" && FILE_PATH.test(value)) named.push(value);
    }
    expect(named.length).toBeGreaterThan(150);
    for (const file of named) {
      const kept = fs.existsSync(path.join(dir, "uploads", file)) || fs.existsSync(path.join(dir, "dokumen", file));
      expect(kept, file).toBe(true);
    }
    const images = (old.gambar_produk ?? []).slice(0, 5).map((row) => String(row.gambar));
    for (const image of images) expect((await send(server.base, "GET", `/uploads/${image}`)).status, image).toBe(200);
    const first = old.produk![0]!;
    const detail = await send(server.base, "GET", `/detail-produk/${String(first.nama_seo)}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toContain(String(first.nama_produk));
  });

  it("the old passwords still sign in: the operator on the web and the API, an LPPM account on the web", async () => {
    const form = (username: string, password: string) =>
      new URLSearchParams({ intent: "masuk", username, password }).toString();
    const operator = await send(server.base, "POST", "/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form(logins.operator.username, logins.operator.password),
    });
    expect(operator.status).toBe(302);
    expect(operator.headers.location).toBe("/operator/dashboard");
    const cookie = String(operator.headers["set-cookie"]?.[0] ?? "").split(";")[0]!;
    const dashboard = await send(server.base, "GET", "/operator/dashboard", { headers: { Cookie: cookie } });
    expect(dashboard.status).toBe(200);

    const api = await send(server.base, "POST", "/api/login", {
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: logins.operator.username, password: logins.operator.password }),
    });
    expect(api.status).toBe(200);
    expect(JSON.parse(api.body)).toHaveProperty("token");

    const kepala = await send(server.base, "POST", "/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form(logins.lppm.usernames[0]!, logins.lppm.password),
    });
    expect(kepala.status).toBe(302);
    expect(kepala.headers.location).not.toContain("/login");

    const wrong = await send(server.base, "POST", "/login", {
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: form(logins.operator.username, "bukan-passwordnya"),
    });
    expect(wrong.status).not.toBe(302);
  });
});
