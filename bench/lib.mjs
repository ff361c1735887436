// Shared helpers of `npm run bench` and `npm run lighthouse`: build, a throw-away seeded
// copy of the shop under .tmp/, and a production server on a free port that is always
// stopped again (normal end, error or Ctrl-C).
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { prepareEnv, productionNodeFlags, serverEnv } from "../scripts/serve.mjs";

export const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
export const OPERATOR_USERNAME = "operator";
export const OPERATOR_PASSWORD = "BenchOperator-" + crypto.randomBytes(6).toString("hex");

export function timestamp() {
  return new Date().toISOString().replace(/[:.]/g, "-").replace("Z", "");
}

export function log(...args) {
  console.error("[bench]", ...args);
}

export class SetupError extends Error {}

/** `npm run build` in the project root; throws on failure. */
export function build() {
  log("npm run build …");
  const started = Date.now();
  const result = spawnSync("npm", ["run", "build"], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new SetupError(`npm run build gagal (exit ${result.status})`);
  }
  log(`build selesai (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const running = new Set();

/**
 * Copies what the production server needs (server.js and its Node check, build/,
 * db/migrations) to `dest`, so a
 * concurrent `npm run build` in the project cannot pull files from under a running benchmark.
 * Packages still resolve from the project's node_modules (dest lives inside the project).
 */
export function snapshotApp(dest) {
  if (!fs.existsSync(path.join(ROOT, "build/server/index.js"))) {
    throw new SetupError("build/server/index.js tidak ada: jalankan tanpa --no-build");
  }
  fs.mkdirSync(dest, { recursive: true });
  // server.js and the plain modules it imports beside the build: the Node version check and the
  // database's pid file.
  for (const file of ["server.js", "scripts/check-node.mjs", "app/lib/server/pid-file.mjs"]) {
    fs.mkdirSync(path.dirname(path.join(dest, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dest, file));
  }
  fs.cpSync(path.join(ROOT, "build"), path.join(dest, "build"), { recursive: true });
  fs.cpSync(path.join(ROOT, "db/migrations"), path.join(dest, "db/migrations"), { recursive: true });
  if (!fs.existsSync(path.join(dest, "build/server/index.js")) || !fs.existsSync(path.join(dest, "build/client/assets"))) {
    throw new SetupError("salinan build/ tidak lengkap (sedang ada build lain?): ulangi");
  }
  return dest;
}

/**
 * Starts `node server.js` (production) on `dir/etalase.db` + `dir/uploads`. On an empty
 * database the server migrates and seeds the demo shop before it listens.
 * Resolves with { pid, port, base, stop(), child } once it logs "siap di".
 * @param {string} dir
 * @param {{ appDir: string, timeoutMs?: number, extraEnv?: Record<string, string>, nodeArgs?: string[] }} options
 */
export async function startServer(dir, { appDir, timeoutMs = 180_000, extraEnv = {}, nodeArgs = productionNodeFlags() } = {}) {
  if (!appDir || !fs.existsSync(path.join(appDir, "build/server/index.js"))) {
    throw new SetupError(`build/server/index.js tidak ada di ${appDir}`);
  }
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const logFile = path.join(dir, `server-${port}.log`);
  const out = fs.openSync(logFile, "a");
  // As `npm start` runs it (scripts/serve.mjs): prepared first (migrations, the demo seed) in a
  // process of its own, then served with the same flags and environment.
  const base = {
    ...process.env,
    NODE_ENV: "production",
    SESSION_SECRET: crypto.randomBytes(24).toString("hex"),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: path.join(dir, "etalase.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    OPERATOR_USERNAME,
    OPERATOR_PASSWORD,
    SEED_DEMO: "1",
    ...extraEnv,
  };
  const env = serverEnv(base);
  // cwd must be the app directory: migrations (db/migrations) and build/client are resolved from it.
  const prepared = await new Promise((resolve) => {
    const prep = spawn(process.execPath, [...nodeArgs, "server.js", "--prepare"], { cwd: appDir, env: prepareEnv(base), stdio: ["ignore", "pipe", "pipe"] });
    let text = "";
    const keep = (chunk) => {
      fs.writeSync(out, chunk);
      text = (text + chunk.toString()).slice(-4000);
    };
    prep.stdout.on("data", keep);
    prep.stderr.on("data", keep);
    prep.once("close", (code) => resolve({ code, text }));
  });
  if (prepared.code !== 0) throw new SetupError(`persiapan server gagal (code ${prepared.code}):\n${prepared.text}`);
  const child = spawn(process.execPath, [...nodeArgs, "server.js", "--prepared"], { cwd: appDir, env, stdio: ["ignore", "pipe", "pipe"] });
  const server = {
    child,
    pid: child.pid,
    port,
    base: `http://127.0.0.1:${port}`,
    logFile,
    exited: false,
    async stop() {
      running.delete(server);
      if (server.exited) return;
      const done = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => { if (!server.exited) child.kill("SIGKILL"); }, 5000);
      await done;
      clearTimeout(timer);
    },
  };
  running.add(server);
  let tail = "";
  const ready = new Promise((resolve, reject) => {
    const onData = (chunk) => {
      fs.writeSync(out, chunk);
      tail = (tail + chunk.toString()).slice(-4000);
      if (/\[etalase\] siap di/.test(tail)) resolve();
    };
    child.stdout.on("data", onData);
    child.stderr.on("data", onData);
    child.once("exit", (code, signal) => {
      server.exited = true;
      running.delete(server);
      reject(new SetupError(`server berhenti sebelum siap (code ${code}, signal ${signal}):\n${tail}`));
    });
    setTimeout(() => reject(new SetupError(`server tidak siap dalam ${timeoutMs / 1000} s:\n${tail}`)), timeoutMs).unref();
  });
  try {
    await ready;
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Kills every server still running (used on errors and SIGINT). */
export async function stopAll() {
  await Promise.all([...running].map((s) => s.stop()));
}

/**
 * A seeded demo shop in `dir` (etalase.db + uploads/): the server is started once on an
 * empty database (it migrates and seeds), then stopped so the files can be copied.
 */
export async function seedDemo(dir, appDir) {
  log(`menyiapkan toko demo di ${path.relative(ROOT, dir)} (migrasi + seed) …`);
  const started = Date.now();
  const server = await startServer(dir, { appDir });
  await server.stop();
  log(`toko demo siap (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

/** Copies a stopped shop directory (database incl. WAL files, uploads) to `to`. */
export function copyShop(from, to) {
  fs.mkdirSync(to, { recursive: true });
  for (const name of fs.readdirSync(from)) {
    if (name.startsWith("etalase.db")) fs.copyFileSync(path.join(from, name), path.join(to, name));
  }
  fs.cpSync(path.join(from, "uploads"), path.join(to, "uploads"), { recursive: true });
}

/**
 * Logs in through the HTML form (the operator by default); returns the `etalase_sid=…` cookie
 * pair.
 */
export async function login(base, username = OPERATOR_USERNAME, password = OPERATOR_PASSWORD) {
  const res = await fetch(`${base}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", origin: base },
    body: new URLSearchParams({ intent: "masuk", username, password }),
  });
  const cookies = res.headers.getSetCookie?.() ?? [];
  const sid = cookies.map((c) => c.split(";")[0]).find((c) => c.startsWith("etalase_sid="));
  if (res.status !== 302 || !sid) {
    throw new SetupError(`login ${username} gagal: HTTP ${res.status}, set-cookie ${JSON.stringify(cookies)}`);
  }
  return sid;
}

/** The LPPM demo accounts' shared password (lppm-demo-password.txt beside the seeded database), or null. */
export function lppmDemoPassword(dir) {
  const file = path.join(dir, "lppm-demo-password.txt");
  if (!fs.existsSync(file)) return null;
  return /^password: (\S+)$/m.exec(fs.readFileSync(file, "utf8"))?.[1] ?? null;
}

/**
 * A process's resident memory from /proc (bytes), or null when it is gone: `rss` in all, `anon`
 * the process's own (V8's heap, malloc), `file` pages of mapped files (the node binary, native
 * modules; the kernel may drop them).
 */
export function readMemory(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = (name) => Number(new RegExp(`${name}:\\s+(\\d+)\\s+kB`).exec(status)?.[1] ?? 0) * 1024;
    return { rss: kb("VmRSS"), anon: kb("RssAnon"), file: kb("RssFile") };
  } catch {
    return null;
  }
}

/** The server's resident set size in bytes (null when unavailable). */
export function readRss(pid) {
  return readMemory(pid)?.rss ?? null;
}

/** Picks the slugs the benchmark visits: a category with the most products and one product in it. */
export async function pickSlugs(dbFile) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(dbFile, { readonly: true, fileMustExist: true });
  try {
    const kategori = db
      .prepare(
        `SELECT k.seo, COUNT(p.id) AS n FROM kategori k JOIN produk p ON p.id_kategori = k.id
         GROUP BY k.id ORDER BY n DESC, k.id LIMIT 1`,
      )
      .get();
    const produk = db
      .prepare(
        `SELECT p.nama_seo FROM produk p JOIN gambar_produk g ON g.id_produk = p.id
         GROUP BY p.id ORDER BY COUNT(g.id) DESC, p.id LIMIT 1`,
      )
      .get();
    if (!kategori || !produk) throw new SetupError("database demo tidak berisi kategori/produk");
    return { kategori: kategori.seo, produk: produk.nama_seo };
  } finally {
    db.close();
  }
}

/** Installs SIGINT/SIGTERM handlers that run `cleanup` once and exit 130. */
export function onInterrupt(cleanup) {
  let busy = false;
  for (const signal of ["SIGINT", "SIGTERM"]) {
    process.on(signal, async () => {
      if (busy) return;
      busy = true;
      log(`${signal}: membersihkan …`);
      try {
        await cleanup();
      } finally {
        process.exit(130);
      }
    });
  }
}

/**
 * The seeded demo database a domain bench (csv-import, wa-statistik) starts from: `given` (its
 * --db), else the newest complete template the tests left under .tmp/template/ (`testFile` is
 * the test to run once to make one).
 */
export function seededDatabase(given, testFile) {
  if (given) return path.resolve(given);
  const templates = path.join(ROOT, ".tmp/template");
  const found = (fs.existsSync(templates) ? fs.readdirSync(templates) : [])
    .map((name) => path.join(templates, name))
    .filter((dir) => fs.existsSync(path.join(dir, ".complete")) && fs.existsSync(path.join(dir, "etalase.db")))
    .sort((a, b) => fs.statSync(b).mtimeMs - fs.statSync(a).mtimeMs)[0];
  if (!found) {
    throw new Error(
      `Tidak ada database toko demo: jalankan sekali \`npx vitest run ${testFile}\` ` +
        "(membuat .tmp/template/), atau beri --db <etalase.db yang sudah di-seed>.",
    );
  }
  return path.join(found, "etalase.db");
}

/**
 * Bundles domain modules (`modules`: one path or several, from the repository's root) and openDb
 * into one ESM file a domain bench imports.
 */
export async function bundleDomain(modules, outfile) {
  const esbuild = await import("esbuild");
  const list = Array.isArray(modules) ? modules : [modules];
  await esbuild.build({
    stdin: {
      contents: `${list.map((module) => `export * from "./${module}";\n`).join("")}export { openDb } from "./app/lib/server/db.server.ts";\n`,
      resolveDir: ROOT,
      loader: "ts",
      sourcefile: `${path.basename(list[0], ".ts")}-bench-entry.ts`,
    },
    absWorkingDir: ROOT,
    tsconfig: path.join(ROOT, "tsconfig.json"),
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node22",
    packages: "external",
    outfile,
    logLevel: "error",
  });
}
