// `npm run backup [-- <folder>]`: a consistent copy of the database (SQLite online backup, safe
// while the server runs), of the uploads folder and of the private documents (DOCUMENTS_DIR), into backups/<timestamp>/ by default.
// A backup holds password hashes and sessions: its folders are created 0700 and its files
// 0600, whatever the umask (a USB stick's FAT file system ignores this, with a warning).
import "./check-node.mjs";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const dbFile = path.resolve(process.env.DATABASE_URL || "./data/etalase.db");
const uploads = path.resolve(process.env.UPLOADS_DIR || "./uploads");
const documents = path.resolve(process.env.DOCUMENTS_DIR || path.join(path.dirname(dbFile), "dokumen"));
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] ?? path.join("backups", stamp));

if (!fs.existsSync(dbFile)) {
  console.error(`Database tidak ditemukan: ${dbFile}`);
  process.exit(1);
}

const warned = new Set();
function restrict(file, mode) {
  try {
    fs.chmodSync(file, mode);
  } catch (error) {
    if (warned.has(error.code)) return;
    warned.add(error.code);
    console.warn(`Peringatan: izin ${file} tidak bisa diubah ke ${mode.toString(8)} (${error.message}).`);
  }
}

/** Every folder and file below `dir` (and `dir` itself) to 0700 / 0600. */
function restrictTree(dir) {
  restrict(dir, 0o700);
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) restrictTree(full);
    else restrict(full, 0o600);
  }
}

// New folders (backups/ and the timestamped one) are made 0700; the chosen folder itself is
// the backup's own, so it is tightened even when it already existed.
fs.mkdirSync(target, { recursive: true, mode: 0o700 });
restrict(target, 0o700);
const copy = path.join(target, path.basename(dbFile));
// Created empty and 0600 first: SQLite would create it with the umask's 0644.
fs.closeSync(fs.openSync(copy, "w", 0o600));
restrict(copy, 0o600);
const db = new Database(dbFile, { readonly: true, fileMustExist: true });
await db.backup(copy);
db.close();
if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(target, "uploads"), { recursive: true });
if (fs.existsSync(documents)) fs.cpSync(documents, path.join(target, "dokumen"), { recursive: true });
restrictTree(target);
console.log(`Cadangan selesai: ${target}`);
