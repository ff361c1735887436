/**
 * The supervisor behind `npm start` and `npm run quickstart` (scripts/serve.mjs): the
 * shop answers again after its serving process crashes, the reason is logged,
 * start-up failures do not loop, and SIGTERM ends everything with exit code 0.
 *
 * Two parts. The rules are checked against a stand-in server.js (a few lines that crash on
 * request), so each case takes a second instead of a build's start-up. Then the real thing:
 * the built server (`npm run build` first) on a copy of the seeded shop, `kill -9` of its
 * serving process, and the shop answering again within 2 seconds.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../../bench/lib.mjs";
import { TEST_SESSION_SECRET } from "../setup/constants";
import { createTestDb, type TestDb } from "../setup/test-db";

type Supervisor = {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
};

const running = new Set<ChildProcess>();

function startSupervisor(appDir: string, env: Record<string, string>, port: number): Supervisor {
  // The supervisor's own malloc defaults are checked, not whatever this shell has set.
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith("MALLOC_")));
  const child = spawn(process.execPath, [path.join(appDir, "scripts/serve.mjs")], {
    cwd: appDir,
    env: { ...inherited, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      running.delete(child);
      resolve({ code, signal });
    }),
  );
  return { child, base: `http://127.0.0.1:${port}`, output: () => output, exited };
}

/** Polls `probe` every `everyMs` until it returns a value (not undefined) or `timeoutMs` passes. */
async function until<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string, everyMs = 20): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}

/** The pid of the process that answered `url` with a 200, or undefined. */
async function servingPid(url: string): Promise<number | undefined> {
  const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
  if (res.status !== 200) return undefined;
  const body = (await res.json()) as { pid?: number };
  return body.pid;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
});

// ---- The rules, against a stand-in server ---------------------------------------------------

/**
 * server.js as the supervisor sees it: `--prepare` does the one-off work and exits; otherwise
 * it listens, reports "siap" over IPC, answers its pid, and crashes on request.
 */
const FAKE_SERVER = String.raw`
const fs = require("node:fs");
const http = require("node:http");
const note = (line) => fs.appendFileSync(process.env.FAKE_LOG, line + "\n");
if (process.argv.includes("--prepare")) {
  note("prepare" + (process.env.MALLOC_MMAP_THRESHOLD_ ? " with the serving process's malloc tuning" : ""));
  if (process.env.FAKE_PREPARE === "fail") {
    console.error("Error: Konfigurasi lingkungan tidak valid:\n  PORT: harus berupa angka (nilai: \"abc\")");
    process.exit(1);
  }
  process.exit(0);
}
note("start " + process.pid + " " + process.argv.slice(2).join(" ") + " " + process.env.MALLOC_ARENA_MAX + " " + process.env.MALLOC_MMAP_THRESHOLD_);
if (process.env.FAKE_START === "fail") throw new Error("nilai FAKE_START tidak valid");
const server = http.createServer((req, res) => {
  if (req.url === "/crash") {
    res.end("ok");
    setImmediate(() => { throw new Error("galat uji dari /crash"); });
    return;
  }
  if (req.url === "/oom") {
    const keep = [];
    for (;;) keep.push(new Array(1e6).fill(Math.random()));
  }
  res.setHeader("Content-Type", "application/json");
  res.end(JSON.stringify({ pid: process.pid }));
});
server.listen(Number(process.env.PORT), "127.0.0.1", () => process.send({ etalase: "siap", pid: process.pid }));
const stop = () => { note("stop " + process.pid); server.close(() => process.exit(0)); server.closeAllConnections(); };
process.on("SIGTERM", stop);
process.on("disconnect", stop);
`;

describe("scripts/serve.mjs, with a stand-in server", () => {
  let appDir: string;
  let logFile: string;
  let sup: Supervisor | undefined;

  beforeAll(() => {
    appDir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-serve-"));
    for (const file of ["scripts/serve.mjs", "scripts/check-node.mjs", "scripts/settings.mjs", "app/lib/server/pid-file.mjs"]) {
      fs.mkdirSync(path.dirname(path.join(appDir, file)), { recursive: true });
      fs.copyFileSync(path.join(ROOT, file), path.join(appDir, file));
    }
    fs.writeFileSync(path.join(appDir, "server.js"), FAKE_SERVER);
    // A small heap so /oom ends quickly; CommonJS for the stand-in.
    fs.writeFileSync(
      path.join(appDir, "package.json"),
      JSON.stringify({ name: "stand-in", config: { nodeFlags: "--max-old-space-size=24" } }),
    );
  });

  afterEach(async () => {
    if (sup && sup.child.exitCode === null && sup.child.signalCode === null) {
      sup.child.kill("SIGKILL");
      await sup.exited;
    }
    sup = undefined;
  });

  afterAll(() => fs.rmSync(appDir, { recursive: true, force: true }));

  async function start(env: Record<string, string> = {}) {
    logFile = path.join(appDir, `log-${Date.now()}-${Math.random().toString(16).slice(2)}.txt`);
    fs.writeFileSync(logFile, "");
    // A session secret, as `npm start` needs one (the stand-in server does not read it).
    sup = startSupervisor(appDir, { FAKE_LOG: logFile, SESSION_SECRET: TEST_SESSION_SECRET, ...env }, await freePort());
    return sup;
  }
  const notes = () => fs.readFileSync(logFile, "utf8").trim().split("\n").filter(Boolean);

  it("prepares once, serves with --prepared and the malloc settings, and restarts after each kind of crash with its reason", async () => {
    const s = await start();
    const first = await until(() => servingPid(`${s.base}/`), 20_000, "the first server");

    // An uncaught error.
    await fetch(`${s.base}/crash`).then((r) => r.text());
    const second = await until(async () => {
      const pid = await servingPid(`${s.base}/`);
      return pid !== first ? pid : undefined;
    }, 20_000, "a server after the uncaught error");
    expect(s.output()).toMatch(/server \(pid \d+\) berhenti: Error: galat uji dari \/crash \(kode keluar 1\)\. Dijalankan ulang/);

    // Out of memory (the heap limit of package.json config.nodeFlags).
    await fetch(`${s.base}/oom`).catch(() => undefined);
    const third = await until(async () => {
      const pid = await servingPid(`${s.base}/`);
      return pid !== second ? pid : undefined;
    }, 30_000, "a server after running out of memory");
    expect(s.output()).toMatch(/server \(pid \d+\) berhenti: kehabisan memori/);

    // kill -9.
    process.kill(third!, "SIGKILL");
    await until(async () => {
      const pid = await servingPid(`${s.base}/`);
      return pid !== third ? pid : undefined;
    }, 20_000, "a server after kill -9");
    expect(s.output()).toMatch(/berhenti: dihentikan paksa dengan SIGKILL/);
    expect(s.output()).toMatch(/melayani lagi, \d+\.\d dtk setelah berhenti/);

    const lines = notes();
    // Prepared once, without the serving process's allocator tuning (the seed renders pictures).
    expect(lines.filter((l) => l.startsWith("prepare"))).toEqual(["prepare"]);
    const starts = lines.filter((l) => l.startsWith("start "));
    expect(starts).toHaveLength(4);
    for (const line of starts) expect(line).toMatch(/ --prepared 2 32768$/);

    // SIGTERM: the server is stopped, then the supervisor ends with 0.
    const last = Number(starts.at(-1)!.split(" ")[1]);
    s.child.kill("SIGTERM");
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(notes()).toContain(`stop ${last}`);
    expect(alive(last)).toBe(false);
  }, 120_000);

  it("stops with a clear message after 3 failed starts instead of looping", async () => {
    const s = await start({ FAKE_START: "fail" });
    const { code } = await s.exited;
    expect(code).toBe(1);
    expect(notes().filter((l) => l.startsWith("start "))).toHaveLength(3);
    expect(s.output()).toMatch(/gagal dijalankan: Error: nilai FAKE_START tidak valid \(kode keluar 1\)\. Mencoba lagi \(1\/2\)/);
    expect(s.output()).toMatch(/server gagal dijalankan 3 kali berturut-turut sebelum siap \(terakhir: Error: nilai FAKE_START tidak valid/);
  }, 60_000);

  it("starts no server when the preparation fails, naming the reason", async () => {
    const s = await start({ FAKE_PREPARE: "fail" });
    expect((await s.exited).code).toBe(1);
    expect(notes()).toEqual(["prepare"]);
    expect(s.output()).toMatch(/persiapan gagal: Error: Konfigurasi lingkungan tidak valid: PORT: harus berupa angka/);
  }, 60_000);

  it("leaves no server behind holding the port when the supervisor itself is killed", async () => {
    const s = await start();
    const pid = await until(() => servingPid(`${s.base}/`), 20_000, "the server");
    s.child.kill("SIGKILL");
    await s.exited;
    await until(async () => (alive(pid) ? undefined : true), 10_000, "the orphaned server to stop");
  }, 60_000);
});

// ---- The built server -------------------------------------------------------------------------

describe("npm start's supervisor with the built server", () => {
  let t: TestDb;

  beforeAll(() => {
    if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
      throw new Error("build/server/index.js tidak ada: jalankan npm run build dulu.");
    }
    t = createTestDb();
  });
  afterAll(() => t?.cleanup());

  it("serves again after kill -9 of its serving process, once the supervisor says so, and exits 0 on SIGTERM", async () => {
    const env = { DATABASE_URL: t.dbFile, UPLOADS_DIR: t.uploadsDir, SESSION_SECRET: TEST_SESSION_SECRET };
    const s = startSupervisor(ROOT, env, await freePort());
    const first = await until(() => servingPid(`${s.base}/healthz`), 60_000, "the shop", 100);

    process.kill(first, "SIGKILL");
    // The event to wait for is the supervisor's own line: the new process has started listening.
    // How long that takes depends on the machine, so no time is asserted (README gives a figure).
    await until(async () => (/melayani lagi, [\d.]+ dtk setelah berhenti/.test(s.output()) ? true : undefined), 60_000, "the supervisor's 'melayani lagi'");
    expect(s.output()).toMatch(new RegExp(`server \\(pid ${first}\\) berhenti: dihentikan paksa dengan SIGKILL`));
    // From then on the shop answers at once: its home page (a real render) and its health check.
    const home = await fetch(`${s.base}/`);
    expect(home.status).toBe(200);
    const second = await servingPid(`${s.base}/healthz`);
    expect(second).not.toBe(first);

    s.child.kill("SIGTERM");
    expect(await s.exited).toEqual({ code: 0, signal: null });
    expect(alive(second!)).toBe(false);
  }, 120_000);

  it("refuses a database a newer Etalase has migrated, saying so, and leaves it as it is", async () => {
    // A newer version applied one more migration than this code knows.
    const last = (t.db.$client.prepare("select max(created_at) as at from __drizzle_migrations").get() as { at: number }).at;
    t.db.$client.prepare("insert into __drizzle_migrations (hash, created_at) values ('dari-versi-baru', ?)").run(last + 86_400_000);
    const schemaOf = () => t.db.$client.prepare("select name from sqlite_master order by name").all();
    const before = schemaOf();
    try {
      const env = { DATABASE_URL: t.dbFile, UPLOADS_DIR: t.uploadsDir, SESSION_SECRET: TEST_SESSION_SECRET };
      const s = startSupervisor(ROOT, env, await freePort());
      expect((await s.exited).code).toBe(1);
      expect(s.output()).toMatch(/persiapan gagal: DatabaseTooNewError: Database ini sudah diperbarui oleh versi Etalase yang lebih baru/);
      expect(s.output()).not.toMatch(/siap di/);
      expect(schemaOf()).toEqual(before);
    } finally {
      // The next tests share this database.
      t.db.$client.prepare("delete from __drizzle_migrations where hash = 'dari-versi-baru'").run();
    }
  }, 60_000);

  it("stops at once, naming the variable, when a setting is invalid", async () => {
    const env = { DATABASE_URL: t.dbFile, UPLOADS_DIR: t.uploadsDir, SESSION_SECRET: "pendek" };
    const s = startSupervisor(ROOT, env, await freePort());
    expect((await s.exited).code).toBe(1);
    expect(s.output()).toMatch(/persiapan gagal: .*SESSION_SECRET/);
    expect(s.output()).not.toMatch(/siap di/);
  }, 60_000);
});
