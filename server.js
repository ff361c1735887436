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
import http from "node:http";
import path from "node:path";
import express from "express";
import { databaseHolder, pidFileOf, releaseHolder, writeHolder } from "./app/lib/server/pid-file.mjs";

const DEVELOPMENT = process.env.NODE_ENV !== "production";
const PREPARE_ONLY = process.argv.includes("--prepare");
const PREPARED = process.argv.includes("--prepared");

/**
 * Claims `<database>.pid` for this server (app/lib/server/pid-file.mjs says who reads it and
 * why): refuses to start while a restore replaces the database or `npm run demo:hapus` removes
 * the demo from it, and names the pid to stop — under the supervisor the supervisor's, which
 * removes the file itself; otherwise this process's, removed when it exits.
 */
function claimDatabase() {
  const dbFile = process.env.DATABASE_URL || "./data/etalase.db";
  if (!pidFileOf(dbFile)) return;
  const holder = databaseHolder(dbFile);
  if (holder?.peran === "pulihkan") {
    console.error(
      `[etalase] database sedang dipulihkan dari cadangan (npm run restore, pid ${holder.pid}). Jalankan server lagi setelah pemulihan selesai.`,
    );
    process.exit(1);
  }
  if (holder?.peran === "hapus-demo") {
    console.error(`[etalase] data demo sedang dihapus dari database ini (npm run demo:hapus, pid ${holder.pid}). Jalankan server lagi setelah selesai.`);
    process.exit(1);
  }
  const supervisor = Number(process.env.ETALASE_SUPERVISOR_PID) || 0;
  const pid = supervisor || process.pid;
  try {
    writeHolder(dbFile, { pid, peran: "server" });
  } catch (error) {
    console.warn(`[etalase] Peringatan: ${pidFileOf(dbFile)} tidak bisa ditulis (${error.message}); npm run restore tidak akan tahu server ini berjalan.`);
    return;
  }
  if (!supervisor) process.on("exit", () => releaseHolder(dbFile, pid));
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
// An idle keep-alive connection stays open 65 s, longer than a reverse proxy's idle time (60 s is
// common) and than a client's pause between two requests: with Node's 5 s a client that sends
// on an idle connection just as the server closes it gets a reset instead of an answer (seen
// with the Playwright client and Node's http agent; nginx and load balancers advise the same).
server.keepAliveTimeout = 65_000;
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
  // Unset, pages name whatever Host a request sent, so they are never public to shared caches.
  if (!process.env.SITE_URL) {
    console.warn(
      "[etalase] SITE_URL tidak diisi: tautan kanonis, og:url, JSON-LD, sitemap.xml dan robots.txt memakai alamat (Host) tiap permintaan, maka dikirim dengan Cache-Control: private (proxy/CDN tidak menyimpannya). Isi SITE_URL dengan alamat publik toko (mis. https://mebeljati.co.id) agar semuanya memakai alamat itu dan boleh disimpan cache bersama.",
    );
  }
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
