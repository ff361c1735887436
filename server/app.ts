/**
 * The Express app around React Router: security headers (CSP by nonce), compression,
 * hashed assets with immutable caching, uploaded files, and start-up (migrate + seed).
 */
import fs from "node:fs";
import type http from "node:http";
import path from "node:path";
import express from "express";
import { createRequestHandler as createFetchHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { onDomainChange } from "../app/domain/changes.server";
import { kunciStatusBuka } from "../app/domain/kantor-cabang/kantor-cabang.server";
import { nonceContext } from "../app/http/context";
import { getEnv } from "../app/lib/server/env.server";
import { getDb } from "../app/lib/server/db.server";
import { corsHeadersFor } from "../app/http/api.server";
import { CROSS_SITE_MESSAGE, isCrossSiteRequest } from "../app/http/guard.server";
import { CLIENT_IP_HEADER } from "../app/lib/server/throttle.server";
import { buildEntry, isCacheableRequest, isFresh, PageCache, pageKeyUrl, queryParamsByRoute, samePageForEveryone, type CachedPage } from "../app/lib/server/page-cache.server";
import { pickEncoding } from "../app/lib/server/encoding.server";
import { contentSecurityPolicy, hashedPolicy, newNonce, SECURITY_HEADERS, shareablePage } from "../app/lib/server/security-headers.server";
import { serveUpload } from "../app/lib/server/uploads.server";
import { protectDatabaseFiles } from "../app/lib/server/private-files.server";
import { clearBodyFolders } from "../app/lib/server/body-files.server";
import { bodyGate, hostGuard, isApiPath, isValidHost, sendFetchResponse, toFetchRequest } from "./http";
import { startDailyJobs } from "../app/lib/server/daily-jobs.server";
import { escalateOverdueReviews, remindReviewers } from "../app/domain/lppm/review/pengingat.server";
import { escalateOverdueLaporan, remindLaporan } from "../app/domain/lppm/laporan/pengingat.server";
import { escalateOverdueMonev, remindMonev } from "../app/domain/lppm/monev/pengingat.server";
import { escalateOverdueKlaim, remindKlaim } from "../app/domain/lppm/insentif/pengingat.server";
import { escalateOverduePerbaikan, remindPerbaikan } from "../app/domain/lppm/perbaikan/pengingat.server";
import { pruneAktivitas } from "../app/domain/aktivitas/aktivitas.server";
import { pruneWaKlik } from "../app/domain/whatsapp/wa-klik.server";
import { pruneRateLimits } from "../app/lib/server/throttle.server";
import { deliveryWorker } from "../app/domain/notifications/delivery.server";

/** How often the notification queue looks for due e-mail and WhatsApp messages (retries start at 1 minute). */
export const DELIVERY_INTERVAL_MS = 30_000;
import { startAutomaticBackups } from "../app/lib/server/backup/otomatis.server";
import { appDataPaths, backupsDirOf } from "../app/lib/server/backup/files.server";
import { documentsDir } from "../app/lib/server/documents.server";
import { getSetting } from "../app/domain/setting/setting.server";
import { hapusDataDemo, rencanaHapusDemo, ringkasanDemo } from "../app/domain/demo/demo.server";

/**
 * Runs before listen: validates env, makes the database folder 0700 (when new) and its files
 * 0600, applies pending migrations and seeds an empty database. Under the supervisor
 * (scripts/serve.mjs) a short-lived process of its own does all of it once, and each serving
 * process then passes `seed: false`: the seed's image rendering never lives in the memory of
 * the process that serves, and two processes never seed at once.
 */
export async function prepare({ seed = true }: { seed?: boolean } = {}) {
  const env = getEnv();
  protectDatabaseFiles(env.DATABASE_URL);
  // Bodies a process that died mid-request left on disk.
  clearBodyFolders();
  const db = getDb();
  if (seed) {
    // Loaded only to seed: a serving process under the supervisor never holds the demo data,
    // nor sharp, which the seed's pictures load.
    const { seedDatabase } = await import("../scripts/seed/seed");
    await seedDatabase(db, env);
  }
}

/**
 * The serving process's timed jobs (server.js starts them once it listens): the daily ones, the
 * notification queue and the automatic backup. Answers a function that stops them.
 */
export function startJobs() {
  if (getEnv().TIMED_JOBS === "off") {
    console.log("[etalase] TIMED_JOBS=off: pengingat, notifikasi, retensi dan cadangan otomatis tidak dijalankan oleh proses ini.");
    return () => {};
  }
  // Soon after start: messages that were due while the server was down go out first.
  const stopDelivery = startDailyJobs([{ name: "kirim notifikasi", run: deliveryWorker(getDb) }], { firstDelayMs: 5_000, intervalMs: DELIVERY_INTERVAL_MS });
  const stopBackups = startBackupSchedule();
  const stopDaily = startDailyJobs([
    { name: "pengingat reviewer", run: (now) => remindReviewers(getDb(), now) },
    // A review deadline that passed is reported to the operators (once per assignment).
    { name: "tenggat review terlewat", run: (now) => escalateOverdueReviews(getDb(), now) },
    { name: "pengingat laporan", run: (now) => remindLaporan(getDb(), now) },
    { name: "pengingat monev", run: (now) => remindMonev(getDb(), now) },
    { name: "pengingat evaluasi insentif", run: (now) => remindKlaim(getDb(), now) },
    { name: "pengingat perbaikan usulan", run: (now) => remindPerbaikan(getDb(), now) },
    // Like the reviews': a deadline or window that passed with the work not done goes to the operators, once.
    { name: "tenggat monev terlewat", run: (now) => escalateOverdueMonev(getDb(), now) },
    { name: "tenggat evaluasi insentif terlewat", run: (now) => escalateOverdueKlaim(getDb(), now) },
    { name: "tenggat perbaikan usulan terlewat", run: (now) => escalateOverduePerbaikan(getDb(), now) },
    { name: "tenggat laporan terlewat", run: (now) => escalateOverdueLaporan(getDb(), now) },
    // The activity log keeps AKTIVITAS_RETENSI_HARI days (default 365).
    { name: "retensi log aktivitas", run: (now) => pruneAktivitas(getDb(), now, getEnv().AKTIVITAS_RETENSI_HARI) },
    // WhatsApp clicks are kept WA_KLIK_RETENSI_HARI days (default 120, at least the statistics' 90).
    { name: "retensi klik WhatsApp", run: (now) => pruneWaKlik(getDb(), now, getEnv().WA_KLIK_RETENSI_HARI) },
    // The throttles' counters whose window is over (one per address, and per target for the clicks).
    { name: "pembatas kedaluwarsa", run: (now) => pruneRateLimits(getDb(), now) },
  ]);
  return () => {
    stopDelivery();
    stopBackups();
    stopDaily();
  };
}

/** The daily backup at the hour of the Cadangan page (none for a database that is not a file). */
function startBackupSchedule(): () => void {
  const env = getEnv();
  if (env.DATABASE_URL === ":memory:" || env.DATABASE_URL.startsWith("file:")) return () => {};
  return startAutomaticBackups({
    paths: appDataPaths(env, documentsDir()),
    backupsDir: backupsDirOf(env.BACKUPS_DIR),
    source: () => getDb().$client,
    jadwal: () => {
      const setting = getSetting(getDb());
      return { jam: setting.cadangan_jam, simpan: setting.cadangan_simpan };
    },
  });
}

/**
 * `npm run demo:hapus` (scripts/hapus-demo.mjs): the demo of this process's database as the
 * Cadangan page lists it, and its removal — the page's own domain function, with the same paths.
 */
export function demoSaatIni() {
  return ringkasanDemo(rencanaHapusDemo(getDb()));
}
export function hapusDemo() {
  return hapusDataDemo(getDb(), { paths: appDataPaths(getEnv(), documentsDir()), backupsDir: backupsDirOf(getEnv().BACKUPS_DIR) });
}

/** For server.js: `Expect: 100-continue` answered by the body's verdict, and the HTTP server's request timeout. */
export { admitBody, REQUEST_TIMEOUT_MS } from "./http";

export function runtimeEnv() {
  const { PORT, HOST } = getEnv();
  return { PORT, HOST };
}

const isProduction = process.env.NODE_ENV === "production";

export const app = express();
app.disable("x-powered-by");

app.use((req, res, next) => {
  const nonce = newNonce();
  res.locals.nonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(`'nonce-${nonce}'`, isProduction));
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  next();
});

// Every body is read here, once and within its limit, or refused unread (server/body.ts),
// before anything else answers.
app.use(bodyGate);

app.use(hostGuard);

// HTTPS (through a trusted proxy, or directly): browsers keep to it from now on.
const HSTS = "max-age=31536000";
app.use((req, res, next) => {
  if (req.secure) res.setHeader("Strict-Transport-Security", HSTS);
  next();
});

// TRUST_PROXY=1: one reverse proxy (nginx, Caddy) in front. Like Express's `trust proxy` = 1,
// only the hop it added counts: the client address is the right-most X-Forwarded-For entry
// (anything left of it the client wrote itself), and X-Forwarded-Proto says whether it was
// HTTPS (req.secure: the session cookie gets `Secure`).
app.set("trust proxy", (_address: string, hop: number) => getEnv().TRUST_PROXY && hop === 0);

// The client address for throttling and session records, set here so a client cannot forge it.
app.use((req, _res, next) => {
  req.headers[CLIENT_IP_HEADER] = req.ip || req.socket.remoteAddress || "local";
  next();
});

// Cross-site form posts get a 403 before React Router sees them (its own check answers 400).
// The JSON API is exempt: it authenticates with Bearer tokens, not cookies, and answers CORS.
app.use((req, res, next) => {
  if (isApiPath(req.path)) return next();
  const crossSite = isCrossSiteRequest(
    req.method,
    { origin: req.get("origin"), secFetchSite: req.get("sec-fetch-site") },
    req.get("host") ?? "",
  );
  if (!crossSite) return next();
  res.status(403).type("text/plain; charset=utf-8").send(CROSS_SITE_MESSAGE);
});

app.get("/uploads/{*file}", (req, res) => serveUpload(req, res));

if (isProduction) {
  const client = path.resolve("build/client");
  const assets = path.join(client, "assets");
  // The .br/.gz twins made at build time (scripts/compress-assets.mjs): sent as they are.
  const precompressed = new Set(fs.existsSync(assets) ? fs.readdirSync(assets) : []);
  const assetOptions = { immutable: true, maxAge: "1y" };
  app.use("/assets", (req, res, next) => {
    const name = path.basename(req.path);
    res.setHeader("Vary", "Accept-Encoding");
    const encoding = pickEncoding(req.get("accept-encoding"));
    const twin = encoding && `${name}${encoding === "br" ? ".br" : ".gz"}`;
    if (!twin || !precompressed.has(twin) || req.path !== `/${name}`) return next();
    res.type(path.extname(name));
    res.setHeader("Content-Encoding", encoding);
    // `root`: only the file name is checked for dot segments, so an install below a dot folder
    // (~/.local/…, a .tmp copy) still finds its twins. Should the twin fail before anything is
    // sent, the plain file follows, without the encoding header.
    res.sendFile(twin, { ...assetOptions, root: assets }, (error) => {
      if (!error || res.headersSent) return;
      res.removeHeader("Content-Encoding");
      next();
    });
  });
  app.use("/assets", express.static(assets, { ...assetOptions, index: false }));
  // Pages, `.data` and /api paths never name a file in build/client: skip the stat() a static
  // middleware would spend on every one of them (about 5% of an uncached render).
  const serveClientFile = express.static(client, { maxAge: "1h", index: false });
  app.use((req, res, next) =>
    /\.[a-z0-9]+$/i.test(req.path) && !req.path.endsWith(".data") && !isApiPath(req.path)
      ? serveClientFile(req, res, next)
      : next(),
  );
}

/**
 * Production resolves the server build once: handed a function, React Router re-derives its
 * route tables (data routes, flattened and ranked branches for ~100 routes) on every request.
 * Development keeps the function so Vite's HMR can swap the build.
 */
const build = isProduction
  ? withPatternMatching(await import("virtual:react-router/server-build"))
  : () => import("virtual:react-router/server-build").then(withPatternMatching);

/**
 * Route matching by React Router's route-pattern matcher (a trie over the route table) instead
 * of a scan of every ranked branch: with ~150 routes the scan was ~9 % of a logged-in page and
 * grew with each route (now ~3 %). The framework config has no switch for it yet, so the flag
 * is set on the server build here; app/entry.server.tsx keeps it out of the browser's context.
 */
function withPatternMatching(serverBuild: ServerBuild) {
  unstable_preloadRoutePattern();
  const future = { ...serverBuild.future, unstable_routePatternMatching: true };
  return { ...serverBuild, future } as unknown as ServerBuild;
}

function loadContext(nonce: string) {
  const context = new RouterContextProvider();
  context.set(nonceContext, nonce);
  return context;
}

// ---- Public page cache --------------------------------------------------------------------

/**
 * 12 MB of rendered pages at most, re-rendered after 10 minutes. An entry is its brotli bytes
 * (gzip and plain only once a client asks for them): 7.6 KB for a product page and 14 KB for a
 * category page of the scaled shop (200 categories and 50 branches in its header and footer),
 * so well over a thousand pages. The whole demo shop fits many times; a crawler walking
 * thousands of URLs only recycles the least used. The bound is part of the serving process's
 * memory (RSS ≤ 200 MB after a minute of 50 connections on the scaled shop).
 */
export const pageCache = new PageCache(12 * 1024 * 1024, 10 * 60 * 1000);
onDomainChange(() => pageCache.clear());

/**
 * The query parameters each page reads, from its routes' `handle.queryParams` in the server build
 * (production only: the page cache runs there). The key keeps only those.
 */
const queryParamsOf = isProduction ? queryParamsByRoute((build as ServerBuild).routes) : null;

const handleFetch = createFetchHandler(build, process.env.NODE_ENV);

/** `samePage`: its route marked it the same for every visitor (publicPageMiddleware). */
type Rendered = { status: number; headers: Headers; body: Buffer; samePage: boolean };

/**
 * A render on the page cache's path: the same bytes must be able to go to everyone, so an HTML
 * answer gets the policy that allows the app's own inline scripts by hash (security-headers).
 */
async function renderPublic(req: express.Request, res: express.Response): Promise<Rendered> {
  const marker = newNonce();
  const context = loadContext(marker);
  const response = await handleFetch(toFetchRequest(req, res), context);
  let body = Buffer.from(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  if ((headers.get("content-type") ?? "").startsWith("text/html")) {
    const page = shareablePage(body.toString("utf8"), marker);
    headers.set("Content-Security-Policy", page.policy);
    body = Buffer.from(page.html, "utf8");
  }
  return { status: response.status, headers, body, samePage: context.get(samePageForEveryone) };
}

/** A cached answer with no page of its own (JSON, .data): no script may run from it. */
const NO_SCRIPT_POLICY = hashedPolicy("", "");

/**
 * Sends a cache entry as it is stored: its own headers and policy, the encoding the client
 * accepts, 304 when the client holds it. Plain Node request/response (Express's extend them):
 * the cache-hit path in front of Express uses it too.
 */
function sendEntry(req: http.IncomingMessage, res: http.ServerResponse, key: string, path: string, entry: CachedPage, state: "HIT" | "MISS") {
  res.statusCode = entry.status;
  res.setHeader("Content-Security-Policy", NO_SCRIPT_POLICY);
  for (const [key, value] of entry.headers) res.setHeader(key, value);
  // The public API answers CORS per request: the cached JSON is the same for every origin.
  const api = isApiPath(path);
  if (api) for (const [key, value] of Object.entries(corsHeadersFor(req.headers.origin))) res.setHeader(key, value);
  res.setHeader("ETag", entry.etag);
  res.setHeader("Cache-Control", entry.cacheControl);
  res.setHeader("Vary", api ? "Accept-Encoding, Origin" : "Accept-Encoding, Cookie");
  res.setHeader("X-Cache", state);
  if (isFresh(req.headers["if-none-match"], entry.etag)) {
    // A 304 updates the browser's stored headers: keep the CSP that matches its stored body.
    res.removeHeader("Content-Security-Policy");
    res.statusCode = 304;
    return res.end();
  }
  if (req.method === "HEAD") return res.end();
  const encoding = pickEncoding(req.headers["accept-encoding"]);
  const body = pageCache.encoded(key, entry, encoding);
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

/**
 * The cache-hit path, in front of Express (server.js): a GET or HEAD the page cache can answer
 * is sent from memory with the headers every response carries, without the Express stack. It
 * answers only what the Express path would answer the same way (a valid Host, no session,
 * token or flash cookie, a public path, a fresh entry); anything else returns false and goes
 * through Express, which renders and fills the cache.
 */
export function serveCached(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  if (!isProduction || (req.method !== "GET" && req.method !== "HEAD")) return false;
  const url = req.url ?? "/";
  const query = url.indexOf("?");
  const path = query === -1 ? url : url.slice(0, query);
  if (!isValidHost(req.headers.host)) return false;
  if (!isCacheableRequest(req.method, path, { cookie: req.headers.cookie, authorization: req.headers.authorization })) return false;
  const secure = isSecure(req);
  const key = cacheKey(url, secure, req.headers.host);
  const entry = pageCache.get(key);
  if (!entry) return false;
  pageCache.hits++;
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (secure) res.setHeader("Strict-Transport-Security", HSTS);
  sendEntry(req, res, key, path, entry, "HIT");
  return true;
}

/**
 * What a page is cached under. Its path and, of the query, only the parameters the page reads
 * (pageKeyUrl: its routes' `handle.queryParams`), so `?x=<random>` finds the page already
 * rendered instead of rendering it again; a route that declares nothing keeps its whole query.
 * Pages name their own absolute address (canonical, og:url, JSON-LD): from SITE_URL when it is
 * set, else from the request's scheme and Host — then the key holds both, so a request with a
 * forged Host can never put its address into the page every visitor gets (and such a page says
 * `private` to caches outside: publicCacheControl). Public pages and the public API also show
 * whether each branch is open now (the footer, Kontak Kami, a product's branches): the key holds
 * that state too (kunciStatusBuka: from memory, no SQL), so once a branch opens or closes, or the
 * day changes, no page rendered before is found again.
 */
export function cacheKey(url: string, secure: boolean, host: string | undefined): string {
  const buka = kunciStatusBuka(getDb());
  const keyed = pageKeyUrl(url, queryParamsOf);
  const page = getEnv().SITE_URL ? keyed : `${secure ? "https" : "http"}://${(host ?? "").toLowerCase()}${keyed}`;
  return buka ? `${buka} ${page}` : page;
}

/** req.secure as Express computes it with this app's `trust proxy` (one proxy, when TRUST_PROXY). */
function isSecure(req: http.IncomingMessage): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted) return true;
  if (!getEnv().TRUST_PROXY) return false;
  const proto = req.headers["x-forwarded-proto"];
  return typeof proto === "string" && proto.split(",")[0]!.trim() === "https";
}

function sendRendered(req: express.Request, res: express.Response, rendered: Rendered) {
  // Its own policy (by hash) replaces the per-request one: both would have to allow a script.
  if (rendered.headers.has("content-security-policy")) res.removeHeader("Content-Security-Policy");
  const response = new Response(req.method === "HEAD" ? null : new Uint8Array(rendered.body), {
    status: rendered.status,
    headers: rendered.headers,
  });
  res.setHeader("X-Cache", "BYPASS");
  return sendFetchResponse(req, res, response);
}

if (isProduction) {
  app.use(async (req, res, next) => {
    const headers = { cookie: req.get("cookie"), authorization: req.get("authorization") };
    if (!isCacheableRequest(req.method, req.path, headers)) return next();
    try {
      let own: Rendered | undefined;
      // Keyed by the path and the parameters the page reads (and the origin, see cacheKey):
      // whatever its spelling, only an answer its route marked the same for everyone is ever
      // stored under it.
      const key = cacheKey(req.originalUrl, req.secure, req.get("host"));
      const entry = await pageCache.getOrRender(key, async () => {
        own = await renderPublic(req, res);
        return buildEntry(own.status, own.headers, own.body, { samePage: own.samePage });
      });
      if (entry) return sendEntry(req, res, key, req.path, entry, own ? "MISS" : "HIT");
      if (own) return await sendRendered(req, res, own);
      return next();
    } catch (error) {
      next(error);
    }
  });
}

// Everything else: React Router, with the body the gate read.
app.use(async (req, res, next) => {
  try {
    const response = await handleFetch(toFetchRequest(req, res), loadContext(String(res.locals.nonce)));
    await sendFetchResponse(req, res, response);
  } catch (error) {
    next(error);
  }
});
