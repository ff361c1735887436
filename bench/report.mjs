// What `npm run bench` prints (README, "Measuring speed"): figures formatted, Markdown tables,
// each run's table with its first-load JavaScript and memory, the targets met or not and the
// scale ÷ demo comparison.
import { SEARCH_VS_CATEGORY } from "./routes.mjs";

export function fmt(n, digits = 0) {
  if (n == null || !Number.isFinite(n)) return "–";
  return n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
}
export function mb(bytes) {
  return bytes == null ? "–" : (bytes / 1048576).toFixed(0);
}
export function table(headers, rows, align) {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => String(r[i]).length)));
  const line = (cells) =>
    "| " + cells.map((c, i) => (align?.[i] === "l" ? String(c).padEnd(widths[i]) : String(c).padStart(widths[i]))).join(" | ") + " |";
  return [line(headers), "|" + widths.map((w, i) => (align?.[i] === "l" ? ":" + "-".repeat(w + 1) : "-".repeat(w + 1) + ":")).join("|") + "|", ...rows.map(line)].join("\n");
}

/** One run's table, its first-load JavaScript, memory and load average (and the soak's figures). */
export function printRun(run, { connections, duration, staticDuration }) {
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
  console.log(`\n## ${run.label}: ${connections} connections, ${duration} s per route (static ${staticDuration} s × ${run.staticRuns.length}, alternating)`);
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

/** Every target of the runs, met or not, and the scale ÷ demo comparison when both ran. */
export function targets(runs) {
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

/** The scale ÷ demo table (when both ran) and the targets, met or not. */
export function printTargets(checks, comparison) {
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
}
