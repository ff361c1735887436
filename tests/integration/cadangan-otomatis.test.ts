/**
 * The daily automatic backup made by the BUILT serving process by itself (`npm run build`
 * first), its clock moved to just before the hour with libfaketime (Debian's `faketime`, as
 * `FAKETIME_DONT_FAKE_MONOTONIC=1 faketime …` would start it; the monotonic clock, which Node's
 * timers use, stays real):
 * - at 02.00 WIB a backup appears, named in WIB, and only the newest N automatic backups stay
 *   (backups made by hand stay too); the Cadangan page names it and the next one;
 * - a backup that cannot be written (BACKUPS_DIR is a file) is recorded, logged, and the page
 *   warns with the reason.
 * Nothing waits a fixed time: the test waits for the folder, the status file and the page.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { freePort, ROOT } from "../../bench/lib.mjs";
import { productionNodeFlags, prepareEnv, serverEnv } from "../../scripts/serve.mjs";
import { writeManifest } from "../../app/lib/server/backup/files.server";
import { readStatus, type AutomaticStatus } from "../../app/lib/server/backup/otomatis.server";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, TEST_SESSION_SECRET } from "../setup/constants";
import { createTestDb, type TestDb } from "../setup/test-db";

/** 02.00 WIB on 29 November 2026, in UTC. */
const SLOT_UTC = Date.parse("2026-11-28T19:00:00Z");
const NAME = "etalase-2026-11-29-0200-WIB-otomatis";

const running = new Set<ChildProcess>();
let t: TestDb | undefined;

/**
 * The library the `faketime` command preloads, as it names it. The server is started with it
 * directly rather than through the command, which would stay between this test and the server
 * (stopping the command leaves the server running).
 */
let preload = "";

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("build/server/index.js tidak ada: jalankan npm run build dulu.");
  const probe = spawnSync("faketime", ["-f", "+0", "sh", "-c", 'printf %s "$LD_PRELOAD"'], { encoding: "utf8" });
  if (probe.status !== 0 || !probe.stdout) throw new Error("faketime tidak terpasang: apt-get install faketime");
  preload = probe.stdout;
});

afterEach(async () => {
  for (const child of running) await stop(child);
  t?.cleanup();
  t = undefined;
});

async function stop(child: ChildProcess) {
  running.delete(child);
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  await gone;
}

/** Polls `probe` until it answers something (not undefined); the deadline only ends a hung test. */
async function until<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type Served = { child: ChildProcess; base: string; output: () => string };

/**
 * `npm start`'s two steps on the test's shop: the preparation at the real time, then the serving
 * process under faketime, its clock starting `leadSeconds` before 02.00 WIB (a busy machine
 * needs longer to load it: the caller tries again with more).
 */
async function serveAt(shop: TestDb, leadSeconds: number, env: Record<string, string>): Promise<Served> {
  const port = await freePort();
  const base = { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), SESSION_SECRET: TEST_SESSION_SECRET, DATABASE_URL: shop.dbFile, UPLOADS_DIR: shop.uploadsDir, ...env };
  const prepared = spawnSync(process.execPath, [...productionNodeFlags(ROOT), "server.js", "--prepare"], { cwd: ROOT, env: prepareEnv(base), encoding: "utf8" });
  expect(prepared.status, prepared.stderr).toBe(0);
  // Its wall clock starts `leadSeconds` before the hour and runs on; the monotonic clock stays real.
  const offset = Math.round((SLOT_UTC - leadSeconds * 1000 - Date.now()) / 1000);
  const child = spawn(process.execPath, [...productionNodeFlags(ROOT), "server.js", "--prepared"], {
    cwd: ROOT,
    env: { ...serverEnv(base), LD_PRELOAD: preload, FAKETIME: `${offset >= 0 ? "+" : ""}${offset}`, FAKETIME_DONT_FAKE_MONOTONIC: "1" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  running.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await until("the server", () => {
    if (child.exitCode !== null) throw new Error(`server ended:\n${output}`);
    return output.includes("[etalase] siap di") ? true : undefined;
  });
  return { child, base: `http://127.0.0.1:${port}`, output: () => output };
}

/** The server with its schedule started before the hour: tries a longer lead when loading took longer. */
async function serveBeforeTheHour(shop: TestDb, env: Record<string, string>): Promise<Served> {
  const statusFile = path.join(path.dirname(shop.dbFile), "cadangan-otomatis.json");
  for (const lead of [15, 60, 180]) {
    const served = await serveAt(shop, lead, env);
    const sejak = await until("the schedule's start", () => readStatus(statusFile).sejak);
    if (Date.parse(sejak) < SLOT_UTC) return served;
    await stop(served.child);
    fs.rmSync(statusFile);
  }
  throw new Error("the server never started before the hour");
}

/** A backup folder as the server makes them. */
async function backupFolder(shop: TestDb, backupsDir: string, nama: string, asal: string, dibuat: Date) {
  const folder = path.join(backupsDir, nama);
  fs.mkdirSync(folder, { recursive: true });
  const db = new Database(shop.dbFile);
  await db.backup(path.join(folder, "etalase.db"));
  db.close();
  await writeManifest(folder, { aplikasi: "Etalase", dibuat: dibuat.toISOString(), selesai: dibuat.toISOString(), database: "etalase.db", ukuran: 1, berkas: 1, asal });
}

/** The Cadangan page's text as the operator sees it, signed in through the form (the session is of the server's clock). */
async function cadanganText(base: string): Promise<string> {
  const login = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: base },
    body: new URLSearchParams({ intent: "masuk", username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }),
  });
  expect(login.status).toBe(302);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  const response = await fetch(`${base}/operator/master/cadangan`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  // The visible text only: not the data the page carries for hydration.
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

describe("the serving process's daily backup", () => {
  it("at 02.00 WIB: a backup named in WIB appears by itself, the newest 3 automatic backups stay, the others too", async () => {
    const shop = (t = createTestDb());
    const backupsDir = path.join(shop.dir, "backups");
    shop.db.$client.prepare("update setting set cadangan_simpan = 3 where id = 1").run();
    const day = (n: number) => new Date(SLOT_UTC - n * 86_400_000);
    for (const [n, nama] of [[4, "etalase-2026-11-25-0200-WIB-otomatis"], [3, "etalase-2026-11-26-0200-WIB-otomatis"], [2, "etalase-2026-11-27-0200-WIB-otomatis"], [1, "etalase-2026-11-28-0200-WIB-otomatis"]] as const) {
      await backupFolder(shop, backupsDir, nama, "otomatis", day(n));
    }
    await backupFolder(shop, backupsDir, "etalase-2026-11-20-1015-WIB", "halaman", day(9));
    await backupFolder(shop, backupsDir, "2026-11-01T03-00-00-000Z", "cli", day(28));

    const served = await serveBeforeTheHour(shop, { BACKUPS_DIR: backupsDir });
    expect(fs.existsSync(path.join(backupsDir, NAME))).toBe(false);
    await until("the backup's folder", () => (fs.existsSync(path.join(backupsDir, NAME)) ? true : undefined));
    const status = await until("the status", () => readStatus(path.join(shop.dir, "cadangan-otomatis.json")).terakhir);
    expect(status).toMatchObject({ ok: true, nama: NAME, dihapus: ["etalase-2026-11-26-0200-WIB-otomatis", "etalase-2026-11-25-0200-WIB-otomatis"] });
    // Made at the hour by the faked clock: its manifest and the status say 02.00 WIB.
    const manifest = JSON.parse(fs.readFileSync(path.join(backupsDir, NAME, "cadangan.json"), "utf8")) as { asal: string; dibuat: string };
    expect(manifest.asal).toBe("otomatis");
    expect(Date.parse(manifest.dibuat) - SLOT_UTC).toBeGreaterThanOrEqual(0);
    expect(Date.parse(manifest.dibuat) - SLOT_UTC).toBeLessThan(60_000);
    expect(fs.readdirSync(backupsDir).sort()).toEqual([
      "2026-11-01T03-00-00-000Z",
      "etalase-2026-11-20-1015-WIB",
      "etalase-2026-11-27-0200-WIB-otomatis",
      "etalase-2026-11-28-0200-WIB-otomatis",
      NAME,
    ]);
    const copy = new Database(path.join(backupsDir, NAME, "etalase.db"), { readonly: true });
    expect(copy.pragma("integrity_check", { simple: true })).toBe("ok");
    expect(copy.prepare("select count(*) as n from produk").get()).toEqual(shop.db.$client.prepare("select count(*) as n from produk").get());
    copy.close();
    expect(served.output()).toContain(`[etalase] cadangan otomatis ${NAME} dibuat`);

    const text = await cadanganText(served.base);
    expect(text).toContain(`Cadangan otomatis terakhir: ${NAME} (29 Nov 2026 02.00 WIB).`);
    expect(text).toContain("Cadangan otomatis berikutnya: 30 Nov 2026 02.00 WIB.");
    expect(text).toContain("Cadangan otomatis harian");
  }, 600_000);

  it("a backup that cannot be written is recorded and logged, and the page warns with the reason", async () => {
    const shop = (t = createTestDb());
    // BACKUPS_DIR names a file (a mistyped setting): nothing can be written there.
    fs.writeFileSync(path.join(shop.dir, "bukan-folder"), "");
    const wrong = path.join(shop.dir, "bukan-folder", "cadangan");
    const served = await serveBeforeTheHour(shop, { BACKUPS_DIR: wrong });
    const status = await until("the status", () => readStatus(path.join(shop.dir, "cadangan-otomatis.json")).terakhir as AutomaticStatus["terakhir"]);
    const alasan = `Cadangan gagal dibuat: ${wrong} (BACKUPS_DIR) tidak bisa dipakai sebagai folder cadangan. Tidak ada cadangan yang setengah jadi.`;
    expect(status).toMatchObject({ ok: false, alasan });
    expect(served.output()).toContain("[etalase] cadangan otomatis gagal dibuat:");

    const text = await cadanganText(served.base);
    expect(text).toContain(`Cadangan otomatis terakhir gagal (29 Nov 2026 02.00 WIB): ${alasan} Perbaiki sebabnya, lalu buat cadangan sekarang dengan tombol di atas.`);
    // Not tried again before the next hour.
    expect(text).toContain("Cadangan otomatis berikutnya: 30 Nov 2026 02.00 WIB.");
  }, 600_000);
});
