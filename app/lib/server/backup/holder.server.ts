/**
 * Who uses the database: a restore or `npm run demo:hapus` claims `<database>.pid` (pid-file.mjs)
 * and refuses while a server or another such claim holds it, or while any process has the
 * database open (Linux: /proc/<pid>/fd), whoever started it.
 *
 * Only `node:` modules, better-sqlite3 and tar, and TypeScript that Node can run by stripping
 * its types (imports name their `.ts` file), so that the scripts import these files as they are.
 */
import fs from "node:fs";
import path from "node:path";
import { databaseHolder, pidFileOf, releaseHolder, writeHolder } from "../pid-file.mjs";
import { BackupRefusal } from "./files.server.ts";


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

/** What a claim other than a server's is doing, as a refusal names it. */
const KERJA: Record<"pulihkan" | "hapus-demo", string> = { pulihkan: "Pemulihan", "hapus-demo": "Penghapusan data demo" };

/**
 * Takes `<database>.pid` for a change of the whole database that no server may run under
 * (role `peran`: a server will not start meanwhile) and refuses while a server or another such
 * change holds it, or while any process has the database open; `hint` tells the owner what to do
 * about a server. Returns the release function.
 */
export function claimDatabase(dbFile: string, peran: "pulihkan" | "hapus-demo", hint: string): () => void {
  const file = pidFileOf(dbFile);
  for (let attempt = 0; ; attempt++) {
    const holder = databaseHolder(dbFile);
    if (holder?.peran === "server") {
      throw new BackupRefusal(`Server Etalase sedang memakai database ini (pid ${holder.pid}, tercatat di ${file}). ${hint}`);
    }
    if (holder) throw new BackupRefusal(`${KERJA[holder.peran]}${holder.peran === peran ? " lain" : ""} sedang berjalan untuk database ini (pid ${holder.pid}). Tunggu sampai selesai.`);
    try {
      writeHolder(dbFile, { pid: process.pid, peran }, { exclusive: true });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST" || attempt > 2) throw error;
      // A stale file (its process is gone): replaced. A live one is refused above.
      if (!databaseHolder(dbFile)) fs.rmSync(file!, { force: true });
    }
  }
  const release = () => releaseHolder(dbFile);
  const open = processesWithOpen(dbFile);
  if (open.length) {
    release();
    const list = open.map((p) => `pid ${p.pid}${p.perintah ? ` (${p.perintah.slice(0, 120)})` : ""}`).join(", ");
    throw new BackupRefusal(`Database ini sedang dibuka oleh proses lain: ${list}. ${hint}`);
  }
  return release;
}

/** A restore's claim (`npm run restore`): see claimDatabase. */
export function claimForRestore(dbFile: string): () => void {
  return claimDatabase(dbFile, "pulihkan", STOP_SERVER_HINT);
}
