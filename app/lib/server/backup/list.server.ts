/** The backups below BACKUPS_DIR (the Cadangan page), one by its name, and one as a download. */
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import zlib from "node:zlib";
import { create as createTar } from "tar";
import { databaseInBackup, filesBelow, readManifest, stampDate } from "./files.server.ts";

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

/**
 * The backups in `backupsDir`, newest first. An absent folder has none, and so has a path that
 * is no folder (a wrong BACKUPS_DIR): the page then still shows, with the reason of the failed
 * backup.
 */
export async function listBackups(backupsDir: string): Promise<BackupEntry[]> {
  let names: string[];
  try {
    names = (await fsp.readdir(backupsDir, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (error) {
    if (["ENOENT", "ENOTDIR"].includes((error as NodeJS.ErrnoException).code ?? "")) return [];
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
