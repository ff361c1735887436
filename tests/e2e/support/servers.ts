/**
 * The servers the e2e specs talk to: the BUILT app (`node server.js`, NODE_ENV=production) on a
 * throw-away database and uploads folder.
 * - The shared server: the one playwright.config.ts starts for the whole run
 *   (../start-server.mjs), on a freshly seeded demo shop in .tmp/e2e-<E2E_PORT>/, with a
 *   stand-in WhatsApp gateway and TRUST_PROXY (each test sends its own client address).
 * - Both send their notification e-mails to a stand-in SMTP server of their own
 *   (./mail-catcher.mjs), which keeps each message in the server's folder (./mail.ts reads them),
 *   and name their own address as SITE_URL, so that messages link to the page as in production.
 * - A server of the worker's own (the `ownServer` option of ../fixtures.ts), on a fresh copy of
 *   the seeded demo shop: for the specs that add and delete banners, gallery images,
 *   categories, products and reviews, or switch a module off, while the public specs (running
 *   at the same time on the other worker) count exactly those on the shared database. Its
 *   backups stay in its own folder, never in the project's backups/. With `supervised` it runs
 *   as `npm start` runs it, under scripts/serve.mjs (the Cadangan page's restore needs it).
 *
 * Seeding the demo shop renders ~130 images (10+ s), so it runs once per build: the first worker
 * seeds a template under .tmp/operator-e2e-template-<build hash>/ (behind a lock directory), and
 * every worker's own server starts from a copy of it.
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import {
  E2E_PORT,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  TEST_SESSION_SECRET,
} from "../../setup/constants";
import { E2E_MAIL_FROM, startMailCatcher } from "./mail-catcher.mjs";

export const ROOT = path.resolve(fileURLToPath(new URL("../../..", import.meta.url)));
const TMP = path.join(ROOT, ".tmp");
const BUILD = path.join(ROOT, "build/server/index.js");
export const DB_FILE = "etalase.db";

/** A running e2e server: its address and the folder holding its database and uploads. */
export type E2eServer = { url: string; dir: string; stop: () => Promise<void> };

/** The shared server's folder: one per port, so two checkouts can run their suites side by side. */
export function sharedServerDir(port = E2E_PORT): string {
  return path.join(TMP, `e2e-${port}`);
}

/** The shared server (started and stopped by Playwright itself). */
export function sharedServer(): E2eServer {
  return { url: `http://127.0.0.1:${E2E_PORT}`, dir: sharedServerDir(), stop: async () => {} };
}

/** `smtpUrl`: the stand-in SMTP server of a serving server (none while the template is seeded). */
function serverEnv(dir: string, port: number, smtpUrl?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: path.join(dir, DB_FILE),
    UPLOADS_DIR: path.join(dir, "uploads"),
    BACKUPS_DIR: path.join(dir, "backups"),
    SEED_DEMO: "1",
    // Specs add the LPPM rows they need (the LPPM demo has its own test).
    SEED_DEMO_LPPM: "0",
    SESSION_SECRET: TEST_SESSION_SECRET,
    OPERATOR_USERNAME: TEST_OPERATOR_USERNAME,
    OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
    ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_FROM: E2E_MAIL_FROM, SITE_URL: `http://127.0.0.1:${port}` } : {}),
  };
}

/** The build's identity: the server entry and the names of its (content-hashed) chunks. */
function buildHash(): string {
  if (!fs.existsSync(BUILD)) throw new Error("build/server/index.js is missing: run `npm run build` first.");
  const hash = crypto.createHash("sha256").update(fs.readFileSync(BUILD));
  const assets = path.join(ROOT, "build/server/assets");
  if (fs.existsSync(assets)) hash.update(fs.readdirSync(assets).sort().join("\n"));
  return hash.digest("hex").slice(0, 16);
}

function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Runs `node server.js` (or, `supervised`, the supervisor of `npm start`) until it logs that it
 * listens; rejects with its output otherwise.
 */
async function spawnServer(dir: string, port: number, { supervised = false, smtpUrl }: { supervised?: boolean; smtpUrl?: string } = {}): Promise<ChildProcess> {
  const script = supervised ? "scripts/serve.mjs" : "server.js";
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: serverEnv(dir, port, smtpUrl), stdio: ["ignore", "pipe", "pipe"] });
  let log = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGTERM");
      reject(new Error(`[e2e] server did not start in 90 s:\n${log}`));
    }, 90_000);
    const onData = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes("[etalase] siap di")) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on("data", onData);
    child.stderr!.on("data", (chunk: Buffer) => (log += chunk.toString()));
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`[e2e] server exited (${code}) before listening:\n${log}`));
    });
  });
  // Keep draining the pipes so a chatty server never blocks.
  child.stdout!.resume();
  child.stderr!.resume();
  return child;
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await Promise.race([exited, sleep(5_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

/** Seeds the template once per build; other workers wait for it. */
async function ensureTemplate(): Promise<string> {
  const hash = buildHash();
  const template = path.join(TMP, `operator-e2e-template-${hash}`);
  const lock = `${template}.lock`;
  fs.mkdirSync(TMP, { recursive: true });
  const deadline = Date.now() + 150_000;
  while (!fs.existsSync(path.join(template, ".complete"))) {
    if (Date.now() > deadline) throw new Error(`[e2e] timed out waiting for ${template}`);
    try {
      fs.mkdirSync(lock);
    } catch {
      // Another worker seeds; a lock older than 3 minutes belongs to a run that was killed.
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
      // Start-up migrates and seeds the demo shop; then stop and fold the WAL into the file.
      const child = await spawnServer(building, await freePort());
      await stopServer(child);
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

/** A server of the worker's own on a fresh copy of the seeded shop (`supervised`: under `npm start`'s supervisor). */
export async function startOwnServer({ supervised = false } = {}): Promise<E2eServer> {
  const template = await ensureTemplate();
  // Leftovers of runs that were killed hard.
  for (const entry of fs.readdirSync(TMP)) {
    const full = path.join(TMP, entry);
    if (/^operator-e2e-\d+-/.test(entry) && Date.now() - fs.statSync(full).mtimeMs > 3_600_000) {
      fs.rmSync(full, { recursive: true, force: true });
    }
  }
  const dir = fs.mkdtempSync(path.join(TMP, `operator-e2e-${Date.now()}-`));
  fs.copyFileSync(path.join(template, DB_FILE), path.join(dir, DB_FILE));
  fs.cpSync(path.join(template, "uploads"), path.join(dir, "uploads"), { recursive: true });

  const mail = await startMailCatcher(dir);
  let child: ChildProcess | undefined;
  let port = 0;
  try {
    for (let attempt = 0; !child; attempt++) {
      port = await freePort();
      try {
        child = await spawnServer(dir, port, { supervised, smtpUrl: mail.url });
      } catch (error) {
        // The port was taken between the probe and the listen: try another one.
        if (attempt >= 2 || !String(error).includes("EADDRINUSE")) throw error;
      }
    }
  } catch (error) {
    await mail.close();
    throw error;
  }
  const running = child;
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      await stopServer(running);
      await mail.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
