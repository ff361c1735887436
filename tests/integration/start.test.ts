/**
 * One way to start, every day: the quick start (with a port of the owner's choosing) keeps its
 * settings, `npm start` starts the same shop after a stop, `npm run stop` stops it, a start
 * without a session secret says what to do instead of a stack trace, and the systemd unit in
 * the repository is one systemd accepts. Each on a copy of the built app in a folder of its own,
 * as a fresh clone would be (the repository's own .env and data are never touched).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../../bench/lib.mjs";

let app: string;
const running = new Set<ChildProcess>();

/** A copy of the built app as a clone would have it: the build, the scripts, the packages (linked). */
function copyApp(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-start-"));
  for (const entry of ["server.js", "package.json", "build", "scripts", "db/migrations", "app/lib/server", "deploy"]) {
    fs.cpSync(path.join(ROOT, entry), path.join(dir, entry), { recursive: true });
  }
  fs.symlinkSync(path.join(ROOT, "node_modules"), path.join(dir, "node_modules"));
  return dir;
}

type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function run(script: string, args: string[], env: Record<string, string> = {}, dir = app): Run {
  // The shop's own settings only: nothing of this shell's Etalase environment leaks in.
  const clean = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(PORT|HOST|DATABASE_URL|UPLOADS_DIR|SESSION_SECRET|NODE_ENV|SITE_URL)$/.test(key)));
  const child = spawn(path.join(ROOT, "node_modules/.bin/node"), [path.join(dir, script), ...args], {
    cwd: dir,
    env: { ...clean, SEED_DEMO_LPPM: "0", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => (running.delete(child), resolve(code))));
  return { child, output: () => output, exited };
}

/** Waits for a line of the output (an event of the process, never a fixed time). */
async function waitFor(r: Run, pattern: RegExp, what: string): Promise<void> {
  for (;;) {
    if (pattern.test(r.output())) return;
    if (r.child.exitCode !== null) throw new Error(`${what}: the process ended\n${r.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("build/server/index.js tidak ada: jalankan npm run build dulu.");
  app = copyApp();
});
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  fs.rmSync(app, { recursive: true, force: true });
});

describe("starting the shop", () => {
  it("without a session secret anywhere, `npm start` says what to do (no stack trace) and exits 1", async () => {
    const r = run("scripts/serve.mjs", [], { DATABASE_URL: path.join(app, "kosong/etalase.db") });
    expect(await r.exited).toBe(1);
    expect(r.output()).toContain("Kunci sesi (SESSION_SECRET) belum ada");
    expect(r.output()).toContain("npm run quickstart");
    expect(r.output()).not.toMatch(/\n\s+at /);
  });

  it("the quick start on a chosen port keeps its settings; `npm run stop` stops it; `npm start` starts the same shop again", async () => {
    const port = String(await freePort());
    const quick = run("scripts/quickstart.mjs", ["--port", port]);
    await waitFor(quick, /Toko berjalan di http:\/\/localhost:(\d+)/, "the quick start's address");
    expect(quick.output()).toContain(`Toko berjalan di http://localhost:${port}`);
    expect(quick.output()).toContain("password di data/operator-password.txt");
    expect((await fetch(`http://127.0.0.1:${port}/healthz`)).status).toBe(200);
    expect(fs.readFileSync(path.join(app, ".env"), "utf8")).toContain(`PORT=${port}`);
    expect(fs.existsSync(path.join(app, "data/session-secret"))).toBe(true);
    const first = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { pid: number };

    const stop = run("scripts/stop.mjs", []);
    expect(await stop.exited).toBe(0);
    expect(stop.output()).toMatch(/Toko \(pid \d+\) berhenti\./);
    expect(await quick.exited).toBe(0);

    // Tomorrow: `npm start` with nothing set finds the port, the data and the secret.
    const start = run("scripts/serve.mjs", []);
    await waitFor(start, new RegExp(`siap di http://localhost:${port}`), "npm start");
    const health = (await (await fetch(`http://127.0.0.1:${port}/healthz`)).json()) as { ok: boolean; pid: number };
    expect(health.ok).toBe(true);
    expect(health.pid).not.toBe(first.pid);
    // The same shop: the demo seeded by the quick start is there, not seeded again.
    expect(start.output()).not.toContain("Toko demo");
    expect((await fetch(`http://127.0.0.1:${port}/produk`)).status).toBe(200);
    expect(await run("scripts/stop.mjs", []).exited).toBe(0);
    expect(await start.exited).toBe(0);
    // A first start renders the demo shop's pictures (10 s here; several times that on a busy machine).
  }, 180_000);
});

describe("beginning empty", () => {
  it("SEED_DEMO=0 npm run quickstart: the operator and a bare Setting, no demo; kept in .env", async () => {
    const empty = copyApp();
    try {
      const port = String(await freePort());
      const quick = run("scripts/quickstart.mjs", ["--port", port], { SEED_DEMO: "0" }, empty);
      await waitFor(quick, /Toko berjalan di http:\/\/localhost:(\d+)/, "the quick start's address");
      expect(quick.output()).toContain("3/3 Menyiapkan database untuk toko kosong, tanpa data demo (SEED_DEMO=0) …");
      expect(quick.output()).not.toContain("Toko demo");
      expect(quick.output()).toContain("password di data/operator-password.txt");
      expect(quick.output()).not.toContain("Akun demo LPPM");
      expect(fs.readFileSync(path.join(empty, ".env"), "utf8")).toMatch(/^SEED_DEMO=0$/m);
      const home = await fetch(`http://127.0.0.1:${port}/`);
      expect(home.status).toBe(200);
      const html = await home.text();
      expect(html).toContain("Toko Mebel");
      expect(html).toContain("Belum ada produk untuk ditampilkan.");
      expect((await fetch(`http://127.0.0.1:${port}/login`)).status).toBe(200);
      expect(await run("scripts/stop.mjs", [], {}, empty).exited).toBe(0);
      expect(await quick.exited).toBe(0);
    } finally {
      fs.rmSync(empty, { recursive: true, force: true });
    }
  }, 180_000);
});

describe("the systemd unit in the repository", () => {
  const analyze = spawnSync("systemd-analyze", ["--version"]).status === 0;
  it.runIf(analyze)("is one systemd accepts (systemd-analyze verify), for the shop's folder and user", () => {
    const unit = fs
      .readFileSync(path.join(app, "deploy/etalase.service"), "utf8")
      .replaceAll("/srv/etalase", app)
      .replace(/^User=etalase$/m, `User=${os.userInfo().username}`)
      .replace(/^Group=etalase$/m, `Group=${spawnSync("id", ["-gn"], { encoding: "utf8" }).stdout.trim()}`);
    const file = path.join(app, "etalase.service");
    fs.writeFileSync(file, unit);
    const verify = spawnSync("systemd-analyze", ["verify", file], { encoding: "utf8" });
    expect(verify.stderr + verify.stdout).toBe("");
    expect(verify.status).toBe(0);
  });
});
