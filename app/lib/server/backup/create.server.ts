/**
 * Making a backup: `npm run backup` (scripts/backup.mjs) and the Cadangan page. A backup is a
 * folder with the database (an SQLite online backup, consistent while the server writes),
 * `uploads/`, `dokumen/` and `cadangan.json`; folders 0700 and files 0600 (it holds password
 * hashes and sessions). Below BACKUPS_DIR it is written under a hidden name first and renamed
 * when complete, so a half-made backup is never listed.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types (imports name their `.ts` file), so that the scripts import these files as they are.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import Database from "better-sqlite3";
import {
  backupName,
  BackupRefusal,
  copyTree,
  type DataPaths,
  DOCUMENTS_FOLDER,
  missingOf,
  modeSetter,
  namedFiles,
  PRIVATE_DIR,
  PRIVATE_FILE,
  restrictTree,
  UPLOADS_FOLDER,
  type Warn,
  writeManifest,
} from "./files.server.ts";

export type BackupResult = {
  nama: string;
  folder: string;
  dibuat: Date;
  ukuran: number;
  berkas: number;
  detik: number;
  /** Files the database names that were not in the shop's folders (the backup is then incomplete). */
  hilang: string[];
};

/**
 * Makes a backup in `folder`. `staged`: written under a hidden sibling name and renamed at the
 * end (new folders below BACKUPS_DIR); otherwise written in place (a folder the owner chose).
 * `source`: the server's own connection (its writes during the copy then reach the copy too);
 * without it the database file is opened read-only. `pagesPerStep`: the database is copied in
 * steps of that many pages with the event loop free in between (the server); by default in one
 * step (the CLI, which has nothing else to do).
 */
export async function createBackup(options: {
  paths: DataPaths;
  folder: string;
  staged?: boolean;
  source?: Database.Database;
  pagesPerStep?: number;
  asal: string;
  warn?: Warn;
}): Promise<BackupResult> {
  const { paths, staged = false, asal } = options;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const chmod = modeSetter(warn);
  const started = new Date();
  if (!fs.existsSync(paths.dbFile)) throw new BackupRefusal(`Database tidak ditemukan: ${paths.dbFile}`);

  let folder = path.resolve(options.folder);
  await fsp.mkdir(path.dirname(folder), { recursive: true, mode: PRIVATE_DIR });
  const work = staged ? path.join(path.dirname(folder), `.${path.basename(folder)}.sedang-dibuat`) : folder;
  if (staged) await fsp.rm(work, { recursive: true, force: true });
  await fsp.mkdir(work, { recursive: true, mode: PRIVATE_DIR });
  await chmod(work, PRIVATE_DIR);

  try {
    const dbName = path.basename(paths.dbFile);
    const copy = path.join(work, dbName);
    // Created empty and 0600 first: SQLite would create it with the umask's 0644.
    await fsp.rm(copy, { force: true });
    await (await fsp.open(copy, "w", PRIVATE_FILE)).close();
    await chmod(copy, PRIVATE_FILE);
    const source = options.source ?? new Database(paths.dbFile, { readonly: true, fileMustExist: true });
    try {
      const step = Math.max(1, Math.min(0x7fffffff, options.pagesPerStep ?? 0x7fffffff));
      await source.backup(copy, { progress: () => step });
    } finally {
      if (!options.source) source.close();
    }
    // A self-contained file (rollback journal, not WAL): opened later, it needs no -wal/-shm.
    const copied = new Database(copy);
    let named: ReturnType<typeof namedFiles>;
    try {
      copied.pragma("journal_mode = DELETE");
      named = namedFiles(copied);
    } finally {
      copied.close();
    }
    const dbBytes = (await fsp.stat(copy)).size;

    const present: Record<string, Set<string>> = {};
    let bytes = dbBytes;
    let files = 1;
    for (const [from, name] of [[paths.uploadsDir, UPLOADS_FOLDER], [paths.documentsDir, DOCUMENTS_FOLDER]] as const) {
      if (!fs.existsSync(from)) continue;
      const stats = await copyTree(from, path.join(work, name), { dir: PRIVATE_DIR, file: PRIVATE_FILE }, chmod);
      present[name] = stats.files;
      bytes += stats.bytes;
      files += stats.files.size;
    }
    const hilang = missingOf(named, present);

    // A folder the owner chose may hold older files: every one of them private too.
    if (!staged) await restrictTree(work, chmod);
    const finished = new Date();
    if (staged) {
      // Two backups in the same millisecond (the page and the CLI): the second gets a suffix.
      for (let n = 2; fs.existsSync(folder); n++) folder = `${path.resolve(options.folder)}-${n}`;
    }
    await writeManifest(work, {
      aplikasi: "Etalase",
      dibuat: started.toISOString(),
      selesai: finished.toISOString(),
      database: dbName,
      ukuran: bytes,
      berkas: files,
      asal,
    });
    if (staged) await fsp.rename(work, folder);
    return { nama: path.basename(folder), folder, dibuat: started, ukuran: bytes, berkas: files, detik: (finished.getTime() - started.getTime()) / 1000, hilang };
  } catch (error) {
    if (staged) await fsp.rm(work, { recursive: true, force: true });
    throw error;
  }
}

let running: string | null = null;

/** The name of the backup the server is making now (the page's or the daily one), or null. */
export function backupInProgress(): string | null {
  return running;
}

/** The message when the page is asked for a second backup while one is being made. */
export const BACKUP_BUSY = "Cadangan lain sedang dibuat. Tunggu sampai selesai (muat ulang halaman ini), lalu coba lagi.";

/**
 * The server's backup, from the page or the daily schedule (`otomatis`): one at a time in this
 * process (a second one meanwhile is refused with BACKUP_BUSY), in steps that leave the event
 * loop free, with the server's own connection, named by the time in WIB. `asal` says who made it
 * (default "halaman", or "otomatis" for the schedule; "sebelum-hapus-demo": removing the demo).
 */
export async function createBackupNow(options: {
  paths: DataPaths;
  backupsDir: string;
  source: Database.Database;
  pagesPerStep?: number;
  otomatis?: boolean;
  asal?: string;
  now?: Date;
}): Promise<BackupResult> {
  if (running) throw new BackupRefusal(BACKUP_BUSY);
  const otomatis = options.otomatis ?? false;
  const nama = backupName(options.now, { otomatis });
  running = nama;
  try {
    return await createBackup({
      paths: options.paths,
      folder: path.join(options.backupsDir, nama),
      staged: true,
      source: options.source,
      pagesPerStep: options.pagesPerStep ?? 1000,
      asal: options.asal ?? (otomatis ? "otomatis" : "halaman"),
    });
  } finally {
    running = null;
  }
}

/** What the owner is told of a backup made without some of the files the database names. */
export function incompleteMessage(result: Pick<BackupResult, "nama" | "hilang">): string {
  return `Cadangan ${result.nama} dibuat, tetapi ${result.hilang.length} gambar/dokumen yang disebut database tidak ada di folder toko; cadangan ini akan ditolak saat dipulihkan.`;
}

/** Why a backup could not be written, for the owner (the page shows it; the server log has the error). */
export function backupFailure(error: unknown, backupsDir: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  const reason =
    code === "ENOSPC" || code === "EDQUOT"
      ? "ruang disk server penuh"
      : code === "EACCES" || code === "EPERM" || code === "EROFS"
        ? `server tidak boleh menulis ke ${backupsDir}`
        : code === "ENOTDIR" || code === "EEXIST"
          ? `${backupsDir} (BACKUPS_DIR) tidak bisa dipakai sebagai folder cadangan`
          : (error as Error).message;
  return `Cadangan gagal dibuat: ${reason}. Tidak ada cadangan yang setengah jadi.`;
}
