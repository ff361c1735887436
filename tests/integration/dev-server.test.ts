/**
 * `npm run dev` (server.js without NODE_ENV=production): it listens on
 * 127.0.0.1 unless HOST says otherwise, and Vite's dev middleware, which serves files from the
 * project folder, never hands out the database folder, backups or a database file, by any of
 * its paths (`/data/…`, `?raw`, `/@fs/<absolute path>`).
 */
import { type ChildProcess, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../../bench/lib.mjs";

const tag = `devtest-${crypto.randomBytes(4).toString("hex")}`;
/** Throw-away files in the places an owner's secrets live, inside the project folder. */
const dataDir = path.join(ROOT, ".tmp", tag, "data");
const backupDir = path.join(ROOT, "backups", tag);
const defaultDataFile = path.join(ROOT, "data", `${tag}.txt`);
const createdFolders = ["data", "backups"].filter((dir) => !fs.existsSync(path.join(ROOT, dir)));

let child: ChildProcess;
let port = 0;
let output = "";

beforeAll(async () => {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.mkdirSync(backupDir, { recursive: true });
  fs.mkdirSync(path.dirname(defaultDataFile), { recursive: true });
  fs.writeFileSync(path.join(backupDir, "etalase.db"), "RAHASIA-CADANGAN");
  fs.writeFileSync(defaultDataFile, "RAHASIA-DATA");
  port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATABASE_URL: path.join(dataDir, "etalase.db"),
    UPLOADS_DIR: path.join(ROOT, ".tmp", tag, "uploads"),
    SEED_DEMO: "0",
    OPERATOR_PASSWORD: "Rahasia123",
  };
  delete env.NODE_ENV;
  delete env.HOST;
  child = spawn(process.execPath, ["--conditions=development", "server.js"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (/\[etalase\] siap di/.test(output)) {
        clearInterval(timer);
        resolve();
      }
    }, 50);
    child.once("exit", (code) => {
      clearInterval(timer);
      reject(new Error(`dev server ended (code ${code}):\n${output}`));
    });
  });
}, 180_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    const done = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await done;
  }
  fs.rmSync(path.join(ROOT, ".tmp", tag), { recursive: true, force: true });
  fs.rmSync(backupDir, { recursive: true, force: true });
  fs.rmSync(defaultDataFile, { force: true });
  for (const dir of createdFolders) fs.rmSync(path.join(ROOT, dir), { recursive: true, force: true });
});

async function get(url: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`http://127.0.0.1:${port}${url}`);
  return { status: res.status, body: await res.text() };
}

describe("npm run dev", () => {
  it("listens on 127.0.0.1 only and renders the shop", async () => {
    expect(output).toContain(`[etalase] siap di http://127.0.0.1:${port}`);
    expect((await get("/")).status).toBe(200);
    // Another address of this machine is refused (when it has one).
    const other = Object.values(os.networkInterfaces())
      .flat()
      .find((a) => a && a.family === "IPv4" && !a.internal)?.address;
    if (other) {
      const refused = await new Promise<boolean>((resolve) => {
        const socket = net.connect({ host: other, port });
        socket.once("connect", () => {
          socket.destroy();
          resolve(false);
        });
        socket.once("error", () => resolve(true));
      });
      expect(refused).toBe(true);
    }
  });

  it("never serves the database folder, backups or database files", async () => {
    const rel = (file: string) => `/${path.relative(ROOT, file).split(path.sep).join("/")}`;
    const abs = (file: string) => `/@fs${file.split(path.sep).join("/")}`;
    const database = path.join(dataDir, "etalase.db");
    const backup = path.join(backupDir, "etalase.db");
    const urls = [
      rel(database),
      `${rel(database)}?raw`,
      `${rel(database)}?import`,
      abs(database),
      rel(path.join(dataDir, "operator-password.txt")),
      rel(backup),
      `${rel(backup)}?raw`,
      `${rel(backup)}?import&raw`,
      abs(backup),
      rel(defaultDataFile),
      `${rel(defaultDataFile)}?raw`,
      abs(defaultDataFile),
    ];
    for (const url of urls) {
      const { status, body } = await get(url);
      expect([403, 404], url).toContain(status);
      expect(body, url).not.toMatch(/RAHASIA-|SQLite format 3|password: /);
    }
    // The files exist, so this is the deny list at work and not a missing file.
    expect(fs.existsSync(database) && fs.existsSync(backup) && fs.existsSync(defaultDataFile)).toBe(true);
  });
});
