/**
 * Restoring from the Cadangan page on the BUILT server run as `npm start` runs it
 * (scripts/serve.mjs, the supervisor; `npm run build` first), on a throw-away copy of the seeded
 * shop, signed in through the login form:
 * - a backup from the page, then changes (a row, an image), then 'Pulihkan': the page says the
 *   shop restarts, the supervisor stops the serving process, restores and starts it again; the
 *   data is the backup's again, the replaced data is kept as sebelum-pulihkan-<time>, the
 *   activity log names the operator, the page shows the outcome, and the shop answers again;
 * - a restore the supervisor refuses after the stop (another process has the database open):
 *   the shop starts again with its data unchanged, and the page says why;
 * - a damaged backup is refused on the page, before anything stops;
 * - a stop (SIGTERM) while a restore runs: the supervisor ends once the restore is done;
 * - `npm run stop`, then `npm start`, after a restore: the shop starts;
 * - without the supervisor (`node server.js`): the page says a restore needs `npm start`.
 * Nothing waits a fixed time: each step waits for what the owner would see.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { freePort, ROOT } from "../../bench/lib.mjs";
import { TEMPLATE_DB_FILE, TEMPLATE_UPLOADS_DIR, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, TEST_SESSION_SECRET } from "../setup/constants";
import { hashTree } from "../setup/files";
import { dumpDatabase, withDb } from "../setup/db-dump";

type Shop = { dir: string; dbFile: string; uploadsDir: string; backupsDir: string; env: NodeJS.ProcessEnv; port: number; base: string };
type Run = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

const children = new Set<ChildProcess>();
const shops: Shop[] = [];

beforeAll(() => {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) throw new Error("build/server/index.js tidak ada: jalankan npm run build dulu.");
});

afterEach(async () => {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await gone;
    }
  }
  children.clear();
  for (const shop of shops.splice(0)) fs.rmSync(shop.dir, { recursive: true, force: true });
});

async function newShop(): Promise<Shop> {
  const template = inject("templateDir");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-pulihkan-halaman-"));
  fs.copyFileSync(path.join(template, TEMPLATE_DB_FILE), path.join(dir, "etalase.db"));
  fs.cpSync(path.join(template, TEMPLATE_UPLOADS_DIR), path.join(dir, "uploads"), { recursive: true });
  const port = await freePort();
  const shop: Shop = {
    dir,
    dbFile: path.join(dir, "etalase.db"),
    uploadsDir: path.join(dir, "uploads"),
    backupsDir: path.join(dir, "backups"),
    port,
    base: `http://127.0.0.1:${port}`,
    env: {},
  };
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([key]) => !/^(DOCUMENTS_DIR|MALLOC_.*)$/.test(key)));
  shop.env = {
    ...inherited,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: shop.dbFile,
    UPLOADS_DIR: shop.uploadsDir,
    BACKUPS_DIR: shop.backupsDir,
    SESSION_SECRET: TEST_SESSION_SECRET,
  };
  shops.push(shop);
  return shop;
}

function run(shop: Shop, script: string): Run {
  const child = spawn(process.execPath, [script], { cwd: ROOT, env: shop.env, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Polls `probe` until it answers something (not undefined); the deadline only ends a hung test. */
async function until<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 150_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await Promise.resolve()
      .then(probe)
      .catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `npm start` on the shop, until it serves. */
async function npmStart(shop: Shop): Promise<Run> {
  const started = run(shop, "scripts/serve.mjs");
  await until("npm start", () => {
    if (started.child.exitCode !== null) throw new Error(`npm start ended:\n${started.output()}`);
    return /\[etalase\] siap di/.test(started.output()) ? true : undefined;
  });
  return started;
}

async function servingPid(shop: Shop): Promise<number | undefined> {
  const response = await fetch(`${shop.base}/healthz`, { signal: AbortSignal.timeout(2000) });
  if (response.status !== 200) return undefined;
  return ((await response.json()) as { pid: number }).pid;
}

/** Signs the seeded operator in through the form: the session cookie. */
async function signIn(shop: Shop): Promise<string> {
  const response = await fetch(`${shop.base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: shop.base },
    body: new URLSearchParams({ intent: "masuk", username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }),
  });
  expect(response.status).toBe(302);
  return response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
}

async function post(shop: Shop, cookie: string, url: string, fields: Record<string, string>) {
  return fetch(`${shop.base}${url}`, { method: "POST", redirect: "manual", headers: { Origin: shop.base, Cookie: cookie }, body: new URLSearchParams(fields) });
}

/** A page's visible text (not the data it carries for hydration). */
async function textOf(response: Response): Promise<string> {
  return (await response.text()).replace(/<script[\s\S]*?<\/script>/g, " ").replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}


const PAGE = "/operator/master/cadangan";

/** 'Buat cadangan sekarang' on the page: the new backup's folder name. */
async function backupFromPage(shop: Shop, cookie: string): Promise<string> {
  const before = fs.existsSync(shop.backupsDir) ? fs.readdirSync(shop.backupsDir) : [];
  expect((await post(shop, cookie, PAGE, { intent: "buat" })).status).toBe(302);
  const made = fs.readdirSync(shop.backupsDir).filter((name) => !before.includes(name));
  expect(made).toHaveLength(1);
  return made[0]!;
}

describe("'Pulihkan' on the Cadangan page, under npm start", () => {
  it("stops the shop, restores the backup, keeps the replaced data, logs who did it, and serves again; then npm run stop and npm start work", async () => {
    const shop = await newShop();
    const supervisor = await npmStart(shop);
    const cookie = await signIn(shop);
    const nama = await backupFromPage(shop, cookie);
    const folder = path.join(shop.backupsDir, nama);
    const saved = { db: dumpDatabase(path.join(folder, "etalase.db")), uploads: hashTree(path.join(folder, "uploads")) };

    // After the backup: a new category through the page, a row and an image written beside it.
    expect((await post(shop, cookie, "/operator/produk/kategoriproduk", { intent: "tambah", kategori: "Sesudah Cadangan" })).status).toBe(302);
    withDb(shop.dbFile, (db) => db.prepare("insert into ulasan (ulasan, oleh) values ('sesudah cadangan', 'uji')").run());
    fs.writeFileSync(path.join(shop.uploadsDir, "produk", "sesudah-cadangan.jpg"), crypto.randomBytes(1024));
    const changed = { db: dumpDatabase(shop.dbFile), uploads: hashTree(shop.uploadsDir) };
    expect(changed.db.kategori).not.toEqual(saved.db.kategori);

    // The dialog says what `npm run restore` says before it asks.
    const dialog = await textOf(await fetch(`${shop.base}${PAGE}?pulihkan=${nama}`, { headers: { Cookie: cookie } }));
    expect(dialog).toMatch(new RegExp(`Cadangan baik: ${nama}, dibuat \\d+ \\w{3} \\d{4} \\d{2}\\.\\d{2} WIB \\(\\d+ berkas, [\\d,]+ (KB|MB)\\)\\.`));
    expect(dialog).toMatch(/Isi: \d+ produk, \d+ kategori, \d+ gambar produk, \d+ kantor cabang, \d+ pengguna, \d+ usulan LPPM\./);
    expect(dialog).toContain(`database ${shop.dbFile}`);
    expect(dialog).toContain("Ya, pulihkan");
    expect(dialog).toContain(`Data yang sekarang dipindahkan dulu ke ${shop.backupsDir}/sebelum-pulihkan-<waktu> (bisa dipulihkan kembali).`);
    expect(dialog).not.toContain("Memulihkan dari halaman ini hanya bisa");

    const first = (await servingPid(shop))!;
    const asked = await post(shop, cookie, PAGE, { intent: "pulihkan", nama });
    expect(asked.status).toBe(202);
    const html = await asked.text();
    expect(html).toContain("Toko sedang dijalankan ulang");
    const tujuan = /<meta http-equiv="refresh" content="15;url=([^"]+)"/.exec(html)![1]!.replaceAll("&amp;", "&");
    expect(tujuan).toMatch(new RegExp(`^${PAGE}\\?pemulihan=[0-9a-f-]{36}$`));

    // The shop answers again, from a new serving process.
    const second = await until("the shop to answer again", async () => {
      const pid = await servingPid(shop);
      return pid && pid !== first ? pid : undefined;
    });
    expect(second).not.toBe(first);
    expect(supervisor.output()).toContain(`pemulihan dari cadangan ${nama} diminta oleh Operator`);
    expect(supervisor.output()).toMatch(new RegExp(`Pemulihan selesai: data toko sekarang dari cadangan ${nama}\\. \\([\\d.]+ dtk\\)`));
    expect(supervisor.output()).toMatch(/server \(pid \d+\) melayani lagi, [\d.]+ dtk setelah berhenti/);

    // The backup's data, plus the activity log's line naming the operator.
    const after = { db: dumpDatabase(shop.dbFile), uploads: hashTree(shop.uploadsDir) };
    const line = after.db.aktivitas!.filter((row) => row.includes('"aksi":"pulihkan"'));
    expect(line).toHaveLength(1);
    const operator = withDb(shop.dbFile, (db) => db.prepare("select id, name from users where username = ?").get(TEST_OPERATOR_USERNAME)) as { id: number; name: string };
    expect(JSON.parse(line[0]!)).toMatchObject({ id_user: operator.id, nama_user: operator.name, entitas: "cadangan", ringkasan: `Dipulihkan dari ${nama} (halaman Cadangan)` });
    const others = (db: Record<string, string[]>) => ({ ...db, aktivitas: db.aktivitas!.filter((row) => !row.includes('"aksi":"pulihkan"')), sessions: [] });
    expect(others(after.db)).toEqual(others(saved.db));
    expect(after.uploads).toEqual(saved.uploads);

    // The replaced data is a backup of its own, as it was just before.
    const aside = fs.readdirSync(shop.backupsDir).find((name) => name.startsWith("sebelum-pulihkan-"))!;
    expect(aside).toMatch(/^sebelum-pulihkan-\d{4}-\d{2}-\d{2}-\d{4}-WIB$/);
    const kept = { db: dumpDatabase(path.join(shop.backupsDir, aside, "etalase.db")), uploads: hashTree(path.join(shop.backupsDir, aside, "uploads")) };
    expect({ ...kept.db, sessions: [] }).toEqual({ ...changed.db, sessions: [] });
    expect(kept.uploads).toEqual(changed.uploads);

    // The page the user is sent to says how it ended (the session was in the backup).
    const outcome = await textOf(await fetch(`${shop.base}${tujuan}`, { headers: { Cookie: cookie } }));
    expect(outcome).toContain(`Pemulihan selesai: data toko sekarang dari cadangan ${nama}. Data sebelumnya disimpan sebagai ${aside}`);
    const log = await textOf(await fetch(`${shop.base}/operator/master/log-aktivitas`, { headers: { Cookie: cookie } }));
    expect(log).toContain(`Dipulihkan dari ${nama} (halaman Cadangan)`);

    // `npm run stop`, then `npm start` again: the restored shop.
    const stopped = run(shop, "scripts/stop.mjs");
    expect(await stopped.exited).toBe(0);
    expect(await supervisor.exited).toBe(0);
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);
    const again = await npmStart(shop);
    expect((await fetch(`${shop.base}/healthz`)).status).toBe(200);
    expect(dumpDatabase(shop.dbFile).kategori).toEqual(saved.db.kategori);
    expect(await run(shop, "scripts/stop.mjs").exited).toBe(0);
    expect(await again.exited).toBe(0);
  }, 600_000);

  it("a damaged backup is refused before anything stops; a restore the supervisor refuses after the stop leaves the data as it was, and the page says why; a stop during a restore waits for it", async () => {
    const shop = await newShop();
    const supervisor = await npmStart(shop);
    const cookie = await signIn(shop);
    const nama = await backupFromPage(shop, cookie);
    const rusak = path.join(shop.backupsDir, "rusak");
    fs.cpSync(path.join(shop.backupsDir, nama), rusak, { recursive: true });
    fs.writeFileSync(path.join(rusak, "etalase.db"), "bukan database");

    const first = (await servingPid(shop))!;
    const bad = await post(shop, cookie, PAGE, { intent: "pulihkan", nama: "rusak" });
    expect(bad.status).toBe(422);
    expect(await textOf(bad)).toMatch(/Pemulihan ditolak: Cadangan rusak: etalase\.db bukan database SQLite yang utuh/);
    expect(await servingPid(shop)).toBe(first);

    // Another program has the database open: `npm run restore` refuses that, and so does the supervisor.
    const before = dumpDatabase(shop.dbFile);
    const other = spawn(process.execPath, ["-e", `const D = require("better-sqlite3"); const db = new D(${JSON.stringify(shop.dbFile)}); db.prepare("select 1").get(); console.log("buka"); setInterval(() => {}, 1000);`], {
      cwd: ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    });
    children.add(other);
    await new Promise((resolve) => other.stdout!.once("data", resolve));
    const asked = await post(shop, cookie, PAGE, { intent: "pulihkan", nama });
    expect(asked.status).toBe(202);
    const tujuan = /content="15;url=([^"]+)"/.exec(await asked.text())![1]!;
    await until("the shop to answer again", async () => {
      const pid = await servingPid(shop);
      return pid && pid !== first ? pid : undefined;
    });
    const outcome = await textOf(await fetch(`${shop.base}${tujuan}`, { headers: { Cookie: cookie } }));
    expect(outcome).toContain(`Pemulihan ditolak: Database ini sedang dibuka oleh proses lain: pid ${other.pid}`);
    expect(outcome).toContain("Data toko tidak diubah.");
    expect(supervisor.output()).toContain("Pemulihan ditolak: Database ini sedang dibuka oleh proses lain");
    const now = dumpDatabase(shop.dbFile);
    // Nothing of the shop changed (sessions aside: the pages touch them), and nothing was kept aside.
    expect({ ...now, sessions: [] }).toEqual({ ...before, sessions: [] });
    expect(fs.readdirSync(shop.backupsDir).filter((name) => name.startsWith("sebelum-pulihkan-"))).toEqual([]);

    // A stop asked for while a restore runs waits for it: the supervisor ends (0) with the backup in place.
    other.kill("SIGKILL");
    await new Promise((resolve) => other.once("exit", resolve));
    withDb(shop.dbFile, (db) => db.prepare("insert into ulasan (ulasan, oleh) values ('sesudah cadangan', 'uji')").run());
    const requests = (supervisor.output().match(/pemulihan dari cadangan \S+ diminta oleh/g) ?? []).length;
    expect((await post(shop, await signIn(shop), PAGE, { intent: "pulihkan", nama })).status).toBe(202);
    await until("the supervisor to take the request", () => ((supervisor.output().match(/pemulihan dari cadangan \S+ diminta oleh/g) ?? []).length > requests ? true : undefined));
    supervisor.child.kill("SIGTERM");
    expect(await supervisor.exited).toBe(0);
    expect(dumpDatabase(shop.dbFile).ulasan!.some((row) => row.includes("sesudah cadangan"))).toBe(false);
    expect(fs.readdirSync(shop.backupsDir).filter((name) => name.startsWith("sebelum-pulihkan-"))).toHaveLength(1);
    expect(fs.existsSync(`${shop.dbFile}.pid`)).toBe(false);
  }, 600_000);
});

describe("without the supervisor (node server.js, npm run dev)", () => {
  it("the page says that restoring needs npm start, and the post is refused", async () => {
    const shop = await newShop();
    const server = run(shop, "server.js");
    await until("the server", () => (/\[etalase\] siap di/.test(server.output()) ? true : undefined));
    const cookie = await signIn(shop);
    const nama = await backupFromPage(shop, cookie);
    const dialog = await textOf(await fetch(`${shop.base}${PAGE}?pulihkan=${nama}`, { headers: { Cookie: cookie } }));
    expect(dialog).toContain("Memulihkan dari halaman ini hanya bisa bila toko dijalankan dengan `npm start`");
    expect(dialog).not.toContain("Ya, pulihkan");
    const refused = await post(shop, cookie, PAGE, { intent: "pulihkan", nama });
    expect(refused.status).toBe(409);
    expect(await textOf(refused)).toContain("Memulihkan dari halaman ini hanya bisa bila toko dijalankan dengan `npm start`");
  }, 300_000);
});
