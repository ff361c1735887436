// `npm run quickstart`: build if needed, then start the production server under the
// supervisor of `npm start` (scripts/serve.mjs: restarted when it crashes), with a session
// secret generated once and kept in data/session-secret (so sessions survive restarts).
// Everything else comes from the environment (see README: PORT, DATABASE_URL, …).
import "./check-node.mjs";
import { spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { supervise } from "./serve.mjs";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

if (!fs.existsSync("build/server/index.js") || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env, NODE_ENV: "production" };
if (!env.SESSION_SECRET) {
  const file = path.join(path.dirname(path.resolve(env.DATABASE_URL || "./data/etalase.db")), "session-secret");
  if (!fs.existsSync(file)) {
    // The database folder: only the shop's user may enter it (database, secrets).
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`[etalase] SESSION_SECRET baru dibuat di ${path.relative(root, file)}`);
  }
  env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

process.exitCode = await supervise({ env });
