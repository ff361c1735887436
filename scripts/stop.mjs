// `npm run stop`: stops the shop that `npm start` or `npm run quickstart` runs for this
// database (from another terminal, or a script): SIGTERM to the process named in its pid file
// (the supervisor, which stops its server and exits 0), then waits until it is gone.
import "./check-node.mjs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { databaseHolder, processAlive } from "../app/lib/server/pid-file.mjs";
import { databaseFile, startEnv } from "./settings.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { env } = startEnv({ cwd: ROOT });
const dbFile = databaseFile(env, ROOT);
const holder = databaseHolder(dbFile);

if (!holder) {
  console.log(`[etalase] Tidak ada toko yang berjalan untuk ${path.relative(ROOT, dbFile)}.`);
} else if (holder.peran !== "server") {
  const what = holder.peran === "hapus-demo" ? "Data demo sedang dihapus dari database ini" : "Database sedang dipulihkan dari cadangan";
  console.error(`[etalase] ${what} (pid ${holder.pid}); tunggu sampai selesai.`);
  process.exitCode = 1;
} else {
  process.kill(holder.pid, "SIGTERM");
  const deadline = Date.now() + 20_000;
  while (processAlive(holder.pid) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  if (processAlive(holder.pid)) {
    console.error(`[etalase] Toko (pid ${holder.pid}) belum berhenti setelah 20 dtk; coba lagi, atau kill ${holder.pid}.`);
    process.exitCode = 1;
  } else {
    console.log(`[etalase] Toko (pid ${holder.pid}) berhenti.`);
  }
}
