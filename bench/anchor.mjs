// `npm run bench -- --anchor <dir>`: Etalase's never-cached pages side by side with
// a reference app (../shared/perf-anchor: a stock React Router page), and its cached page side
// by side with a bare `node:http` server answering the same bytes from memory.
//
// - The anchor is copied to .tmp/anchor-<lockfile hash>/ (the shared folder is read-only),
//   installed and built there once, and started on its own pinned Node, as its README says;
//   the bench refuses to compare when its Node major differs from the one Etalase runs on.
// - Each pair alternates in one run: the reference, then the page, for every page, in both
//   modes — as a browser asks (Accept-Encoding: gzip, deflate, br) and without compression —
//   for N rounds. Each measurement warms up first (the README: ≥ 2 s), then counts requests
//   and the server's CPU (utime + stime from /proc/<pid>/stat over the timed window).
// - Figures are medians over the rounds, with the spread (min–max) beside them.
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import { freePort, log, ROOT, SetupError } from "./lib.mjs";

export const BROWSER_ENCODING = "gzip, deflate, br";
export const MODES = [
  { key: "browser", label: "as a browser asks (gzip, deflate, br)", headers: { "accept-encoding": BROWSER_ENCODING } },
  { key: "identity", label: "without compression", headers: {} },
];

const CLOCK_TICKS = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim()) || 100;
const started = new Set();

/** utime + stime of a process, in ms. */
export function cpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  // The command name may hold spaces: fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
}

function run(cmd, args, cwd) {
  log(`${path.relative(ROOT, cwd) || "."}: ${cmd} ${args.join(" ")}`);
  const result = spawnSync(cmd, args, { cwd, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
  if (result.status !== 0) {
    process.stderr.write(result.stdout ?? "");
    process.stderr.write(result.stderr ?? "");
    throw new SetupError(`${cmd} ${args.join(" ")} gagal di ${cwd} (exit ${result.status})`);
  }
}

/** A writable, installed and built copy of the anchor (made once per lockfile). */
export function prepareAnchor(source) {
  const lock = path.join(source, "package-lock.json");
  if (!fs.existsSync(path.join(source, "package.json")) || !fs.existsSync(lock)) {
    throw new SetupError(`--anchor ${source}: tidak ada package.json/package-lock.json`);
  }
  const hash = crypto.createHash("sha256").update(fs.readFileSync(lock)).update(fs.readFileSync(path.join(source, "package.json"))).digest("hex").slice(0, 12);
  const dir = path.join(ROOT, ".tmp", `anchor-${hash}`);
  const ready = path.join(dir, ".ready");
  if (!fs.existsSync(ready)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.cpSync(source, dir, { recursive: true, filter: (from) => !/^(node_modules|build)(\/|$)/.test(path.relative(source, from)) });
    run("npm", ["install", "--no-audit", "--no-fund"], dir);
    run("npm", ["run", "build"], dir);
    fs.writeFileSync(ready, new Date().toISOString());
  }
  return dir;
}

async function waitFor(url, child, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new SetupError(`${url}: proses berhenti (exit ${child.exitCode})`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new SetupError(`${url} tidak menjawab 200 dalam ${timeoutMs / 1000} s`);
}

function track(child, port, extra = {}) {
  const server = {
    child,
    pid: child.pid,
    base: `http://127.0.0.1:${port}`,
    ...extra,
    async stop() {
      started.delete(server);
      if (child.exitCode === null && child.signalCode === null) {
        const done = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await done;
        clearTimeout(timer);
      }
      // The bare server's copy of the page bytes.
      if (extra.dir) fs.rmSync(extra.dir, { recursive: true, force: true });
    },
  };
  started.add(server);
  return server;
}

/** The anchor's server on its own Node (react-router-serve, NODE_ENV=production). */
export async function startAnchor(dir, workDir) {
  const node = path.join(dir, "node_modules/.bin/node");
  const serve = path.join(dir, "node_modules/@react-router/serve/bin.js");
  if (!fs.existsSync(node) || !fs.existsSync(serve)) throw new SetupError(`anchor di ${dir}: node atau react-router-serve tidak terpasang`);
  const version = spawnSync(node, ["--version"], { encoding: "utf8" }).stdout.trim();
  if (version.split(".")[0] !== process.version.split(".")[0]) {
    throw new SetupError(`anchor memakai Node ${version}, Etalase ${process.version}: bandingkan hanya pada major yang sama`);
  }
  const port = await freePort();
  fs.mkdirSync(workDir, { recursive: true });
  const env = { ...process.env, NODE_ENV: "production", PORT: String(port), HOST: "127.0.0.1", ANCHOR_DB: path.join(workDir, "anchor.db") };
  const child = spawn(node, [serve, "./build/server/index.js"], { cwd: dir, env, stdio: ["ignore", "ignore", "inherit"] });
  const server = track(child, port, { node: version });
  await waitFor(`${server.base}/produk`, child);
  return server;
}

/**
 * A bare `node:http` server on this Node answering one page's bytes from memory, as they were
 * sent (identity, gzip, br: each compressed once): the limit for a cached page on this machine.
 */
export async function startBare(bodies, contentType) {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(ROOT, ".tmp", "bare-"));
  for (const [encoding, body] of Object.entries(bodies)) fs.writeFileSync(path.join(dir, encoding), body);
  const script = `
    const http = require("node:http"), fs = require("node:fs"), path = require("node:path");
    const dir = ${JSON.stringify(dir)};
    const bodies = Object.fromEntries(fs.readdirSync(dir).map((e) => [e, fs.readFileSync(path.join(dir, e))]));
    http.createServer((req, res) => {
      const accept = req.headers["accept-encoding"] || "";
      const encoding = /\\bbr\\b/.test(accept) && bodies.br ? "br" : /\\bgzip\\b/.test(accept) && bodies.gzip ? "gzip" : "identity";
      const headers = { "Content-Type": ${JSON.stringify(contentType)}, "Content-Length": bodies[encoding].length, Vary: "Accept-Encoding" };
      if (encoding !== "identity") headers["Content-Encoding"] = encoding;
      res.writeHead(200, headers);
      res.end(bodies[encoding]);
    }).listen(${port}, "127.0.0.1");`;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "ignore", "inherit"] });
  const server = track(child, port, { dir });
  await waitFor(`${server.base}/`, child);
  return server;
}

export async function stopAnchors() {
  await Promise.all([...started].map((s) => s.stop()));
}

/** One raw response, undecoded: its status, headers and body bytes as they crossed the wire. */
export function rawGet(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

function cannon(opts) {
  return new Promise((resolve, reject) => {
    autocannon(opts, (err, result) => (err ? reject(err) : resolve(result)));
  });
}

/** req/s and server CPU ms per request for one target, after a warm-up. */
export async function measureTarget(target, { headers, duration, warmup, connections }) {
  const url = target.server.base + target.path;
  const all = { ...headers, ...(target.headers ?? {}) };
  if (warmup > 0) await cannon({ url, headers: all, duration: warmup, connections });
  const cpuBefore = cpuMs(target.server.pid);
  const r = await cannon({ url, headers: all, duration, connections });
  const cpu = cpuMs(target.server.pid) - cpuBefore;
  const requests = r.requests.total;
  const sample = await rawGet(url, all);
  return {
    requests,
    rps: requests / (r.duration || duration),
    cpuMsPerReq: requests ? cpu / requests : null,
    p50: r.latency.p50,
    p97_5: r.latency.p97_5,
    non2xx: r.non2xx,
    errors: r.errors,
    status: sample.status,
    encoding: sample.headers["content-encoding"] ?? "identity",
    wireBytes: sample.body.length,
  };
}

export function median(values) {
  const sorted = values.filter((v) => v != null).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * Pairs `{ name, reference, page }` (targets: { server, path, headers? }), alternating reference
 * and page, every pair in both modes, `rounds` times. Returns the raw rounds and a summary.
 */
export async function comparePairs(pairs, { rounds, duration, warmup, connections, onResult = () => {} }) {
  const results = [];
  for (let round = 1; round <= rounds; round++) {
    for (const mode of MODES) {
      for (const pair of pairs) {
        const reference = await measureTarget(pair.reference, { headers: mode.headers, duration, warmup, connections });
        const page = await measureTarget(pair.page, { headers: mode.headers, duration, warmup, connections });
        const row = { round, mode: mode.key, name: pair.name, referenceName: pair.referenceName, reference, page, ratio: page.rps / reference.rps };
        results.push(row);
        onResult(row);
      }
    }
  }
  const summary = [];
  for (const mode of MODES) {
    for (const pair of pairs) {
      const rows = results.filter((r) => r.mode === mode.key && r.name === pair.name);
      const spread = (f) => {
        const values = rows.map(f).filter((v) => v != null);
        return { median: median(values), min: Math.min(...values), max: Math.max(...values) };
      };
      summary.push({
        mode: mode.key,
        name: pair.name,
        referenceName: pair.referenceName,
        rps: spread((r) => r.page.rps),
        referenceRps: spread((r) => r.reference.rps),
        ratio: spread((r) => r.ratio),
        cpuMsPerReq: spread((r) => r.page.cpuMsPerReq),
        referenceCpuMsPerReq: spread((r) => r.reference.cpuMsPerReq),
        wireBytes: rows.at(-1).page.wireBytes,
        encoding: rows.at(-1).page.encoding,
        referenceWireBytes: rows.at(-1).reference.wireBytes,
        non2xx: rows.reduce((n, r) => n + r.page.non2xx + r.reference.non2xx, 0),
      });
    }
  }
  return { results, summary };
}
