// `npm run quickstart`: build if needed, then start the production server with a session
// secret generated once and kept in data/session-secret (so sessions survive restarts).
// Everything else comes from the environment (see README: PORT, DATABASE_URL, …).
import "./check-node.mjs";
import { spawn, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
process.chdir(root);

if (!fs.existsSync("build/server/index.js") || process.argv.includes("--build")) {
  const build = spawnSync("npm", ["run", "build"], { stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const env = { ...process.env, NODE_ENV: "production" };
if (!env.SESSION_SECRET) {
  const file = path.join(path.dirname(path.resolve(env.DATABASE_URL ?? "./data/etalase.db")), "session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    console.log(`[etalase] SESSION_SECRET baru dibuat di ${path.relative(root, file)}`);
  }
  env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
}

// The production heap limits of package.json (config.nodeFlags): RSS stays near 200 MB.
const { config } = JSON.parse(fs.readFileSync("package.json", "utf8"));
const nodeFlags = String(config?.nodeFlags ?? "").split(/\s+/).filter(Boolean);
const child = spawn(process.execPath, [...nodeFlags, "server.js"], { stdio: "inherit", env });
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
