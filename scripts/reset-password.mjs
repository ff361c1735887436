#!/usr/bin/env node
// Prints a new password for a user, for owners without a WhatsApp gateway:
//
//   npm run user:reset-password -- <username>
//
// Uses the database named by DATABASE_URL (default ./data/etalase.db, like the server) and may
// run while the server runs. The new password replaces the old one at once: password_changed_at
// is bumped and every session and API token of the user is deleted. Plain JavaScript on
// purpose (it runs without a build step), so it talks to SQLite and argon2 directly; the hash
// parameters are the ones of app/lib/password.server.ts (argon2id, 19 MiB, t=2, p=1).
import "./check-node.mjs";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { hash } from "@node-rs/argon2";
import Database from "better-sqlite3";
import { startEnv } from "./settings.mjs";

// The shop the quick start set up (.env), whatever this shell has set beside it.
const { env } = startEnv({ cwd: path.resolve(path.dirname(new URL(import.meta.url).pathname), "..") });

const ARGON2ID = 2;
const HASH_OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

// The alphabet of generatePassword(): no l/I/1, o/O/0, since the password is typed by hand.
const LOWER = "abcdefghijkmnpqrstuvwxyz";
const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "23456789";
const ALL = LOWER + UPPER + DIGITS;
const pick = (chars) => chars.charAt(crypto.randomInt(chars.length));

function generatePassword(length = 14) {
  const chars = [pick(LOWER), pick(UPPER), pick(DIGITS)];
  while (chars.length < length) chars.push(pick(ALL));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = crypto.randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join("");
}

function fail(message) {
  console.error(message);
  process.exit(1);
}

const username = (process.argv[2] ?? "").trim();
if (!username || username.startsWith("-")) {
  fail("Pemakaian: npm run user:reset-password -- <username>");
}

const file = path.resolve(env.DATABASE_URL || "./data/etalase.db");
if (!fs.existsSync(file)) fail(`Database tidak ditemukan: ${file} (atur DATABASE_URL).`);

const db = new Database(file, { fileMustExist: true });
db.pragma("busy_timeout = 5000");
db.pragma("foreign_keys = ON");

try {
  const user = db.prepare("select id, username, status_aktif from users where username = ?").get(username);
  if (!user) fail(`Pengguna "${username}" tidak ditemukan.`);

  const password = generatePassword();
  const passwordHash = await hash(password, HASH_OPTIONS);
  const now = Date.now();
  const columns = new Set(db.prepare("select name from pragma_table_info('users')").all().map((c) => c.name));
  const clearReset = columns.has("reset_password_hash") ? ", reset_password_hash = null, reset_requested_at = null" : "";

  const { sessions, tokens } = db.transaction(() => {
    db.prepare(`update users set password_hash = ?, password_changed_at = ?, updated_at = ?${clearReset} where id = ?`).run(
      passwordHash,
      now,
      now,
      user.id,
    );
    return {
      sessions: db.prepare("delete from sessions where user_id = ?").run(user.id).changes,
      tokens: db.prepare("delete from api_tokens where user_id = ?").run(user.id).changes,
    };
  })();

  console.log(`Password baru untuk ${user.username}: ${password}`);
  console.log(`(${sessions} sesi dan ${tokens} token API diakhiri; password lama tidak berlaku lagi.)`);
  if (user.status_aktif !== "Aktif") {
    console.log("Catatan: akun ini berstatus Tidak-Aktif; aktifkan lewat Manajemen Pengguna agar dapat login.");
  }
} finally {
  db.close();
}
