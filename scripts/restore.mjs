// `npm run restore -- <backup-folder> [--yes]`: puts a backup made by `npm run backup` or the
// Cadangan page back in place of the shop's data (database, uploads, documents).
//
// 1. Refuses while a server uses the database (server.js's `<database>.pid`, or any process
//    with the database open) and keeps servers from starting until it is done.
// 2. Checks the backup: one database file, SQLite's integrity_check, an Etalase database no
//    newer than this code, every image and document it names present.
// 3. Asks for confirmation on a terminal (`--yes` answers it, for scripts); without a terminal
//    and without `--yes` it refuses.
// 4. Moves the current data aside, as a backup of its own (BACKUPS_DIR/sebelum-pulihkan-<time>),
//    and puts a copy of the backup in place; the activity log gets a line saying so.
// Every refusal is one message and exit code 1; nothing has changed then.
import "./check-node.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BackupRefusal, backupsDirOf, dataPaths } from "../app/lib/server/backup/files.server.ts";
import { claimForRestore } from "../app/lib/server/backup/holder.server.ts";
import { applyRestore, isiText, prepareRestore } from "../app/lib/server/backup/restore.server.ts";
import { CANCELLED, confirm, readArgs, refuse, shown, size } from "./cli.mjs";
import { startEnv } from "./settings.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
// The shop the quick start set up (.env), whatever this shell has set beside it.
const { env } = startEnv({ cwd: ROOT });
const USAGE =
  "Pakai: npm run restore -- <folder-cadangan> [--yes]\n" +
  "  contoh: npm run restore -- backups/etalase-2026-05-01-1530-WIB\n" +
  "  --yes  lanjut tanpa pertanyaan (untuk skrip)";

const { yes, rest: folders } = readArgs(process.argv.slice(2), {
  usage: USAGE,
  one: { missing: "Folder cadangan belum diberikan.", tooMany: "Berikan satu folder cadangan saja." },
});

const paths = dataPaths(env);
const backupsDir = backupsDirOf(env.BACKUPS_DIR);
const WAKTU = new Intl.DateTimeFormat("id-ID", { dateStyle: "medium", timeStyle: "short", timeZone: "Asia/Jakarta" });

let release = () => {};
let plan = null;
let applying = false;
process.on("exit", () => {
  plan?.discard();
  release();
});
process.on("SIGINT", () => {
  if (applying) {
    console.error("\nPemulihan sedang memindahkan data: tunggu sampai selesai.");
    return;
  }
  refuse(`\n${CANCELLED}`, 130);
});

try {
  release = claimForRestore(paths.dbFile);
  console.log(`Memeriksa cadangan ${shown(path.resolve(folders[0]))} …`);
  plan = await prepareRestore({ folder: folders[0], paths, migrationsFolder: path.join(ROOT, "db/migrations") });
} catch (error) {
  if (!(error instanceof BackupRefusal)) throw error;
  refuse(`Pemulihan ditolak: ${error.message}`);
}

const isi = isiText(plan.isi);
console.log(
  [
    `Cadangan baik: ${plan.nama}${plan.dibuat ? `, dibuat ${WAKTU.format(plan.dibuat)} WIB` : ""} (${plan.berkas} berkas, ${size(plan.ukuran)}).`,
    `  Isi: ${isi}.`,
    "Yang akan diganti:",
    `  database  ${paths.dbFile}`,
    `  gambar    ${paths.uploadsDir}`,
    `  dokumen   ${paths.documentsDir}`,
    `Data yang sekarang dipindahkan dulu ke ${shown(backupsDir)}/sebelum-pulihkan-<waktu> (bisa dipulihkan kembali).`,
  ].join("\n"),
);

await confirm({
  yes,
  question: "Lanjutkan pemulihan?",
  noTerminal:
    "Pemulihan ditolak: pemulihan mengganti seluruh data toko dan perlu persetujuan. " +
    "Jalankan di terminal untuk menjawab pertanyaannya, atau tambahkan --yes (npm run restore -- <folder> --yes).",
});

applying = true;
const nama = plan.nama;
const result = await applyRestore(plan, { paths, backupsDir, log: (m) => console.log(m), warn: (m) => console.warn(m) });
plan = null;
applying = false;
console.log(`Pemulihan selesai dalam ${result.detik.toFixed(1)} dtk: data toko sekarang dari cadangan ${nama}.`);
if (result.aside) {
  console.log(`  Data sebelumnya disimpan di ${shown(result.aside)}; kembali ke sana: npm run restore -- ${shown(result.aside)}`);
}
console.log("  Jalankan server lagi (npm start); saat mulai, database diperbarui bila cadangannya dari versi lama.");
