// `npm run bench`: the speed benchmark (see README, "Measuring speed").
//
// Builds once, seeds a throw-away copy of the demo shop under .tmp/bench-<ts>/, starts the
// production server on a free port and drives it with autocannon for a fixed time per route,
// alternating with a static file of the same size as the home page (served by the same
// Express static middleware), so every figure is also a ratio to that file's req/s.
//
//   npm run bench -- [--no-build] [--duration 10] [--static-duration 5] [--connections 10]
//                    [--scale | --both] [--soak [60]] [--soak-connections 50]
//                    [--routes /produk,/api/home] [--identity] [--keep]
//   npm run bench -- --anchor ../shared/perf-anchor [--rounds 2] [--duration 5]
//
// Requests ask as a browser does (Accept-Encoding: gzip, deflate, br) unless --identity.
// Beside it: the arguments (./options.mjs), the routes (./routes.mjs), the load and memory
// sampler (./load.mjs), the static file and the alternation (./static-file.mjs), the
// first-load JavaScript (./first-load-js.mjs), --soak (./soak.mjs), the printed report
// (./report.mjs); --anchor: the side-by-side comparison with a reference app (./anchor-run.mjs
// over ./anchor.mjs).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  ROOT,
  SetupError,
  build,
  copyShop,
  log,
  login,
  lppmDemoPassword,
  onInterrupt,
  pickSlugs,
  readRss,
  seedDemo,
  snapshotApp,
  startServer,
  stopAll,
  timestamp,
} from "./lib.mjs";
import { scaleDatabase } from "./scale.mjs";
import { stopAnchors } from "./anchor.mjs";
import { anchorMain } from "./anchor-run.mjs";
import { readOptions } from "./options.mjs";
import { LPPM_ROUTES, PUBLIC_PAGES, routeList } from "./routes.mjs";
import { loadDriver, rssSampler } from "./load.mjs";
import { alternateWithStatic, removeStaticFile, writeStaticFile } from "./static-file.mjs";
import { firstLoadJs } from "./first-load-js.mjs";
import { runSoak } from "./soak.mjs";
import { fmt, printRun, printTargets, targets } from "./report.mjs";

const OPTIONS = readOptions(process.argv.slice(2));
const { duration: DURATION, staticDuration: STATIC_DURATION, connections: CONNECTIONS, warmup: WARMUP, compressed: COMPRESSED, soak: SOAK, soakConnections: SOAK_CONNECTIONS } = OPTIONS;
const BOTH = OPTIONS.both;
const SCALE = OPTIONS.scale;
const KEEP = OPTIONS.keep;
const load = loadDriver({ connections: CONNECTIONS, warmup: WARMUP, compressed: COMPRESSED });

const STAMP = timestamp();
const WORK = path.join(ROOT, ".tmp", `bench-${STAMP}`);
// The server runs from a snapshot of build/ (APP), so another `npm run build` during the run
// cannot swap files under it; the static twin lives in APP/build/client/__bench/.
const APP = path.join(WORK, "app");
const CLIENT_DIR = path.join(APP, "build/client");
const RESULTS_DIR = path.join(ROOT, "bench/results");

/** One run (demo or scale) on the shop in `dir`: every route, the static file, first-load JavaScript, memory. */
async function runOnce(label, dir, slugs, lppmPassword) {
  log(`[${label}] server produksi di ${path.relative(ROOT, dir)} …`);
  const server = await startServer(dir, { appDir: APP });
  const sampler = rssSampler(server.pid);
  try {
    const rssStart = readRss(server.pid);
    const loadBefore = os.loadavg();
    const cookie = await login(server.base);
    const lppmCookies = {};
    if (lppmPassword) {
      for (const user of new Set(LPPM_ROUTES.map((r) => r.user))) lppmCookies[user] = await login(server.base, user, lppmPassword);
    } else {
      log("PERINGATAN: tanpa demo LPPM (lppm-demo-password.txt tidak ada): layar LPPM tidak diukur");
    }
    // Check every route answers before timing it.
    const routes = routeList(OPTIONS, slugs, cookie, lppmCookies);
    for (const r of routes) {
      const res = await fetch(server.base + r.path, { headers: r.headers ?? {}, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) log(`PERINGATAN: ${r.name} (${r.path}) menjawab HTTP ${res.status}`);
      r.checkStatus = res.status;
    }
    // The static twin of the home page: same bytes count, served by express.static.
    const staticRoute = await writeStaticFile(server.base, CLIENT_DIR);

    const js = await firstLoadJs(server.base, PUBLIC_PAGES(slugs), CLIENT_DIR);
    const missing = js.flatMap((p) => p.missing);
    if (missing.length) throw new SetupError(`aset tidak ada di build/client: ${missing.join(", ")}`);

    const planned = routes.length * (DURATION + WARMUP) + (routes.length + 1) * (STATIC_DURATION + WARMUP) + SOAK;
    log(`[${label}] ${routes.length} rute × ${DURATION} s, file statis ${routes.length + 1} × ${STATIC_DURATION} s, ${CONNECTIONS} koneksi (≈ ${Math.round(planned)} s)`);
    const { results, statics, summary: staticSummary } = await alternateWithStatic({
      routes,
      staticRoute,
      measure: (route, seconds) => load.measure(server, sampler, route, seconds),
      duration: DURATION,
      staticDuration: STATIC_DURATION,
    });

    let soak = null;
    if (SOAK > 0) soak = await runSoak(server, sampler, dir, routes, { seconds: SOAK, connections: SOAK_CONNECTIONS, load });

    const rssEnd = readRss(server.pid);
    return {
      label,
      dir: path.relative(ROOT, dir),
      slugs,
      routes: results,
      static: staticSummary,
      staticRuns: statics,
      firstLoadJs: js,
      rss: { start: rssStart, end: rssEnd, peak: sampler.peakAll },
      loadAverage: { before: loadBefore, after: os.loadavg(), cpus: os.cpus().length },
      soak,
    };
  } finally {
    sampler.stop();
    await server.stop();
    removeStaticFile(CLIENT_DIR);
  }
}

async function cleanup() {
  load.stop();
  await stopAll();
  await stopAnchors();
  removeStaticFile(CLIENT_DIR);
  if (!KEEP) fs.rmSync(WORK, { recursive: true, force: true });
}
onInterrupt(cleanup);

async function main() {
  if (OPTIONS.anchor) return anchorMain(OPTIONS, { app: APP, work: WORK, resultsDir: RESULTS_DIR, stamp: STAMP });
  const started = Date.now();
  if (OPTIONS.build) build();
  snapshotApp(APP);
  const seedDir = path.join(WORK, "demo");
  await seedDemo(seedDir, APP);
  const slugs = await pickSlugs(path.join(seedDir, "etalase.db"));
  log(`kategori: ${slugs.kategori}, produk: ${slugs.produk}`);

  const plan = BOTH ? ["demo", "scale"] : SCALE ? ["scale"] : ["demo"];
  const runs = [];
  for (const label of plan) {
    let dir = seedDir;
    let scaleInfo = null;
    if (label === "scale") {
      dir = path.join(WORK, "scale");
      copyShop(seedDir, dir);
      scaleInfo = await scaleDatabase(path.join(dir, "etalase.db"));
      log(`scale: ${JSON.stringify(scaleInfo.after)} dalam ${scaleInfo.seconds.toFixed(2)} s`);
    } else if (plan.includes("scale")) {
      // Keep the seed pristine for the scale copy: run the demo on its own copy.
      dir = path.join(WORK, "demo-run");
      copyShop(seedDir, dir);
    }
    const run = await runOnce(label, dir, slugs, lppmDemoPassword(seedDir));
    run.scale = scaleInfo;
    runs.push(run);
    printRun(run, { connections: CONNECTIONS, duration: DURATION, staticDuration: STATIC_DURATION });
  }

  const { targets: checks, comparison } = targets(runs);
  printTargets(checks, comparison);

  const report = {
    createdAt: new Date().toISOString(),
    node: process.version,
    options: { duration: DURATION, staticDuration: STATIC_DURATION, connections: CONNECTIONS, warmup: WARMUP, compressed: COMPRESSED, soak: SOAK, soakConnections: SOAK_CONNECTIONS, plan },
    latencyNote: "autocannon reports p50/p90/p97.5/p99 (no p95); the scale comparison uses p97.5",
    runs,
    comparison,
    targets: checks,
    seconds: (Date.now() - started) / 1000,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `${STAMP}${plan.length > 1 ? "-both" : plan[0] === "scale" ? "-scale" : ""}.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`\nJSON report: ${path.relative(ROOT, out)} (${fmt(report.seconds, 0)} s in total)`);
}

try {
  await main();
  await cleanup();
  process.exit(0);
} catch (error) {
  console.error(`[bench] GAGAL: ${error instanceof SetupError ? error.message : error?.stack ?? error}`);
  await cleanup();
  process.exit(1);
}
