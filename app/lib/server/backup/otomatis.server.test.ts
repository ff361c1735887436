/**
 * The daily automatic backup's rules with a clock the test holds: the slot in WIB, what is owed
 * after a start, a made-up slot once, never two backups for one slot, the rotation that removes
 * only automatic backups, and a failure kept with its reason. The built server making one by
 * itself is tests/integration/cadangan-otomatis.test.ts.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backupName, wibStamp, writeManifest, type DataPaths } from "~/lib/server/backup/files.server";
import {
  dueSlot,
  lastSlot,
  nextAutomatic,
  nextSlot,
  readStatus,
  rotateAutomatic,
  runAutomaticBackup,
  startAutomaticBackups,
  statusFileOf,
  type AutomaticOptions,
} from "~/lib/server/backup/otomatis.server";

/** A moment given as WIB wall-clock time. */
const wib = (text: string) => new Date(`${text}+07:00`);

describe("the slot", () => {
  it("is the hour in WIB, whatever the day's UTC date", () => {
    expect(lastSlot(wib("2026-11-29T01:59:59"), 2)).toEqual(wib("2026-11-28T02:00:00"));
    expect(lastSlot(wib("2026-11-29T02:00:00"), 2)).toEqual(wib("2026-11-29T02:00:00"));
    expect(nextSlot(wib("2026-11-29T01:59:50"), 2)).toEqual(wib("2026-11-29T02:00:00"));
    expect(nextSlot(wib("2026-11-29T02:00:00"), 2)).toEqual(wib("2026-11-30T02:00:00"));
    // 06.00 WIB is 23.00 UTC of the day before.
    expect(lastSlot(wib("2026-11-29T06:30:00"), 6)).toEqual(new Date("2026-11-28T23:00:00Z"));
    expect(nextSlot(wib("2026-11-29T23:59:00"), 0)).toEqual(wib("2026-11-30T00:00:00"));
  });

  it("is owed once the schedule ran before it and nothing was attempted since", () => {
    const sejak = wib("2026-11-29T01:59:50").toISOString();
    expect(dueSlot(wib("2026-11-29T01:59:59"), 2, { sejak })).toBeNull();
    expect(dueSlot(wib("2026-11-29T02:00:00"), 2, { sejak })).toEqual(wib("2026-11-29T02:00:00"));
    const attempted = { mulai: wib("2026-11-29T02:00:00.004").toISOString(), selesai: "", ok: false };
    expect(dueSlot(wib("2026-11-29T09:00:00"), 2, { sejak, terakhir: attempted })).toBeNull();
    expect(dueSlot(wib("2026-11-30T02:00:00"), 2, { sejak, terakhir: attempted })).toEqual(wib("2026-11-30T02:00:00"));
    // A shop started after its hour owes nothing that day; a schedule that never ran owes nothing.
    expect(dueSlot(wib("2026-11-29T10:00:00"), 2, { sejak: wib("2026-11-29T09:00:00").toISOString() })).toBeNull();
    expect(dueSlot(wib("2026-11-29T10:00:00"), 2, {})).toBeNull();
  });

  it("next: the coming hour, or soon when a slot was missed while the shop was off", () => {
    const sejak = wib("2026-11-20T10:00:00").toISOString();
    const lastNight = { mulai: wib("2026-11-28T02:00:00").toISOString(), selesai: "", ok: true };
    expect(nextAutomatic(wib("2026-11-28T15:00:00"), 2, { sejak, terakhir: lastNight })).toEqual({ waktu: wib("2026-11-29T02:00:00"), terlewat: false });
    const missed = nextAutomatic(wib("2026-11-29T08:00:00"), 2, { sejak, terakhir: lastNight });
    expect(missed.terlewat).toBe(true);
    expect(missed.waktu.getTime()).toBe(wib("2026-11-29T08:01:00").getTime());
  });
});

let dir: string;
let paths: DataPaths;
let backupsDir: string;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-otomatis-"));
  paths = { dbFile: path.join(dir, "etalase.db"), uploadsDir: path.join(dir, "uploads"), documentsDir: path.join(dir, "dokumen") };
  backupsDir = path.join(dir, "backups");
  const db = new Database(paths.dbFile);
  db.exec("create table users (id integer primary key, username text); create table setting (id integer primary key); insert into users (username) values ('operator')");
  db.close();
  fs.mkdirSync(path.join(paths.uploadsDir, "produk"), { recursive: true });
  fs.writeFileSync(path.join(paths.uploadsDir, "produk", "kursi.jpg"), "jpeg");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
  fs.rmSync(dir, { recursive: true, force: true });
});

function options(now: () => Date, jadwal = { jam: 2, simpan: 3 }): AutomaticOptions & { source: () => Database.Database } {
  const source = new Database(paths.dbFile);
  return { paths, backupsDir, source: () => source, jadwal: () => jadwal, now, log: () => {}, error: () => {} };
}

/** A backup folder as the server makes them, `asal` and time in its manifest. */
async function madeBackup(nama: string, asal: string, dibuat: Date) {
  const folder = path.join(backupsDir, nama);
  fs.mkdirSync(folder, { recursive: true });
  fs.copyFileSync(paths.dbFile, path.join(folder, "etalase.db"));
  await writeManifest(folder, { aplikasi: "Etalase", dibuat: dibuat.toISOString(), selesai: dibuat.toISOString(), database: "etalase.db", ukuran: 1, berkas: 1, asal });
}

const names = () => fs.readdirSync(backupsDir).sort();

describe("one attempt", () => {
  it("makes the owed backup under its WIB name, keeps the newest N automatic ones and no others, and records it", async () => {
    // The real clock: the backup's manifest is stamped by it too, and the rotation goes by that.
    const now = new Date();
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);
    fs.writeFileSync(statusFileOf(paths.dbFile), JSON.stringify({ sejak: daysAgo(10).toISOString() }));
    for (const n of [4, 3, 2, 1]) await madeBackup(backupName(daysAgo(n), { otomatis: true }), "otomatis", daysAgo(n));
    const manual = backupName(daysAgo(9));
    await madeBackup(manual, "halaman", daysAgo(9));
    await madeBackup("2026-11-01T03-00-00-000Z", "cli", daysAgo(20));
    const aside = `sebelum-pulihkan-${wibStamp(daysAgo(8))}`;
    await madeBackup(aside, "sebelum-pulihkan", daysAgo(8));

    let started: Date | undefined;
    const clock = () => (started ??= new Date());
    expect(await runAutomaticBackup(options(clock, { jam: 2, simpan: 3 }))).toBe("dibuat");
    const nama = backupName(started, { otomatis: true });
    expect(nama).toMatch(/^etalase-\d{4}-\d{2}-\d{2}-\d{4}-WIB-otomatis$/);
    expect(names()).toEqual(
      ["2026-11-01T03-00-00-000Z", manual, aside, nama, ...[2, 1].map((n) => backupName(daysAgo(n), { otomatis: true }))].sort(),
    );
    const made = path.join(backupsDir, nama);
    expect(JSON.parse(fs.readFileSync(path.join(made, "cadangan.json"), "utf8"))).toMatchObject({ asal: "otomatis" });
    expect(fs.readFileSync(path.join(made, "uploads", "produk", "kursi.jpg"), "utf8")).toBe("jpeg");
    expect(readStatus(statusFileOf(paths.dbFile)).terakhir).toEqual({
      mulai: started!.toISOString(),
      selesai: started!.toISOString(),
      ok: true,
      nama,
      dihapus: [3, 4].map((n) => backupName(daysAgo(n), { otomatis: true })),
    });
    expect((fs.statSync(statusFileOf(paths.dbFile)).mode & 0o777).toString(8)).toBe("600");

    // The same slot again (a restart, a second process): nothing more.
    expect(await runAutomaticBackup(options(() => new Date()))).toBe("dilewati");
    expect(names()).toHaveLength(6);
    // Nothing is left of the attempt but the backup and the status.
    expect(fs.readdirSync(dir).sort()).toEqual(["backups", "cadangan-otomatis.json", "etalase.db", "uploads"]);
  });

  it("a failure is recorded with the owner's reason, removes nothing, and is not retried before the next slot", async () => {
    fs.writeFileSync(statusFileOf(paths.dbFile), JSON.stringify({ sejak: wib("2026-11-20T10:00:00").toISOString() }));
    // Where the backups should go is a file (a wrong BACKUPS_DIR).
    fs.writeFileSync(path.join(dir, "bukan-folder"), "");
    const wrong = path.join(dir, "bukan-folder", "cadangan");
    const failing = { ...options(() => wib("2026-11-28T02:00:00")), backupsDir: wrong };
    expect(await runAutomaticBackup(failing)).toBe("gagal");
    expect(readStatus(statusFileOf(paths.dbFile)).terakhir).toMatchObject({
      ok: false,
      alasan: `Cadangan gagal dibuat: ${wrong} (BACKUPS_DIR) tidak bisa dipakai sebagai folder cadangan. Tidak ada cadangan yang setengah jadi.`,
    });
    expect(await runAutomaticBackup({ ...failing, now: () => wib("2026-11-28T09:00:00") })).toBe("dilewati");
    expect(await runAutomaticBackup({ ...failing, now: () => wib("2026-11-29T02:00:00") })).toBe("gagal");
  });

  it("a backup missing an image the database names is kept but counted as failed, and no older one is removed", async () => {
    fs.writeFileSync(statusFileOf(paths.dbFile), JSON.stringify({ sejak: wib("2026-11-20T10:00:00").toISOString() }));
    const db = new Database(paths.dbFile);
    db.exec("create table galeri (id integer primary key, gambar text); insert into galeri (gambar) values ('galeri/hilang.jpg')");
    db.close();
    for (const day of ["25", "26", "27"]) await madeBackup(`etalase-2026-11-${day}-0200-WIB-otomatis`, "otomatis", wib(`2026-11-${day}T02:00:00`));
    expect(await runAutomaticBackup(options(() => wib("2026-11-28T02:00:00")))).toBe("gagal");
    expect(names()).toHaveLength(4);
    expect(readStatus(statusFileOf(paths.dbFile)).terakhir).toMatchObject({
      ok: false,
      nama: "etalase-2026-11-28-0200-WIB-otomatis",
      alasan: "Cadangan etalase-2026-11-28-0200-WIB-otomatis dibuat, tetapi 1 gambar/dokumen yang disebut database tidak ada di folder toko; cadangan ini akan ditolak saat dipulihkan.",
    });
  });

  it("a status file that cannot be written (a full disk) is logged, and the attempt is still not repeated every minute", async () => {
    fs.writeFileSync(statusFileOf(paths.dbFile), JSON.stringify({ sejak: wib("2026-11-20T10:00:00").toISOString() }));
    // The status is written through a temporary file; a folder in its place makes the write fail.
    fs.mkdirSync(`${statusFileOf(paths.dbFile)}.${process.pid}.tmp`);
    const errors: string[] = [];
    const memo = {};
    const attempt = (now: Date) => runAutomaticBackup({ ...options(() => now), memo, error: (m) => void errors.push(m) });
    expect(await attempt(wib("2026-11-28T02:00:00"))).toBe("dibuat");
    expect(errors).toEqual([`${statusFileOf(paths.dbFile)} tidak bisa ditulis:`]);
    expect(await attempt(wib("2026-11-28T02:01:00"))).toBe("dilewati");
    expect(names()).toEqual(["etalase-2026-11-28-0200-WIB-otomatis"]);
  });

  it("while another live process holds the attempt's lock, this one makes nothing", async () => {
    fs.writeFileSync(statusFileOf(paths.dbFile), JSON.stringify({ sejak: wib("2026-11-20T10:00:00").toISOString() }));
    const other = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dir, ".cadangan-otomatis.lock"), String(other.pid));
      expect(await runAutomaticBackup(options(() => wib("2026-11-28T02:00:00")))).toBe("dilewati");
      expect(fs.existsSync(backupsDir)).toBe(false);
    } finally {
      other.kill("SIGKILL");
    }
    // A lock left by a process that is gone is not in the way.
    await new Promise((resolve) => other.once("exit", resolve));
    expect(await runAutomaticBackup(options(() => wib("2026-11-28T02:00:00")))).toBe("dibuat");
    expect(fs.existsSync(path.join(dir, ".cadangan-otomatis.lock"))).toBe(false);
  });
});

describe("the rotation", () => {
  it("keeps the newest N automatic backups (at least one) and never touches others", async () => {
    for (const day of ["25", "26", "27"]) await madeBackup(`etalase-2026-11-${day}-0200-WIB-otomatis`, "otomatis", wib(`2026-11-${day}T02:00:00`));
    await madeBackup("etalase-2026-11-01-0900-WIB", "halaman", wib("2026-11-01T09:00:00"));
    expect(await rotateAutomatic(backupsDir, 0)).toEqual(["etalase-2026-11-26-0200-WIB-otomatis", "etalase-2026-11-25-0200-WIB-otomatis"]);
    expect(names()).toEqual(["etalase-2026-11-01-0900-WIB", "etalase-2026-11-27-0200-WIB-otomatis"]);
  });
});

describe("the schedule", () => {
  it("notes when it first ran, then makes the backup when the hour comes (a clock set to just before it)", async () => {
    const offset = wib("2026-11-29T01:59:59.800").getTime() - Date.now();
    const clock = () => new Date(Date.now() + offset);
    let stop = () => {};
    const made = new Promise<void>((resolve) => {
      stop = startAutomaticBackups({ ...options(clock), log: () => resolve() });
    });
    const sejak = Date.parse(readStatus(statusFileOf(paths.dbFile)).sejak!);
    expect(sejak).toBeLessThan(wib("2026-11-29T02:00:00").getTime());
    expect(fs.existsSync(backupsDir)).toBe(false);
    await made;
    stop();
    expect(names()).toEqual(["etalase-2026-11-29-0200-WIB-otomatis"]);
    expect(readStatus(statusFileOf(paths.dbFile))).toMatchObject({ terakhir: { ok: true, nama: "etalase-2026-11-29-0200-WIB-otomatis" } });
  });
});
