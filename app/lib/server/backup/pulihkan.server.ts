/**
 * Restoring a listed backup from the Cadangan page. The serving process cannot replace the
 * database it has open, so it asks the supervisor (scripts/serve.mjs, behind `npm start` and
 * the systemd unit) that started it, over the IPC channel the supervisor forked it with. The
 * supervisor stops it, restores with the code of `npm run restore` (claimForRestore,
 * prepareRestore, applyRestore: the same checks and the same copy of the replaced data), writes
 * the outcome beside the database (`pemulihan-terakhir.json`), and starts the shop again the way
 * `npm start` does (migrations first: a backup of an older version is brought up to date).
 *
 * IPC rather than a request file the supervisor watches: the channel exists already (the
 * serving process reports "siap" on it), only the process the supervisor started can speak on
 * it, a message needs no polling nor a writable shared folder, and a serving process that runs
 * without a supervisor (`npm run dev`, `node server.js`) has no channel at all, so the page
 * knows to say that a restore needs `npm start`.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types (imports name their `.ts` file), so that the supervisor imports these files as they are.
 */
import fs from "node:fs";
import path from "node:path";
import { BackupRefusal, type DataPaths, PRIVATE_FILE, type Warn } from "./files.server.ts";
import { claimForRestore } from "./holder.server.ts";
import { findBackup } from "./list.server.ts";
import { applyRestore, isiText, prepareRestore, type RestoreActor } from "./restore.server.ts";

/** The serving process's request to the supervisor. */
export type RestoreRequest = { etalase: "pulihkan"; id: string; nama: string; oleh: RestoreActor; diminta: string };

/** How a restore from the page ended, kept beside the database for the page after the restart. */
export type RestoreOutcome = {
  id: string;
  nama: string;
  oleh: string;
  diminta: string;
  selesai: string;
  ok: boolean;
  /** One sentence for the owner (Indonesian). */
  pesan: string;
  /** The folder name of the replaced data (below BACKUPS_DIR), after a restore. */
  aside?: string | null;
  detik?: number;
};

export const OUTCOME_FILE = "pemulihan-terakhir.json";

export const BACKUP_NOT_FOUND = "Cadangan tidak ditemukan.";

/** Said on the page of a shop that runs without the supervisor. */
export const NEEDS_SUPERVISOR =
  "Memulihkan dari halaman ini hanya bisa bila toko dijalankan dengan `npm start` (atau layanan systemd-nya): " +
  "pengawasnya yang menghentikan toko, memulihkan, lalu menjalankannya lagi. Toko ini berjalan tanpa pengawas " +
  "(mis. `npm run dev` atau `node server.js`): hentikan toko, lalu jalankan `npm run restore -- <folder-cadangan>` di server.";

export const RESTORE_RUNNING = "Pemulihan sedang berjalan; toko segera dijalankan lagi.";

export function outcomeFileOf(dbFile: string): string {
  return path.join(path.dirname(dbFile), OUTCOME_FILE);
}

export function readRestoreOutcome(dbFile: string): RestoreOutcome | null {
  try {
    const value = JSON.parse(fs.readFileSync(outcomeFileOf(dbFile), "utf8")) as RestoreOutcome | null;
    return value && typeof value === "object" && typeof value.id === "string" ? value : null;
  } catch {
    return null;
  }
}

export function writeRestoreOutcome(dbFile: string, outcome: RestoreOutcome) {
  const file = outcomeFileOf(dbFile);
  const temp = `${file}.${process.pid}.tmp`;
  fs.writeFileSync(temp, `${JSON.stringify(outcome, null, 2)}\n`, { mode: PRIVATE_FILE });
  fs.renameSync(temp, file);
}

/** Whether this process was started by the supervisor and can ask it for a restore. */
export function supervised(): boolean {
  return typeof process.send === "function" && process.connected && Number(process.env.ETALASE_SUPERVISOR_PID) > 0;
}

/**
 * A request the supervisor has not acted on within this time is forgotten, so the page may ask
 * again (a supervisor that was being stopped at that moment ignores it).
 */
const REQUEST_WAIT_MS = 60 * 1000;
let requested: { request: RestoreRequest; at: number } | null = null;

/** The restore this process has asked for (it is about to be stopped), or null. */
export function restoreRequested(): RestoreRequest | null {
  return requested && Date.now() - requested.at < REQUEST_WAIT_MS ? requested.request : null;
}

/** Asks the supervisor for the restore; it stops this process once the answer is on its way. */
export function requestRestore(request: RestoreRequest) {
  requested = { request, at: Date.now() };
  process.send!(request);
}

export type RestoreCheck = {
  nama: string;
  folder: string;
  /** ISO, or null when the backup does not say. */
  dibuat: string | null;
  berkas: number;
  ukuran: number;
  /** Its rows in words: "36 produk, 8 kategori, …". */
  isi: string;
};

/**
 * The checks `npm run restore` makes before it asks (prepareRestore: one database, SQLite's
 * integrity check, an Etalase database no newer than this code, every file it names present),
 * on the backup called `nama` below `backupsDir`. Throws BackupRefusal (BACKUP_NOT_FOUND for a
 * name that is not a listed backup); leaves nothing behind.
 */
export async function checkBackup(options: { backupsDir: string; nama: string; paths: DataPaths; migrationsFolder: string }): Promise<RestoreCheck> {
  const folder = findBackup(options.backupsDir, options.nama);
  if (!folder) throw new BackupRefusal(BACKUP_NOT_FOUND);
  const plan = await prepareRestore({ folder, paths: options.paths, migrationsFolder: options.migrationsFolder });
  plan.discard();
  return { nama: plan.nama, folder, dibuat: plan.dibuat?.toISOString() ?? null, berkas: plan.berkas, ukuran: plan.ukuran, isi: isiText(plan.isi) };
}

/**
 * The supervisor's restore of a requested backup, once the serving process has stopped: the
 * claim, the checks and the restore of `npm run restore`. Never throws: a refusal or a failure
 * is the outcome (and then the shop's data is as it was).
 */
export async function restoreRequestedBackup(options: {
  request: RestoreRequest;
  paths: DataPaths;
  backupsDir: string;
  migrationsFolder: string;
  log?: (message: string) => void;
  warn?: Warn;
  now?: () => Date;
}): Promise<RestoreOutcome> {
  const { request, paths } = options;
  const clock = options.now ?? (() => new Date());
  const base = { id: request.id, nama: request.nama, oleh: request.oleh.nama, diminta: request.diminta };
  let release = () => {};
  let plan: Awaited<ReturnType<typeof prepareRestore>> | null = null;
  try {
    const folder = findBackup(options.backupsDir, request.nama);
    if (!folder) throw new BackupRefusal(`${BACKUP_NOT_FOUND} (${request.nama} di ${options.backupsDir})`);
    release = claimForRestore(paths.dbFile);
    plan = await prepareRestore({ folder, paths, migrationsFolder: options.migrationsFolder });
    const result = await applyRestore(plan, { paths, backupsDir: options.backupsDir, log: options.log, warn: options.warn, oleh: request.oleh });
    plan = null;
    return {
      ...base,
      selesai: clock().toISOString(),
      ok: true,
      pesan: `Pemulihan selesai: data toko sekarang dari cadangan ${request.nama}.`,
      aside: result.aside ? path.basename(result.aside) : null,
      detik: result.detik,
    };
  } catch (error) {
    plan?.discard();
    const pesan =
      error instanceof BackupRefusal
        ? `Pemulihan ditolak: ${error.message} Data toko tidak diubah.`
        : `Pemulihan gagal: ${(error as Error).message}. Data toko dikembalikan seperti sebelumnya (bila tidak, log server menyebut di mana datanya disimpan).`;
    return { ...base, selesai: clock().toISOString(), ok: false, pesan };
  } finally {
    release();
  }
}
