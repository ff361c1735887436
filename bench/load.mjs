// Load and memory: autocannon driving one route for a fixed time (after a warm-up that is not
// counted), the figures kept of it, and the server's resident memory sampled every 200 ms
// (its peak per measured phase and over the whole run).
import autocannon from "autocannon";
import { readRss } from "./lib.mjs";
import { BROWSER_ENCODING } from "./anchor.mjs";
import { BYPASS_COOKIE } from "./routes.mjs";

/** The server's RSS every 200 ms: `begin()` starts a phase, `end()` returns its peak. */
export function rssSampler(pid) {
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

/**
 * The load driver of a run: `connections` autocannon connections, `warmup` seconds before each
 * measurement, requests asking as a browser does unless `compressed` is false. `stop()` ends
 * the autocannon run under way (on Ctrl-C or an error).
 * @param {{ connections: number, warmup: number, compressed: boolean }} options
 */
export function loadDriver({ connections, warmup, compressed }) {
  let current = null;

  function cannon(opts) {
    return new Promise((resolve, reject) => {
      const instance = autocannon({ connections, ...opts }, (err, result) =>
        err ? reject(err) : resolve(result),
      );
      current = instance;
    });
  }

  function baseHeaders(extra = {}) {
    return { ...(compressed ? { "accept-encoding": BROWSER_ENCODING } : {}), ...extra };
  }

  async function measure(server, sampler, route, duration) {
    const url = server.base + route.path;
    const headers = baseHeaders(route.headers);
    // A route with `paths` asks the next one with every request (whichever connection sends it).
    let next = 0;
    const varied = route.paths ? { requests: [{ method: "GET", setupRequest: (req) => ({ ...req, path: route.paths[next++ % route.paths.length] }) }] } : {};
    if (warmup > 0) await cannon({ url, headers, duration: warmup, ...varied });
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

  function stop() {
    try {
      current?.stop?.();
    } catch {
      // autocannon already finished
    }
  }

  return { cannon, baseHeaders, measure, stop };
}
