/**
 * Backups and restores, shared by `npm run backup` (scripts/backup.mjs),
 * `npm run restore` (scripts/restore.mjs) and the back office's Cadangan page.
 *
 * A backup is a folder: the database (an SQLite online backup, so it is consistent while the
 * server writes), `uploads/` (the images), `dokumen/` (the private LPPM documents) and
 * `cadangan.json` (when, how big). Folders are 0700 and files 0600: a backup holds password
 * hashes and sessions. Backups made by the page and by `npm run backup` without a folder live
 * in BACKUPS_DIR (default `backups/`), one `<timestamp>` folder each, written under a hidden
 * name first and renamed when complete, so a half-made backup is never listed.
 *
 * A restore checks the backup (SQLite's integrity_check, an Etalase database not newer than this
 * code, every image and document the database names present), refuses while a server uses the
 * database, moves the current data aside as a backup of its own (`sebelum-pulihkan-<timestamp>`)
 * and puts a copy of the backup in place.
 *
 * "A server uses this database": server.js writes `<database>.pid` (JSON: the pid to stop, the
 * role) when it starts and removes it when it stops cleanly (under `npm start` the supervisor's
 * pid, since stopping the serving process alone only makes the supervisor start a new one); a
 * restore writes the same file with the role "pulihkan", and a server does not start while it
 * is there. A file whose process is gone is stale and ignored. On Linux every process that has
 * the database open is found as well (/proc/<pid>/fd), whoever started it.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types, so that the scripts import this file as it is.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { create as createTar } from "tar";

export const UPLOADS_FOLDER = "uploads";
export const DOCUMENTS_FOLDER = "dokumen";
export const MANIFEST_FILE = "cadangan.json";
/** The name of the folder a restore keeps the replaced data in (below BACKUPS_DIR). */
export const ASIDE_PREFIX = "sebelum-pulihkan-";

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;
/** Restored images are served by the app like any upload: readable, as uploads are made. */
const PUBLIC_DIR = 0o755;
const PUBLIC_FILE = 0o644;
/** Files copied at the same time (a dozen keeps the disk busy without flooding the thread pool). */
const COPY_PARALLEL = 12;

export type DataPaths = { dbFile: string; uploadsDir: string; documentsDir: string };

/** Where the data lives, read from the environment the way the app reads it (README, "Where the data lives"). */
export function dataPaths(env: NodeJS.ProcessEnv = process.env): DataPaths {
  const dbFile = path.resolve(env.DATABASE_URL || "./data/etalase.db");
  return {
    dbFile,
    uploadsDir: path.resolve(env.UPLOADS_DIR || "./uploads"),
    documentsDir: path.resolve(env.DOCUMENTS_DIR || path.join(path.dirname(dbFile), "dokumen")),
  };
}

/** The same for the running app: its parsed env and its documents folder (documents.server.ts). */
export function appDataPaths(env: { DATABASE_URL: string; UPLOADS_DIR: string }, documentsDir: string): DataPaths {
  return { dbFile: path.resolve(env.DATABASE_URL), uploadsDir: path.resolve(env.UPLOADS_DIR), documentsDir };
}

/** A path as the owner types it in the shop's folder: relative when it is inside, else absolute. */
export function shownPath(file: string, cwd = process.cwd()): string {
  const relative = path.relative(cwd, file);
  return relative && !relative.startsWith("..") && !path.isAbsolute(relative) ? relative : file;
}

/** BACKUPS_DIR, default `backups/` in the folder the shop runs from. */
export function backupsDirOf(value: string | undefined): string {
  return path.resolve(value || "./backups");
}

/** A backup's folder name: the time in UTC, safe on every file system (2026-05-01T08-30-00-000Z). */
export function backupStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

function stampDate(name: string): Date | null {
  const m = /(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z/.exec(name);
  if (!m) return null;
  const date = new Date(`${m[1]}T${m[2]}:${m[3]}:${m[4]}.${m[5]}Z`);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A refusal with its message for the owner (the CLI prints it, the page shows it). */
export class BackupRefusal extends Error {
  constructor(message: string) {
    super(message);
    this.name = "BackupRefusal";
  }
}

type Warn = (message: string) => void;

/** chmod that only warns (once per kind of failure): a FAT-formatted USB stick keeps no modes. */
function modeSetter(warn: Warn) {
  const warned = new Set<string>();
  return async (file: string, mode: number) => {
    try {
      await fsp.chmod(file, mode);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? "?";
      if (warned.has(code)) return;
      warned.add(code);
      warn(`Peringatan: izin ${file} tidak bisa diubah ke ${mode.toString(8)} (${(error as Error).message}).`);
    }
  };
}

type Modes = { dir: number; file: number };
type CopyStats = { files: Set<string>; bytes: number };

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * Copies a folder tree, asynchronously and a few files at a time (a large shop's uploads never
 * hold the event loop), giving every folder and file its mode. Symbolic links are not followed
 * nor copied: the app never makes them. Returns the relative paths ("produk/ab.jpg") and bytes.
 */
async function copyTree(from: string, to: string, modes: Modes, chmod: ReturnType<typeof modeSetter>, stats: CopyStats = { files: new Set(), bytes: 0 }, prefix = ""): Promise<CopyStats> {
  await fsp.mkdir(to, { recursive: true, mode: modes.dir });
  await chmod(to, modes.dir);
  const entries = await fsp.readdir(from, { withFileTypes: true });
  const dirs = entries.filter((e) => e.isDirectory());
  const files = entries.filter((e) => e.isFile());
  await inBatches(files, COPY_PARALLEL, async (entry) => {
    const target = path.join(to, entry.name);
    await fsp.copyFile(path.join(from, entry.name), target);
    await chmod(target, modes.file);
    const { size } = await fsp.stat(target);
    stats.files.add(prefix + entry.name);
    stats.bytes += size;
  });
  for (const dir of dirs) await copyTree(path.join(from, dir.name), path.join(to, dir.name), modes, chmod, stats, `${prefix}${dir.name}/`);
  return stats;
}

/** Every file below `dir` as a relative path with "/" (what the database stores), and their bytes. */
export async function filesBelow(dir: string): Promise<CopyStats> {
  const stats: CopyStats = { files: new Set(), bytes: 0 };
  async function walk(current: string, prefix: string) {
    let entries: fs.Dirent[];
    try {
      entries = await fsp.readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    await inBatches(entries.filter((e) => e.isFile()), 64, async (entry) => {
      const { size } = await fsp.stat(path.join(current, entry.name));
      stats.files.add(prefix + entry.name);
      stats.bytes += size;
    });
    for (const entry of entries) if (entry.isDirectory()) await walk(path.join(current, entry.name), `${prefix}${entry.name}/`);
  }
  await walk(dir, "");
  return stats;
}

/** The columns that name a file: images below UPLOADS_DIR, documents below DOCUMENTS_DIR (db/schema.ts). */
const NAMED_FILES: { table: string; column: string; folder: typeof UPLOADS_FOLDER | typeof DOCUMENTS_FOLDER }[] = [
  { table: "banner", column: "image", folder: UPLOADS_FOLDER },
  { table: "gambar_produk", column: "gambar", folder: UPLOADS_FOLDER },
  { table: "galeri", column: "gambar", folder: UPLOADS_FOLDER },
  { table: "profil", column: "foto", folder: UPLOADS_FOLDER },
  { table: "template_unduhan", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "usulan_dokumen", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "catatan_harian_bukti", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "monev", column: "berita_acara_file", folder: DOCUMENTS_FOLDER },
  { table: "insentif_bukti", column: "file", folder: DOCUMENTS_FOLDER },
];

function hasColumn(db: Database.Database, table: string, column: string): boolean {
  const columns = db.prepare("select name from pragma_table_info(?)").all(table) as { name: string }[];
  return columns.some((c) => c.name === column);
}

/** The files a database names, per folder (tables an older backup lacks are skipped). */
export function namedFiles(db: Database.Database): Record<typeof UPLOADS_FOLDER | typeof DOCUMENTS_FOLDER, Set<string>> {
  const out = { [UPLOADS_FOLDER]: new Set<string>(), [DOCUMENTS_FOLDER]: new Set<string>() };
  for (const { table, column, folder } of NAMED_FILES) {
    if (!hasColumn(db, table, column)) continue;
    const rows = db.prepare(`select distinct "${column}" as f from "${table}" where "${column}" is not null and "${column}" <> ''`).raw().all() as [string][];
    for (const [file] of rows) out[folder].add(file);
  }
  return out;
}

/** What a database names but the backup's folders lack ("uploads/produk/ab.jpg"). */
function missingOf(named: ReturnType<typeof namedFiles>, present: Record<string, Set<string>>): string[] {
  const missing: string[] = [];
  for (const folder of [UPLOADS_FOLDER, DOCUMENTS_FOLDER] as const) {
    for (const file of named[folder]) if (!present[folder]?.has(file)) missing.push(`${folder}/${file}`);
  }
  return missing.sort();
}

export type Manifest = {
  aplikasi: "Etalase";
  dibuat: string;
  selesai: string;
  database: string;
  /** Bytes of the database, uploads and documents. */
  ukuran: number;
  berkas: number;
  /** Who made it: "halaman" (the Cadangan page), "cli" (npm run backup) or "sebelum-pulihkan". */
  asal: string;
  keterangan?: string;
};

async function writeManifest(folder: string, manifest: Manifest) {
  const file = path.join(folder, MANIFEST_FILE);
  await fsp.writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
  await fsp.chmod(file, PRIVATE_FILE).catch(() => {});
}

function readManifest(folder: string): Partial<Manifest> | null {
  try {
    const value = JSON.parse(fs.readFileSync(path.join(folder, MANIFEST_FILE), "utf8")) as unknown;
    return value && typeof value === "object" ? (value as Partial<Manifest>) : null;
  } catch {
    return null;
  }
}

/** The database file of a backup folder: `preferred` (the live database's name) or its only `*.db`. */
export function databaseInBackup(folder: string, preferred?: string): string | null {
  let names: string[];
  try {
    names = fs.readdirSync(folder, { withFileTypes: true }).filter((e) => e.isFile() && e.name.endsWith(".db")).map((e) => e.name);
  } catch {
    return null;
  }
  const manifest = readManifest(folder);
  const choice =
    (manifest?.database && names.includes(manifest.database) ? manifest.database : undefined) ??
    (preferred && names.includes(preferred) ? preferred : undefined) ??
    (names.length === 1 ? names[0] : undefined);
  return choice ? path.join(folder, choice) : null;
}

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

async function restrictTree(dir: string, chmod: ReturnType<typeof modeSetter>, modes: Modes = { dir: PRIVATE_DIR, file: PRIVATE_FILE }) {
  await chmod(dir, modes.dir);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await restrictTree(full, chmod, modes);
    else if (entry.isFile()) await chmod(full, modes.file);
  }
}

let running: string | null = null;

/** The name of the backup the page is making now, or null. */
export function backupInProgress(): string | null {
  return running;
}

/** The message when the page is asked for a second backup while one is being made. */
export const BACKUP_BUSY = "Cadangan lain sedang dibuat. Tunggu sampai selesai (muat ulang halaman ini), lalu coba lagi.";

/**
 * The page's backup: one at a time in this process (a second request is refused with
 * BACKUP_BUSY), in steps that leave the event loop free, with the server's own connection.
 */
export async function createBackupNow(options: { paths: DataPaths; backupsDir: string; source: Database.Database; pagesPerStep?: number }): Promise<BackupResult> {
  if (running) throw new BackupRefusal(BACKUP_BUSY);
  const nama = backupStamp();
  running = nama;
  try {
    return await createBackup({
      paths: options.paths,
      folder: path.join(options.backupsDir, nama),
      staged: true,
      source: options.source,
      pagesPerStep: options.pagesPerStep ?? 1000,
      asal: "halaman",
    });
  } finally {
    running = null;
  }
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

export type BackupEntry = {
  nama: string;
  /** ISO time the backup was made. */
  dibuat: string;
  ukuran: number;
  berkas: number;
  asal: string | null;
};

/** A name the page may use: one folder directly below BACKUPS_DIR, never hidden, never a path. */
function plainName(nama: string): boolean {
  return nama.length > 0 && nama.length <= 200 && !nama.startsWith(".") && !/[/\\\0]/.test(nama);
}

/** The folder of the backup called `nama` in `backupsDir`, or null (not there, not a backup, not a plain name). */
export function findBackup(backupsDir: string, nama: string): string | null {
  if (!plainName(nama)) return null;
  const folder = path.resolve(backupsDir, nama);
  if (path.dirname(folder) !== path.resolve(backupsDir)) return null;
  try {
    if (!fs.lstatSync(folder).isDirectory()) return null;
  } catch {
    return null;
  }
  return databaseInBackup(folder) ? folder : null;
}

/** The backups in `backupsDir`, newest first (an absent folder has none). */
export async function listBackups(backupsDir: string): Promise<BackupEntry[]> {
  let names: string[];
  try {
    names = (await fsp.readdir(backupsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const out: BackupEntry[] = [];
  for (const nama of names) {
    const folder = findBackup(backupsDir, nama);
    if (!folder) continue;
    const manifest = readManifest(folder);
    const dbFile = databaseInBackup(folder)!;
    const dibuat = (manifest?.dibuat ? new Date(manifest.dibuat) : null) ?? stampDate(nama) ?? (await fsp.stat(dbFile)).mtime;
    let ukuran = manifest?.ukuran;
    let berkas = manifest?.berkas;
    if (typeof ukuran !== "number" || typeof berkas !== "number") {
      // A backup of the first `npm run backup` (no cadangan.json): measured.
      const stats = await filesBelow(folder);
      ukuran = stats.bytes;
      berkas = stats.files.size;
    }
    out.push({ nama, dibuat: dibuat.toISOString(), ukuran, berkas, asal: typeof manifest?.asal === "string" ? manifest.asal : null });
  }
  return out.sort((a, b) => b.dibuat.localeCompare(a.dibuat) || b.nama.localeCompare(a.nama));
}

/**
 * One backup folder as a .tar.gz stream (entries `<nama>/…`), for a download. Compressed by
 * Node's zlib on the thread pool: tar's own gzip runs on the main thread, and held the event
 * loop for 0.75 s on the scaled shop's 47 MB database.
 */
export function backupArchive(backupsDir: string, nama: string): ReadableStream<Uint8Array> {
  const pack = createTar({ cwd: backupsDir, portable: true }, [nama]);
  const gzip = zlib.createGzip({ level: 6 });
  const tarStream = Readable.from(pack);
  tarStream.on("error", (error) => gzip.destroy(error));
  return Readable.toWeb(tarStream.pipe(gzip)) as ReadableStream<Uint8Array>;
}

// ---------------------------------------------------------------------------------------------
// Who uses the database

export type Holder = { pid: number; peran: "server" | "pulihkan"; sejak?: string };

export function pidFileOf(dbFile: string): string {
  return `${dbFile}.pid`;
}

function readHolder(dbFile: string): Holder | null {
  try {
    const value = JSON.parse(fs.readFileSync(pidFileOf(dbFile), "utf8")) as Partial<Holder>;
    return Number.isInteger(value.pid) && (value.peran === "server" || value.peran === "pulihkan") ? (value as Holder) : null;
  } catch {
    return null;
  }
}

/** Whether the process is there (and, where /proc tells, is a Node process: a reused pid is not). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/** The live holder of `<database>.pid`, or null (none, or a stale file of a process that is gone). */
export function databaseHolder(dbFile: string): Holder | null {
  const holder = readHolder(dbFile);
  return holder && holder.pid !== process.pid && processAlive(holder.pid) ? holder : null;
}

/** Processes (other than this one) with the database or its WAL open: Linux only, [] elsewhere. */
export function processesWithOpen(dbFile: string): { pid: number; perintah: string }[] {
  const wanted = new Set([dbFile, `${dbFile}-wal`, `${dbFile}-shm`].map((f) => path.resolve(f)));
  let pids: string[];
  try {
    pids = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name) && Number(name) !== process.pid);
  } catch {
    return [];
  }
  const found: { pid: number; perintah: string }[] = [];
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    const opened = fds.some((fd) => {
      try {
        return wanted.has(fs.readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (!opened) continue;
    let perintah = "";
    try {
      perintah = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").filter(Boolean).join(" ");
    } catch {
      /* gone meanwhile */
    }
    found.push({ pid: Number(pid), perintah });
  }
  return found;
}

export const STOP_SERVER_HINT =
  "Hentikan server dulu dengan rapi (Ctrl-C di terminal tempat `npm start` berjalan, `systemctl stop …` bila dijalankan sebagai layanan, atau `kill <pid>`), lalu jalankan pemulihan lagi.";

/**
 * Takes `<database>.pid` for a restore (role "pulihkan": a server will not start meanwhile) and
 * refuses while a server or another restore holds it, or while any process has the database
 * open. Returns the release function.
 */
export function claimForRestore(dbFile: string): () => void {
  const file = pidFileOf(dbFile);
  for (let attempt = 0; ; attempt++) {
    const holder = databaseHolder(dbFile);
    if (holder?.peran === "server") {
      throw new BackupRefusal(`Server Etalase sedang memakai database ini (pid ${holder.pid}, tercatat di ${file}). ${STOP_SERVER_HINT}`);
    }
    if (holder) throw new BackupRefusal(`Pemulihan lain sedang berjalan untuk database ini (pid ${holder.pid}). Tunggu sampai selesai.`);
    try {
      fs.mkdirSync(path.dirname(file), { recursive: true, mode: PRIVATE_DIR });
      fs.writeFileSync(file, JSON.stringify({ pid: process.pid, peran: "pulihkan", sejak: new Date().toISOString() }), { flag: "wx", mode: PRIVATE_FILE });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      // A stale file (its process is gone): replaced. A live one is refused above.
      if (!databaseHolder(dbFile)) fs.rmSync(file, { force: true });
    }
  }
  const release = () => {
    if (readHolder(dbFile)?.pid === process.pid) fs.rmSync(file, { force: true });
  };
  const open = processesWithOpen(dbFile);
  if (open.length) {
    release();
    const list = open.map((p) => `pid ${p.pid}${p.perintah ? ` (${p.perintah.slice(0, 120)})` : ""}`).join(", ");
    throw new BackupRefusal(`Database ini sedang dibuka oleh proses lain: ${list}. ${STOP_SERVER_HINT}`);
  }
  return release;
}

// ---------------------------------------------------------------------------------------------
// Restore

export type RestorePlan = {
  folder: string;
  nama: string;
  database: string;
  dibuat: Date | null;
  ukuran: number;
  berkas: number;
  /** Rows of the main tables, for the question before the restore. */
  isi: Record<string, number>;
  /** The checked copy of the backup's database, beside the live one (renamed into place). */
  staged: string;
  discard(): void;
};

/** The newest migration this code knows, and the database's newest (Drizzle's table). */
function tooNew(db: Database.Database, migrationsFolder: string): string | null {
  const table = db.prepare("select 1 from sqlite_master where type = 'table' and name = '__drizzle_migrations'").get();
  if (!table) return null;
  const dbLast = (db.prepare("select max(created_at) as at from __drizzle_migrations").get() as { at: number | null }).at;
  const journal = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta/_journal.json"), "utf8")) as { entries: { when: number }[] };
  const codeLast = Math.max(...journal.entries.map((e) => e.when));
  if (dbLast === null || Number(dbLast) <= codeLast) return null;
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return (
    `Cadangan ini dibuat oleh versi Etalase yang lebih baru (perubahan data terakhirnya ${day(Number(dbLast))}, ` +
    `versi ini hanya mengenal sampai ${day(codeLast)}). Pasang versi Etalase yang lebih baru dulu, lalu pulihkan.`
  );
}

const COUNTED = ["produk", "kategori", "gambar_produk", "kantor_cabang", "users", "usulan"];

/**
 * Checks a backup folder and stages a copy of its database beside the live one: a folder that
 * is there, one database file, SQLite's integrity_check "ok", an Etalase database (users,
 * setting) no newer than this code, and every image and document it names present in the
 * backup. Any failure is a BackupRefusal (and nothing is left behind).
 */
export async function prepareRestore(options: { folder: string; paths: DataPaths; migrationsFolder: string }): Promise<RestorePlan> {
  const folder = path.resolve(options.folder);
  const { paths } = options;
  let stat: fs.Stats;
  try {
    stat = fs.statSync(folder);
  } catch {
    throw new BackupRefusal(`Folder cadangan tidak ditemukan: ${folder}`);
  }
  if (!stat.isDirectory()) throw new BackupRefusal(`${folder} bukan folder. Berikan folder cadangannya (mis. backups/2026-05-01T08-30-00-000Z), bukan sebuah berkas.`);
  const source = databaseInBackup(folder, path.basename(paths.dbFile));
  if (!source) {
    throw new BackupRefusal(`${folder} bukan cadangan Etalase: tidak ada satu berkas database (*.db) di dalamnya.`);
  }

  const stagingDir = path.join(path.dirname(paths.dbFile), `.pulihkan-${backupStamp()}`);
  fs.mkdirSync(stagingDir, { recursive: true, mode: PRIVATE_DIR });
  const discard = () => fs.rmSync(stagingDir, { recursive: true, force: true });
  try {
    const staged = path.join(stagingDir, path.basename(paths.dbFile));
    fs.copyFileSync(source, staged);
    fs.chmodSync(staged, PRIVATE_FILE);
    // A folder copied by hand from a stopped shop may carry the last writes in its WAL.
    if (fs.existsSync(`${source}-wal`)) fs.copyFileSync(`${source}-wal`, `${staged}-wal`);

    let db: Database.Database | null = null;
    let problem: string | null = null;
    let named: ReturnType<typeof namedFiles> = { [UPLOADS_FOLDER]: new Set(), [DOCUMENTS_FOLDER]: new Set() };
    const isi: Record<string, number> = {};
    try {
      db = new Database(staged, { fileMustExist: true });
      const result = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check);
      if (result.length !== 1 || result[0] !== "ok") {
        problem = `Cadangan rusak: pemeriksaan integritas SQLite gagal (${result.slice(0, 3).join("; ")}${result.length > 3 ? "; …" : ""}). Pakai cadangan lain.`;
      } else if (!["users", "setting"].every((t) => db!.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(t))) {
        problem = `${path.basename(source)} bukan database Etalase (tabel users dan setting tidak ada).`;
      } else {
        problem = tooNew(db, options.migrationsFolder);
        if (!problem) {
          db.pragma("wal_checkpoint(TRUNCATE)");
          named = namedFiles(db);
          for (const table of COUNTED) {
            if (db.prepare("select 1 from sqlite_master where type = 'table' and name = ?").get(table)) {
              isi[table] = (db.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
            }
          }
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code ?? "";
      if (!/^SQLITE_/.test(code)) throw error;
      problem = `Cadangan rusak: ${path.basename(source)} bukan database SQLite yang utuh (${(error as Error).message}). Pakai cadangan lain.`;
    } finally {
      db?.close();
    }
    if (problem) throw new BackupRefusal(problem);

    const uploads = await filesBelow(path.join(folder, UPLOADS_FOLDER));
    const documents = await filesBelow(path.join(folder, DOCUMENTS_FOLDER));
    const missing = missingOf(named, { [UPLOADS_FOLDER]: uploads.files, [DOCUMENTS_FOLDER]: documents.files });
    if (missing.length) {
      const shown = missing.slice(0, 10).join(", ");
      throw new BackupRefusal(
        `Cadangan tidak lengkap: ${missing.length} berkas yang disebut database tidak ada di ${folder}: ${shown}${missing.length > 10 ? ", …" : ""}. ` +
          "Memulihkannya akan membuat gambar atau dokumen itu hilang; pakai cadangan lain yang lengkap.",
      );
    }
    const manifest = readManifest(folder);
    const dibuat = (manifest?.dibuat ? new Date(manifest.dibuat) : null) ?? stampDate(path.basename(folder));
    return {
      folder,
      nama: path.basename(folder),
      database: source,
      dibuat: dibuat && !Number.isNaN(dibuat.getTime()) ? dibuat : null,
      ukuran: fs.statSync(source).size + uploads.bytes + documents.bytes,
      berkas: 1 + uploads.files.size + documents.files.size,
      isi,
      staged,
      discard,
    };
  } catch (error) {
    discard();
    throw error;
  }
}

/** Renames, or copies then removes across file systems (a USB stick, another disk). */
async function move(from: string, to: string, chmod: ReturnType<typeof modeSetter>, modes: Modes) {
  try {
    await fsp.rename(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
    if ((await fsp.stat(from)).isDirectory()) await copyTree(from, to, modes, chmod);
    else {
      await fsp.copyFile(from, to);
      await chmod(to, modes.file);
    }
    await fsp.rm(from, { recursive: true, force: true });
  }
}

export type RestoreResult = { aside: string | null; detik: number };

/**
 * Puts a checked backup in place (the caller holds claimForRestore): the backup's uploads and
 * documents are copied beside the live folders first; then the live database (its WAL folded
 * in), uploads and documents move to `<backupsDir>/sebelum-pulihkan-<timestamp>` and the copies
 * are renamed into place. A failure on the way moves everything back. Last, one activity-log
 * row ("Dipulihkan dari <folder>") when the restored database has the log.
 */
export async function applyRestore(plan: RestorePlan, options: { paths: DataPaths; backupsDir: string; warn?: Warn; log?: (message: string) => void }): Promise<RestoreResult> {
  const started = Date.now();
  const { paths } = options;
  const warn = options.warn ?? ((m: string) => console.warn(m));
  const log = options.log ?? (() => {});
  const chmod = modeSetter(warn);
  const stamp = backupStamp();
  const stageOf = (dir: string) => path.join(path.dirname(dir), `.${path.basename(dir)}.pulihkan-${stamp}`);
  const uploadsStage = stageOf(paths.uploadsDir);
  const documentsStage = stageOf(paths.documentsDir);
  const backupDocuments = path.join(plan.folder, DOCUMENTS_FOLDER);
  const cleanStages = async () => {
    await fsp.rm(uploadsStage, { recursive: true, force: true });
    await fsp.rm(documentsStage, { recursive: true, force: true });
  };

  try {
    // 1. The backup's files beside the live folders (the slow part; nothing live changes yet).
    log("Menyalin gambar dan dokumen dari cadangan …");
    if (fs.existsSync(path.join(plan.folder, UPLOADS_FOLDER))) {
      await copyTree(path.join(plan.folder, UPLOADS_FOLDER), uploadsStage, { dir: PUBLIC_DIR, file: PUBLIC_FILE }, chmod);
    } else {
      await fsp.mkdir(uploadsStage, { recursive: true, mode: PUBLIC_DIR });
    }
    if (fs.existsSync(backupDocuments)) {
      await copyTree(backupDocuments, documentsStage, { dir: PRIVATE_DIR, file: PRIVATE_FILE }, chmod);
    }
  } catch (error) {
    await cleanStages();
    throw error;
  }

  // 2. The live data aside. The database's WAL is folded in first so the file is complete alone.
  const hasLive = [paths.dbFile, paths.uploadsDir, paths.documentsDir].some((p) => fs.existsSync(p));
  let aside: string | null = null;
  const undo: (() => Promise<void>)[] = [];
  try {
    if (hasLive) {
      let asideDir = path.join(options.backupsDir, `${ASIDE_PREFIX}${stamp}`);
      for (let n = 2; fs.existsSync(asideDir); n++) asideDir = path.join(options.backupsDir, `${ASIDE_PREFIX}${stamp}-${n}`);
      aside = asideDir;
      await fsp.mkdir(aside, { recursive: true, mode: PRIVATE_DIR });
      log(`Menyimpan data sekarang ke ${aside} …`);
      if (fs.existsSync(paths.dbFile)) {
        const live = new Database(paths.dbFile, { fileMustExist: true });
        try {
          live.pragma("wal_checkpoint(TRUNCATE)");
          live.pragma("journal_mode = DELETE");
        } finally {
          live.close();
        }
        const target = path.join(aside, path.basename(paths.dbFile));
        await move(paths.dbFile, target, chmod, { dir: PRIVATE_DIR, file: PRIVATE_FILE });
        undo.push(() => move(target, paths.dbFile, chmod, { dir: PRIVATE_DIR, file: PRIVATE_FILE }));
      }
      for (const suffix of ["-wal", "-shm", "-journal"]) await fsp.rm(paths.dbFile + suffix, { force: true });
      for (const [live, name, modes] of [
        [paths.uploadsDir, UPLOADS_FOLDER, { dir: PUBLIC_DIR, file: PUBLIC_FILE }],
        [paths.documentsDir, DOCUMENTS_FOLDER, { dir: PRIVATE_DIR, file: PRIVATE_FILE }],
      ] as const) {
        if (!fs.existsSync(live)) continue;
        const target = path.join(aside, name);
        await move(live, target, chmod, modes);
        undo.push(() => move(target, live, chmod, modes));
      }
    }

    // 3. The backup in place.
    log("Memasang cadangan …");
    await fsp.mkdir(path.dirname(paths.dbFile), { recursive: true, mode: PRIVATE_DIR });
    await fsp.rename(plan.staged, paths.dbFile);
    undo.push(async () => fsp.rename(paths.dbFile, plan.staged));
    await fsp.mkdir(path.dirname(paths.uploadsDir), { recursive: true });
    await fsp.rename(uploadsStage, paths.uploadsDir);
    undo.push(async () => fsp.rename(paths.uploadsDir, uploadsStage));
    if (fs.existsSync(documentsStage)) {
      await fsp.mkdir(path.dirname(paths.documentsDir), { recursive: true, mode: PRIVATE_DIR });
      await fsp.rename(documentsStage, paths.documentsDir);
    }
  } catch (error) {
    let undone = true;
    for (const step of undo.reverse()) {
      try {
        await step();
      } catch (undoError) {
        undone = false;
        warn(`Gagal mengembalikan sebagian data (${(undoError as Error).message}); data sebelumnya tersimpan di ${aside}.`);
      }
    }
    await cleanStages();
    // Emptied by the undo: removed. Otherwise it still holds the shop's data and stays.
    if (aside && undone) await fsp.rm(aside, { recursive: true, force: true }).catch(() => {});
    throw error;
  }
  plan.discard();

  // 4. The replaced data is a backup like any other (listed on the page, restorable).
  if (aside) {
    await restrictTree(aside, chmod);
    const stats = await filesBelow(aside);
    await writeManifest(aside, {
      aplikasi: "Etalase",
      dibuat: new Date(started).toISOString(),
      selesai: new Date().toISOString(),
      database: path.basename(paths.dbFile),
      ukuran: stats.bytes,
      berkas: stats.files.size,
      asal: "sebelum-pulihkan",
      keterangan: `Data sebelum pemulihan dari ${plan.nama}`,
    });
  }

  // 5. The activity log says so (an older backup without the log: the first start migrates).
  await chmod(paths.dbFile, PRIVATE_FILE);
  const db = new Database(paths.dbFile, { fileMustExist: true });
  try {
    if (db.prepare("select 1 from sqlite_master where type = 'table' and name = 'aktivitas'").get()) {
      db.prepare(
        "INSERT INTO aktivitas (waktu, id_user, nama_user, aksi, entitas, id_entitas, ringkasan, perubahan) VALUES (?, NULL, 'Sistem', 'pulihkan', 'cadangan', NULL, ?, NULL)",
      ).run(Date.now(), `Dipulihkan dari ${plan.nama}`);
    }
  } finally {
    db.close();
  }
  return { aside, detik: (Date.now() - started) / 1000 };
}
