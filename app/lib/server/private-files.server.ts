/**
 * Files only the shop's own system user may read: the database (with its -wal/-shm), the
 * folder holding it, and the secrets written beside it (session secret, the first operator's
 * generated password). Created 0700/0600 whatever the umask, so a shared machine's other
 * users cannot copy password hashes, sessions or a fresh password.
 */
import fs from "node:fs";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

type Warn = (message: string) => void;

/** SQLite's companions of a database file; SQLite gives them the database file's mode. */
const COMPANIONS = ["", "-wal", "-shm", "-journal"];

/**
 * Creates `dir` (and missing parents) 0700. An existing folder is left as it is, since it may
 * hold more than the shop's files (DATABASE_URL=/srv/toko.db), but one that others can
 * enter gets a warning naming the fix.
 */
export function ensurePrivateDir(dir: string, warn: Warn = console.warn): void {
  if (!fs.existsSync(dir)) {
    fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
    // mkdir applies the umask; a umask like 0o077 is fine, but make the result exact.
    fs.chmodSync(dir, PRIVATE_DIR_MODE);
    return;
  }
  const mode = fs.statSync(dir).mode & 0o777;
  if (mode & 0o077) {
    warn(
      `[etalase] Peringatan: folder ${dir} bisa dibuka pengguna lain (mode ${mode.toString(8)}); ` +
        `sebaiknya: chmod 700 ${JSON.stringify(dir)}`,
    );
  }
}

/** Makes an existing file 0600; a file of another owner (EPERM) only gets a warning. */
export function restrictFile(file: string, warn: Warn = console.warn): void {
  let mode: number;
  try {
    mode = fs.statSync(file).mode & 0o777;
  } catch {
    return;
  }
  if ((mode & 0o077) === 0) return;
  try {
    fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (error) {
    warn(`[etalase] Peringatan: izin ${file} tidak bisa diubah ke 600 (${(error as Error).message}).`);
  }
}

/**
 * Before SQLite opens the database: its folder 0700 when new, the file created empty 0600
 * (SQLite would create it 0644, and it creates -wal/-shm with the database file's mode), and
 * the files of an existing database tightened to 0600.
 */
export function protectDatabaseFiles(databaseUrl: string, warn: Warn = console.warn): void {
  if (databaseUrl === ":memory:" || databaseUrl.startsWith("file:")) return;
  const file = path.resolve(databaseUrl);
  ensurePrivateDir(path.dirname(file), warn);
  if (!fs.existsSync(file)) fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE_MODE));
  for (const suffix of COMPANIONS) restrictFile(file + suffix, warn);
}

/**
 * A secret file readable by its owner only, in two steps: `stagePrivateFile` writes it under a
 * temporary name (0600), `commit()` renames it into place, `discard()` removes it. The final
 * name never exists half written or with looser permissions, and a caller can write the file
 * before the change it describes and drop it if that change does not happen.
 */
export function stagePrivateFile(file: string, content: string): { commit(): void; discard(): void } {
  ensurePrivateDir(path.dirname(file));
  const temp = `${file}.${process.pid}.tmp`;
  // A leftover of a crash may have other permissions: start from a new file.
  fs.rmSync(temp, { force: true });
  fs.writeFileSync(temp, content, { mode: PRIVATE_FILE_MODE, flag: "wx" });
  fs.chmodSync(temp, PRIVATE_FILE_MODE);
  return {
    commit: () => fs.renameSync(temp, file),
    discard: () => fs.rmSync(temp, { force: true }),
  };
}
