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
// --anchor: the side-by-side comparison with a reference app (./anchor.mjs).
import autocannon from "autocannon";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
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
  readMemory,
  readRss,
  seedDemo,
  snapshotApp,
  startServer,
  stopAll,
  timestamp,
} from "./lib.mjs";
import { scaleDatabase } from "./scale.mjs";
import { BROWSER_ENCODING, comparePairs, prepareAnchor, rawGet, startAnchor, startBare, stopAnchors } from "./anchor.mjs";

// ---------------------------------------------------------------- arguments
const argv = process.argv.slice(2);
function flag(name) {
  return argv.includes(`--${name}`);
}
function option(name, fallback) {
  const i = argv.indexOf(`--${name}`);
  if (i < 0) return fallback;
  const v = argv[i + 1];
  return v === undefined || v.startsWith("--") ? fallback : v;
}
if (flag("help") || flag("h")) {
  console.log(`npm run bench -- [options]
  --no-build              pakai build/ yang ada (tanpa npm run build)
  --duration N            detik per rute (default 10)
  --static-duration N     detik per pengukuran file statis (default duration/2, min 3)
  --connections N         koneksi autocannon (default 10)
  --warmup N              detik pemanasan per rute, tidak dihitung (default 1)
  --scale                 isi salinan dengan 10.000 produk / 50.000 gambar / 200 kategori / 50 cabang dulu
  --both                  demo lalu scale, plus rasio p97.5 scale/demo
  --soak [N]              setelah rute: N detik (default 60) campuran rute publik, 50 koneksi, RSS di akhir
  --soak-connections N    koneksi untuk --soak (default 50)
  --routes a,b            hanya rute yang namanya memuat salah satu teks ini (file statis selalu ikut)
  --identity              tanpa Accept-Encoding (default: gzip, deflate, br seperti browser)
  --anchor DIR            bandingkan dengan aplikasi acuan (../shared/perf-anchor) berdampingan,
                          seperti browser dan tanpa kompresi; --rounds N (default 2), --duration (default 5)
  --keep                  jangan hapus .tmp/bench-<ts>/`);
  process.exit(0);
}
const ANCHOR = option("anchor", "");
const ROUNDS = Number(option("rounds", 2));
const DURATION = Number(option("duration", ANCHOR ? 5 : 10));
const STATIC_DURATION = Number(option("static-duration", Math.max(3, Math.round(DURATION / 2))));
const CONNECTIONS = Number(option("connections", 10));
const WARMUP = Number(option("warmup", 1));
const BOTH = flag("both");
const SCALE = flag("scale") || BOTH;
const SOAK = flag("soak") ? Number(option("soak", 60)) : 0;
const SOAK_CONNECTIONS = Number(option("soak-connections", 50));
const ROUTE_FILTER = option("routes", "")
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
const COMPRESSED = !flag("identity");
const KEEP = flag("keep");
for (const [k, v] of Object.entries({ DURATION, STATIC_DURATION, CONNECTIONS, WARMUP, SOAK, SOAK_CONNECTIONS, ROUNDS })) {
  if (!Number.isFinite(v) || v < 0) {
    console.error(`argumen tidak valid: ${k}=${v}`);
    process.exit(2);
  }
}

const STAMP = timestamp();
const WORK = path.join(ROOT, ".tmp", `bench-${STAMP}`);
// The server runs from a snapshot of build/ (APP), so another `npm run build` during the run
// cannot swap files under it; the static twin lives in APP/build/client/__bench/.
const APP = path.join(WORK, "app");
const CLIENT_DIR = path.join(APP, "build/client");
const STATIC_DIR = path.join(CLIENT_DIR, "__bench");
const STATIC_FILE = path.join(STATIC_DIR, "static.html");
const STATIC_URL = "/__bench/static.html";
const RESULTS_DIR = path.join(ROOT, "bench/results");
const BYPASS_COOKIE = "etalase_sid=bench-bypass";

// Public pages whose first-load JavaScript is counted.
const PUBLIC_PAGES = (s) => [
  ["/", "/"],
  ["/produk", "/produk"],
  ["/produk/:seo", `/produk/${s.kategori}`],
  ["/detail-produk/:seo", `/detail-produk/${s.produk}`],
  ["/kontak-kami", "/kontak-kami"],
  ["/produk?q=", "/produk?q=kursi"],
];

/**
 * Searches of three words from the names bench/scale.mjs gives its products
 * (type × wood × style: 864 of them, shuffled), for the route that asks a new one with every
 * request — more than the search's answer cache keeps, so each is a search run afresh.
 */
const CARI_JENIS = ["kursi", "meja", "lemari", "bufet", "rak", "sofa", "dipan", "nakas", "bangku", "cermin", "kabinet", "meja rias"];
const CARI_BAHAN = ["jati", "mahoni", "trembesi", "rotan", "sungkai", "mindi", "suar", "bambu"];
const CARI_GAYA = ["minimalis", "ukir", "retro", "klasik", "modern", "skandinavia", "industrial", "kolonial", "rustic"];
const CARI_BERAGAM = CARI_JENIS.flatMap((j) => CARI_BAHAN.flatMap((b) => CARI_GAYA.map((g) => `/produk?q=${encodeURIComponent(`${j} ${b} ${g}`)}`)))
  .map((path, i) => ({ path, key: (i * 7919) % 864 }))
  .sort((a, b) => a.key - b.key)
  .map((x) => x.path);

/**
 * 's target: a search answers within 1.5 × a category page (p97.5), each search route
 * against the category page measured the same way (from the page cache, or bypassing it).
 */
const SEARCH_VS_CATEGORY = 1.5;

/**
 * The logged-in LPPM screens measured (never cached), each as the demo account whose
 * list it is: the reviewer's list, the head's ranking board of the open penelitian periode,
 * the proposer's list; and the head's dashboard; the monitoring lists and the
 * publication incentives' approval lists: the Sekretaris's and the Kepala's, the Kepala's
 * penetapan board of the open call, and the list of a reviewer with claims assigned.
 */
const LPPM_ROUTES = [
  { name: "lppm reviewer list", path: "/reviewer/evaluasi-substansi", user: "reviewer.ekonomi" },
  { name: "lppm ranking board", path: "/kepalalppm/penetapan-pemenang/usulan-reguler", user: "kepala.lppm" },
  { name: "lppm proposer list", path: "/pengusul/penelitian/usulan-baru", user: "dosen.ahmad" },
  { name: "lppm head dashboard", path: "/kepalalppm/dashboard", user: "kepala.lppm" },
  { name: "lppm catatan monitoring", path: "/kepalalppm/monitoring/catatan-harian", user: "kepala.lppm" },
  { name: "lppm monev monitoring", path: "/kepalalppm/monitoring/monev-internal", user: "kepala.lppm" },
  { name: "lppm laporan monitoring", path: "/kepalalppm/monitoring/laporan-kemajuan?status=semua", user: "kepala.lppm" },
  { name: "lppm insentif sekretaris list", path: "/sekretarislppm/persetujuan-usulan/insentif-publikasi", user: "sekretaris.lppm" },
  { name: "lppm insentif kepala list", path: "/kepalalppm/persetujuan-usulan/insentif-publikasi", user: "kepala.lppm" },
  { name: "lppm insentif penetapan board", path: "/kepalalppm/penetapan-pemenang/usulan-insentif", user: "kepala.lppm" },
  { name: "lppm insentif reviewer list", path: "/reviewer/evaluasi-insentif", user: "reviewer.internal" },
];

/** The measured routes, in the order they alternate with the static file. */
function routeList(s, cookie, lppmCookies = {}) {
  const all = [
    { name: "/", path: "/", kind: "public" },
    { name: "/produk", path: "/produk", kind: "public-list" },
    { name: "/produk (uncached)", path: "/produk", kind: "uncached", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk/:seo", path: `/produk/${s.kategori}`, kind: "public-list" },
    // Product search: the results page cached and not (the same search again, a
    // typo, a new search every request), against the category page bypassing the cache too.
    { name: "/produk/:seo (uncached)", path: `/produk/${s.kategori}`, kind: "category-uncached", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk?q=kursi", path: "/produk?q=kursi", kind: "search", against: "/produk/:seo" },
    { name: "/produk?q=kursi (uncached)", path: "/produk?q=kursi", kind: "search", against: "/produk/:seo (uncached)", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk?q=kurso typo (uncached)", path: "/produk?q=kurso", kind: "search", against: "/produk/:seo (uncached)", headers: { cookie: BYPASS_COOKIE } },
    { name: "/produk?q=… a new search each (uncached)", path: CARI_BERAGAM[0], paths: CARI_BERAGAM, kind: "search", against: "/produk/:seo (uncached)", headers: { cookie: BYPASS_COOKIE } },
    { name: "GET /api/produk?q=kursi", path: "/api/produk?q=kursi", kind: "api" },
    { name: "/detail-produk/:seo", path: `/detail-produk/${s.produk}`, kind: "public" },
    { name: "/kontak-kami", path: "/kontak-kami", kind: "public" },
    { name: "operator table", path: "/operator/produk/produk", kind: "operator", headers: { cookie } },
    { name: "operator log aktivitas", path: "/operator/master/log-aktivitas", kind: "operator", headers: { cookie } },
    { name: "operator log aktivitas filtered", path: "/operator/master/log-aktivitas?entitas=users&dari=2026-01-01", kind: "operator", headers: { cookie } },
    { name: "operator cadangan", path: "/operator/master/cadangan", kind: "operator", headers: { cookie } },
    { name: "operator statistik whatsapp 90", path: "/operator/master/statistik-whatsapp?hari=90", kind: "operator", headers: { cookie } },
    { name: "GET /api/home", path: "/api/home", kind: "api" },
    ...LPPM_ROUTES.filter((r) => lppmCookies[r.user]).map((r) => ({ name: r.name, path: r.path, kind: "lppm", headers: { cookie: lppmCookies[r.user] } })),
  ];
  if (!ROUTE_FILTER.length) return all;
  return all.filter((r) => ROUTE_FILTER.some((f) => r.name.includes(f)));
}

// ---------------------------------------------------------------- RSS sampler
function rssSampler(pid) {
  const sampler = { phase: null, peakAll: 0 };
  const tick = () => {
    const rss = readRss(pid);
    if (rss == null) return;
    sampler.peakAll = Math.max(sampler.peakAll, rss);
    if (sampler.phase) sampler.phase.peak = Math.max(sampler.phase.peak, rss);
  };
  const timer = setInterval(tick, 200);
  timer.unref();
  sampler.begin = () => {
    sampler.phase = { peak: readRss(pid) ?? 0 };
    return sampler.phase;
  };
  sampler.end = () => {
    tick();
    const p = sampler.phase;
    sampler.phase = null;
    return p?.peak ?? null;
  };
  sampler.stop = () => clearInterval(timer);
  return sampler;
}

// ---------------------------------------------------------------- autocannon
function cannon(opts) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ connections: CONNECTIONS, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
    current = instance;
  });
}
let current = null;

function baseHeaders(extra = {}) {
  return { ...(COMPRESSED ? { "accept-encoding": BROWSER_ENCODING } : {}), ...extra };
}

async function measure(server, sampler, route, duration) {
  const url = server.base + route.path;
  const headers = baseHeaders(route.headers);
  // A route with `paths` asks the next one with every request (whichever connection sends it).
  let next = 0;
  const varied = route.paths ? { requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: route.paths[next++ % route.paths.length] }) }] } : {};
  if (WARMUP > 0) await cannon({ url, headers, duration: WARMUP, ...varied });
  sampler.begin();
  const r = await cannon({ url, headers, duration, ...varied });
  const peakRss = sampler.end();
  const seconds = r.duration || duration;
  return {
    name: route.name,
    path: route.path,
    kind: route.kind,
    against: route.against,
    cookie: route.headers?.cookie ? (route.headers.cookie === BYPASS_COOKIE ? "bypass" : "session") : null,
    duration: seconds,
    requests: r.requests.total,
    rps: r.requests.total / seconds,
    latency: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p97_5: r.latency.p97_5,
      p99: r.latency.p99,
      max: r.latency.max,
      mean: r.latency.average,
    },
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: r.statusCodeStats,
    bytesPerResponse: r.requests.total ? Math.round(r.throughput.total / r.requests.total) : 0,
    peakRss,
  };
}

// ---------------------------------------------------------------- first-load JS
function assetsOf(html) {
  const found = new Set();
  const add = (u) => {
    if (u && u.startsWith("/assets/")) found.add(u.split(/[?#]/)[0]);
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc\s*=\s*["']([^"']+)["'][^>]*>/gi)) add(m[1]);
  for (const m of html.matchAll(/<link\b[^>]*>/gi)) {
    if (/\brel\s*=\s*["']?modulepreload/i.test(m[0])) add(/\bhref\s*=\s*["']([^"']+)["']/i.exec(m[0])?.[1]);
  }
  // Module imports written inline by React Router (import * as route0 from "/assets/…"; import("/assets/…")).
  for (const m of html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi)) {
    const body = m[1];
    for (const i of body.matchAll(/\bimport\s*(?:[\w*{}\s,$]+?\s*from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) add(i[1]);
    for (const i of body.matchAll(/\bimport\(\s*["'](\/assets\/[^"']+\.js)["']\s*\)/g)) add(i[1]);
  }
  return found;
}

/** Adds the static import graph of each JS file (what the browser fetches before hydrating). */
function closeOverStaticImports(urls, clientDir) {
  const queue = [...urls];
  const seen = new Set(urls);
  while (queue.length) {
    const url = queue.shift();
    if (!url.endsWith(".js")) continue;
    const file = path.join(clientDir, url);
    if (!fs.existsSync(file)) continue;
    const code = fs.readFileSync(file, "utf8");
    for (const m of code.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w*{}\s,$]*?\s*from\s*)?["'](\.{1,2}\/[^"']+\.js)["']/g)) {
      const target = path.posix.join(path.posix.dirname(url), m[1]);
      if (!seen.has(target)) {
        seen.add(target);
        queue.push(target);
      }
    }
  }
  return seen;
}

const gzipCache = new Map();
function gzipSize(file) {
  if (!gzipCache.has(file)) {
    const buf = fs.readFileSync(file);
    gzipCache.set(file, { raw: buf.length, gzip: zlib.gzipSync(buf, { level: 6 }).length });
  }
  return gzipCache.get(file);
}

async function firstLoadJs(base, pages) {
  const clientDir = CLIENT_DIR;
  const out = [];
  for (const [name, p] of pages) {
    const res = await fetch(base + p);
    const html = await res.text();
    const listed = assetsOf(html);
    const all = closeOverStaticImports(listed, clientDir);
    let jsGzip = 0;
    let jsRaw = 0;
    let cssGzip = 0;
    const files = [];
    const missing = [];
    for (const url of [...all].sort()) {
      const file = path.join(clientDir, url);
      if (!fs.existsSync(file)) {
        missing.push(url);
        continue;
      }
      const size = gzipSize(file);
      files.push({ url, ...size, preloaded: listed.has(url) });
      if (url.endsWith(".js")) {
        jsGzip += size.gzip;
        jsRaw += size.raw;
      }
    }
    for (const m of html.matchAll(/<link\b[^>]*rel\s*=\s*["']?stylesheet[^>]*>/gi)) {
      const href = /\bhref\s*=\s*["']([^"']+)["']/i.exec(m[0])?.[1];
      if (href?.startsWith("/assets/") && fs.existsSync(path.join(clientDir, href))) cssGzip += gzipSize(path.join(clientDir, href)).gzip;
    }
    out.push({
      name,
      path: p,
      status: res.status,
      htmlBytes: Buffer.byteLength(html),
      htmlGzip: zlib.gzipSync(html).length,
      jsFiles: files.filter((f) => f.url.endsWith(".js")).length,
      jsGzip,
      jsRaw,
      cssGzip,
      notPreloaded: files.filter((f) => !f.preloaded).map((f) => f.url),
      missing,
      files,
    });
  }
  return out;
}

// ---------------------------------------------------------------- one run
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
    const routes = routeList(slugs, cookie, lppmCookies);
    for (const r of routes) {
      const res = await fetch(server.base + r.path, { headers: r.headers ?? {}, redirect: "manual" });
      await res.arrayBuffer();
      if (res.status !== 200) log(`PERINGATAN: ${r.name} (${r.path}) menjawab HTTP ${res.status}`);
      r.checkStatus = res.status;
    }
    // The static twin of the home page: same bytes count, served by express.static.
    const home = await fetch(server.base + "/");
    if (home.status !== 200) throw new SetupError(`GET / menjawab HTTP ${home.status}`);
    const homeHtml = Buffer.from(await home.arrayBuffer());
    fs.mkdirSync(STATIC_DIR, { recursive: true });
    fs.writeFileSync(STATIC_FILE, homeHtml);
    const check = await fetch(server.base + STATIC_URL);
    const checkLen = (await check.arrayBuffer()).byteLength;
    if (check.status !== 200 || checkLen !== homeHtml.length) {
      throw new SetupError(`file statis ${STATIC_URL} tidak tersaji (HTTP ${check.status}, ${checkLen} B)`);
    }
    const staticRoute = { name: "static file", path: STATIC_URL, kind: "static" };

    const js = await firstLoadJs(server.base, PUBLIC_PAGES(slugs));
    const missing = js.flatMap((p) => p.missing);
    if (missing.length) throw new SetupError(`aset tidak ada di build/client: ${missing.join(", ")}`);

    const planned = routes.length * (DURATION + WARMUP) + (routes.length + 1) * (STATIC_DURATION + WARMUP) + SOAK;
    log(`[${label}] ${routes.length} rute × ${DURATION} s, file statis ${routes.length + 1} × ${STATIC_DURATION} s, ${CONNECTIONS} koneksi (≈ ${Math.round(planned)} s)`);
    const statics = [];
    const results = [];
    statics.push(await measure(server, sampler, staticRoute, STATIC_DURATION));
    for (const r of routes) {
      const m = await measure(server, sampler, r, DURATION);
      m.checkStatus = r.checkStatus;
      results.push(m);
      statics.push(await measure(server, sampler, staticRoute, STATIC_DURATION));
      const ref = (statics.at(-2).rps + statics.at(-1).rps) / 2;
      m.staticRps = ref;
      m.ratio = ref ? m.rps / ref : null;
      log(`  ${m.name.padEnd(20)} ${fmt(m.rps, 0).padStart(7)} req/s  ×${fmt(m.ratio, 2)}  p50 ${fmt(m.latency.p50, 1)} ms  p97.5 ${fmt(m.latency.p97_5, 1)} ms`);
    }
    const staticRps = statics.map((s) => s.rps);
    const staticSummary = {
      ...statics[0],
      name: "static file",
      rps: staticRps.reduce((a, b) => a + b, 0) / staticRps.length,
      rpsRuns: staticRps,
      peakRss: Math.max(...statics.map((s) => s.peakRss ?? 0)),
      latency: statics[Math.floor(statics.length / 2)].latency,
      errors: statics.reduce((a, s) => a + s.errors, 0),
      non2xx: statics.reduce((a, s) => a + s.non2xx, 0),
      requests: statics.reduce((a, s) => a + s.requests, 0),
      ratio: 1,
    };

    let soak = null;
    if (SOAK > 0) soak = await runSoak(server, sampler, dir, routes);

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
    fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  }
}

/** A mixed load over many distinct public URLs (exercises the page cache's bound) + RSS at the end. */
async function runSoak(server, sampler, dir, routes) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(dir, "etalase.db"), { readonly: true });
  const produk = db.prepare("SELECT nama_seo FROM produk ORDER BY id DESC LIMIT 1000").all().map((r) => `/detail-produk/${r.nama_seo}`);
  const kategori = db.prepare("SELECT seo FROM kategori ORDER BY id").all().map((r) => `/produk/${r.seo}`);
  db.close();
  const fixed = routes.map((r) => ({ method: "GET", path: r.path, headers: baseHeaders(r.headers) }));
  const requests = [];
  const many = [...produk, ...kategori];
  for (let i = 0; i < many.length; i++) {
    requests.push({ method: "GET", path: many[i], headers: baseHeaders() });
    if (i % 10 === 0) requests.push(fixed[(i / 10) % fixed.length]);
  }
  log(`soak: ${SOAK} s, ${SOAK_CONNECTIONS} koneksi, ${requests.length} URL bergantian …`);
  sampler.begin();
  const r = await cannon({ url: server.base, requests, connections: SOAK_CONNECTIONS, duration: SOAK });
  const peakRss = sampler.end();
  const end = readMemory(server.pid);
  const endRss = end?.rss ?? null;
  log(
    `soak: ${fmt(r.requests.total / r.duration, 0)} req/s, RSS akhir ${mb(endRss)} MB (puncak ${mb(peakRss)} MB)` +
      (end ? `; anonim ${mb(end.anon)} MB, berkas ${mb(end.file)} MB` : ""),
  );
  return {
    seconds: r.duration,
    connections: SOAK_CONNECTIONS,
    distinctUrls: new Set(requests.map((q) => q.path)).size,
    rps: r.requests.total / r.duration,
    latency: { p50: r.latency.p50, p97_5: r.latency.p97_5, p99: r.latency.p99 },
    errors: r.errors,
    non2xx: r.non2xx,
    peakRss,
    endRss,
    endRssParts: end && { anon: end.anon, file: end.file },
  };
}

// ---------------------------------------------------------------- output
function fmt(n, digits = 0) {
  if (n == null || !Number.isFinite(n)) return "–";
  return n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
function mb(bytes) {
  return bytes == null ? "–" : (bytes / 1048576).toFixed(0);
}
function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    "| " + cells.map((c, i) => (align?.[i] === "l" ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" | ") + " |";
  return [line(headers), "|" + widths.map((w, i) => (align?.[i] === "l" ? ":" + "-".repeat(w + 1) : "-".repeat(w + 1) + ":")).join("|") + "|", ...rows.map(line)].join("\n");
}

function printRun(run) {
  const rows = [run.static, ...run.routes].map((m) => [
    m.name,
    fmt(m.rps, 0),
    m === run.static ? "1.00" : fmt(m.ratio, 2),
    fmt(m.latency.p50, 1),
    fmt(m.latency.p97_5, 1),
    fmt(m.latency.p99, 1),
    `${m.errors + (m.timeouts ?? 0)}/${m.non2xx}`,
    fmt(m.bytesPerResponse / 1024, 1),
    mb(m.peakRss),
  ]);
  console.log(`\n## ${run.label}: ${CONNECTIONS} connections, ${DURATION} s per route (static ${STATIC_DURATION} s × ${run.staticRuns.length}, alternating)`);
  console.log(table(["route", "req/s", "×static", "p50 ms", "p97.5 ms", "p99 ms", "err/non2xx", "KB/resp", "peak RSS MB"], rows, ["l"]));
  const badStatic = run.staticRuns.filter((s) => s.errors || s.non2xx);
  if (badStatic.length) console.log(`WARNING: ${badStatic.length} static-file run(s) had errors or non-2xx answers: the ratios are not trustworthy`);
  console.log(
    `static file runs (req/s): ${run.static.rpsRuns.map((v) => fmt(v, 0)).join(", ")}; ratio = route req/s ÷ mean of the static runs just before and after it`,
  );
  console.log(`\nFirst-load JavaScript (gzip -6 of every /assets/*.js the page preloads or imports, deduped):`);
  console.log(
    table(
      ["page", "JS gzip KB", "files", "JS raw KB", "CSS gzip KB", "HTML gzip KB"],
      run.firstLoadJs.map((p) => [p.name, fmt(p.jsGzip / 1024, 1), p.jsFiles, fmt(p.jsRaw / 1024, 1), fmt(p.cssGzip / 1024, 1), fmt(p.htmlGzip / 1024, 1)]),
      ["l"],
    ),
  );
  console.log(`\nServer RSS: start ${mb(run.rss.start)} MB, peak ${mb(run.rss.peak)} MB, end ${mb(run.rss.end)} MB`);
  const la = run.loadAverage;
  console.log(`Machine load average (1 min) before/after: ${la.before[0].toFixed(2)} / ${la.after[0].toFixed(2)} on ${la.cpus} CPUs (other work on the machine skews every figure; the ratio to the static file absorbs part of it)`);
  if (run.soak) {
    const s = run.soak;
    console.log(
      `Soak: ${fmt(s.seconds, 0)} s at ${s.connections} connections over ${s.distinctUrls} URLs: ${fmt(s.rps, 0)} req/s, p97.5 ${fmt(s.latency.p97_5, 1)} ms, err/non2xx ${s.errors}/${s.non2xx}, RSS at end ${mb(s.endRss)} MB (peak ${mb(s.peakRss)} MB)${s.endRssParts ? `: ${mb(s.endRssParts.anon)} MB the process's own (V8 heap, malloc), ${mb(s.endRssParts.file)} MB mapped files (node binary, native modules)` : ""}`,
    );
  }
}

function targets(runs) {
  const out = [];
  const demo = runs.find((r) => r.label === "demo") ?? runs[0];
  const scale = runs.find((r) => r.label === "scale");
  for (const run of runs) {
    for (const m of run.routes) {
      if (m.kind === "public" || m.kind === "public-list" || m.kind === "api" || (m.kind === "search" && !m.cookie)) {
        out.push({ run: run.label, target: `${m.name} ≥ 0.5 × static`, value: m.ratio, ok: m.ratio >= 0.5 });
      }
      if (m.kind === "uncached") out.push({ run: run.label, target: `${m.name} ≥ 0.24 × static`, value: m.ratio, ok: m.ratio >= 0.24 });
    }
    for (const p of run.firstLoadJs) {
      out.push({ run: run.label, target: `first-load JS ${p.name} ≤ 130 KB gzip`, value: p.jsGzip / 1024, ok: p.jsGzip <= 130 * 1024 });
    }
    if (run.label === "scale") {
      for (const m of run.routes.filter((r) => r.kind === "search")) {
        const category = run.routes.find((r) => r.name === m.against);
        if (!category) continue;
        const ratio = m.latency.p97_5 / category.latency.p97_5;
        out.push({ run: run.label, target: `${m.name} p97.5 ≤ ${SEARCH_VS_CATEGORY} × ${category.name}`, value: ratio, ok: ratio <= SEARCH_VS_CATEGORY });
      }
    }
    if (run.soak && run.label === "scale") {
      out.push({ run: run.label, target: `RSS at end of ${fmt(run.soak.seconds, 0)} s soak @${run.soak.connections} ≤ 200 MB`, value: run.soak.endRss / 1048576, ok: run.soak.endRss <= 200 * 1048576 });
    }
  }
  const comparison = [];
  if (demo && scale && demo !== scale) {
    for (const m of scale.routes) {
      const d = demo.routes.find((x) => x.name === m.name);
      if (!d) continue;
      const ratio = m.latency.p97_5 / d.latency.p97_5;
      const checked = m.kind === "operator" || m.kind === "lppm" || m.kind === "public-list" || m.kind === "uncached";
      comparison.push({ name: m.name, demo: d.latency.p97_5, scale: m.latency.p97_5, ratio, rpsDemo: d.rps, rpsScale: m.rps, checked });
      if (checked) out.push({ run: "scale/demo", target: `${m.name} p97.5 scale ≤ 1.5 × demo`, value: ratio, ok: ratio <= 1.5 });
    }
  }
  return { targets: out, comparison };
}

// ---------------------------------------------------------------- main
async function cleanup() {
  try {
    current?.stop?.();
  } catch {
    // autocannon already finished
  }
  await stopAll();
  await stopAnchors();
  fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  if (!KEEP) fs.rmSync(WORK, { recursive: true, force: true });
}
onInterrupt(cleanup);

/**
 * Every never-cached page against the anchor's /produk, the cached /produk against a
 * bare node:http server with the same bytes; both modes, alternating, ROUNDS times.
 */
async function anchorMain() {
  const started = Date.now();
  const anchorDir = prepareAnchor(path.resolve(ANCHOR));
  if (!flag("no-build")) build();
  snapshotApp(APP);
  const seedDir = path.join(WORK, "demo");
  await seedDemo(seedDir, APP);
  const password = lppmDemoPassword(seedDir);
  if (!password) throw new SetupError("demo LPPM tidak ada (lppm-demo-password.txt): layar LPPM tidak bisa diukur");
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(seedDir, "etalase.db"), { readonly: true });
  const detail = db
    .prepare("select u.id from usulan u join users k on k.id = u.id_ketua where k.username = 'dosen.ahmad' order by u.id limit 1")
    .get();
  db.close();
  if (!detail) throw new SetupError("dosen.ahmad tidak punya usulan di demo");

  const anchor = await startAnchor(anchorDir, path.join(WORK, "anchor"));
  const server = await startServer(seedDir, { appDir: APP });
  log(`anchor di ${anchor.base} (Node ${anchor.node}), Etalase di ${server.base} (Node ${process.version})`);
  const cookie = await login(server.base);
  const lppm = {};
  for (const user of ["dosen.ahmad", "reviewer.ekonomi", "reviewer.internal", "sekretaris.lppm", "kepala.lppm"]) lppm[user] = await login(server.base, user, password);

  // The cached page's bytes exactly as the server sends them, for the bare server.
  const bodies = {};
  for (const [encoding, accept] of [["identity", undefined], ["gzip", "gzip"], ["br", "br"]]) {
    await rawGet(`${server.base}/produk`, accept ? { "accept-encoding": accept } : {});
    const sent = await rawGet(`${server.base}/produk`, accept ? { "accept-encoding": accept } : {});
    if (sent.status !== 200 || sent.headers["x-cache"] !== "HIT") throw new SetupError(`/produk tidak dari cache (HTTP ${sent.status}, X-Cache ${sent.headers["x-cache"]})`);
    bodies[encoding] = sent.body;
  }
  const bare = await startBare(bodies, "text/html; charset=utf-8");

  const ref = { server: anchor, path: "/produk" };
  const page = (p, c) => ({ server, path: p, headers: c ? { cookie: c } : {} });
  const pairs = [
    { name: "/produk logged in", referenceName: "anchor /produk", reference: ref, page: page("/produk", cookie), min: { browser: 1.2, identity: 0.6 } },
    { name: "operator product table", referenceName: "anchor /produk", reference: ref, page: page("/operator/produk/produk", cookie), min: { browser: 1.2, identity: 0.5 } },
    { name: "operator log aktivitas", referenceName: "anchor /produk", reference: ref, page: page("/operator/master/log-aktivitas", cookie), min: { browser: 1 } },
    { name: "operator log aktivitas filtered", referenceName: "anchor /produk", reference: ref, page: page("/operator/master/log-aktivitas?entitas=users&dari=2026-01-01", cookie), min: { browser: 1 } },
    { name: "operator cadangan", referenceName: "anchor /produk", reference: ref, page: page("/operator/master/cadangan", cookie), min: { browser: 1 } },
    { name: "operator produk impor", referenceName: "anchor /produk", reference: ref, page: page("/operator/produk/produk/impor", cookie), min: { browser: 1 } },
    { name: "operator statistik whatsapp 90", referenceName: "anchor /produk", reference: ref, page: page("/operator/master/statistik-whatsapp?hari=90", cookie), min: { browser: 1 } },
    // –5: the screens with hours, status badges and Naik/Turun.
    { name: "operator kategori", referenceName: "anchor /produk", reference: ref, page: page("/operator/produk/kategoriproduk", cookie), min: { browser: 1 } },
    { name: "operator banner", referenceName: "anchor /produk", reference: ref, page: page("/operator/master/banner", cookie), min: { browser: 1 } },
    { name: "operator kantor cabang edit", referenceName: "anchor /produk", reference: ref, page: page("/operator/master/kantorcabang?ubah=1", cookie), min: { browser: 1 } },
    { name: "lppm proposer list", referenceName: "anchor /produk", reference: ref, page: page("/pengusul/penelitian/usulan-baru", lppm["dosen.ahmad"]), min: { browser: 1 } },
    { name: "lppm proposal detail", referenceName: "anchor /produk", reference: ref, page: page(`/pengusul/usulan/${detail.id}`, lppm["dosen.ahmad"]), min: { browser: 1 } },
    { name: "lppm reviewer list", referenceName: "anchor /produk", reference: ref, page: page("/reviewer/evaluasi-substansi", lppm["reviewer.ekonomi"]), min: { browser: 1 } },
    { name: "lppm ranking board", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/penetapan-pemenang/usulan-reguler", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm catatan monitoring", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/monitoring/catatan-harian", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm monev monitoring", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/monitoring/monev-internal", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm laporan monitoring", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/monitoring/laporan-kemajuan?status=semua", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm insentif sekretaris list", referenceName: "anchor /produk", reference: ref, page: page("/sekretarislppm/persetujuan-usulan/insentif-publikasi", lppm["sekretaris.lppm"]), min: { browser: 1 } },
    { name: "lppm insentif kepala list", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/persetujuan-usulan/insentif-publikasi", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm insentif penetapan board", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/penetapan-pemenang/usulan-insentif", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm insentif reviewer list", referenceName: "anchor /produk", reference: ref, page: page("/reviewer/evaluasi-insentif", lppm["reviewer.internal"]), min: { browser: 1 } },
    { name: "/produk cached", referenceName: "bare node:http", reference: { server: bare, path: "/" }, page: page("/produk"), min: { browser: 0.5, identity: 0.5 } },
  ].filter((p) => !ROUTE_FILTER.length || ROUTE_FILTER.some((f) => p.name.includes(f)));
  for (const p of pairs) {
    const res = await rawGet(p.page.server.base + p.page.path, p.page.headers);
    if (res.status !== 200) throw new SetupError(`${p.name} (${p.page.path}) menjawab HTTP ${res.status}`);
  }
  const perPair = ROUNDS * 2 * 2 * (DURATION + Math.max(WARMUP, 2));
  log(`${pairs.length} pasangan × 2 mode × ${ROUNDS} putaran, ${DURATION} s + pemanasan ${Math.max(WARMUP, 2)} s, ${CONNECTIONS} koneksi (≈ ${Math.round((pairs.length * perPair) / 60)} menit)`);
  const { results, summary } = await comparePairs(pairs, {
    rounds: ROUNDS,
    duration: DURATION,
    warmup: Math.max(WARMUP, 2),
    connections: CONNECTIONS,
    onResult: (r) =>
      log(`  [${r.round} ${r.mode.padEnd(8)}] ${r.name.padEnd(24)} ${fmt(r.page.rps, 0).padStart(6)} req/s ${fmt(r.page.cpuMsPerReq, 2).padStart(6)} ms CPU | ${r.referenceName} ${fmt(r.reference.rps, 0).padStart(6)} req/s ${fmt(r.reference.cpuMsPerReq, 2).padStart(6)} ms | ×${fmt(r.ratio, 2)}`),
  });
  const range = (s, digits) => (s.min === s.max ? fmt(s.median, digits) : `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`);
  const checks = [];
  for (const mode of ["browser", "identity"]) {
    const rows = summary.filter((s) => s.mode === mode);
    console.log(`\n## ${mode === "browser" ? "As a browser asks (Accept-Encoding: gzip, deflate, br)" : "Without compression"}: median (min–max) of ${ROUNDS} rounds, ${CONNECTIONS} connections`);
    console.log(
      table(
        ["page", "req/s", "× reference", "CPU ms/req", "on the wire", "reference", "ref req/s", "ref CPU ms/req", "ref wire"],
        rows.map((s) => [s.name, range(s.rps, 0), range(s.ratio, 2), range(s.cpuMsPerReq, 2), `${fmt(s.wireBytes / 1024, 1)} KB ${s.encoding}`, s.referenceName, range(s.referenceRps, 0), range(s.referenceCpuMsPerReq, 2), `${fmt(s.referenceWireBytes / 1024, 1)} KB`]),
        ["l"],
      ),
    );
    for (const s of rows) {
      const min = pairs.find((p) => p.name === s.name)?.min?.[mode];
      if (min !== undefined) checks.push({ mode, name: s.name, target: `≥ ${min} × ${s.referenceName}`, value: s.ratio.median, ok: s.ratio.median >= min });
    }
  }
  console.log(`\n## Targets`);
  console.log(table(["mode", "page", "target", "median ×", "met"], checks.map((c) => [c.mode, c.name, c.target, fmt(c.value, 2), c.ok ? "yes" : "NO"]), ["l", "l", "l"]));
  const report = {
    createdAt: new Date().toISOString(),
    node: process.version,
    anchorNode: anchor.node,
    options: { duration: DURATION, warmup: Math.max(WARMUP, 2), connections: CONNECTIONS, rounds: ROUNDS, anchor: ANCHOR },
    summary,
    results,
    targets: checks,
    seconds: (Date.now() - started) / 1000,
  };
  fs.mkdirSync(RESULTS_DIR, { recursive: true });
  const out = path.join(RESULTS_DIR, `${STAMP}-anchor.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`\nJSON report: ${path.relative(ROOT, out)} (${fmt(report.seconds, 0)} s in total)`);
}

async function main() {
  if (ANCHOR) return anchorMain();
  const started = Date.now();
  if (!flag("no-build")) build();
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
    printRun(run);
  }

  const { targets: checks, comparison } = targets(runs);
  if (comparison.length) {
    console.log(`\n## scale ÷ demo, p97.5 latency (autocannon has no p95; p97.5 is the nearest percentile it reports)`);
    console.log(
      table(
        ["route", "demo p97.5 ms", "scale p97.5 ms", "scale/demo", "demo req/s", "scale req/s", "target ≤ 1.5"],
        comparison.map((c) => [c.name, fmt(c.demo, 1), fmt(c.scale, 1), fmt(c.ratio, 2), fmt(c.rpsDemo, 0), fmt(c.rpsScale, 0), c.checked ? (c.ratio <= 1.5 ? "yes" : "NO") : "(info)"]),
        ["l"],
      ),
    );
  }
  console.log(`\n## Targets`);
  console.log(table(["run", "target", "measured", "met"], checks.map((t) => [t.run, t.target, fmt(t.value, 2), t.ok ? "yes" : "NO"]), ["l", "l"]));

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
