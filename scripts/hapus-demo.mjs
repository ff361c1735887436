// `npm run demo:hapus [-- --yes]`: removes the demo from the shop's data, to go live with the
// owner's own catalogue — the same removal as the back office's (Operator → Master → Cadangan →
// Hapus data demo), for a shop that is not running: the demo's products (with their images,
// stock and old slugs), categories, branches, banners, reviews, gallery and profile pages, and
// the LPPM demo accounts with everything they own; never what the owner added, changed or still
// uses (app/domain/demo/demo.server.ts says what and why). A backup comes first, and the
// activity log gets a line.
//
// 1. Refuses while a server uses the database: its page cache would go on showing the demo (the
//    back office removes it from a running shop). Keeps servers from starting meanwhile.
// 2. Shows what goes and what stays, and asks on a terminal (`--yes` answers it, for scripts);
//    without a terminal and without `--yes` it refuses.
// 3. With nothing to remove it says so and ends with exit code 0: a second run is harmless.
// The work is the built server's (build/server/index.js, as `npm start` runs it): the same code
// as the page, on the shop the quick start set up (.env).
import "./check-node.mjs";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { BackupRefusal, backupsDirOf, dataPaths, shownPath } from "../app/lib/server/backup/files.server.ts";
import { claimDatabase } from "../app/lib/server/backup/holder.server.ts";
import { CANCELLED, confirm, readArgs, refuse } from "./cli.mjs";
import { startEnv } from "./settings.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const BUILD = path.join(ROOT, "build/server/index.js");
const USAGE = "Pakai: npm run demo:hapus [-- --yes]\n  --yes  lanjut tanpa pertanyaan (untuk skrip)";
const HINT =
  "Selagi toko berjalan, hapus data demo dari back office (Operator → Master → Cadangan → Hapus data demo), " +
  "atau hentikan server dulu (Ctrl-C di terminal `npm start`, `npm run stop`, atau `systemctl stop …`) lalu jalankan perintah ini lagi.";

const { yes } = readArgs(process.argv.slice(2), { usage: USAGE });

// The shop the quick start set up (.env), whatever this shell has set beside it. The built app
// reads its settings from the environment; it checks for a session secret in production, which
// this command, starting no session, does not need.
const { env } = startEnv({ cwd: ROOT });
Object.assign(process.env, env);
process.env.SESSION_SECRET ||= crypto.randomBytes(24).toString("hex");
const paths = dataPaths(env);

if (!fs.existsSync(paths.dbFile)) refuse(`Database tidak ditemukan: ${paths.dbFile} (atur DATABASE_URL, atau jalankan npm run quickstart dulu).`);
if (!fs.existsSync(BUILD)) refuse("build/server/index.js tidak ada: jalankan `npm run build` dulu.");

let release = () => {};
let removing = false;
process.on("exit", () => release());
process.on("SIGINT", () => {
  if (removing) {
    console.error("\nData demo sedang dihapus: tunggu sampai selesai.");
    return;
  }
  refuse(`\n${CANCELLED}`, 130);
});

try {
  release = claimDatabase(paths.dbFile, "hapus-demo", HINT);
} catch (error) {
  if (!(error instanceof BackupRefusal)) throw error;
  refuse(`Penghapusan data demo ditolak: ${error.message}`);
}

const app = await import(pathToFileURL(BUILD).href);
const demo = app.demoSaatIni();
const list = (lines) => lines.map((line) => `  - ${line}`).join("\n");
const kept = demo.dibiarkan.length ? `Tetap disimpan karena sudah Anda ubah atau masih dipakai data Anda:\n${list(demo.dibiarkan)}` : null;

if (!demo.hapus.length) {
  console.log(["Tidak ada data demo untuk dihapus.", ...(kept ? [kept] : [])].join("\n"));
  process.exit(0);
}
console.log(
  [
    "Data demo yang akan dihapus:",
    list(demo.hapus),
    ...(kept ? [kept] : []),
    "Akun operator, Setting toko dan data yang Anda tambahkan sendiri tidak diubah.",
    `Cadangan seluruh data dibuat dulu di ${shownPath(backupsDirOf(env.BACKUPS_DIR))}/ (bisa dipulihkan dengan npm run restore).`,
  ].join("\n"),
);

await confirm({
  yes,
  question: "Hapus data demo?",
  noTerminal:
    "Penghapusan data demo ditolak: perlu persetujuan. Jalankan di terminal untuk menjawab pertanyaannya, " +
    "atau tambahkan --yes (npm run demo:hapus -- --yes).",
});

removing = true;
const result = await app.hapusDemo();
if (!result.ok) refuse(`Penghapusan data demo ditolak: ${result.message}`);
console.log(`Data demo dihapus: ${result.ringkasan} (${result.berkas} berkas gambar/dokumen).`);
const backup = path.join(backupsDirOf(env.BACKUPS_DIR), result.cadangan);
console.log(`  Cadangan sebelumnya: ${shownPath(backup)}; kembali ke sana: npm run restore -- ${shownPath(backup)}`);
// The built app keeps timers of its own (caches, the page cache): this command is done.
process.exit(0);
