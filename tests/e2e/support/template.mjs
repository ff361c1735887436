/**
 * The seeded demo shop every e2e server starts from: the shared server (../start-server.mjs) and
 * each worker's own (./servers.ts) copy one template instead of each seeding the shop again.
 * Seeding renders ~130 images (10+ s of a busy machine's CPU), so it runs once per build: whoever
 * comes first seeds .tmp/operator-e2e-template-<build hash>/ behind a lock directory; the others
 * wait for its `.complete` mark. Plain JavaScript, as start-server.mjs runs under plain Node.
 */
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { freePort } from "../../../bench/lib.mjs";

export const ROOT = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));
export const TMP = path.join(ROOT, ".tmp");
export const DB_FILE = "etalase.db";
const BUILD = path.join(ROOT, "build/server/index.js");

/** The build's identity: the server entry and the names of its (content-hashed) chunks. */
function buildHash() {
  if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const hash = crypto.createHash("sha256").update(fs.readFileSync(BUILD));
  const assets = path.join(ROOT, "build/server/assets");
  if (fs.existsSync(assets)) hash.update(fs.readdirSync(assets).sort().join("\n"));
  return hash.digest("hex").slice(0, 16);
}

/** @param {number} ms */
export function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/**
 * Runs `node server.js` (or, `supervised`, the supervisor of `npm start`) with `env` until it
 * logs that it listens; rejects with its output otherwise.
 * @param {NodeJS.ProcessEnv} env
 * @param {{ supervised?: boolean }} [options]
 * @returns {Promise<import("node:child_process").ChildProcess>}
 */
export async function spawnServer(env, { supervised = false } = {}) {
  const script = supervised ? "scripts/serve.mjs" : "server.js";
  const child = spawn(process.execPath, [script], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`[e2e] server did not start in 90 s:\n${log}`));
    }, 90_000);
    child.stdout.on("data", (chunk) => {
      log += chunk.toString();
      if (log.includes("[etalase] siap di")) {
        clearTimeout(timer);
        resolve(undefined);
      }
    });
    child.stderr.on("data", (chunk) => (log += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`[e2e] server exited (${code}) before listening:\n${log}`));
    });
  });
  // Keep draining the pipes so a chatty server never blocks.
  child.stdout.resume();
  child.stderr.resume();
  return child;
}

/** @param {import("node:child_process").ChildProcess} child */
export async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/**
 * The template's folder, seeded first if this build has none yet. `seedEnv(dir, port)` gives
 * the environment of the server that seeds it (start-up migrates and seeds the demo shop).
 * @param {(dir: string, port: number) => NodeJS.ProcessEnv} seedEnv
 * @returns {Promise<string>}
 */
export async function ensureTemplate(seedEnv) {
  const template = path.join(TMP, `operator-e2e-template-${buildHash()}`);
  const lock = `${template}.lock`;
  fs.mkdirSync(TMP, { recursive: true });
  const deadline = Date.now() + 150_000;
  while (!fs.existsSync(path.join(template, ".complete"))) {
    if (Date.now() > deadline) throw new Error(`[e2e] timed out waiting for ${template}`);
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another process seeds; a lock older than 3 minutes belongs to a run that was killed.
      try {
        if (Date.now() - fs.statSync(lock).mtimeMs > 180_000) fs.rmSync(lock, { recursive: true, force: true });
      } catch {
        /* the lock went away meanwhile */
      }
      await sleep(300);
      continue;
    }
    try {
      if (fs.existsSync(path.join(template, ".complete"))) break;
      const building = `${template}.building`;
      fs.rmSync(building, { recursive: true, force: true });
      fs.mkdirSync(building, { recursive: true });
      const child = await spawnServer(seedEnv(building, await freePort()));
      await stopServer(child);
      // Fold the WAL into the file: a copy of the one file is the whole database.
      const db = new Database(path.join(building, DB_FILE));
      db.pragma("wal_checkpoint(TRUNCATE)");
      db.close();
      for (const suffix of ["-wal", "-shm"]) fs.rmSync(path.join(building, DB_FILE + suffix), { force: true });
      fs.writeFileSync(path.join(building, ".complete"), new Date().toISOString());
      fs.rmSync(template, { recursive: true, force: true });
      fs.renameSync(building, template);
      // Templates of older builds are not needed any more.
      for (const entry of fs.readdirSync(TMP)) {
        if (entry.startsWith("operator-e2e-template-") && !entry.startsWith(path.basename(template))) {
          fs.rmSync(path.join(TMP, entry), { recursive: true, force: true });
        }
      }
    } finally {
      fs.rmSync(lock, { recursive: true, force: true });
    }
  }
  return template;
}

/**
 * Fills `dir` (a new server's folder) with a copy of the template's database and uploads.
 * @param {string} template
 * @param {string} dir
 */
export function copyTemplate(template, dir) {
  fs.copyFileSync(path.join(template, DB_FILE), path.join(dir, DB_FILE));
  fs.cpSync(path.join(template, "uploads"), path.join(dir, "uploads"), { recursive: true });
}
