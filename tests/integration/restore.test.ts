/**
 * `npm run restore -- <folder>` (scripts/restore.mjs), run as the owner runs
 * it, on throw-away copies of the seeded shop:
 * - the drill: seed, change data, back up while another process writes, change more, restore,
 *   and compare: the database, the images and the documents are exactly the backup's, the
 *   replaced data waits in BACKUPS_DIR/sebelum-pulihkan-<time>, the activity log says so;
 * - every refusal, each with its message and nothing changed: no folder, a bad folder, a
 *   damaged or foreign database, a backup newer than the code, a missing image or document, a
 *   server using the database (a real server, and one under the `npm start` supervisor), another
 *   process with the database open, no terminal and no --yes;
 * - the question on a terminal (through `script`, which gives the command one).
 * The running-server cases start the BUILT server (bench/lib.mjs), like the other server tests.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterEach, describe, expect, inject, it } from "vitest";
import { freePort, ROOT, startServer } from "../../bench/lib.mjs";
import { listBackups } from "../../app/lib/server/backup/list.server";
import { TEMPLATE_DB_FILE, TEMPLATE_UPLOADS_DIR, TEST_SESSION_SECRET } from "../setup/constants";
import { hashTree } from "../setup/files";
import { dumpDatabase, withDb } from "../setup/db-dump";

type Shop = { dir: string; dbFile: string; uploadsDir: string; documentsDir: string; backupsDir: string; env: NodeJS.ProcessEnv };

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

/** A copy (not hard links: a restore moves and re-modes these files) of the seeded shop. */
function newShop(): Shop {
  const template = inject("templateDir");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-pulihkan-"));
  const shop: Shop = {
    dir,
    dbFile: path.join(dir, "etalase.db"),
    uploadsDir: path.join(dir, "uploads"),
    documentsDir: path.join(dir, "dokumen"),
    backupsDir: path.join(dir, "backups"),
    env: {},
  };
  fs.copyFileSync(path.join(template, TEMPLATE_DB_FILE), shop.dbFile);
  fs.cpSync(path.join(template, TEMPLATE_UPLOADS_DIR), shop.uploadsDir, { recursive: true });
  shop.env = { ...process.env, DATABASE_URL: shop.dbFile, UPLOADS_DIR: shop.uploadsDir, BACKUPS_DIR: shop.backupsDir };
  delete shop.env.DOCUMENTS_DIR;
  delete shop.env.NODE_ENV;
  shops.push(shop);
  return shop;
}



function state(shop: Shop) {
  return { db: dumpDatabase(shop.dbFile), uploads: hashTree(shop.uploadsDir), dokumen: hashTree(shop.documentsDir) };
}

function backupState(folder: string) {
  return { db: dumpDatabase(path.join(folder, "etalase.db")), uploads: hashTree(path.join(folder, "uploads")), dokumen: hashTree(path.join(folder, "dokumen")) };
}

function run(shop: Shop, script: string, args: string[], input = "") {
  return spawnSync(process.execPath, [script, ...args], { cwd: ROOT, env: shop.env, encoding: "utf8", input });
}

function runAsync(shop: Shop, script: string, args: string[]): Promise<{ status: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: shop.env });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (status) => resolve({ status, stdout, stderr })));
}

/** The restore with its question answered on a terminal: `script` runs it in a pseudo-terminal. */
function restoreOnTerminal(shop: Shop, folder: string, answer: string) {
  const command = [process.execPath, "scripts/restore.mjs", folder].map((a) => `'${a}'`).join(" ");
  return spawnSync("script", ["-qec", command, "/dev/null"], { cwd: ROOT, env: shop.env, encoding: "utf8", input: `${answer}\n` });
}

function backup(shop: Shop): string {
  const made = run(shop, "scripts/backup.mjs", []);
  expect(made.status, made.stderr).toBe(0);
  const folder = /Cadangan selesai: (.+)/.exec(made.stdout)![1]!;
  expect(path.dirname(folder)).toBe(shop.backupsDir);
  return folder;
}

function addDocument(shop: Shop, name: string, text: string): string {
  const relative = `template/${name}.pdf`;
  fs.mkdirSync(path.join(shop.documentsDir, "template"), { recursive: true });
  fs.writeFileSync(path.join(shop.documentsDir, relative), `%PDF-1.4\n% ${text}\n`);
  withDb(shop.dbFile, (db) =>
    db.prepare("insert into template_unduhan (judul, file, nama_file, ukuran, tanggal_versi) values (?, ?, 'panduan.pdf', 20, ?)").run(text, relative, Date.now()),
  );
  return relative;
}

function addImage(shop: Shop, name: string): string {
  const relative = `produk/${name}.jpg`;
  fs.writeFileSync(path.join(shop.uploadsDir, relative), crypto.randomBytes(2048));
  withDb(shop.dbFile, (db) => db.prepare("insert into gambar_produk (id_produk, gambar) values ((select min(id) from produk), ?)").run(relative));
  return relative;
}

/** Nothing of the shop changed and nothing of the restore is left behind. */
function expectUntouched(shop: Shop, before: ReturnType<typeof state>) {
  expect(state(shop)).toEqual(before);
  expect(fs.readdirSync(shop.dir).filter((name) => name.startsWith(".") || name.endsWith(".pid"))).toEqual([]);
  const kept = fs.existsSync(shop.backupsDir) ? fs.readdirSync(shop.backupsDir) : [];
  expect(kept.filter((name) => name.startsWith("sebelum-pulihkan-"))).toEqual([]);
}

function expectRefused(result: { status: number | null; stderr: string }, message: string | RegExp) {
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/^Pemulihan ditolak: /m);
  if (typeof message === "string") expect(result.stderr).toContain(message);
  else expect(result.stderr).toMatch(message);
}

describe("the drill", () => {
  it("seed, change, back up while writes happen, change more, restore: database, images and documents are exactly the backup's", async () => {
    const shop = newShop();
    // Changes before the backup.
    const document = addDocument(shop, "b".repeat(32), "Panduan versi 1");
    const image = addImage(shop, "c".repeat(16));
    withDb(shop.dbFile, (db) => db.prepare("update produk set nama_produk = 'Kursi Sebelum Cadangan' where id = (select min(id) from produk)").run());

    // The backup while another connection keeps writing (a server at work).
    const writer = new Database(shop.dbFile);
    writer.pragma("busy_timeout = 5000");
    const making = runAsync(shop, "scripts/backup.mjs", []);
    let finished = false;
    void making.then(() => (finished = true));
    let writes = 0;
    while (!finished) {
      writer.prepare("insert into ulasan (ulasan, oleh) values (?, 'latihan')").run(`selama-${writes++}`);
      await nextTurn();
    }
    writer.close();
    const made = await making;
    expect(made.status, made.stderr).toBe(0);
    const folder = /Cadangan selesai: (.+)/.exec(made.stdout)![1]!;
    const saved = backupState(folder);
    expect(saved.dokumen).toEqual({ [document]: expect.any(String) });
    expect(saved.uploads[image]).toBeDefined();
    expect(saved.db.produk!.some((row) => row.includes("Kursi Sebelum Cadangan"))).toBe(true);
    // One moment of the writes: the first k of them, in order.
    const during = saved.db.ulasan!.map((row) => JSON.parse(row) as { ulasan: string; oleh: string }).filter((r) => r.oleh === "latihan");
    expect(during.map((r) => r.ulasan).sort()).toEqual(Array.from({ length: during.length }, (_, i) => `selama-${i}`).sort());

    // Changes after the backup: a product gone, a new image, an image gone, the document rewritten.
    withDb(shop.dbFile, (db) => {
      db.pragma("foreign_keys = ON");
      db.prepare("delete from produk where id = (select max(id) from produk)").run();
      db.prepare("insert into ulasan (ulasan, oleh) values ('sesudah cadangan', 'latihan')").run();
      const old = db.prepare("select id, gambar from galeri order by id limit 1").get() as { id: number; gambar: string };
      db.prepare("delete from galeri where id = ?").run(old.id);
      fs.rmSync(path.join(shop.uploadsDir, old.gambar));
    });
    addImage(shop, "d".repeat(16));
    fs.writeFileSync(path.join(shop.documentsDir, document), "%PDF-1.4\n% Panduan versi 2\n");
    const before = state(shop);
    expect(before.db).not.toEqual(saved.db);

    const restored = run(shop, "scripts/restore.mjs", [folder, "--yes"]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(restored.stdout).toContain(`Pemulihan selesai dalam`);
    expect(restored.stdout).toContain(`data toko sekarang dari cadangan ${path.basename(folder)}.`);

    // Exactly the backup's, plus the activity log's line about the restore.
    const after = state(shop);
    const line = after.db.aktivitas!.filter((row) => row.includes('"aksi":"pulihkan"'));
    expect(line).toHaveLength(1);
    expect(JSON.parse(line[0]!)).toMatchObject({
      id_user: null,
      nama_user: "Sistem",
      aksi: "pulihkan",
      entitas: "cadangan",
      id_entitas: null,
      ringkasan: `Dipulihkan dari ${path.basename(folder)}`,
      perubahan: null,
    });
    expect({ ...after.db, aktivitas: after.db.aktivitas!.filter((row) => row !== line[0]) }).toEqual(saved.db);
    expect(after.uploads).toEqual(saved.uploads);
    expect(after.dokumen).toEqual(saved.dokumen);
    expect(withDb(shop.dbFile, (db) => db.pragma("integrity_check", { simple: true }))).toBe("ok");

    // The replaced data is a backup of its own, listed and whole.
    const asideName = fs.readdirSync(shop.backupsDir).find((name) => name.startsWith("sebelum-pulihkan-"))!;
    const aside = path.join(shop.backupsDir, asideName);
    expect(restored.stdout).toContain(`Data sebelumnya disimpan di ${aside}; kembali ke sana: npm run restore -- ${aside}`);
    expect(backupState(aside)).toEqual(before);
    const listed = await listBackups(shop.backupsDir);
    expect(listed.map((b) => [b.nama, b.asal])).toEqual([
      [asideName, "sebelum-pulihkan"],
      [path.basename(folder), "cli"],
    ]);

    // Private stays private; nothing of the restore is left over.
    expect((fs.statSync(shop.dbFile).mode & 0o777).toString(8)).toBe("600");
    expect((fs.statSync(shop.documentsDir).mode & 0o777).toString(8)).toBe("700");
    expect((fs.statSync(path.join(shop.documentsDir, document)).mode & 0o777).toString(8)).toBe("600");
    expect((fs.statSync(path.join(aside, "uploads", image)).mode & 0o777).toString(8)).toBe("600");
    expect(fs.readdirSync(shop.dir).sort()).toEqual(["backups", "dokumen", "etalase.db", "uploads"]);

    // And back again: the data kept aside restores like any backup.
    const back = run(shop, "scripts/restore.mjs", [aside, "--yes"]);
    expect(back.status, back.stderr).toBe(0);
    const again = state(shop);
    expect(again.uploads).toEqual(before.uploads);
    expect(again.dokumen).toEqual(before.dokumen);
    expect(again.db.produk).toEqual(before.db.produk);
  });

  it("an older release's data (no activity log, no cadangan.json) is restored as it is; the first start migrates it", () => {
    const shop = newShop();
    const folder = path.join(shop.dir, "lama");
    fs.cpSync(path.join(ROOT, "tests/fixtures/v0.1.0"), folder, { recursive: true });
    const saved = backupState(folder);
    expect(saved.db.aktivitas).toBeUndefined();

    const restored = run(shop, "scripts/restore.mjs", [folder, "--yes"]);
    expect(restored.status, restored.stderr).toBe(0);
    const after = state(shop);
    expect(after.db).toEqual(saved.db);
    expect(after.uploads).toEqual(saved.uploads);
    expect(after.dokumen).toEqual(saved.dokumen);
  });
});

describe("refusals: a message each, and nothing changes", () => {
  it("no folder, two folders, an unknown option: how to use it (exit 2)", () => {
    const shop = newShop();
    const before = state(shop);
    const none = run(shop, "scripts/restore.mjs", []);
    expect(none.status).toBe(2);
    expect(none.stderr).toContain("Folder cadangan belum diberikan.");
    expect(none.stderr).toContain("Pakai: npm run restore -- <folder-cadangan> [--yes]");
    const two = run(shop, "scripts/restore.mjs", ["a", "b"]);
    expect(two.status).toBe(2);
    expect(two.stderr).toContain("Berikan satu folder cadangan saja.");
    const option = run(shop, "scripts/restore.mjs", ["a", "--paksa"]);
    expect(option.status).toBe(2);
    expect(option.stderr).toContain("Pilihan tidak dikenal: --paksa");
    expectUntouched(shop, before);
  });

  it("a folder that is not there, a file, a folder without a database", () => {
    const shop = newShop();
    const before = state(shop);
    const missing = path.join(shop.dir, "tidak-ada");
    expectRefused(run(shop, "scripts/restore.mjs", [missing, "--yes"]), `Folder cadangan tidak ditemukan: ${missing}`);
    const file = path.join(shop.dir, "catatan.txt");
    fs.writeFileSync(file, "bukan cadangan");
    expectRefused(run(shop, "scripts/restore.mjs", [file, "--yes"]), `${file} bukan folder.`);
    fs.rmSync(file);
    const empty = path.join(shop.dir, "kosong");
    fs.mkdirSync(empty);
    expectRefused(run(shop, "scripts/restore.mjs", [empty, "--yes"]), `${empty} bukan cadangan Etalase: tidak ada satu berkas database (*.db) di dalamnya.`);
    fs.rmSync(empty, { recursive: true });
    expectUntouched(shop, before);
  });

  it("a database that fails SQLite's integrity check, or is not one at all", () => {
    const shop = newShop();
    const folder = backup(shop);
    const before = state(shop);
    const file = path.join(folder, "etalase.db");
    // Garbage over the b-tree pages of the database's tables (the header page stays intact).
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    for (let page = 2; page * pageSize < bytes.length; page += 3) bytes.fill(0x5a, (page - 1) * pageSize, (page - 1) * pageSize + 64);
    fs.writeFileSync(file, bytes);
    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), /Cadangan rusak: .*Pakai cadangan lain\./);

    fs.writeFileSync(file, "ini bukan database\n".repeat(300));
    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), "Cadangan rusak: etalase.db bukan database SQLite yang utuh");
    expectUntouched(shop, before);
  });

  it("an SQLite database of something else, and a backup made by a newer Etalase", () => {
    const shop = newShop();
    const folder = backup(shop);
    const before = state(shop);
    const file = path.join(folder, "etalase.db");
    withDb(file, (db) => db.prepare("insert into __drizzle_migrations (hash, created_at) values ('versi-baru', ?)").run(Date.now() + 400 * 86_400_000));
    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), /Cadangan ini dibuat oleh versi Etalase yang lebih baru .*Pasang versi Etalase yang lebih baru dulu, lalu pulihkan\./);

    fs.rmSync(file);
    const other = new Database(path.join(folder, "lain.db"));
    other.exec("create table catatan (isi text)");
    other.close();
    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), "lain.db bukan database Etalase (tabel users dan setting tidak ada).");
    expectUntouched(shop, before);
  }, 30_000);

  it("an image or a document the database names is missing from the backup", () => {
    const shop = newShop();
    const document = addDocument(shop, "e".repeat(32), "Panduan");
    const folder = backup(shop);
    const before = state(shop);
    const image = withDb(shop.dbFile, (db) => (db.prepare("select gambar from gambar_produk order by id limit 1").get() as { gambar: string }).gambar);
    fs.rmSync(path.join(folder, "uploads", image));
    fs.rmSync(path.join(folder, "dokumen", document));
    expectRefused(
      run(shop, "scripts/restore.mjs", [folder, "--yes"]),
      `Cadangan tidak lengkap: 2 berkas yang disebut database tidak ada di ${folder}: dokumen/${document}, uploads/${image}.`,
    );
    expectUntouched(shop, before);
  });

  it("no terminal to ask and no --yes", () => {
    const shop = newShop();
    const folder = backup(shop);
    const before = state(shop);
    const result = run(shop, "scripts/restore.mjs", [folder], "ya\n");
    expectRefused(result, "pemulihan mengganti seluruh data toko dan perlu persetujuan");
    expect(result.stderr).toContain("tambahkan --yes (npm run restore -- <folder> --yes)");
    expectUntouched(shop, before);
  });

  it("another process has the database open (found on Linux whoever started it)", async () => {
    const shop = newShop();
    const folder = backup(shop);
    const before = state(shop);
    const holder = spawn(
      process.execPath,
      ["-e", `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(shop.dbFile)}); db.prepare("select 1").get(); console.log("terbuka"); setInterval(() => {}, 1000);`],
      { cwd: ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    children.push(holder);
    await new Promise<void>((resolve) => holder.stdout!.once("data", () => resolve()));
    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), new RegExp(`Database ini sedang dibuka oleh proses lain: pid ${holder.pid} \\(.*node.*\\)\\. Hentikan server dulu`));
    holder.kill("SIGKILL");
    await new Promise((resolve) => holder.once("exit", resolve));
    expectUntouched(shop, before);
  });
});

describe("servers and restores keep out of each other's way (<database>.pid)", () => {
  function idleNode(): ChildProcess {
    const child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    children.push(child);
    return child;
  }

  it("a running server: refused with its pid; stopped cleanly, its file is gone and the restore runs", async () => {
    const shop = newShop();
    const folder = backup(shop);
    const before = state(shop);
    const server = await startServer(shop.dir, { appDir: ROOT, extraEnv: { SESSION_SECRET: TEST_SESSION_SECRET, BACKUPS_DIR: shop.backupsDir } });
    try {
      expect(JSON.parse(fs.readFileSync(`${shop.dbFile}.pid`, "utf8"))).toMatchObject({ pid: server.pid, peran: "server" });
      expectRefused(
        run(shop, "scripts/restore.mjs", [folder, "--yes"]),
        `Server Etalase sedang memakai database ini (pid ${server.pid}, tercatat di ${shop.dbFile}.pid). Hentikan server dulu dengan rapi`,
      );
      expect(fs.readdirSync(shop.dir).filter((name) => name.startsWith(".pulihkan-"))).toEqual([]);
    } finally {
      await server.stop();
    }
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);
    // The server's log (beside the database) is not the shop's data.
    for (const name of fs.readdirSync(shop.dir)) if (name.startsWith("server-")) fs.rmSync(path.join(shop.dir, name));
    expect(state(shop).uploads).toEqual(before.uploads);
    const restored = run(shop, "scripts/restore.mjs", [folder, "--yes"]);
    expect(restored.status, restored.stderr).toBe(0);
  }, 120_000);

  it("under `npm start`: the file names the supervisor (stopping only the serving process would start another), removed when it stops", async () => {
    const shop = newShop();
    const folder = backup(shop);
    const port = await freePort();
    const supervisor = spawn(process.execPath, ["scripts/serve.mjs"], {
      cwd: ROOT,
      env: { ...shop.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SESSION_SECRET: TEST_SESSION_SECRET },
      stdio: ["ignore", "pipe", "pipe"],
    });
    children.push(supervisor);
    let output = "";
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes("[etalase] siap di")) resolve();
      };
      supervisor.stdout!.on("data", onData);
      supervisor.stderr!.on("data", onData);
      supervisor.once("exit", (code) => reject(new Error(`supervisor ended (${code}):\n${output}`)));
    });
    expect(JSON.parse(fs.readFileSync(`${shop.dbFile}.pid`, "utf8"))).toMatchObject({ pid: supervisor.pid, peran: "server" });
    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), `Server Etalase sedang memakai database ini (pid ${supervisor.pid},`);

    const exited = new Promise<number | null>((resolve) => supervisor.once("exit", resolve));
    supervisor.kill("SIGTERM");
    expect(await exited).toBe(0);
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);
    const restored = run(shop, "scripts/restore.mjs", [folder, "--yes"]);
    expect(restored.status, restored.stderr).toBe(0);
  }, 120_000);

  it("a file left by a process that is gone is ignored (and the restore's own is removed after it)", () => {
    const shop = newShop();
    const folder = backup(shop);
    const gone = spawnSync(process.execPath, ["-e", "console.log(process.pid)"], { encoding: "utf8" });
    fs.writeFileSync(`${shop.dbFile}.pid`, JSON.stringify({ pid: Number(gone.stdout.trim()), peran: "server" }));
    const restored = run(shop, "scripts/restore.mjs", [folder, "--yes"]);
    expect(restored.status, restored.stderr).toBe(0);
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);
  });

  it("while a restore runs, no server starts and no second restore runs", () => {
    const shop = newShop();
    const folder = backup(shop);
    const before = state(shop);
    const restoring = idleNode();
    fs.writeFileSync(`${shop.dbFile}.pid`, JSON.stringify({ pid: restoring.pid, peran: "pulihkan" }));

    const server = spawnSync(process.execPath, ["server.js"], { cwd: ROOT, env: { ...shop.env, NODE_ENV: "production", SESSION_SECRET: TEST_SESSION_SECRET }, encoding: "utf8" });
    expect(server.status).toBe(1);
    expect(server.stderr).toContain(`[etalase] database sedang dipulihkan dari cadangan (npm run restore, pid ${restoring.pid}). Jalankan server lagi setelah pemulihan selesai.`);

    expectRefused(run(shop, "scripts/restore.mjs", [folder, "--yes"]), `Pemulihan lain sedang berjalan untuk database ini (pid ${restoring.pid}). Tunggu sampai selesai.`);
    expect(JSON.parse(fs.readFileSync(`${shop.dbFile}.pid`, "utf8"))).toEqual({ pid: restoring.pid, peran: "pulihkan" });
    fs.rmSync(`${shop.dbFile}.pid`);
    expectUntouched(shop, before);
  });
});

describe("the question on a terminal", () => {
  it("shows what the backup holds and what it replaces; anything but 'ya' cancels, 'ya' restores", () => {
    const shop = newShop();
    const folder = backup(shop);
    withDb(shop.dbFile, (db) => db.prepare("insert into ulasan (ulasan, oleh) values ('sesudah cadangan', 'latihan')").run());
    const before = state(shop);

    const no = restoreOnTerminal(shop, folder, "tidak");
    expect(no.status).toBe(1);
    expect(no.stdout).toContain(`Cadangan baik: ${path.basename(folder)}, dibuat `);
    expect(no.stdout).toMatch(/Isi: \d+ produk, \d+ kategori, \d+ gambar produk, \d+ kantor cabang, \d+ pengguna/);
    expect(no.stdout).toContain(`database  ${shop.dbFile}`);
    expect(no.stdout).toContain(`gambar    ${shop.uploadsDir}`);
    expect(no.stdout).toContain('Lanjutkan pemulihan? Ketik "ya" lalu Enter:');
    expect(no.stdout).toContain("Dibatalkan; tidak ada yang diubah.");
    expectUntouched(shop, before);

    const yes = restoreOnTerminal(shop, folder, "ya");
    expect(yes.status, yes.stdout).toBe(0);
    expect(yes.stdout).toContain("Pemulihan selesai dalam");
    expect(dumpDatabase(shop.dbFile).ulasan!.some((row) => row.includes("sesudah cadangan"))).toBe(false);
  });
});
