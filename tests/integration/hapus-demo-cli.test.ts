/**
 * `npm run demo:hapus` (scripts/hapus-demo.mjs), run as the owner runs it, on a throw-away copy
 * of the seeded demo shop with the LPPM demo added, with the BUILT app (`npm run build` first):
 * - refused while the shop's server runs (it points to the back office), and while no one can
 *   answer its question; a server does not start while it works;
 * - `--yes`: what goes is listed, a backup is made, the demo is gone (rows, images, documents),
 *   the operator and the Setting stay; the built server then starts on the empty shop and every
 *   public page answers with its empty state;
 * - run again: nothing to remove, exit code 0, no second backup.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, inject, it } from "vitest";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { listBackups } from "../../app/lib/server/backup/list.server";
import { openDb } from "../../app/lib/server/db.server";
import { parseEnv, resetEnvCache } from "../../app/lib/server/env.server";
import { seedLppmDemo } from "../../scripts/seed/lppm-demo/seed";
import { TEMPLATE_DB_FILE, TEMPLATE_UPLOADS_DIR, TEST_SESSION_SECRET } from "../setup/constants";
import { hashTree } from "../setup/files";

type Shop = { dir: string; dbFile: string; uploadsDir: string; documentsDir: string; backupsDir: string; env: NodeJS.ProcessEnv };

const BUILD = path.join(ROOT, "build/server/index.js");
const shops: Shop[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    }
  }
  for (const shop of shops.splice(0)) fs.rmSync(shop.dir, { recursive: true, force: true });
});

/** A copy of the seeded demo shop, with the LPPM demo (its accounts, proposals and documents). */
async function newShop(): Promise<Shop> {
  if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js tidak ada: jalankan npm run build dulu.");
  const template = inject("templateDir");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-hapus-demo-"));
  const shop: Shop = {
    dir,
    dbFile: path.join(dir, "etalase.db"),
    uploadsDir: path.join(dir, "uploads"),
    documentsDir: path.join(dir, "dokumen"),
    backupsDir: path.join(dir, "backups"),
    env: {},
  };
  shops.push(shop);
  fs.copyFileSync(path.join(template, TEMPLATE_DB_FILE), shop.dbFile);
  fs.cpSync(path.join(template, TEMPLATE_UPLOADS_DIR), shop.uploadsDir, { recursive: true });
  shop.env = { ...process.env, DATABASE_URL: shop.dbFile, UPLOADS_DIR: shop.uploadsDir, BACKUPS_DIR: shop.backupsDir };
  delete shop.env.DOCUMENTS_DIR;
  delete shop.env.NODE_ENV;
  delete shop.env.SESSION_SECRET;

  // The documents module reads its folder from this process's environment: the shop's.
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DOCUMENTS_DIR: process.env.DOCUMENTS_DIR, SESSION_SECRET: process.env.SESSION_SECRET };
  process.env.DATABASE_URL = shop.dbFile;
  process.env.SESSION_SECRET = TEST_SESSION_SECRET;
  delete process.env.DOCUMENTS_DIR;
  resetEnvCache();
  const db = openDb(shop.dbFile);
  try {
    await seedLppmDemo(db, parseEnv({ DATABASE_URL: shop.dbFile, UPLOADS_DIR: shop.uploadsDir, SEED_DEMO: "1" }), () => {});
  } finally {
    db.$client.close();
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
    resetEnvCache();
  }
  return shop;
}

function count(shop: Shop, sql: string): number {
  const db = new Database(shop.dbFile, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare(sql).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

function state(shop: Shop) {
  const db = new Database(shop.dbFile, { readonly: true, fileMustExist: true });
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'produk_cari%' order by name").all() as { name: string }[];
    const rows = Object.fromEntries(tables.map(({ name }) => [name, db.prepare(`select * from "${name}"`).all().map((r) => JSON.stringify(r)).sort()]));
    return { rows, uploads: hashTree(shop.uploadsDir), dokumen: hashTree(shop.documentsDir) };
  } finally {
    db.close();
  }
}

function hapusDemo(shop: Shop, args: string[] = ["--yes"]) {
  return spawnSync(process.execPath, ["scripts/hapus-demo.mjs", ...args], { cwd: ROOT, env: shop.env, encoding: "utf8" });
}

function expectRefused(result: { status: number | null; stderr: string }, message: string) {
  expect(result.status, result.stderr).toBe(1);
  expect(result.stderr).toMatch(/^Penghapusan data demo ditolak: /m);
  expect(result.stderr).toContain(message);
}

describe("npm run demo:hapus", () => {
  it("refused while the shop runs; with --yes on a stopped shop: a backup, then the demo is gone and the empty shop serves", async () => {
    const shop = await newShop();
    const before = state(shop);
    expect(count(shop, "select count(*) as n from produk")).toBe(36);
    expect(count(shop, "select count(*) as n from users")).toBe(16);

    // The shop is running: refused, with the way to do it from the back office; nothing changed.
    const running = await startServer(shop.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, BACKUPS_DIR: shop.backupsDir } });
    try {
      const refused = hapusDemo(shop);
      expectRefused(refused, `Server Etalase sedang memakai database ini (pid ${running.pid}`);
      expect(refused.stderr).toContain("Operator → Master → Cadangan → Hapus data demo");
      expect(await (await fetch(`${running.base}/produk`)).text()).toContain("Pot Lantai Jati Sirih Gading");
    } finally {
      await running.stop();
    }
    expect(state(shop)).toEqual(before);

    // No terminal to ask, and no --yes: refused.
    const unasked = hapusDemo(shop, []);
    expectRefused(unasked, "perlu persetujuan");
    expect(unasked.stdout).toContain("Data demo yang akan dihapus:\n  - 36 produk\n  - 7 kategori\n  - 4 kantor cabang\n  - 4 banner\n  - 7 ulasan konsumen\n  - 9 foto galeri");
    expect(unasked.stdout).toContain("  - 15 akun demo LPPM");
    expect(state(shop)).toEqual(before);
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);

    const done = hapusDemo(shop);
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toMatch(/^Data demo dihapus: 36 produk, 7 kategori, 4 kantor cabang, 4 banner, 7 ulasan konsumen, 9 foto galeri, 2 isi halaman Tentang Kami\/Kerja Sama, 15 akun demo LPPM, \d+ usulan LPPM, \d+ klaim insentif, \d+ data master LPPM .* \(\d+ berkas gambar\/dokumen\)\.$/m);
    const backups = await listBackups(shop.backupsDir);
    expect(backups).toHaveLength(1);
    expect(backups[0]!.asal).toBe("sebelum-hapus-demo");
    expect(done.stdout).toContain(`Cadangan sebelumnya: ${path.join(shop.backupsDir, backups[0]!.nama)}; kembali ke sana: npm run restore -- `);
    for (const table of ["produk", "gambar_produk", "kategori", "kantor_cabang", "banner", "ulasan", "galeri", "profil", "usulan", "insentif", "fakultas", "demo_data"]) {
      expect(count(shop, `select count(*) as n from ${table}`), table).toBe(0);
    }
    expect(count(shop, "select count(*) as n from users where username = 'operator'")).toBe(1);
    expect(count(shop, "select count(*) as n from users")).toBe(1);
    expect(count(shop, "select count(*) as n from setting where nama_toko = 'Mebel Jati Nusantara'")).toBe(1);
    expect(count(shop, "select count(*) as n from aktivitas where aksi = 'hapus-demo' and nama_user = 'Sistem'")).toBe(1);
    expect(Object.keys(hashTree(shop.uploadsDir))).toEqual([]);
    expect(Object.keys(hashTree(shop.documentsDir))).toEqual([]);
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);

    // The built server starts on the empty shop (its start-up seeds nothing into it), and every
    // public page answers with its empty state.
    const server = await startServer(shop.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, BACKUPS_DIR: shop.backupsDir } });
    try {
      const pages: [string, string][] = [
        ["/", "Belum ada produk untuk ditampilkan."],
        ["/produk", "Belum ada produk untuk ditampilkan."],
        ["/tentang-kami", "Galeri Kami"],
        ["/kerja-sama", "Kerja Sama"],
        ["/kontak-kami", "Belum ada kantor cabang."],
      ];
      for (const [url, text] of pages) {
        const page = await fetch(`${server.base}${url}`);
        const html = await page.text();
        expect(page.status, url).toBe(200);
        expect(html, url).toContain(text);
        expect(html, url).not.toContain("Pot Lantai Jati Sirih Gading");
      }
      expect((await fetch(`${server.base}/produk/kursi-tamu`)).status).toBe(404);
    } finally {
      await server.stop();
    }
    expect(count(shop, "select count(*) as n from produk")).toBe(0);

    // Again: nothing to remove, exit code 0, no second backup.
    const again = hapusDemo(shop);
    expect(again.status, again.stderr).toBe(0);
    expect(again.stdout).toBe("Tidak ada data demo untuk dihapus.\n");
    expect(await listBackups(shop.backupsDir)).toHaveLength(1);
  }, 240_000);

  it("while it works, no server starts on the database and no second removal runs", async () => {
    const shop = await newShop();
    const before = state(shop);
    const working = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    children.push(working);
    fs.writeFileSync(`${shop.dbFile}.pid`, JSON.stringify({ pid: working.pid, peran: "hapus-demo" }));

    const server = spawnSync(process.execPath, ["server.js"], { cwd: ROOT, env: { ...shop.env, NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET }, encoding: "utf8" });
    expect(server.status).toBe(1);
    expect(server.stderr).toContain(`[etalase] data demo sedang dihapus dari database ini (npm run demo:hapus, pid ${working.pid}). Jalankan server lagi setelah selesai.`);
    expectRefused(hapusDemo(shop), `Penghapusan data demo lain sedang berjalan untuk database ini (pid ${working.pid}). Tunggu sampai selesai.`);
    const restore = spawnSync(process.execPath, ["scripts/restore.mjs", shop.dir, "--yes"], { cwd: ROOT, env: shop.env, encoding: "utf8" });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toContain(`Penghapusan data demo sedang berjalan untuk database ini (pid ${working.pid}). Tunggu sampai selesai.`);
    fs.rmSync(`${shop.dbFile}.pid`);
    expect(state(shop)).toEqual(before);
  }, 120_000);
});
