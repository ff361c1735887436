// Statistik WhatsApp at scale: the domain call behind the page,
// waStatistik(db, 7|30|90), timed on a scaled shop with 30,000 and 300,000 clicks over 90 days
// (bench/scale.mjs: 10,000 products, 50 branches; the clicks as the redirect writes them).
//
//   node bench/wa-statistik.mjs [--klik 30000,300000] [--runs 40] [--db <a seeded etalase.db>] [--keep]
//
// The database is a copy of a seeded demo shop: --db, or the test template Vitest seeds under
// .tmp/template/ (any `npx vitest run …` makes it). The domain module is bundled once with
// esbuild into .tmp/ and run by plain Node, as the server runs it. Per click count and period:
//
//   tanpa cache   waStatistikLangsung: the period read from wa_klik on every call (what the page
//                 did before the cache; absent from older code, then shown as "-")
//   dingin        waStatistik on a connection of its own, opened just before (the first request
//                 after a restart: every past day of the period is read once), and the event
//                 loop's longest pause around it (monitorEventLoopDelay)
//   hangat        waStatistik again on a warm connection (every other request: the past days
//                 from memory, today's clicks read live)
//   hari baru     the first call of a new day on a warm connection (one more day read)
//
// Times are p50 / p97.5 in milliseconds over --runs calls ("dingin": --runs fresh connections).
// Every answer of waStatistik is checked against waStatistikLangsung's. Last, the heap the kept
// days hold once all three periods were asked for (after a forced GC), and how many days.
import "../scripts/check-node.mjs";
import { bundleDomain, ROOT, seededDatabase } from "./lib.mjs";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import v8 from "node:v8";
import vm from "node:vm";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const DAY = 24 * 60 * 60 * 1000;
const PERIODE = [7, 30, 90];

function quantile(sorted, q) {
  if (sorted.length === 0) return Number.NaN;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

function summary(times) {
  const sorted = [...times].sort((a, b) => a - b);
  const f = (n) => (n < 10 ? n.toFixed(2) : n.toFixed(1));
  return `${f(quantile(sorted, 0.5))} / ${f(quantile(sorted, 0.975))}`;
}

function time(fn) {
  const started = performance.now();
  const result = fn();
  return { ms: performance.now() - started, result };
}

/** Runs `fn` from a timer with the event-loop delay monitor on; answers its time and the longest pause seen. */
async function withPause(fn) {
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  await new Promise((resolve) => setTimeout(resolve, 5));
  const { ms, result } = await new Promise((resolve) => setTimeout(() => resolve(time(fn)), 1));
  await new Promise((resolve) => setTimeout(resolve, 5));
  histogram.disable();
  return { ms, pause: histogram.max / 1e6, result };
}

/** Same figures, with the object's key order and values: what the page and the CSV would show. */
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The heap the statistics keep for one connection, after asking for every period. */
function memory(mod, dbFile) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc");
  const db = mod.openDb(dbFile);
  db.$client.prepare("SELECT count(*) FROM wa_klik").get(); // the connection's own allocations first
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  for (const p of PERIODE) mod.waStatistik(db, p);
  gc();
  gc();
  const mb = (process.memoryUsage().heapUsed - before) / 1e6;
  const days = mod.waHariDisimpan ? mod.waHariDisimpan(db) : 0;
  db.$client.close();
  return { mb, days };
}

async function measure(mod, dbFile, runs) {
  const rows = [];
  const now = new Date();
  // JIT warm-up, on a connection of its own.
  {
    const db = mod.openDb(dbFile);
    for (let i = 0; i < 3; i++) for (const p of PERIODE) mod.waStatistik(db, p, new Date(now.getTime() + i * DAY));
    if (mod.waStatistikLangsung) for (const p of PERIODE) mod.waStatistikLangsung(db, p, now);
    db.$client.close();
  }
  for (const periode of PERIODE) {
    const row = { periode: `${periode} hari` };
    const warm = mod.openDb(dbFile);
    let reference = null;
    if (mod.waStatistikLangsung) {
      const times = [];
      for (let i = 0; i < runs; i++) {
        const t = time(() => mod.waStatistikLangsung(warm, periode, now));
        times.push(t.ms);
        reference = t.result;
      }
      row["tanpa cache p50/p97.5"] = summary(times);
    } else {
      row["tanpa cache p50/p97.5"] = "-";
    }

    const cold = [];
    const pauses = [];
    for (let i = 0; i < runs; i++) {
      const db = mod.openDb(dbFile);
      const t = await withPause(() => mod.waStatistik(db, periode, now));
      cold.push(t.ms);
      pauses.push(t.pause);
      if (reference && !same(t.result, reference)) throw new Error(`waStatistik(${periode}) dingin berbeda dari waStatistikLangsung`);
      db.$client.close();
    }
    row["dingin p50/p97.5"] = summary(cold);
    row["jeda event loop dingin (maks)"] = Math.max(...pauses).toFixed(1);

    mod.waStatistik(warm, periode, now);
    const hot = [];
    for (let i = 0; i < runs; i++) {
      const t = time(() => mod.waStatistik(warm, periode, now));
      hot.push(t.ms);
      if (reference && i === 0 && !same(t.result, reference)) throw new Error(`waStatistik(${periode}) hangat berbeda dari waStatistikLangsung`);
    }
    row["hangat p50/p97.5"] = summary(hot);

    // A new day on a warm connection: each run moves the clock one day further.
    const newDay = [];
    for (let i = 1; i <= runs; i++) newDay.push(time(() => mod.waStatistik(warm, periode, new Date(now.getTime() + i * DAY))).ms);
    row["hari baru p50/p97.5"] = summary(newDay);
    warm.$client.close();
    rows.push(row);
  }
  return rows;
}

async function main() {
  const counts = String(arg("klik", "30000,300000"))
    .split(",")
    .map((s) => Number(s.replace(/_/g, "")))
    .filter((n) => Number.isFinite(n) && n > 0);
  const runs = Number(arg("runs", "40"));
  const source = seededDatabase(arg("db"), "app/domain/whatsapp/wa-statistik.server.test.ts");
  fs.mkdirSync(path.join(ROOT, ".tmp"), { recursive: true });
  const scratch = fs.mkdtempSync(path.join(ROOT, ".tmp", "wa-statistik-bench-"));
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-wa-statistik-"));
  try {
    const bundle = path.join(scratch, "wa-statistik-bench.mjs");
    await bundleDomain("app/domain/whatsapp/wa-statistik.server.ts", bundle);
    const mod = await import(pathToFileURL(bundle).href);
    const { scaleDatabase } = await import("./scale.mjs");
    console.log(`[wa-statistik] Node ${process.version}, ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} CPU); ${runs} panggilan per sel`);
    for (const klik of counts) {
      const db = path.join(work, `etalase-${klik}.db`);
      fs.copyFileSync(source, db);
      const scaled = await scaleDatabase(db, { images: 0, activity: 0, waKlik: klik });
      const { default: Database } = await import("better-sqlite3");
      const check = new Database(db, { readonly: true });
      const n = check.prepare("SELECT COUNT(*) AS n FROM wa_klik").get().n;
      const today = check.prepare("SELECT COUNT(*) AS n FROM wa_klik WHERE hari = (SELECT max(hari) FROM wa_klik)").get().n;
      check.close();
      console.log(`\n[wa-statistik] ${n.toLocaleString("en")} klik (${today.toLocaleString("en")} hari ini), ${scaled.after.products} produk, ${scaled.after.branches} cabang (skala ${scaled.seconds.toFixed(1)} s)`);
      console.table(Object.fromEntries((await measure(mod, db, runs)).map(({ periode, ...r }) => [periode, r])));
      const kept = memory(mod, db);
      console.log(`[wa-statistik] disimpan: ${kept.days} hari, ${kept.mb.toFixed(2)} MB heap`);
    }
    if (args.includes("--keep")) console.log(`[wa-statistik] database disimpan di ${work}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!args.includes("--keep")) fs.rmSync(work, { recursive: true, force: true });
  }
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
}
