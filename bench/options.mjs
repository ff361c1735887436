// The arguments of `npm run bench` (README, "Measuring speed"), read once: --help prints them
// and exits; a figure that is not a number ≥ 0 is refused (exit 2) before anything starts.

const HELP = `npm run bench -- [options]
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
  --keep                  jangan hapus .tmp/bench-<ts>/`;

/**
 * The run's options from the command line (`process.argv.slice(2)`).
 * @param {string[]} argv
 */
export function readOptions(argv) {
  const flag = (name) => argv.includes(`--${name}`);
  function option(name, fallback) {
    const i = argv.indexOf(`--${name}`);
    if (i < 0) return fallback;
    const v = argv[i + 1];
    return v === undefined || v.startsWith("--") ? fallback : v;
  }
  if (flag("help") || flag("h")) {
    console.log(HELP);
    process.exit(0);
  }
  const anchor = option("anchor", "");
  const duration = Number(option("duration", anchor ? 5 : 10));
  const both = flag("both");
  const options = {
    anchor,
    rounds: Number(option("rounds", 2)),
    duration,
    staticDuration: Number(option("static-duration", Math.max(3, Math.round(duration / 2)))),
    connections: Number(option("connections", 10)),
    warmup: Number(option("warmup", 1)),
    both,
    scale: flag("scale") || both,
    soak: flag("soak") ? Number(option("soak", 60)) : 0,
    soakConnections: Number(option("soak-connections", 50)),
    routeFilter: option("routes", "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    compressed: !flag("identity"),
    keep: flag("keep"),
    build: !flag("no-build"),
  };
  const figures = {
    DURATION: options.duration,
    STATIC_DURATION: options.staticDuration,
    CONNECTIONS: options.connections,
    WARMUP: options.warmup,
    SOAK: options.soak,
    SOAK_CONNECTIONS: options.soakConnections,
    ROUNDS: options.rounds,
  };
  for (const [k, v] of Object.entries(figures)) {
    if (!Number.isFinite(v) || v < 0) {
      console.error(`argumen tidak valid: ${k}=${v}`);
      process.exit(2);
    }
  }
  return options;
}

/** Whether a route or pair named `name` is measured under `--routes a,b` (all without it). */
export function chosen(options, name) {
  return !options.routeFilter.length || options.routeFilter.some((f) => name.includes(f));
}
