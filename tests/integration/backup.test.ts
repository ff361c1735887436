/**
 * `npm run backup` (scripts/backup.mjs) and the backup the Cadangan page makes
 * (app/lib/server/backup/): a readable copy of the database, the uploads and the
 * private documents, in folders only the owner can open (0700) and files only the owner can
 * read (0600), whatever the umask.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { setImmediate as nextTurn } from "node:timers/promises";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ROOT } from "../../bench/lib.mjs";
import { BACKUP_BUSY, createBackupNow } from "../../app/lib/server/backup/create.server";
import { MANIFEST_FILE, stampDate } from "../../app/lib/server/backup/files.server";
import { listBackups } from "../../app/lib/server/backup/list.server";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
let backupsDir: string;
let documentsDir: string;
beforeEach(() => {
  t = createTestDb();
  backupsDir = path.join(t.dir, "cadangan");
  documentsDir = path.join(t.dir, "dokumen");
});
afterEach(() => t.cleanup());

function walk(dir: string): { dirs: string[]; files: string[] } {
  const out = { dirs: [dir], files: [] as string[] };
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inner = walk(full);
      out.dirs.push(...inner.dirs);
      out.files.push(...inner.files);
    } else out.files.push(full);
  }
  return out;
}

function backupCli(args: string[], env: Record<string, string> = {}) {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: t.dbFile, UPLOADS_DIR: t.uploadsDir, BACKUPS_DIR: backupsDir, ...env };
  delete childEnv.DOCUMENTS_DIR;
  return spawnSync(process.execPath, ["scripts/backup.mjs", ...args], { cwd: ROOT, env: childEnv, encoding: "utf8" });
}

/** A template PDF as the LPPM master data stores it: a row naming a file in the documents folder. */
function addDocument(name = "a".repeat(32)) {
  const relative = `template/${name}.pdf`;
  fs.mkdirSync(path.join(documentsDir, "template"), { recursive: true });
  fs.writeFileSync(path.join(documentsDir, relative), "%PDF-1.4\n% panduan\n");
  t.db.$client
    .prepare("insert into template_unduhan (judul, file, nama_file, ukuran, tanggal_versi) values ('Panduan', ?, 'panduan.pdf', 20, ?)")
    .run(relative, Date.now());
  return relative;
}

describe("npm run backup", () => {
  it("copies the database and uploads into 0700 folders and 0600 files, even with a permissive umask", () => {
    const target = path.join(t.dir, "cadangan", "hari-ini");
    // umask 000 through the shell: nothing may depend on the caller's umask.
    const run = spawnSync(
      "sh",
      ["-c", `umask 000 && exec "${process.execPath}" scripts/backup.mjs "${target}"`],
      { cwd: ROOT, env: { ...process.env, DATABASE_URL: t.dbFile, UPLOADS_DIR: t.uploadsDir }, encoding: "utf8" },
    );
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`Cadangan selesai: ${target}`);

    const { dirs, files } = walk(path.join(t.dir, "cadangan"));
    expect(files.length).toBeGreaterThan(10);
    for (const dir of dirs) expect((fs.statSync(dir).mode & 0o777).toString(8), dir).toBe("700");
    for (const file of files) expect((fs.statSync(file).mode & 0o777).toString(8), file).toBe("600");

    const copy = new Database(path.join(target, path.basename(t.dbFile)), { readonly: true });
    const original = t.db.$client.prepare("select count(*) as n from produk").get();
    expect(copy.prepare("select count(*) as n from produk").get()).toEqual(original);
    copy.close();
    expect(fs.readdirSync(path.join(target, "uploads")).sort()).toEqual(fs.readdirSync(t.uploadsDir).sort());
  });

  it("without a folder: a new etalase-<date>-<hhmm>-WIB folder in BACKUPS_DIR with the documents, cadangan.json and the restore command", async () => {
    const document = addDocument();
    const run = backupCli([]);
    expect(run.status, run.stderr).toBe(0);
    const [made, ...others] = fs.readdirSync(backupsDir);
    expect(others).toEqual([]);
    // Named by the minute in WIB, as the Cadangan page shows its times.
    expect(made).toMatch(/^etalase-\d{4}-\d{2}-\d{2}-\d{4}-WIB$/);
    const folder = path.join(backupsDir, made!);
    expect(run.stdout).toContain(`Cadangan selesai: ${folder}`);
    expect(run.stdout).toMatch(/\d+ berkas, [\d.]+ (KB|MB), [\d.]+ dtk\./);
    expect(run.stdout).toContain(`npm run restore -- ${folder}`);

    expect(fs.readFileSync(path.join(folder, "dokumen", document), "utf8")).toContain("panduan");
    const manifest = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), "utf8"));
    expect(manifest).toMatchObject({ aplikasi: "Etalase", database: "etalase.db", asal: "cli" });
    // The name's minute is the moment it was made, read as WIB (not UTC, seven hours apart).
    const named = Date.parse(manifest.dibuat) - stampDate(made!)!.getTime();
    expect(named >= 0 && named < 120_000).toBe(true);
    const uploads = walk(path.join(folder, "uploads")).files.length;
    expect(manifest.berkas).toBe(1 + uploads + 1);
    const bytes = walk(folder).files.filter((f) => !f.endsWith(MANIFEST_FILE)).reduce((sum, f) => sum + fs.statSync(f).size, 0);
    expect(manifest.ukuran).toBe(bytes);

    // The copy stands alone: no -wal/-shm beside it, and SQLite finds it whole.
    expect(fs.readdirSync(folder).sort()).toEqual([MANIFEST_FILE, "dokumen", "etalase.db", "uploads"]);
    const copy = new Database(path.join(folder, "etalase.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    copy.close();

    // The Cadangan page lists it with the manifest's figures.
    expect(await listBackups(backupsDir)).toEqual([{ nama: made, dibuat: manifest.dibuat, ukuran: manifest.ukuran, berkas: manifest.berkas, asal: "cli" }]);
  });

  it("refuses, with a message, when there is no database", () => {
    const run = backupCli([], { DATABASE_URL: path.join(t.dir, "tidak-ada.db") });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`Database tidak ditemukan: ${path.join(t.dir, "tidak-ada.db")}`);
    expect(fs.existsSync(backupsDir) ? fs.readdirSync(backupsDir) : []).toEqual([]);
  });

  it("warns when an image the database names is missing from the shop (such a backup would be refused on restore)", () => {
    const image = (t.db.$client.prepare("select gambar from galeri order by id limit 1").get() as { gambar: string }).gambar;
    fs.rmSync(path.join(t.uploadsDir, image));
    const run = backupCli([]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stderr).toContain(`Peringatan: 1 berkas yang disebut database tidak ada di folder toko: uploads/${image}.`);
    expect(run.stderr).toContain("akan ditolak saat dipulihkan");
  });
});

describe("the Cadangan page's backup (createBackupNow)", () => {
  it("copies in steps while the shop keeps writing, one consistent moment, and refuses a second one meanwhile", async () => {
    const sqlite = t.db.$client;
    const cabang = (sqlite.prepare("select id from kantor_cabang order by id limit 1").get() as { id: number }).id;
    // Each write: a review and the branch's address naming it, in one transaction.
    const write = sqlite.transaction((n: number) => {
      sqlite.prepare("insert into ulasan (ulasan, oleh) values (?, 'latihan')").run(`tulis-${n}`);
      sqlite.prepare("update kantor_cabang set alamat = ? where id = ?").run(`tulis-${n}`, cabang);
    });
    write(0);

    // Two pages per step: the copy takes many turns of the event loop.
    const making = createBackupNow({ paths: { dbFile: t.dbFile, uploadsDir: t.uploadsDir, documentsDir }, backupsDir, source: sqlite, pagesPerStep: 2 });
    await expect(createBackupNow({ paths: { dbFile: t.dbFile, uploadsDir: t.uploadsDir, documentsDir }, backupsDir, source: sqlite })).rejects.toThrow(BACKUP_BUSY);
    let done = false;
    void making.finally(() => (done = true));
    let writes = 1;
    while (!done) {
      write(writes++);
      await nextTurn();
    }
    const result = await making;
    // The server kept answering while the backup ran.
    expect(writes).toBeGreaterThan(5);

    expect(fs.readdirSync(backupsDir)).toEqual([result.nama]);
    const copy = new Database(path.join(result.folder, "etalase.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    const reviews = (copy.prepare("select ulasan from ulasan where oleh = 'latihan' order by id").all() as { ulasan: string }[]).map((r) => r.ulasan);
    const alamat = (copy.prepare("select alamat from kantor_cabang where id = ?").get(cabang) as { alamat: string }).alamat;
    copy.close();
    // One moment of the shop: the reviews written up to it, in order, and the address of the last.
    expect(reviews.length).toBeGreaterThan(0);
    expect(reviews).toEqual(Array.from({ length: reviews.length }, (_, i) => `tulis-${i}`));
    expect(alamat).toBe(reviews.at(-1));
    expect(result.hilang).toEqual([]);

    // Free again once done.
    const second = await createBackupNow({ paths: { dbFile: t.dbFile, uploadsDir: t.uploadsDir, documentsDir }, backupsDir, source: sqlite });
    expect(fs.readdirSync(backupsDir).sort()).toEqual([result.nama, second.nama].sort());
  });
});
