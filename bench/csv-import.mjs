// Products × branches as CSV at scale: the export of a scaled shop and the
// import of a 10,000-row file against it — the dry run and 'Terapkan' — each timed in a process
// of its own, with its peak RSS (process.resourceUsage().maxRSS).
//
//   node bench/csv-import.mjs [--rows 10000] [--db <a seeded etalase.db>] [--keep]
//
// The database is a copy of a seeded demo shop: --db, or the test template Vitest seeds under
// .tmp/template/ (any `npx vitest run …` makes it). The copy is scaled with bench/scale.mjs to
// --rows products over 200 categories and 50 branches (no image rows: the import does not read
// them). The import file is the export itself with its first half changed (price, the first
// branch flipped) and its second half replaced by new products (no slug): --rows rows, each of
// the 5 fixed columns and one per branch. The domain code (app/domain/produk/csv/: export, read,
// plan, apply) and the CSV codec (app/lib/util/csv.ts) are bundled once with esbuild into .tmp/
// and run by plain Node, as the server runs it.
//
// 'RSS sebelum' is the child's RSS once Node, the modules and the database are loaded (Node 24
// with drizzle-orm is ~225 MB here). 'RSS puncak' is process.resourceUsage().maxRSS at the end;
// on Linux the kernel's peak is reset (`5` > /proc/self/clear_refs) just before the phase, since
// loading the modules peaks higher than what they keep, so it is the phase's own peak (elsewhere
// it includes the loading). 'naik' = puncak − sebelum.
//
// Phases, each in a fresh child process (so each peak is its own):
//   export   eksporProdukCsv streamed to a file
//   dry-run  bacaCsv (the codec's bounded reader, streamed from the file) + rencanaImpor
//   apply    bacaCsv + terapkanImpor: one transaction, one activity entry
import "../scripts/check-node.mjs";
import { bundleDomain, ROOT, seededDatabase } from "./lib.mjs";
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { pipeline } from "node:stream/promises";
import { Readable } from "node:stream";
import { fileURLToPath, pathToFileURL } from "node:url";

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const mb = (kb) => Math.round(kb / 102.4) / 10;

// ---- A phase, in its child process ----------------------------------------------------------

/** Resets VmHWM (`5` > /proc/self/clear_refs); answers a reader of the peak since, or of null. */
function resetPeak() {
  try {
    fs.writeFileSync("/proc/self/clear_refs", "5");
  } catch {
    return () => null;
  }
  return () => Number(/VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"))?.[1] ?? Number.NaN);
}

async function runPhase(phase) {
  const bundle = arg("bundle");
  const dbFile = arg("db");
  const csvFile = arg("csv");
  process.env.DATABASE_URL = dbFile;
  const mod = await import(pathToFileURL(bundle).href);
  const db = mod.openDb(dbFile);
  const before = { maxRss: process.resourceUsage().maxRSS, rss: process.memoryUsage().rss / 1024 };
  // Loading the modules peaks above what they keep: the kernel's peak is reset (Linux), so
  // maxRSS at the end is the phase's own.
  const phasePeak = resetPeak();
  const started = performance.now();
  let result;
  if (phase === "export") {
    await pipeline(Readable.fromWeb(mod.eksporProdukCsv(db)), fs.createWriteStream(csvFile));
    result = { rows: db.$client.prepare("select count(*) as n from produk").get().n };
  } else if (phase === "dry-run") {
    const rencana = mod.rencanaImpor(db, await mod.bacaCsv(csvFile));
    result = { rows: rencana.total, ...mod.rencanaJson(rencana).ringkasan };
  } else if (phase === "apply") {
    const log = () => db.$client.prepare("select count(*) as n from aktivitas").get().n;
    const logBefore = log();
    const hasil = mod.terapkanImpor(db, await mod.bacaCsv(csvFile));
    if (!hasil.ok) throw new Error(hasil.message);
    result = { rows: hasil.rencana.total, ditambah: hasil.ditambah, diubah: hasil.diubah, tidak_berubah: hasil.tidakBerubah, log: log() - logBefore };
  } else {
    throw new Error(`unknown phase ${phase}`);
  }
  const ms = performance.now() - started;
  db.$client.close();
  process.stdout.write(
    `${JSON.stringify({ phase, ms, peakRssKb: process.resourceUsage().maxRSS, phasePeakKb: phasePeak(), beforeMaxRssKb: before.maxRss, beforeRssKb: before.rss, ...result })}\n`,
  );
}

// ---- The driver --------------------------------------------------------------------------------

/** The import file: the export with its first half changed and its second half new products. */
async function makeImportFile(exportFile, importFile, rows) {
  const { parse } = await import("csv-parse/sync");
  const { csvLine } = await import(pathToFileURL(arg("bundle")).href);
  const records = parse(fs.readFileSync(exportFile), { bom: true });
  const [header, ...data] = records;
  const fixed = 5;
  const out = [csvLine(header)];
  const half = Math.floor(rows / 2);
  for (let i = 0; i < rows; i++) {
    const source = data[i % data.length];
    if (i < half) {
      const row = [...source];
      row[3] = String(Number(String(row[3]).replace(/\D/g, "") || "0") + 1000);
      row[fixed] = row[fixed] === "1" ? "0" : "1";
      out.push(csvLine(row));
    } else {
      const flags = header.slice(fixed).map((_, k) => ((i + k) % 7 === 0 ? "1" : "0"));
      out.push(csvLine(["", `Produk Impor Bench ${i + 1}`, source[2], String(150_000 + i * 50), `Produk impor ke-${i + 1}, kayu jati.\nBisa pesan ukuran.`, ...flags]));
    }
  }
  fs.writeFileSync(importFile, `\uFEFF${out.join("")}`);
}

function child(phase, options) {
  const output = execFileSync(
    process.execPath,
    [fileURLToPath(import.meta.url), "--phase", phase, "--bundle", options.bundle, "--db", options.db, "--csv", options.csv],
    { encoding: "utf8", stdio: ["ignore", "pipe", "inherit"], maxBuffer: 16 * 1024 * 1024 },
  );
  return JSON.parse(output.trim().split("\n").at(-1));
}

async function main() {
  const rows = Number(arg("rows", "10000"));
  const source = seededDatabase(arg("db"), "app/domain/produk/csv/ekspor.server.test.ts");
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-csv-bench-"));
  const scratch = fs.mkdtempSync(path.join(ROOT, ".tmp", "csv-bench-"));
  const db = path.join(work, "etalase.db");
  try {
    fs.copyFileSync(source, db);
    console.log(`[csv-bench] database: salinan ${path.relative(ROOT, source)} → ${db}`);
    const { scaleDatabase } = await import("./scale.mjs");
    const scaled = await scaleDatabase(db, { products: rows, images: 0, activity: 0 });
    console.log(`[csv-bench] diskalakan dalam ${scaled.seconds.toFixed(1)} s:`, scaled.after);
    const bundle = path.join(scratch, "csv-bench.mjs");
    await bundleDomain(
      [
        "app/domain/produk/csv/baca.server.ts",
        "app/domain/produk/csv/format.ts",
        "app/domain/produk/csv/ekspor.server.ts",
        "app/domain/produk/csv/rencana.server.ts",
        "app/domain/produk/csv/terapkan.server.ts",
        "app/lib/util/csv.ts",
      ],
      bundle,
    );
    args.push("--bundle", bundle);

    const exportFile = path.join(work, "ekspor.csv");
    const importFile = path.join(work, "impor.csv");
    const results = [];
    results.push({ ...child("export", { bundle, db, csv: exportFile }), bytes: fs.statSync(exportFile).size });
    await makeImportFile(exportFile, importFile, rows);
    results.push({ ...child("dry-run", { bundle, db, csv: importFile }), bytes: fs.statSync(importFile).size });
    results.push({ ...child("apply", { bundle, db, csv: importFile }), bytes: fs.statSync(importFile).size });

    console.log(`\n[csv-bench] Node ${process.version}, ${os.cpus()[0]?.model ?? "?"} (${os.cpus().length} CPU)`);
    console.table(
      Object.fromEntries(
        results.map((r) => [
          r.phase,
          {
            baris: r.rows,
            "waktu (ms)": Math.round(r.ms),
            "RSS sebelum (MB)": mb(r.beforeRssKb),
            "RSS puncak (MB)": mb(r.peakRssKb),
            "naik (MB)": mb(r.peakRssKb - r.beforeRssKb),
            "berkas (MB)": Math.round(r.bytes / 10485.76) / 100,
            hasil:
              r.phase === "export"
                ? `${r.rows} produk`
                : `${r.ditambah} ditambah, ${r.diubah} diubah, ${r.tidak_berubah} tidak berubah${r.phase === "dry-run" ? `, ${r.ditolak} ditolak` : `, ${r.log} entri log`}`,
          },
        ]),
      ),
    );
    if (args.includes("--keep")) console.log(`[csv-bench] berkas disimpan di ${work}`);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
    if (!args.includes("--keep")) fs.rmSync(work, { recursive: true, force: true });
  }
}

const phase = arg("phase");
try {
  if (phase) await runPhase(phase);
  else await main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
