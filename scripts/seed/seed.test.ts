import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDb, openDb, type Db, type RootDb } from "../../app/lib/server/db.server";
import { parseEnv, type Env } from "../../app/lib/server/env.server";
import { verifyPassword } from "../../app/lib/server/password.server";
import { protectDatabaseFiles } from "../../app/lib/server/private-files.server";
import * as schema from "../../db/schema";
import { operatorPasswordFile, seedDatabase } from "./seed";

const TABLES = {
  setting: schema.setting,
  kantorCabang: schema.kantorCabang,
  kategori: schema.kategori,
  produk: schema.produk,
  gambarProduk: schema.gambarProduk,
  produkGudang: schema.produkGudang,
  banner: schema.banner,
  ulasan: schema.ulasan,
  galeri: schema.galeri,
  profil: schema.profil,
  users: schema.users,
};

function counts(db: Db): Record<string, number> {
  return Object.fromEntries(
    Object.entries(TABLES).map(([name, table]) => [name, db.select({ n: count() }).from(table).get()?.n ?? 0]),
  );
}

function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();
}

describe("seedDatabase", () => {
  let tmp: string;
  let db: RootDb;
  let env: Env;
  const logs: string[] = [];
  let firstRunMs = 0;

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-seed-"));
    env = parseEnv({
      DATABASE_URL: path.join(tmp, "test.db"),
      UPLOADS_DIR: path.join(tmp, "uploads"),
      OPERATOR_USERNAME: "pemilik",
      OPERATOR_PASSWORD: "Rahasia123",
      SEED_DEMO: "1",
      // The LPPM part has its own test (scripts/seed/lppm-demo/seed.test.ts).
      SEED_DEMO_LPPM: "0",
    });
    db = openDb(env.DATABASE_URL);
    migrateDb(db);
    const t0 = Date.now();
    await seedDatabase(db, env, (m) => logs.push(m));
    firstRunMs = Date.now() - t0;
  });

  afterAll(() => {
    db?.$client.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it("fills the demo shop", () => {
    const c = counts(db);
    expect(c.setting).toBe(1);
    expect(c.kantorCabang).toBeGreaterThanOrEqual(3);
    expect(c.kategori).toBeGreaterThanOrEqual(6);
    expect(c.produk).toBeGreaterThanOrEqual(30);
    expect(c.banner).toBeGreaterThanOrEqual(3);
    expect(c.ulasan).toBeGreaterThanOrEqual(6);
    expect(c.galeri).toBeGreaterThanOrEqual(8);
    expect(c.profil).toBe(2);
    expect(c.users).toBe(1);
    const setting = db.select().from(schema.setting).get();
    expect(setting?.id).toBe(1);
    expect(setting?.alamat).toContain("\n");
    expect(setting?.maps).toMatch(/^https:\/\/www\.google\.com\/maps\/embed\?pb=/);
    console.info(`[seed.test] first seed took ${firstRunMs} ms`);
  });

  it("gives every product 2–4 images, at least one branch, a unique slug and a category", () => {
    const products = db.select().from(schema.produk).all();
    const slugs = new Set(products.map((p) => p.nama_seo));
    expect(slugs.size).toBe(products.length);
    const categoriesUsed = new Set(products.map((p) => p.id_kategori));
    expect(categoriesUsed.size).toBe(counts(db).kategori);
    for (const p of products) {
      expect(p.id_kategori).not.toBeNull();
      const images = db.select({ n: count() }).from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, p.id)).get()?.n ?? 0;
      expect(images, p.nama_produk).toBeGreaterThanOrEqual(2);
      expect(images, p.nama_produk).toBeLessThanOrEqual(4);
      const branches = db.select({ n: count() }).from(schema.produkGudang).where(eq(schema.produkGudang.id_produk, p.id)).get()?.n ?? 0;
      expect(branches, p.nama_produk).toBeGreaterThanOrEqual(1);
    }
  });

  it("creates the operator with the given password", async () => {
    const user = db.select().from(schema.users).get();
    expect(user?.username).toBe("pemilik");
    expect(JSON.parse(user?.hak_akses ?? "[]")).toContain("Operator");
    expect(user?.status_aktif).toBe("Aktif");
    expect(await verifyPassword(user?.password_hash ?? "", "Rahasia123")).toBe(true);
    expect(await verifyPassword(user?.password_hash ?? "", "salah")).toBe(false);
    // The given password is never echoed in the log.
    expect(logs.some((l) => l.includes('"pemilik"'))).toBe(true);
    expect(logs.some((l) => l.includes("Rahasia123"))).toBe(false);
    // A password the owner chose is not written anywhere either.
    expect(fs.existsSync(path.join(tmp, "operator-password.txt"))).toBe(false);
  });

  it("writes images with the spec sizes under relative paths", async () => {
    const banner = db.select().from(schema.banner).get();
    const gambar = db.select().from(schema.gambarProduk).get();
    expect(banner?.image).toMatch(/^banner\/[0-9a-f]{16}\.jpg$/);
    expect(gambar?.gambar).toMatch(/^produk\/[0-9a-f]{16}\.jpg$/);
    const bm = await sharp(path.join(env.UPLOADS_DIR, banner!.image)).metadata();
    expect([bm.format, bm.width, bm.height]).toEqual(["jpeg", 1920, 620]);
    const pm = await sharp(path.join(env.UPLOADS_DIR, gambar!.gambar)).metadata();
    expect([pm.format, pm.width, pm.height]).toEqual(["jpeg", 1024, 1024]);
    // Every stored path points at a file, and there are no stray files.
    const stored = [
      ...db.select().from(schema.banner).all().map((r) => r.image),
      ...db.select().from(schema.gambarProduk).all().map((r) => r.gambar),
      ...db.select().from(schema.galeri).all().map((r) => r.gambar),
      ...db.select().from(schema.profil).all().map((r) => r.foto ?? ""),
    ].sort();
    expect(listFiles(env.UPLOADS_DIR)).toEqual(stored);
  });

  it("marks every row of the demo as the demo's (demo_data), and neither the setting nor the operator", () => {
    const marked = (tabel: string) =>
      db.select({ id: schema.demoData.id_baris }).from(schema.demoData).where(eq(schema.demoData.tabel, tabel)).all().map((r) => r.id).sort((a, b) => a - b);
    const all = (table: typeof schema.produk | typeof schema.kategori | typeof schema.kantorCabang | typeof schema.gambarProduk | typeof schema.banner | typeof schema.ulasan | typeof schema.galeri | typeof schema.profil) =>
      db.select({ id: table.id }).from(table).all().map((r) => r.id).sort((a, b) => a - b);
    expect(marked("produk")).toEqual(all(schema.produk));
    expect(marked("gambar_produk")).toEqual(all(schema.gambarProduk));
    expect(marked("kategori")).toEqual(all(schema.kategori));
    expect(marked("kantor_cabang")).toEqual(all(schema.kantorCabang));
    expect(marked("banner")).toEqual(all(schema.banner));
    expect(marked("ulasan")).toEqual(all(schema.ulasan));
    expect(marked("galeri")).toEqual(all(schema.galeri));
    expect(marked("profil")).toEqual(all(schema.profil));
    expect(marked("users")).toEqual([]);
    expect(marked("setting")).toEqual([]);
  });

  it("keeps profile HTML sanitized", () => {
    for (const p of db.select().from(schema.profil).all()) {
      expect(p.keterangan).toContain("<strong>");
      expect(p.keterangan).toContain("<li>");
      expect(p.keterangan).not.toMatch(/<script/i);
    }
  });

  it("is idempotent: a second run adds no rows and no files", async () => {
    const before = counts(db);
    const filesBefore = listFiles(env.UPLOADS_DIR);
    const secondLogs: string[] = [];
    await seedDatabase(db, env, (m) => secondLogs.push(m));
    expect(counts(db)).toEqual(before);
    expect(listFiles(env.UPLOADS_DIR)).toEqual(filesBefore);
    expect(secondLogs).toEqual([]);
  });
});

describe("seedDatabase without demo and without a password", () => {
  it("writes a generated password once to a 0600 file beside the database, not to the log, and inserts a bare setting row", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-seed-bare-"));
    try {
      const env = parseEnv({
        DATABASE_URL: path.join(tmp, "data", "bare.db"),
        UPLOADS_DIR: path.join(tmp, "uploads"),
        SEED_DEMO: "0",
      });
      // As start-up does (server/app.ts prepare): the folder and database are made private first.
      protectDatabaseFiles(env.DATABASE_URL);
      const db = openDb(env.DATABASE_URL);
      migrateDb(db);
      const logs: string[] = [];
      await seedDatabase(db, env, (m) => logs.push(m));
      await seedDatabase(db, env, (m) => logs.push(m));
      expect(logs).toHaveLength(1);
      const file = path.join(tmp, "data", "operator-password.txt");
      expect(fs.statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
      expect(operatorPasswordFile(env)).toBe(file);
      expect(logs[0]).toContain('username "operator"');
      expect(logs[0]).toContain(file);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const match = /^password: (\S+)$/m.exec(fs.readFileSync(file, "utf8"));
      expect(match).not.toBeNull();
      const password = match![1]!;
      expect(logs[0]).not.toContain(password);
      // Nothing left behind but the file itself.
      expect(fs.readdirSync(path.join(tmp, "data")).filter((f) => f.includes("operator-password"))).toEqual([
        "operator-password.txt",
      ]);
      const user = db.select().from(schema.users).get();
      expect(await verifyPassword(user!.password_hash, password)).toBe(true);
      const c = counts(db);
      expect(c).toMatchObject({ setting: 1, produk: 0, banner: 0, users: 1 });
      expect(db.select({ n: count() }).from(schema.demoData).get()?.n).toBe(0);
      expect(db.select().from(schema.setting).get()).toMatchObject({ id: 1, nama_toko: "Toko Mebel", kota: "" });
      expect(listFiles(env.UPLOADS_DIR)).toEqual([]);
      db.$client.close();
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });

  it("does not mix the demo into existing catalogue rows", async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-seed-existing-"));
    try {
      const env = parseEnv({
        DATABASE_URL: path.join(tmp, "existing.db"),
        UPLOADS_DIR: path.join(tmp, "uploads"),
        OPERATOR_PASSWORD: "Rahasia123",
        SEED_DEMO: "1",
      });
      const db = openDb(env.DATABASE_URL);
      migrateDb(db);
      db.insert(schema.kategori).values({ kategori: "Kursi Tamu", seo: "kursi-tamu" }).run();
      await seedDatabase(db, env, () => {});
      expect(counts(db)).toMatchObject({ setting: 1, kategori: 1, produk: 0, banner: 0 });
      expect(listFiles(env.UPLOADS_DIR)).toEqual([]);
      db.$client.close();
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
