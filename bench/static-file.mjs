// The static file every route is compared with (README, "Measuring speed"): the home page's
// HTML saved once as build/client/__bench/static.html in the server's snapshot, the same bytes
// served by the same Express static middleware — the ceiling for this server on this machine.
// It is measured before the first route and after every route; a route's ratio is its req/s ÷
// the mean of the static runs just before and after it, which absorbs part of what else the
// machine does meanwhile.
import fs from "node:fs";
import path from "node:path";
import { log, SetupError } from "./lib.mjs";
import { fmt } from "./report.mjs";

export const STATIC_URL = "/__bench/static.html";

/** Where the static file lives in the snapshot's build/client. */
export function staticDirOf(clientDir) {
  return path.join(clientDir, "__bench");
}

/** Saves the home page's HTML as the static file and checks the server sends it whole; its route. */
export async function writeStaticFile(base, clientDir) {
  const home = await fetch(base + "/");
  if (home.status !== 200) throw new SetupError(`GET / menjawab HTTP ${home.status}`);
  const homeHtml = Buffer.from(await home.arrayBuffer());
  fs.mkdirSync(staticDirOf(clientDir), { recursive: true });
  fs.writeFileSync(path.join(staticDirOf(clientDir), "static.html"), homeHtml);
  const check = await fetch(base + STATIC_URL);
  const checkLen = (await check.arrayBuffer()).byteLength;
  if (check.status !== 200 || checkLen !== homeHtml.length) {
    throw new SetupError(`file statis ${STATIC_URL} tidak tersaji (HTTP ${check.status}, ${checkLen} B)`);
  }
  return { name: "static file", path: STATIC_URL, kind: "static" };
}

export function removeStaticFile(clientDir) {
  fs.rmSync(staticDirOf(clientDir), { recursive: true, force: true });
}

/**
 * The static file, then each route followed by the static file again; every route gets
 * `staticRps` and `ratio`. Returns the routes' measurements, every static run and their summary.
 * @param {{ routes: object[], staticRoute: object, measure: (route: object, seconds: number) => Promise<object>, duration: number, staticDuration: number }} plan
 */
export async function alternateWithStatic({ routes, staticRoute, measure, duration, staticDuration }) {
  const statics = [];
  const results = [];
  statics.push(await measure(staticRoute, staticDuration));
  for (const r of routes) {
    const m = await measure(r, duration);
    m.checkStatus = r.checkStatus;
    results.push(m);
    statics.push(await measure(staticRoute, staticDuration));
    const ref = (statics.at(-2).rps + statics.at(-1).rps) / 2;
    m.staticRps = ref;
    m.ratio = ref ? m.rps / ref : null;
    log(`  ${m.name.padEnd(20)} ${fmt(m.rps, 0).padStart(7)} req/s  ×${fmt(m.ratio, 2)}  p50 ${fmt(m.latency.p50, 1)} ms  p97.5 ${fmt(m.latency.p97_5, 1)} ms`);
  }
  const staticRps = statics.map((s) => s.rps);
  const summary = {
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
  return { results, statics, summary };
}
