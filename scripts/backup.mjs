// `npm run backup [-- <folder>]`: a consistent copy of the database (SQLite online backup, safe
// while the server runs) and of the uploads folder, into backups/<timestamp>/ by default.
import "./check-node.mjs";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

const dbFile = path.resolve(process.env.DATABASE_URL ?? "./data/etalase.db");
const uploads = path.resolve(process.env.UPLOADS_DIR ?? "./uploads");
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const target = path.resolve(process.argv[2] ?? path.join("backups", stamp));

if (!fs.existsSync(dbFile)) {
  console.error(`Database tidak ditemukan: ${dbFile}`);
  process.exit(1);
}
fs.mkdirSync(target, { recursive: true });
const db = new Database(dbFile, { readonly: true, fileMustExist: true });
await db.backup(path.join(target, path.basename(dbFile)));
db.close();
if (fs.existsSync(uploads)) fs.cpSync(uploads, path.join(target, "uploads"), { recursive: true });
console.log(`Cadangan selesai: ${target}`);
