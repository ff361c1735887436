/**
 * Helpers for the specs that create accounts and read what was sent to them (lupa-password,
 * LPPM areas).
 * - `test`: like ./fixtures (hermetic, fails on page errors and console errors), but the
 *   browser's own "Failed to load resource … 4xx" line is expected here: refused form posts
 *   (wrong phone 422, throttled 429, …) answer with a real status.
 * - Each test gets its own client address (X-Forwarded-For), so the per-IP throttles of login
 *   and recovery do not mix between tests.
 * - Users are created through the UI (user management), as an operator would.
 * - The outbox is read from the e2e server's throw-away database (it keeps the message with
 *   the password masked); the real message is what the stand-in WhatsApp gateway of
 *   start-server.mjs received, kept in whatsapp.jsonl beside that database.
 */
import fs from "node:fs";
import path from "node:path";
import { test as base, expect, type Page } from "@playwright/test";
import Database from "better-sqlite3";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { consoleErrorsFixture, login } from "./fixtures";

let ipSeq = 0;

export const test = base.extend<{ consoleErrors: string[] }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
  extraHTTPHeaders: async ({}, provide, testInfo) => {
    ipSeq++;
    await provide({ "X-Forwarded-For": `10.${testInfo.workerIndex % 250}.${Math.floor(Date.now() / 1000) % 250}.${ipSeq % 250}` });
  },
  // Refused uploads and the guard answer 4xx on purpose.
  consoleErrors: consoleErrorsFixture(/Failed to load resource: the server responded with a status of 4\d\d/),
});

export { expect };
export { login, PHONE_VIEWPORT, signInAs, unique } from "./fixtures";



/** A 10-digit NIDN that no other test uses. */
let nidnSeq = Math.floor(Math.random() * 5000);
export function uniqueNidn(): string {
  // 10 digits: 9, the worker process, the second, and a counter (two made in the same
  // millisecond never collide, as a random suffix could).
  nidnSeq = (nidnSeq + 1) % 10_000;
  const pid = String(process.pid % 100).padStart(2, "0");
  const second = String(Math.floor(Date.now() / 1000) % 1000).padStart(3, "0");
  return `9${pid}${second}${String(nidnSeq).padStart(4, "0")}`;
}


export async function logout(page: Page) {
  await page.context().clearCookies();
}

export type NewUser = {
  username: string;
  name: string;
  password: string;
  no_hp: string;
  roles: string[];
  nidn?: string;
  jabatan?: string;
};

/** Logs in as the seeded operator, adds the user in 'Manajemen Pengguna', logs out. */
export async function createUserViaUi(page: Page, user: NewUser) {
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(page).toHaveURL(/\/operator\/dashboard$/);
  await page.goto("/operator/master/user?tambah=1");
  const dialog = page.locator("form", { has: page.locator('input[name="intent"][value="tambah"]') });
  await dialog.getByLabel("Nama Pengguna").fill(user.name);
  await dialog.getByLabel("Username").fill(user.username);
  await dialog.locator('input[name="password"]').fill(user.password);
  await dialog.getByLabel("Nomor HP/Whatsapp").fill(user.no_hp);
  await dialog.getByLabel("Email").fill(`${user.username}@example.test`);
  if (user.nidn) await dialog.getByLabel("NIDN/NUPTK").fill(user.nidn);
  if (user.jabatan) await dialog.getByLabel("Jabatan Akademik").fill(user.jabatan);
  for (const role of user.roles) await dialog.getByLabel(role, { exact: true }).check();
  await dialog.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/operator\/master\/user(\?(?!.*tambah).*)?$/);
  await expect(page.getByRole("cell", { name: user.username, exact: true })).toBeVisible();
  await logout(page);
}

/**
 * The e2e server's database: the .tmp/e2e-* folder whose users include `username`. Read-only
 * unless `writable` (tests that seed rows no screen of theirs writes, e.g. LPPM master data).
 */
export function openServerDb(username: string, { writable = false } = {}): Database.Database {
  const candidates = serverDirs()
    .map((dir) => path.join(dir, "etalase.db"))
    .filter((file) => fs.existsSync(file));
  for (const file of candidates) {
    const db = new Database(file, { readonly: !writable, fileMustExist: true });
    try {
      if (db.prepare("select 1 from users where username = ?").get(username)) return db;
    } catch {
      /* another run's database in the middle of its migration */
    }
    db.close();
  }
  throw new Error(`No e2e database holds user ${username}`);
}

export type OutboxRow = { id: number; channel: string; recipient: string; status: string; body: string };

/** The outbox messages written for a user, newest first. */
export function outboxFor(username: string): OutboxRow[] {
  const db = openServerDb(username);
  try {
    return db
      .prepare(
        `select o.id, o.channel, o.recipient, o.status, o.body from notification_outbox o
         join users u on u.id = o.user_id where u.username = ? order by o.id desc`,
      )
      .all(username) as OutboxRow[];
  } finally {
    db.close();
  }
}

/** The e2e servers' folders under .tmp/. */
function serverDirs(): string[] {
  const tmp = path.resolve(".tmp");
  return fs
    .readdirSync(tmp)
    .filter((name) => name.startsWith("e2e-"))
    .map((name) => path.join(tmp, name));
}

/** Messages the stand-in WhatsApp gateway received for this number (62…), oldest first. */
export function whatsAppTo(to: string): { to: string; message: string }[] {
  const found: { to: string; message: string }[] = [];
  for (const dir of serverDirs()) {
    const file = path.join(dir, "whatsapp.jsonl");
    if (!fs.existsSync(file)) continue;
    for (const line of fs.readFileSync(file, "utf8").split("\n")) {
      if (!line.trim()) continue;
      const sent = JSON.parse(line) as { to: string; message: string };
      if (sent.to === to) found.push(sent);
    }
  }
  return found;
}

/** The new password a reset message carries. */
export function passwordIn(message: string): string {
  const match = /^Password baru: (\S+)$/m.exec(message);
  if (!match?.[1]) throw new Error(`No password in the message:\n${message}`);
  return match[1];
}

/**
 * Waits for the reset message to reach WhatsApp (the server sends it in the background) and
 * answers its password; `after` skips the message carrying an earlier password.
 */
export async function newPasswordOnWhatsApp(to: string, after?: string): Promise<string> {
  const newest = () => {
    const last = whatsAppTo(to).at(-1);
    const password = last ? passwordIn(last.message) : null;
    return password && password !== after ? password : null;
  };
  await expect.poll(newest, { message: `a reset message on WhatsApp for ${to}` }).not.toBeNull();
  return newest()!;
}
