/**
 * The daily automatic backup, made by the serving process itself at the hour the owner chose on
 * the Cadangan page (WIB, like every time the back office shows), keeping the newest N automatic
 * backups: older automatic ones are removed after a complete new one; backups made by hand, by
 * `npm run backup` and the data kept aside by a restore are never removed by it.
 *
 * - A small status file beside the database (`cadangan-otomatis.json`, 0600) says when the
 *   schedule first ran on this data and how the last attempt ended (the page shows a failure
 *   with its reason; the server log has the error too). It outlives a restore, which replaces
 *   only the database, images and documents.
 * - A slot missed while the shop was off (a computer switched off at night) is made up once,
 *   a minute after the next start; a slot before the schedule first ran is not owed, so a new
 *   shop (and every test server) makes none before its first hour comes.
 * - One backup per slot, whatever the number of processes: the attempt holds a lock file beside
 *   the status file and reads the status again under it, and a failed attempt is not retried
 *   before the next slot (the owner sees the warning and can press 'Buat cadangan sekarang').
 * - The clock is checked at least once a minute, so a changed hour, a clock set forward or a
 *   machine waking from sleep are noticed within a minute.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types (imports name their `.ts` file), so that the scripts import these files as they are.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type Database from "better-sqlite3";
import { processAlive } from "../pid-file.mjs";
import { WIB_OFFSET_MS } from "../../util/wib.ts";
import { backupFailure, backupInProgress, createBackupNow, incompleteMessage } from "./create.server.ts";
import { BackupRefusal, type DataPaths, PRIVATE_FILE } from "./files.server.ts";
import { listBackups } from "./list.server.ts";

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** The longest wait between two looks at the clock. */
export const CHECK_MS = 60 * 1000;
/** A slot missed while the shop was off is made this long after start (start-up comes first). */
export const CATCH_UP_DELAY_MS = 60 * 1000;

export type Jadwal = {
  /** The hour in WIB, 0–23. */
  jam: number;
  /** How many automatic backups are kept. */
  simpan: number;
};

export type AutomaticStatus = {
  /** When the schedule first ran on this data (ISO): a slot before it is not owed. */
  sejak?: string;
  /** The last attempt. */
  terakhir?: {
    mulai: string;
    selesai: string;
    ok: boolean;
    nama?: string;
    /** Why it failed, for the owner (Indonesian). */
    alasan?: string;
    /** The older automatic backups removed after it. */
    dihapus?: string[];
  };
};

export const STATUS_FILE = "cadangan-otomatis.json";
const LOCK_FILE = ".cadangan-otomatis.lock";

/** The status file of the shop whose database is `dbFile`. */
export function statusFileOf(dbFile: string): string {
  return path.join(path.dirname(dbFile), STATUS_FILE);
}

/** The latest moment at `jam`.00 WIB that is not after `now`. WIB keeps no daylight saving. */
export function lastSlot(now: Date, jam: number): Date {
  const wib = now.getTime() + WIB_OFFSET_MS;
  let slot = Math.floor(wib / DAY_MS) * DAY_MS + jam * HOUR_MS;
  if (slot > wib) slot -= DAY_MS;
  return new Date(slot - WIB_OFFSET_MS);
}

/** The first moment at `jam`.00 WIB after `now`. */
export function nextSlot(now: Date, jam: number): Date {
  return new Date(lastSlot(now, jam).getTime() + DAY_MS);
}

const timeOf = (iso: string | undefined) => {
  const ms = iso ? Date.parse(iso) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
};

/**
 * The slot owed at `now`, or null: the latest slot, when the schedule ran before it and no
 * attempt has been made since (a status without `sejak` owes nothing: the schedule never ran).
 */
export function dueSlot(now: Date, jam: number, status: AutomaticStatus): Date | null {
  if (!status.sejak) return null;
  const slot = lastSlot(now, jam);
  const since = Math.max(timeOf(status.sejak), timeOf(status.terakhir?.mulai));
  return slot.getTime() > since ? slot : null;
}

/** When the next automatic backup is made, for the page: `terlewat` when a missed slot is made up first. */
export function nextAutomatic(now: Date, jam: number, status: AutomaticStatus): { waktu: Date; terlewat: boolean } {
  if (dueSlot(now, jam, status)) return { waktu: new Date(now.getTime() + CATCH_UP_DELAY_MS), terlewat: true };
  return { waktu: nextSlot(now, jam), terlewat: false };
}

/** The status file's content; an absent or unreadable file is an empty status. */
export function readStatus(file: string): AutomaticStatus {
  try {
    const value = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
    return value && typeof value === "object" ? (value as AutomaticStatus) : {};
  } catch {
    return {};
  }
}

/** Written whole (a temporary file renamed over it): a reader never sees half of it. */
function writeStatus(file: string, status: AutomaticStatus) {
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(status, null, 2)}\n`, { mode: PRIVATE_FILE });
  fs.renameSync(temp, file);
}

/** The lock of one attempt (its pid inside); null while a live process holds it. */
function takeLock(file: string): (() => void) | null {
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      fs.writeFileSync(file, String(process.pid), { flag: "wx", mode: PRIVATE_FILE });
      return () => fs.rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      let pid = 0;
      try {
        pid = Number(fs.readFileSync(file, "utf8"));
      } catch {
        // Removed meanwhile: try again.
      }
      if (pid && pid !== process.pid && processAlive(pid)) return null;
      // Left by a process that is gone (kill -9, a power cut).
      fs.rmSync(file, { force: true });
    }
  }
  return null;
}

/** Removes the automatic backups beyond the newest `keep`; answers their names. Other backups are never touched. */
export async function rotateAutomatic(backupsDir: string, keep: number): Promise<string[]> {
  const automatic = (await listBackups(backupsDir)).filter((b) => b.asal === "otomatis");
  const old = automatic.slice(Math.max(1, keep));
  for (const backup of old) await fsp.rm(path.join(backupsDir, backup.nama), { recursive: true, force: true });
  return old.map((b) => b.nama);
}

export type AutomaticOptions = {
  paths: DataPaths;
  backupsDir: string;
  /** The server's own connection (its writes during the copy reach the copy too). */
  source: () => Database.Database;
  jadwal: () => Jadwal;
  now?: () => Date;
  log?: (message: string) => void;
  error?: (message: string, error?: unknown) => void;
  /**
   * The last attempt as this process knows it (the schedule keeps one): when the status file
   * cannot be written (a full disk), the attempt is still not repeated every minute.
   */
  memo?: AutomaticStatus;
};

/** The status file's, or this process's own last attempt when that is newer (the file could not be written). */
function statusOf(file: string, memo: AutomaticStatus): AutomaticStatus {
  const status = readStatus(file);
  return memo.terakhir && timeOf(memo.terakhir.mulai) > timeOf(status.terakhir?.mulai) ? { ...status, terakhir: memo.terakhir } : status;
}

export type AttemptResult = "dibuat" | "gagal" | "dilewati";

/**
 * Makes the owed backup, if one is owed and no other process is making it: the backup, then
 * (when it is complete) the rotation, then the status. `dilewati` when nothing was owed any more,
 * another process held the lock, or the page's backup was running (the next check tries again).
 */
export async function runAutomaticBackup(options: AutomaticOptions): Promise<AttemptResult> {
  const clock = options.now ?? (() => new Date());
  const log = options.log ?? ((m: string) => console.log(`[etalase] ${m}`));
  const fail = options.error ?? ((m: string, e?: unknown) => console.error(`[etalase] ${m}`, ...(e ? [e] : [])));
  const memo = options.memo ?? {};
  const statusFile = statusFileOf(options.paths.dbFile);
  const { jam, simpan } = options.jadwal();
  const started = clock();
  if (!dueSlot(started, jam, statusOf(statusFile, memo)) || backupInProgress()) return "dilewati";
  const attempt = { mulai: started.toISOString() };
  const record = (status: AutomaticStatus, terakhir: NonNullable<AutomaticStatus["terakhir"]>) => {
    memo.terakhir = terakhir;
    try {
      writeStatus(statusFile, { ...status, terakhir });
    } catch (error) {
      fail(`${statusFile} tidak bisa ditulis:`, error);
    }
  };

  let release: (() => void) | null;
  try {
    release = takeLock(path.join(path.dirname(statusFile), LOCK_FILE));
  } catch (error) {
    const alasan = `Cadangan otomatis tidak bisa dimulai: folder ${path.dirname(statusFile)} tidak bisa ditulis (${(error as Error).message}).`;
    fail(alasan, error);
    record({}, { ...attempt, selesai: clock().toISOString(), ok: false, alasan });
    return "gagal";
  }
  if (!release) return "dilewati";
  try {
    // Read again under the lock: another process may have made it meanwhile.
    const status = statusOf(statusFile, memo);
    if (!dueSlot(started, jam, status) || backupInProgress()) return "dilewati";
    try {
      const result = await createBackupNow({ paths: options.paths, backupsDir: options.backupsDir, source: options.source(), otomatis: true, now: started });
      if (result.hilang.length) {
        // Kept, but not counted as a good one: no older backup is removed for it.
        const alasan = incompleteMessage(result);
        fail(`cadangan otomatis ${result.nama} tidak lengkap: ${alasan}`);
        record(status, { ...attempt, selesai: clock().toISOString(), ok: false, nama: result.nama, alasan });
        return "gagal";
      }
      let dihapus: string[] = [];
      try {
        dihapus = await rotateAutomatic(options.backupsDir, simpan);
      } catch (error) {
        fail(`cadangan otomatis lama tidak bisa dihapus:`, error);
      }
      log(`cadangan otomatis ${result.nama} dibuat (${result.detik.toFixed(1)} dtk)${dihapus.length ? `; dihapus: ${dihapus.join(", ")}` : ""}.`);
      record(status, { ...attempt, selesai: clock().toISOString(), ok: true, nama: result.nama, dihapus });
      return "dibuat";
    } catch (error) {
      const alasan = error instanceof BackupRefusal ? error.message : backupFailure(error, options.backupsDir);
      fail("cadangan otomatis gagal dibuat:", error);
      record(status, { ...attempt, selesai: clock().toISOString(), ok: false, alasan });
      return "gagal";
    }
  } finally {
    release();
  }
}

/**
 * Starts the schedule in this process: notes when it first ran (once per shop), then looks at
 * the clock at every slot and at least once a minute. Answers a function that stops it. The
 * timers do not keep the process alive.
 */
export function startAutomaticBackups(options: AutomaticOptions & { catchUpDelayMs?: number }): () => void {
  const clock = options.now ?? (() => new Date());
  const statusFile = statusFileOf(options.paths.dbFile);
  const memo: AutomaticStatus = {};
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  const status = readStatus(statusFile);
  if (!status.sejak) {
    try {
      writeStatus(statusFile, { ...status, sejak: clock().toISOString() });
    } catch (error) {
      console.error(`[etalase] ${statusFile} tidak bisa ditulis; cadangan otomatis tidak berjalan:`, error);
      return () => {};
    }
  }

  /** Until the next slot (a little after it, so the clock has surely passed it), at most CHECK_MS. */
  const untilNext = (limit: number) => {
    const now = clock();
    return Math.max(1, Math.min(limit, nextSlot(now, options.jadwal().jam).getTime() - now.getTime() + 50));
  };
  const schedule = (wait: number) => {
    if (stopped) return;
    timer = setTimeout(tick, wait);
    timer.unref();
  };
  async function tick() {
    try {
      await runAutomaticBackup({ ...options, memo });
    } catch (error) {
      console.error("[etalase] cadangan otomatis:", error);
    }
    let wait = CHECK_MS;
    try {
      wait = untilNext(CHECK_MS);
    } catch (error) {
      console.error("[etalase] jadwal cadangan otomatis tidak terbaca:", error);
    }
    schedule(wait);
  }
  let first = options.catchUpDelayMs ?? CATCH_UP_DELAY_MS;
  try {
    first = untilNext(first);
  } catch {
    // The first look at the clock says more.
  }
  schedule(first);
  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
  };
}
