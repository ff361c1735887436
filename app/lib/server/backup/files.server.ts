/**
 * What every backup and restore shares: where the data lives (DataPaths), backup folder names,
 * the refusal type, copying a tree with its file modes, the files a database names, and the
 * manifest (cadangan.json). The backup itself is create.server.ts, the list list.server.ts, the
 * restore restore.server.ts and who holds the database holder.server.ts.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types (imports name their `.ts` file), so that the scripts import these files as they are.
 */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import type Database from "better-sqlite3";
import { parseWibDateTime, toWibDateTimeInput } from "../../util/wib.ts";

export const UPLOADS_FOLDER = "uploads";
export const DOCUMENTS_FOLDER = "dokumen";
export const MANIFEST_FILE = "cadangan.json";
/** The name of the folder a restore keeps the replaced data in (below BACKUPS_DIR). */
export const ASIDE_PREFIX = "sebelum-pulihkan-";

export const PRIVATE_DIR = 0o700;
export const PRIVATE_FILE = 0o600;
/** Restored images are served by the app like any upload: readable, as uploads are made. */
export const PUBLIC_DIR = 0o755;
export const PUBLIC_FILE = 0o644;
/** Files copied at the same time (a dozen keeps the disk busy without flooding the thread pool). */
const COPY_PARALLEL = 12;

export type DataPaths = { dbFile: string; uploadsDir: string; documentsDir: string };

/**
 * Where the data lives, read from the environment the way the app reads it (README, "Where the
 * data lives"), relative paths from `cwd` (the folder the shop runs in).
 */
export function dataPaths(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): DataPaths {
  const dbFile = path.resolve(cwd, env.DATABASE_URL || "./data/etalase.db");
  return {
    dbFile,
    uploadsDir: path.resolve(cwd, env.UPLOADS_DIR || "./uploads"),
    documentsDir: path.resolve(cwd, env.DOCUMENTS_DIR || path.join(path.dirname(dbFile), "dokumen")),
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

/** BACKUPS_DIR, default `backups/` in the folder the shop runs from (`cwd`). */
export function backupsDirOf(value: string | undefined, cwd = process.cwd()): string {
  return path.resolve(cwd, value || "./backups");
}

/**
 * A unique stamp for the hidden working folders of a backup or a restore: the time in UTC to
 * the millisecond, safe on every file system (2026-05-01T08-30-00-000Z). Backups made before
 * the names moved to WIB carry it as their name.
 */
export function backupStamp(date = new Date()): string {
  return date.toISOString().replace(/[:.]/g, "-");
}

/** The minute in WIB, as the Cadangan page shows times: 2026-11-29-0200-WIB. */
export function wibStamp(date = new Date()): string {
  return `${toWibDateTimeInput(date).replace("T", "-").replace(":", "")}-WIB`;
}

/** What a backup folder's name says of its origin (the manifest's `asal` says it too). */
export const AUTOMATIC_SUFFIX = "-otomatis";

/**
 * A new backup's folder name, in WIB: `etalase-2026-11-29-1432-WIB`, the daily automatic one
 * `etalase-2026-11-29-0200-WIB-otomatis`. Two in the same minute: createBackup adds `-2`.
 */
export function backupName(date = new Date(), { otomatis = false } = {}): string {
  return `etalase-${wibStamp(date)}${otomatis ? AUTOMATIC_SUFFIX : ""}`;
}

/** When a backup was made, read from its name: WIB to the minute, or the older UTC stamp. */
export function stampDate(name: string): Date | null {
  const wib = /(\d{4}-\d{2}-\d{2})-(\d{2})(\d{2})-WIB/.exec(name);
  if (wib) return parseWibDateTime(`${wib[1]}T${wib[2]}:${wib[3]}`);
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

export type Warn = (message: string) => void;

/** chmod that only warns (once per kind of failure): a FAT-formatted USB stick keeps no modes. */
export function modeSetter(warn: Warn) {
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

export type Modes = { dir: number; file: number };
export type CopyStats = { files: Set<string>; bytes: number };

async function inBatches<T>(items: T[], size: number, run: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/**
 * Copies a folder tree, asynchronously and a few files at a time (a large shop's uploads never
 * hold the event loop), giving every folder and file its mode. Symbolic links are not followed
 * nor copied: the app never makes them. Returns the relative paths ("produk/ab.jpg") and bytes.
 */
export async function copyTree(from: string, to: string, modes: Modes, chmod: ReturnType<typeof modeSetter>, stats: CopyStats = { files: new Set(), bytes: 0 }, prefix = ""): Promise<CopyStats> {
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
  { table: "setting", column: "kop_logo", folder: UPLOADS_FOLDER },
  { table: "template_unduhan", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "usulan_dokumen", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "catatan_harian_bukti", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "monev", column: "berita_acara_file", folder: DOCUMENTS_FOLDER },
  { table: "insentif_bukti", column: "file", folder: DOCUMENTS_FOLDER },
  { table: "pembayaran_dana", column: "file", folder: DOCUMENTS_FOLDER },
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
export function missingOf(named: ReturnType<typeof namedFiles>, present: Record<string, Set<string>>): string[] {
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
  /**
   * Who made it: "halaman" (the Cadangan page), "otomatis" (the daily backup), "cli" (npm run
   * backup), "sebelum-pulihkan" or "sebelum-hapus-demo" (made first by removing the demo).
   */
  asal: string;
  keterangan?: string;
};

export async function writeManifest(folder: string, manifest: Manifest) {
  const file = path.join(folder, MANIFEST_FILE);
  await fsp.writeFile(file, `${JSON.stringify(manifest, null, 2)}\n`, { mode: PRIVATE_FILE });
  await fsp.chmod(file, PRIVATE_FILE).catch(() => {});
}

export function readManifest(folder: string): Partial<Manifest> | null {
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

export async function restrictTree(dir: string, chmod: ReturnType<typeof modeSetter>, modes: Modes = { dir: PRIVATE_DIR, file: PRIVATE_FILE }) {
  await chmod(dir, modes.dir);
  for (const entry of await fsp.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await restrictTree(full, chmod, modes);
    else if (entry.isFile()) await chmod(full, modes.file);
  }
}
