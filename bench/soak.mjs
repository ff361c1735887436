// --soak (README, "Measuring speed"): after the routes, a mixed load over many distinct public
// URLs — the newest 1,000 products and every category, with the measured routes in between —
// which exercises the page cache's bound, then the server's memory at the end.
import path from "node:path";
import { log, readMemory } from "./lib.mjs";
import { fmt, mb } from "./report.mjs";

/** A mixed load over many distinct public URLs (exercises the page cache's bound) + RSS at the end. */
export async function runSoak(server, sampler, dir, routes, { seconds, connections, load }) {
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(dir, "etalase.db"), { readonly: true });
  const produk = db.prepare("SELECT nama_seo FROM produk ORDER BY id DESC LIMIT 1000").all().map((r) => `/detail-produk/${r.nama_seo}`);
  const kategori = db.prepare("SELECT seo FROM kategori ORDER BY id").all().map((r) => `/produk/${r.seo}`);
  db.close();
  const fixed = routes.map((r) => ({ method: "GET", path: r.path, headers: load.baseHeaders(r.headers) }));
  const requests = [];
  const many = [...produk, ...kategori];
  for (let i = 0; i < many.length; i++) {
    requests.push({ method: "GET", path: many[i], headers: load.baseHeaders() });
    if (i % 10 === 0) requests.push(fixed[(i / 10) % fixed.length]);
  }
  log(`soak: ${seconds} s, ${connections} koneksi, ${requests.length} URL bergantian …`);
  sampler.begin();
  const r = await load.cannon({ url: server.base, requests, connections, duration: seconds });
  const peakRss = sampler.end();
  const end = readMemory(server.pid);
  const endRss = end?.rss ?? null;
  log(
    `soak: ${fmt(r.requests.total / r.duration, 0)} req/s, RSS akhir ${mb(endRss)} MB (puncak ${mb(peakRss)} MB)` +
      (end ? `; anonim ${mb(end.anon)} MB, berkas ${mb(end.file)} MB` : ""),
  );
  return {
    seconds: r.duration,
    connections,
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
