// `npm run backup [-- <folder>]`: a consistent copy of the database (SQLite online backup, safe
// while the server runs), of the uploads folder and of the private documents (DOCUMENTS_DIR),
// into BACKUPS_DIR/etalase-<date>-<hhmm>-WIB/ (default backups/) or the folder given.
// A backup holds password hashes and sessions: its folders are created 0700 and its files
// 0600, whatever the umask (a USB stick's FAT file system ignores this, with a warning).
// The work is done by app/lib/server/backup/, shared with the Cadangan page and
// `npm run restore`.
import "./check-node.mjs";
import path from "node:path";
import { createBackup } from "../app/lib/server/backup/create.server.ts";
import { BackupRefusal, backupName, backupsDirOf, dataPaths } from "../app/lib/server/backup/files.server.ts";
import { shown, size } from "./cli.mjs";
import { startEnv } from "./settings.mjs";

// The shop the quick start set up (.env), whatever this shell has set beside it.
const { env } = startEnv({ cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), "..") });
const paths = dataPaths(env);
const chosen = process.argv[2];
const folder = chosen ? path.resolve(chosen) : path.join(backupsDirOf(env.BACKUPS_DIR), backupName());

try {
  // A folder the owner names is written in place; a new one below BACKUPS_DIR appears only when complete.
  const result = await createBackup({ paths, folder, staged: !chosen, asal: "cli", warn: (m) => console.warn(m) });
  if (result.hilang.length) {
    const named = result.hilang.slice(0, 10).join(", ");
    console.warn(
      `Peringatan: ${result.hilang.length} berkas yang disebut database tidak ada di folder toko: ${named}${result.hilang.length > 10 ? ", …" : ""}. ` +
        "Cadangan ini akan ditolak saat dipulihkan sampai berkas itu ada lagi.",
    );
  }
  console.log(`Cadangan selesai: ${result.folder}`);
  console.log(`  ${result.berkas} berkas, ${size(result.ukuran)}, ${result.detik.toFixed(1)} dtk.`);
  console.log(`  Memulihkan: npm run restore -- ${shown(result.folder)}`);
} catch (error) {
  if (!(error instanceof BackupRefusal)) throw error;
  console.error(error.message);
  process.exit(1);
}
