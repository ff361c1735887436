// `npm run quickstart [-- --port 8080] [-- --host 127.0.0.1]`, after the packages
// (quickstart-install.mjs): build, then start the production server under the supervisor of
// `npm start` (scripts/serve.mjs: restarted when it crashes). What it was given is kept in .env
// and the session secret is generated once beside the database (scripts/settings.mjs), so
// `npm start` starts the same shop tomorrow. Everything else comes from the environment
// (README: DATABASE_URL, SITE_URL, …).
import "./check-node.mjs";
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { supervise } from "./serve.mjs";
import { databaseFile, ensureSessionSecret, KEPT_SETTINGS, saveSettings, startEnv } from "./settings.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);
const say = (message) => console.log(`[etalase] ${message}`);

const { values: args } = parseArgs({
  options: { port: { type: "string" }, host: { type: "string" }, build: { type: "boolean", default: false } },
  strict: false,
});
if (args.port !== undefined && !/^\d{1,5}$/.test(String(args.port))) {
  console.error(`[etalase] --port ${args.port}: tulis nomor port, mis. --port 8080.`);
  process.exit(1);
}
// What the owner chose now — on the command line, or in the environment — is what `npm start`
// uses from now on.
const chosen = {
  ...Object.fromEntries(KEPT_SETTINGS.filter((key) => process.env[key] !== undefined).map((key) => [key, process.env[key]])),
  ...(args.port !== undefined ? { PORT: String(args.port) } : {}),
  ...(args.host !== undefined ? { HOST: String(args.host) } : {}),
};
if (Object.keys(chosen).length) saveSettings(root, chosen);

/** Runs `npm run build` with its output kept back (shown only when it fails). */
function build() {
  const started = Date.now();
  process.stdout.write("[etalase] 2/3 Membangun aplikasi …");
  return new Promise((resolve) => {
    const child = spawn(process.platform === "win32" ? "npm.cmd" : "npm", ["run", "--silent", "build"], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code) => {
      if (code === 0) {
        process.stdout.write(` selesai (${Math.round((Date.now() - started) / 1000)} dtk).\n`);
        return resolve();
      }
      process.stdout.write("\n");
      process.stderr.write(output);
      console.error(`[etalase] Build gagal (kode ${code}); pesannya ada di atas.`);
      process.exit(code || 1);
    });
  });
}

if (!fs.existsSync("build/server/index.js") || args.build) await build();

const secret = ensureSessionSecret({ ...process.env, ...chosen }, root);
if (secret.created) say(`Kunci sesi baru dibuat di ${path.relative(root, secret.file)} (jangan dibagikan).`);
const { env } = startEnv({ env: { ...process.env, ...chosen }, cwd: root });

const fresh = !fs.existsSync(databaseFile(env, root));
// SEED_DEMO=0 begins with an empty shop: the operator and a bare Setting (README, "Going live").
const demo = !["0", "false", "no"].includes(env.SEED_DEMO ?? "");
say(
  !fresh
    ? "3/3 Menjalankan toko …"
    : demo
      ? "3/3 Menyiapkan database dan mengisi toko demo (sekali, sekitar setengah menit) …"
      : "3/3 Menyiapkan database untuk toko kosong, tanpa data demo (SEED_DEMO=0) …",
);

/** The address to open: SITE_URL when the owner set one, else this machine at the chosen port. */
function address() {
  if (env.SITE_URL) return env.SITE_URL;
  const host = !env.HOST || env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
  return `http://${host}:${env.PORT || "3000"}`;
}

process.exitCode = await supervise({
  env,
  onReady: () => {
    const dataDir = path.relative(root, path.dirname(databaseFile(env, root))) || ".";
    const operatorFile = path.join(dataDir, "operator-password.txt");
    console.log(
      [
        "",
        `  Toko berjalan di ${address()}`,
        `  Back office: ${address()}/login — pengguna \`${env.OPERATOR_USERNAME || "operator"}\`, ` +
          (env.OPERATOR_PASSWORD ? "password dari OPERATOR_PASSWORD." : fs.existsSync(operatorFile) ? `password di ${operatorFile} (simpan, lalu hapus berkasnya).` : "password yang Anda simpan saat pertama kali."),
        ...(fs.existsSync(path.join(dataDir, "lppm-demo-password.txt")) ? [`  Akun demo LPPM (kepala.lppm, dosen.ahmad, …): password di ${path.join(dataDir, "lppm-demo-password.txt")}.`] : []),
        "  Berhenti: Ctrl-C (atau `npm run stop` dari terminal lain). Besok: `npm start`.",
        "",
      ].join("\n"),
    );
  },
});
