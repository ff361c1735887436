// `npm run bench -- --anchor DIR` (README, "Measuring speed"): every never-cached page against
// the reference app's /produk, the cached /produk against a bare node:http server sending the
// same bytes; as a browser asks and without compression, alternating, --rounds times
// (the measuring itself: ./anchor.mjs).
import fs from "node:fs";
import path from "node:path";
import { ROOT, SetupError, build, lppmDemoPassword, log, login, seedDemo, snapshotApp, startServer } from "./lib.mjs";
import { comparePairs, prepareAnchor, rawGet, startAnchor, startBare } from "./anchor.mjs";
import { chosen } from "./options.mjs";
import { fmt, table } from "./report.mjs";

/**
 * Every never-cached page against the anchor's /produk, the cached /produk against a
 * bare node:http server with the same bytes; both modes, alternating, `--rounds` times.
 */
export async function anchorMain(options, { app, work, resultsDir, stamp }) {
  const started = Date.now();
  const anchorDir = prepareAnchor(path.resolve(options.anchor));
  if (options.build) build();
  snapshotApp(app);
  const seedDir = path.join(work, "demo");
  await seedDemo(seedDir, app);
  const password = lppmDemoPassword(seedDir);
  if (!password) throw new SetupError("demo LPPM tidak ada (lppm-demo-password.txt): layar LPPM tidak bisa diukur");
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(seedDir, "etalase.db"), { readonly: true });
  const detail = db
    .prepare("select u.id from usulan u join users k on k.id = u.id_ketua where k.username = 'dosen.ahmad' order by u.id limit 1")
    .get();
  db.close();
  if (!detail) throw new SetupError("dosen.ahmad tidak punya usulan di demo");

  const anchor = await startAnchor(anchorDir, path.join(work, "anchor"));
  const server = await startServer(seedDir, { appDir: app });
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
    // What waits for whom, and every proposal.
    { name: "operator lppm dashboard", referenceName: "anchor /produk", reference: ref, page: page("/operator/lppm/dashboard", cookie), min: { browser: 1 } },
    { name: "operator daftar usulan", referenceName: "anchor /produk", reference: ref, page: page("/operator/lppm/daftar-usulan", cookie), min: { browser: 1 } },
    { name: "lppm daftar usulan", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/monitoring/daftar-usulan", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm head dashboard", referenceName: "anchor /produk", reference: ref, page: page("/kepalalppm/dashboard", lppm["kepala.lppm"]), min: { browser: 1 } },
    { name: "lppm proposer dashboard", referenceName: "anchor /produk", reference: ref, page: page("/pengusul/dashboard", lppm["dosen.ahmad"]), min: { browser: 1 } },
    { name: "lppm proposer inbox", referenceName: "anchor /produk", reference: ref, page: page("/pengusul/kotak-masuk", lppm["dosen.ahmad"]), min: { browser: 1 } },
    // The institute moving in: the lecturers' import, the grant payments, a lecturer's own profile.
    { name: "operator impor dosen", referenceName: "anchor /produk", reference: ref, page: page("/operator/lppm/impor-dosen", cookie), min: { browser: 1 } },
    { name: "operator pembayaran dana", referenceName: "anchor /produk", reference: ref, page: page("/operator/lppm/pembayaran-dana", cookie), min: { browser: 1 } },
    { name: "lppm proposer profil", referenceName: "anchor /produk", reference: ref, page: page("/pengusul/profil", lppm["dosen.ahmad"]), min: { browser: 1 } },
    { name: "/penelitian (public, cached)", referenceName: "anchor /produk", reference: ref, page: page("/penelitian"), min: { browser: 1 } },
    { name: "/produk cached", referenceName: "bare node:http", reference: { server: bare, path: "/" }, page: page("/produk"), min: { browser: 0.5, identity: 0.5 } },
  ].filter((p) => chosen(options, p.name));
  for (const p of pairs) {
    const res = await rawGet(p.page.server.base + p.page.path, p.page.headers);
    if (res.status !== 200) throw new SetupError(`${p.name} (${p.page.path}) menjawab HTTP ${res.status}`);
  }
  const perPair = options.rounds * 2 * 2 * (options.duration + Math.max(options.warmup, 2));
  log(`${pairs.length} pasangan × 2 mode × ${options.rounds} putaran, ${options.duration} s + pemanasan ${Math.max(options.warmup, 2)} s, ${options.connections} koneksi (≈ ${Math.round((pairs.length * perPair) / 60)} menit)`);
  const { results, summary } = await comparePairs(pairs, {
    rounds: options.rounds,
    duration: options.duration,
    warmup: Math.max(options.warmup, 2),
    connections: options.connections,
    onResult: (r) =>
      log(`  [${r.round} ${r.mode.padEnd(8)}] ${r.name.padEnd(24)} ${fmt(r.page.rps, 0).padStart(6)} req/s ${fmt(r.page.cpuMsPerReq, 2).padStart(6)} ms CPU | ${r.referenceName} ${fmt(r.reference.rps, 0).padStart(6)} req/s ${fmt(r.reference.cpuMsPerReq, 2).padStart(6)} ms | ×${fmt(r.ratio, 2)}`),
  });
  const range = (s, digits) => (s.min === s.max ? fmt(s.median, digits) : `${fmt(s.median, digits)} (${fmt(s.min, digits)}–${fmt(s.max, digits)})`);
  const checks = [];
  for (const mode of ["browser", "identity"]) {
    const rows = summary.filter((s) => s.mode === mode);
    console.log(`\n## ${mode === "browser" ? "As a browser asks (Accept-Encoding: gzip, deflate, br)" : "Without compression"}: median (min–max) of ${options.rounds} rounds, ${options.connections} connections`);
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
    options: { duration: options.duration, warmup: Math.max(options.warmup, 2), connections: options.connections, rounds: options.rounds, anchor: options.anchor },
    summary,
    results,
    targets: checks,
    seconds: (Date.now() - started) / 1000,
  };
  fs.mkdirSync(resultsDir, { recursive: true });
  const out = path.join(resultsDir, `${stamp}-anchor.json`);
  fs.writeFileSync(out, JSON.stringify(report, null, 2));
  console.log(`\nJSON report: ${path.relative(ROOT, out)} (${fmt(report.seconds, 0)} s in total)`);
}
