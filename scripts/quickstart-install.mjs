// The first step of `npm run quickstart`: the packages, installed quietly. It runs on whatever
// Node the machine has (even 20: the project's own Node 24 arrives with these packages), so it
// uses nothing newer than Node 18. npm's own warnings are left out — the `EBADENGINE` ones only
// say that npm itself runs on the machine's older Node, which the owner cannot and need not
// change — and shown with everything else when the install fails.
//
// Then it runs the rest (scripts/quickstart.mjs, with the arguments it was given) on the
// project's Node from node_modules/.bin — itself, not through a second `node` in package.json:
// on a fresh clone the shell already looked `node` up (the machine's) before the packages
// brought the project's, and would run the rest on the old one.
import { spawn } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const started = Date.now();
const seconds = () => Math.round((Date.now() - started) / 1000);
const tty = process.stdout.isTTY;

process.stdout.write("[etalase] 1/3 Memasang paket (sekali; biasanya kurang dari 2 menit) …");
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const child = spawn(npm, ["install", "--no-audit", "--no-fund", "--loglevel=error", "--progress=false"], { stdio: ["ignore", "pipe", "pipe"] });
let output = "";
child.stdout.on("data", (chunk) => (output += chunk));
child.stderr.on("data", (chunk) => (output += chunk));
// On a terminal the line shows the time passing; in a log, a line every half minute.
const ticker = setInterval(
  () => {
    if (tty) process.stdout.write(`\r[etalase] 1/3 Memasang paket (sekali; biasanya kurang dari 2 menit) … ${seconds()} dtk`);
    else process.stdout.write(".");
  },
  tty ? 1000 : 30_000,
);
child.on("close", (code) => {
  clearInterval(ticker);
  if (code === 0) {
    process.stdout.write(`${tty ? "\r" : ""}[etalase] 1/3 Paket terpasang (${seconds()} dtk).${" ".repeat(40)}\n`);
    runQuickstart();
    return;
  }
  process.stdout.write("\n");
  process.stderr.write(output);
  process.stderr.write(`[etalase] Pemasangan paket gagal (npm install, kode ${code}); pesan npm ada di atas.\n`);
  process.exit(code || 1);
});

/** scripts/quickstart.mjs on the project's Node; its signals and exit code are this command's. */
function runQuickstart() {
  const node = path.join(ROOT, "node_modules", ".bin", process.platform === "win32" ? "node.cmd" : "node");
  const rest = spawn(node, [path.join(ROOT, "scripts", "quickstart.mjs"), ...process.argv.slice(2)], { stdio: "inherit" });
  // Ctrl-C reaches both through the terminal; a SIGTERM (a service manager, `kill`) is passed on.
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => rest.kill(signal));
  rest.on("close", (code, signal) => process.exit(code ?? (signal ? 128 + (signal === "SIGINT" ? 2 : 15) : 1)));
}
