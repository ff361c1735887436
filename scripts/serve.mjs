// `npm start` and `npm run quickstart`: the production server, kept up by a small supervisor.
//
// 1. Once, a short-lived `server.js --prepare` validates the environment, migrates and seeds
//    (the demo shop's image rendering then never sits in the serving process's memory, and no
//    two processes ever migrate or seed at the same time). If it fails, nothing is retried:
//    a bad setting stays bad.
// 2. Then one serving process, `server.js --prepared`, with the heap limits of package.json
//    (config.nodeFlags). When it dies (an uncaught error, out of memory, `kill -9`) the reason
//    is logged and a new one is started at once; it answers again in about a second.
// 3. A serving process that dies before it is ready, 3 times in a row, stops the supervisor
//    with a message (exit 1) instead of looping: a port in use does not free itself.
// 4. SIGTERM / SIGINT stop the serving process and then the supervisor, with exit code 0.
// 5. A restore asked for on the Cadangan page (an IPC message from the serving process): the
//    serving process is stopped, the backup restored by the code of `npm run restore`
//    (app/lib/server/backup/pulihkan.server.ts says why IPC), and a serving process started
//    again as in 2. A stop asked for meanwhile waits until the restore is done.
//
// Deliberately not Node's cluster module: with one worker it only adds a hop for every
// connection; a plain child process with an IPC channel is all that is needed.
import "./check-node.mjs";
import { fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { releaseHolder } from "../app/lib/server/pid-file.mjs";
import { startEnv } from "./settings.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Consecutive start-up failures before giving up. */
export const MAX_START_FAILURES = 3;
/** How long a stopping server may take before it is killed (server.js itself gives up at 2 s). */
const STOP_TIMEOUT_MS = 10_000;

const log = (message) => console.log(`[etalase] ${message}`);
const warn = (message) => console.error(`[etalase] ${message}`);

/** The flags `npm start` always ran the server with (package.json config.nodeFlags). */
export function productionNodeFlags(cwd = ROOT) {
  const { config } = JSON.parse(fs.readFileSync(path.join(cwd, "package.json"), "utf8"));
  return String(config?.nodeFlags ?? "").split(/\s+/).filter(Boolean);
}

/** The last error message of a process's stderr: Node's "Error: …" of an uncaught error, or our own. */
function lastError(tail) {
  const lines = tail.split("\n");
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i].trim();
    if (/^(\w*(Error|Exception)\b.*?:\s|FATAL ERROR:|\[etalase\] )/.test(line)) {
      // Our configuration errors list one variable per indented line below the first.
      const details = [];
      for (let j = i + 1; j < lines.length && /^ {2}\S/.test(lines[j]); j++) details.push(lines[j].trim());
      return [line, ...details].join(" ").slice(0, 400);
    }
  }
  return null;
}

/** Why a process ended, in a sentence for the log. */
export function describeExit(code, signal, stderrTail = "") {
  if (/heap out of memory|Reached heap limit|Allocation failed/i.test(stderrTail)) {
    return `kehabisan memori (heap JavaScript penuh${signal ? `, ${signal}` : ""})`;
  }
  if (signal === "SIGKILL") return "dihentikan paksa dengan SIGKILL (kill -9, atau kernel kehabisan memori)";
  if (signal) return `dihentikan oleh sinyal ${signal}`;
  const error = lastError(stderrTail);
  return error ? `${error} (kode keluar ${code})` : `kode keluar ${code}`;
}

/**
 * The environment the serving process runs in (the bench starts it the same way): production,
 * and glibc's allocator tuned for a long-lived process that encodes images and compiles code
 * in threads. Left alone, glibc gives each allocating thread (libvips, the libuv pool, V8's
 * compiler threads) its own arena, and after the first large buffer is freed it raises its
 * mmap threshold, so later buffers come from those arenas and their pages are seldom
 * returned. Two arenas and a fixed 128 KB mmap threshold took the serving process from 255 to
 * 155 MB RSS after making every image variant of the demo shop (README, "Memory"). A 32 KB
 * threshold also hands back the optimizing compiler's working memory (V8 zones of 32 KB and
 * more) instead of leaving holes in glibc's heap: 8 s of uncached /produk on the scaled shop
 * left 185–190 MB instead of 210–220.
 */
export function serverEnv(env = process.env) {
  return {
    ...env,
    NODE_ENV: env.NODE_ENV || "production",
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || "2",
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || "32768",
  };
}

/**
 * The environment of the preparation (migrations, and on a new database the demo seed, which
 * renders its pictures with sharp): production, without serverEnv's allocator tuning, which is
 * for a long-lived process. With a 32 KB mmap threshold every image buffer is a mmap of its own:
 * the demo's pictures took minutes on a busy machine instead of under a minute. (Set by the
 * owner, the variables stay as they are.)
 */
export function prepareEnv(env = process.env) {
  return { ...env, NODE_ENV: env.NODE_ENV || "production" };
}

/**
 * Runs the supervisor until it is told to stop; resolves with the exit code it should end
 * with (0 after SIGTERM/SIGINT, 1 when the server cannot be started).
 */
export function supervise({ cwd = ROOT, env = process.env, nodeFlags = productionNodeFlags(cwd), onReady = () => {} } = {}) {
  // server.js names this process in `<database>.pid` (the one to stop before `npm run restore`),
  // so a serving process restarted after a crash never leaves the database unclaimed.
  const childEnv = { ...serverEnv(env), ETALASE_SUPERVISOR_PID: String(process.pid) };
  const preparingEnv = { ...prepareEnv(env), ETALASE_SUPERVISOR_PID: String(process.pid) };
  const url = env.DATABASE_URL || "./data/etalase.db";
  const dbFile = url === ":memory:" || url.startsWith("file:") ? url : path.resolve(cwd, url);
  return new Promise((resolve) => {
    /** The process running now (preparation or server), with the end of its stderr. */
    let current = null;
    let stopping = false;
    let failures = 0;
    /** When the last serving process died, to log how long the shop was away. */
    let downSince = 0;
    /** A serving process has been ready once (`onReady` is called then, not after a restart). */
    let served = false;
    /** The restore the serving process asked for, from its request until the shop starts again. */
    let restoring = null;

    const finish = (code) => {
      process.off("SIGINT", onSignal);
      process.off("SIGTERM", onSignal);
      // Not written (a failed preparation), already gone, or another process's: left alone.
      releaseHolder(dbFile);
      resolve(code);
    };

    function onSignal() {
      if (stopping) {
        // Asked twice (a second Ctrl-C): do not wait any longer.
        current?.child.kill("SIGKILL");
        return;
      }
      stopping = true;
      // A restore is never cut off halfway: the supervisor ends once it is done.
      if (!current) return restoring ? undefined : finish(0);
      stopChild(current.child);
    }

    function stopChild(child) {
      child.kill("SIGTERM");
      setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL"), STOP_TIMEOUT_MS).unref();
    }
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);

    function run(args, runEnv = childEnv) {
      const child = fork(path.join(cwd, "server.js"), args, {
        cwd,
        env: runEnv,
        execArgv: nodeFlags,
        // stdout as is; stderr passed through while its end is kept for the reason of a crash.
        stdio: ["inherit", "inherit", "pipe", "ipc"],
      });
      const proc = { child, tail: "" };
      child.stderr.on("data", (chunk) => {
        process.stderr.write(chunk);
        proc.tail = (proc.tail + chunk.toString()).slice(-8192);
      });
      current = proc;
      return proc;
    }

    function serve() {
      if (stopping) return finish(0);
      const proc = run(["--prepared"]);
      const { pid } = proc.child;
      let ready = false;
      proc.child.on("message", (message) => {
        if (message?.etalase === "pulihkan") return restoreAsked(proc, message);
        if (message?.etalase !== "siap") return;
        if (!served) onReady(pid);
        served = true;
        ready = true;
        failures = 0;
        if (downSince) log(`server (pid ${pid}) melayani lagi, ${((Date.now() - downSince) / 1000).toFixed(1)} dtk setelah berhenti.`);
        downSince = 0;
      });
      // "close", not "exit": it comes after the last of stderr (the error) has been read.
      proc.child.on("close", (code, signal) => {
        current = null;
        if (restoring) return void restoreThenStart();
        if (stopping) return finish(0);
        if (code === 0 && !signal) {
          // Only a deliberate stop ends with 0 (a signal to the whole group, e.g. Ctrl-C).
          log("server berhenti dengan normal; pengawas ikut berhenti.");
          return finish(0);
        }
        const reason = describeExit(code, signal, proc.tail);
        downSince ||= Date.now();
        if (!ready) {
          failures++;
          if (failures >= MAX_START_FAILURES) {
            warn(`server gagal dijalankan ${failures} kali berturut-turut sebelum siap (terakhir: ${reason}). Berhenti; periksa pesan di atas.`);
            return finish(1);
          }
          warn(`server (pid ${pid}) gagal dijalankan: ${reason}. Mencoba lagi (${failures}/${MAX_START_FAILURES - 1}) …`);
          setTimeout(serve, 500 * failures);
          return;
        }
        warn(`server (pid ${pid}) berhenti: ${reason}. Dijalankan ulang …`);
        serve();
      });
    }

    /** The serving process asks for a restore (the Cadangan page has checked the backup and the user). */
    function restoreAsked(proc, request) {
      if (restoring || stopping || current !== proc || typeof request.nama !== "string") return;
      restoring = request;
      downSince = Date.now();
      log(`pemulihan dari cadangan ${request.nama} diminta oleh ${request.oleh?.nama ?? "?"}: server (pid ${proc.child.pid}) dihentikan …`);
      stopChild(proc.child);
    }

    /** Once the serving process has stopped: the restore, its outcome for the page, and a new start. */
    async function restoreThenStart() {
      const request = restoring;
      try {
        // Loaded only for a restore: the supervisor stays small, and runs where only it is copied.
        const { backupsDirOf, dataPaths } = await import("../app/lib/server/backup/files.server.ts");
        const { restoreRequestedBackup, writeRestoreOutcome } = await import("../app/lib/server/backup/pulihkan.server.ts");
        const paths = dataPaths(env, cwd);
        const outcome = await restoreRequestedBackup({
          request,
          paths,
          backupsDir: backupsDirOf(env.BACKUPS_DIR, cwd),
          migrationsFolder: path.join(cwd, "db/migrations"),
          log,
          warn,
        });
        writeRestoreOutcome(paths.dbFile, outcome);
        (outcome.ok ? log : warn)(outcome.ok ? `${outcome.pesan} (${outcome.detik?.toFixed(1)} dtk)` : outcome.pesan);
      } catch (error) {
        warn(`pemulihan dari cadangan ${request.nama} gagal: ${error?.stack ?? error}`);
      } finally {
        restoring = null;
      }
      // The restore has released its claim on the database; the server started now claims it
      // again for this supervisor, as at start-up. No preparation first: the database is not
      // empty (nothing to seed), and the serving process applies the migrations an older
      // backup needs before it listens; the shop is back one process start sooner.
      if (stopping) return finish(0);
      serve();
    }

    /** Migrations and the seed, once, then the serving process. */
    function start() {
      const prepare = run(["--prepare"], preparingEnv);
      prepare.child.on("close", (code, signal) => {
        current = null;
        if (stopping) return finish(0);
        if (code !== 0) {
          warn(`persiapan gagal: ${describeExit(code, signal, prepare.tail)}. Server tidak dijalankan; periksa pesan di atas.`);
          return finish(1);
        }
        serve();
      });
    }

    start();
  });
}

if (import.meta.main) {
  // `npm start`: the settings the quick start kept (.env, the session secret beside the database).
  const { env, missing } = startEnv({ cwd: ROOT });
  if (missing) {
    warn(missing);
    process.exitCode = 1;
  } else {
    process.exitCode = await supervise({ env });
  }
}
