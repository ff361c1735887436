/**
 * `<database>.pid`: "a process uses this database". JSON `{ pid, peran, sejak }`:
 *
 * - peran "server": written by server.js when it starts serving. The pid is the one to stop:
 *   under the supervisor (scripts/serve.mjs) the supervisor's — stopping the serving process alone
 *   only makes the supervisor start a new one — which also removes the file when it ends;
 *   otherwise the server's own, removed when it exits.
 * - peran "pulihkan": written by a restore (`npm run restore`) while it replaces the data, and
 *   "hapus-demo" by `npm run demo:hapus` while it removes the demo: a server refuses to start
 *   meanwhile, and each refuses while a server or the other holds the file.
 *
 * A file left by a process that is gone (kill -9, a power cut) names a dead pid and is ignored.
 * Plain JavaScript so that server.js and the supervisor load it without a build.
 */
import fs from "node:fs";
import path from "node:path";

/** @typedef {"server" | "pulihkan" | "hapus-demo"} Peran */
/** @typedef {{ pid: number; peran: Peran; sejak?: string }} Holder */

/** The roles a pid file may name. */
export const PERAN = ["server", "pulihkan", "hapus-demo"];

/** The pid file of a database file, or null for a database that is not a file. */
export function pidFileOf(dbFile) {
  if (!dbFile || dbFile === ":memory:" || dbFile.startsWith("file:")) return null;
  return `${path.resolve(dbFile)}.pid`;
}

/**
 * What the pid file says (any pid, alive or not), or null.
 * @returns {Holder | null}
 */
export function readHolder(dbFile) {
  const file = pidFileOf(dbFile);
  if (!file) return null;
  try {
    const value = JSON.parse(fs.readFileSync(file, "utf8"));
    return Number.isInteger(value?.pid) && PERAN.includes(value.peran) ? value : null;
  } catch {
    return null;
  }
}

/** Whether the process is there (and, where /proc tells, is a Node process: a reused pid is not). */
export function processAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if (error?.code !== "EPERM") return false;
  }
  try {
    return fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("node");
  } catch {
    return true;
  }
}

/**
 * The live holder of the database other than this process, or null (none, or a stale file).
 * @returns {Holder | null}
 */
export function databaseHolder(dbFile) {
  const holder = readHolder(dbFile);
  return holder && holder.pid !== process.pid && processAlive(holder.pid) ? holder : null;
}

/**
 * Writes the pid file for `pid` in role `peran`. `exclusive`: only when no file is there (a
 * restore must not overwrite a server's claim that appeared meanwhile); throws EEXIST then.
 */
export function writeHolder(dbFile, { pid, peran }, { exclusive = false } = {}) {
  const file = pidFileOf(dbFile);
  if (!file) return;
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  if (!exclusive) fs.rmSync(file, { force: true });
  fs.writeFileSync(file, JSON.stringify({ pid, peran, sejak: new Date().toISOString() }), { flag: "wx", mode: 0o600 });
}

/** Removes the pid file if it still names `pid` (never another process's claim). */
export function releaseHolder(dbFile, pid = process.pid) {
  const file = pidFileOf(dbFile);
  if (file && readHolder(dbFile)?.pid === pid) fs.rmSync(file, { force: true });
}
