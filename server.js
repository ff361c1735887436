// Etalase process bootstrap: validate env, migrate + seed, then listen.
// Production serves the built bundle (build/server/index.js, whose entry is server/app.ts);
// development runs the same app through Vite's middleware for HMR. `npm run dev` starts Node
// with `--conditions=development` so that Node and Vite load the same (development) build of
// react-router; with two copies every request failed its RouterContextProvider check.
//
//   node server.js             migrate + seed, then serve (what the tests and the bench start)
//   node server.js --prepare   migrate + seed, then exit: run once by the supervisor
//                              (scripts/serve.mjs, behind `npm start` and `npm run quickstart`)
//   node server.js --prepared  serve without seeding: the supervisor's serving process
import "./scripts/check-node.mjs";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import express from "express";

const DEVELOPMENT = process.env.NODE_ENV !== "production";
const PREPARE_ONLY = process.argv.includes("--prepare");
const PREPARED = process.argv.includes("--prepared");

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === "EPERM";
  }
}

/**
 * `<database>.pid`: "a server uses this database", for `npm run restore`, which refuses to run
 * meanwhile (app/lib/server/backup.server.ts reads the file; it writes one of its own while it
 * restores, and then no server starts). The pid is the one to stop: under the supervisor
 * (scripts/serve.mjs) the supervisor's, which also removes the file when it ends; otherwise this
 * process's, removed when it exits. A file left by a killed process names a dead pid: ignored.
 */
function claimDatabase() {
  const url = process.env.DATABASE_URL || "./data/etalase.db";
  if (url === ":memory:" || url.startsWith("file:")) return;
  const file = `${path.resolve(url)}.pid`;
  let holder = null;
  try {
    holder = JSON.parse(fs.readFileSync(file, "utf8"));
  } catch {
    // none, or unreadable: nobody to wait for
  }
  if (holder?.peran === "pulihkan" && Number.isInteger(holder.pid) && alive(holder.pid)) {
    console.error(
      `[etalase] database sedang dipulihkan dari cadangan (npm run restore, pid ${holder.pid}). Jalankan server lagi setelah pemulihan selesai.`,
    );
    process.exit(1);
  }
  const supervisor = Number(process.env.ETALASE_SUPERVISOR_PID) || 0;
  const pid = supervisor || process.pid;
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.rmSync(file, { force: true });
    fs.writeFileSync(file, JSON.stringify({ pid, peran: "server", sejak: new Date().toISOString() }), { mode: 0o600 });
  } catch (error) {
    console.warn(`[etalase] Peringatan: ${file} tidak bisa ditulis (${error.message}); npm run restore tidak akan tahu server ini berjalan.`);
    return;
  }
  if (supervisor) return;
  process.on("exit", () => {
    try {
      if (JSON.parse(fs.readFileSync(file, "utf8")).pid === pid) fs.rmSync(file, { force: true });
    } catch {
      // already gone
    }
  });
}
claimDatabase();

const root = express();
root.disable("x-powered-by");
// Production answers cache hits before Express (server/app.ts serveCached), then the app itself.
let handle = root;
const server = http.createServer((req, res) => handle(req, res));

/**
 * Vite's dev server hands out any file below the project folder that is not denied, so the
 * database, its secrets and the backups would be one URL away (`/data/etalase.db`). A custom
 * list replaces Vite's defaults, which are repeated first.
 */
function devServerDeny() {
  const slash = (p) => path.resolve(p).split(path.sep).join("/");
  const dataDir = path.dirname(path.resolve(process.env.DATABASE_URL || "./data/etalase.db"));
  return [
    ".env",
    ".env.*",
    "*.{crt,pem,key,p12,pfx,cer,der}",
    ".npmrc",
    ".yarnrc.yml",
    "**/.git/**",
    `${slash(dataDir)}/**`,
    `${slash("data")}/**`,
    `${slash("backups")}/**`,
    `${slash(process.env.BACKUPS_DIR || "backups")}/**`,
    `${slash(".tmp")}/**`,
    "*.{db,db-wal,db-shm,db-journal,sqlite,sqlite3}",
    "session-secret",
    "operator-password.txt",
  ];
}

let app;
if (DEVELOPMENT) {
  const vite = await import("vite").then((v) =>
    v.createServer({
      server: {
        middlewareMode: true,
        // HMR's WebSocket rides on this server (and its address) instead of opening its own
        // port on every interface.
        hmr: { server },
        fs: { deny: devServerDeny() },
      },
    }),
  );
  const mod = await vite.ssrLoadModule("./server/app.ts");
  await mod.prepare({ seed: !PREPARED });
  if (PREPARE_ONLY) process.exit(0);
  root.use(vite.middlewares);
  root.use(async (req, res, next) => {
    try {
      const source = await vite.ssrLoadModule("./server/app.ts");
      return await source.app(req, res, next);
    } catch (error) {
      if (error instanceof Error) vite.ssrFixStacktrace(error);
      next(error);
    }
  });
  app = mod;
} else {
  let mod;
  // The path is a variable so that `tsc` (allowJs) does not follow it into the ~175,000 lines
  // of the built bundle: with a build present that tripled `npm run typecheck`. Node resolves
  // it relative to this file all the same.
  const BUILT_SERVER = "./build/server/index.js";
  try {
    mod = await import(BUILT_SERVER);
  } catch (error) {
    console.error("[etalase] build/server/index.js tidak ditemukan. Jalankan `npm run build` dulu.");
    throw error;
  }
  await mod.prepare({ seed: !PREPARED });
  if (PREPARE_ONLY) {
    console.log("[etalase] database siap (migrasi dan isi awal selesai).");
    process.exit(0);
  }
  handle = (req, res) => {
    if (!mod.serveCached(req, res)) mod.app(req, res);
  };
  app = mod;
}

// A whole request (headers and body) gets this long (README, "Request bodies").
server.requestTimeout = app.REQUEST_TIMEOUT_MS;
// `Expect: 100-continue`: the client waits to be invited before it sends its body. Only a body
// the app will read is (one that needs no login or comes with a valid one, of a kind and size
// we accept, with room in the memory budget); any other request is answered without it.
server.on("checkContinue", (req, res) => {
  let admitted = false;
  try {
    admitted = app.admitBody(req, res);
  } catch {
    // Not invited; the app answers the request (and its error) as any other.
  }
  if (admitted) res.writeContinue();
  handle(req, res);
});

const { PORT, HOST } = app.runtimeEnv();
// `npm run dev` serves unbuilt sources and Vite's tooling: this machine only, unless HOST says so.
const host = DEVELOPMENT && !process.env.HOST ? "127.0.0.1" : HOST;
server.on("error", (error) => {
  console.error(`[etalase] tidak bisa mendengarkan di ${host}:${PORT}: ${error.message}`);
  process.exit(1);
});
server.listen(PORT, host, () => {
  console.log(
    `[etalase] siap di http://${host === "0.0.0.0" ? "localhost" : host}:${PORT} (Node ${process.version})`,
  );
  // Under the supervisor: this process now serves (an exit before this is a failed start).
  process.send?.({ etalase: "siap", pid: process.pid });
  // Daily, idempotent jobs (the reviewers' deadline reminders).
  app.startJobs?.();
});

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  server.close(() => process.exit(0));
  // Idle keep-alive connections would hold close() open until they time out.
  server.closeIdleConnections();
  setTimeout(() => process.exit(0), 2000).unref();
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, stop);
// The supervisor is gone (even `kill -9`): do not stay behind holding the port.
process.on("disconnect", stop);
