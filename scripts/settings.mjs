// The owner's settings between two starts. `npm run quickstart` keeps what it was given (the
// port, the data folder, …) in `.env` at the top of the shop's folder and generates the
// session secret once into `session-secret` beside the database; `npm start`, the systemd unit
// and the restore read them back, so the shop starts tomorrow the way it was started today.
// A setting in the environment always wins over the file.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { parseEnv } from "node:util";

export const SETTINGS_FILE = ".env";

/**
 * The shop's own settings (README, "Configuration") that the quick start keeps when it was given
 * them in its environment. SESSION_SECRET and OPERATOR_PASSWORD are not among them: the secret
 * has its own file, and the first operator's password is only needed once.
 */
export const KEPT_SETTINGS = [
  "PORT", "HOST", "DATABASE_URL", "UPLOADS_DIR", "DOCUMENTS_DIR", "BACKUPS_DIR", "OPERATOR_USERNAME", "SEED_DEMO",
  "SEED_DEMO_LPPM", "CORS_ORIGINS", "TRUST_PROXY", "SITE_URL", "AKTIVITAS_RETENSI_HARI", "WA_KLIK_RETENSI_HARI",
  "BODY_MEMORY_MB", "WA_PROVIDER", "WA_GATEWAY_URL", "WA_GATEWAY_TOKEN", "WA_API_URL", "WA_CLOUD_PHONE_NUMBER_ID",
  "WA_CLOUD_TEMPLATE", "WA_CLOUD_TEMPLATE_LANG", "SMTP_URL", "MAIL_FROM", "OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET",
  "OIDC_EMAIL_DOMAINS",
];

/** The settings file's values (none when there is no file). */
export function readSettings(cwd) {
  const file = path.join(cwd, SETTINGS_FILE);
  return fs.existsSync(file) ? parseEnv(fs.readFileSync(file, "utf8")) : {};
}

/**
 * Writes `updates` into the settings file: a line already there is replaced in place, a new one
 * appended, everything else (the owner's own lines and comments) kept as it is.
 */
export function saveSettings(cwd, updates) {
  const file = path.join(cwd, SETTINGS_FILE);
  const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").split("\n") : ["# Pengaturan toko Etalase (npm start membacanya; variabel lingkungan tetap menang)."];
  if (lines.at(-1) === "") lines.pop();
  for (const [key, value] of Object.entries(updates)) {
    const line = `${key}=${value}`;
    const at = lines.findIndex((l) => l.replace(/^\s*export\s+/, "").startsWith(`${key}=`));
    if (at === -1) lines.push(line);
    else lines[at] = line;
  }
  fs.writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}

/** Where the database lives (DATABASE_URL, else ./data/etalase.db), absolute. */
export function databaseFile(env, cwd) {
  return path.resolve(cwd, env.DATABASE_URL || "./data/etalase.db");
}

/** The session secret's file: `session-secret` beside the database. */
export function sessionSecretFile(env, cwd) {
  return path.join(path.dirname(databaseFile(env, cwd)), "session-secret");
}

/** Generates the session secret once (the quick start), in the database's owner-only folder. */
export function ensureSessionSecret(env, cwd) {
  const file = sessionSecretFile(env, cwd);
  if (fs.existsSync(file)) return { file, created: false };
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  return { file, created: true };
}

/**
 * The environment the shop starts in: the process's own, over the settings file, with the
 * session secret read from its file when none is set. `missing` says, for the owner, what is
 * needed and how to get it, when the shop cannot start in production without it.
 */
export function startEnv({ env = process.env, cwd }) {
  const merged = { ...readSettings(cwd), ...env };
  merged.NODE_ENV ||= "production";
  if (!merged.SESSION_SECRET) {
    const file = sessionSecretFile(merged, cwd);
    if (fs.existsSync(file)) merged.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
  }
  const missing =
    merged.NODE_ENV === "production" && !merged.SESSION_SECRET
      ? `Kunci sesi (SESSION_SECRET) belum ada: ${path.relative(cwd, sessionSecretFile(merged, cwd)) || "session-secret"} tidak ditemukan. ` +
        "Jalankan `npm run quickstart` sekali (ia membuatnya), atau isi SESSION_SECRET (minimal 16 karakter) di lingkungan atau di .env."
      : null;
  return { env: merged, missing };
}
