/**
 * People: signing in through the login form, users created through user management (as an
 * operator would), and what was sent to them — their inbox as the header and the Notifikasi
 * page show it, the outbox in the server's database (it keeps the message with the password
 * masked) and the real message, which the shared server's stand-in WhatsApp gateway
 * (../start-server.mjs) keeps in whatsapp.jsonl beside its database (e-mails: ./mail.ts).
 */
import fs from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page } from "@playwright/test";
import { and, desc, eq } from "drizzle-orm";
import { notificationOutbox, users } from "../../../db/schema";
import type { Db } from "../../../app/lib/server/db.server";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../../setup/constants";
import { passwordInMessage } from "../../setup/reset-message";
import type { E2eServer } from "./servers";
import { clientNavigation } from "./site";

/**
 * The one way tests sign in: through the login form, as a person does. On the login page
 * already (a guard sent the browser there, with its redirectTo) it fills that form; elsewhere
 * it opens /login first.
 */
export async function login(page: Page, username: string, password: string) {
  if (!/^\/login$/.test(new URL(page.url(), "http://x").pathname)) await page.goto("/login");
  await page.locator("#username").fill(username);
  await page.locator("#password").fill(password);
  await page.getByRole("button", { name: "MASUK" }).click();
}

/**
 * Signs in as another person, as a second person at the same browser would: a fresh session,
 * the login form, and the dashboard of the area they land in.
 */
export async function signInAs(page: Page, username: string, password: string) {
  await page.context().clearCookies();
  await page.goto("/login");
  await login(page, username, password);
  await expect(page).toHaveURL(/\/dashboard$/);
}

export async function logout(page: Page) {
  await page.context().clearCookies();
}

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
  // Found by the list's search: the shared server holds many users by now, and the new one
  // need not be on the list's first page.
  await page.goto(`/operator/master/user?q=${encodeURIComponent(user.username)}`);
  await expect(page.getByRole("cell", { name: user.username, exact: true })).toBeVisible();
  await logout(page);
}

/** The header's link to the signed-in person's inbox; its accessible name carries the unread count. */
export function inboxLink(page: Page): Locator {
  return page.getByTestId("notifikasi-header");
}

/** The header link's name with `unread` unread items ("Notifikasi", "Notifikasi, 2 belum dibaca"); "some": any count above 0. */
export function inboxName(unread: number | "some"): string | RegExp {
  if (unread === "some") return /^Notifikasi, [1-9]\d* belum dibaca$/;
  return unread === 0 ? "Notifikasi" : `Notifikasi, ${unread} belum dibaca`;
}

/**
 * Opens the inbox from the header, as the person does, and answers its unread item `subject`
 * whose text names `about` (a proposal's title: one person may hold several such items).
 */
export async function unreadItem(page: Page, subject: string, about: string): Promise<Locator> {
  await inboxLink(page).click();
  await expect(page).toHaveURL(/\/kotak-masuk$/);
  const item = page.locator("tbody tr", { hasText: about }).filter({ has: page.getByRole("button", { name: `Buka: ${subject}`, exact: true }) });
  await expect(item).toContainText("Baru");
  return item;
}

/**
 * Opens the unread notice `subject` about `about` from the inbox: 'Buka' marks it read and goes
 * where its reader acts; with JavaScript, waits until that page's links navigate on the client.
 */
export async function followNotice(page: Page, subject: string, about: string, js: boolean): Promise<void> {
  const notice = await unreadItem(page, subject, about);
  await notice.getByRole("button", { name: `Buka: ${subject}`, exact: true }).click();
  await expect(page).not.toHaveURL(/\/kotak-masuk/);
  if (js) await clientNavigation(page);
}

/** A user's name and e-mail address as the server has them. */
export function contactOf(db: Db, username: string): { name: string; email: string } {
  const user = db.select({ name: users.name, email: users.email }).from(users).where(eq(users.username, username)).get();
  if (!user) throw new Error(`no user ${username}`);
  return user;
}

export type OutboxRow = { id: number; channel: string; recipient: string; status: string; body: string };

/**
 * The password-reset messages written for a user, newest first. Only those: a user who is also
 * an Operator is told of other specs' LPPM steps on the shared server meanwhile.
 */
export function resetOutboxFor(db: Db, username: string): OutboxRow[] {
  return db
    .select({
      id: notificationOutbox.id,
      channel: notificationOutbox.channel,
      recipient: notificationOutbox.recipient,
      status: notificationOutbox.status,
      body: notificationOutbox.body,
    })
    .from(notificationOutbox)
    .innerJoin(users, eq(users.id, notificationOutbox.user_id))
    .where(and(eq(users.username, username), eq(notificationOutbox.subject, "Reset Password")))
    .orderBy(desc(notificationOutbox.id))
    .all();
}

/** Messages the stand-in WhatsApp gateway received for this number (62…), oldest first. */
export function whatsAppTo(server: Pick<E2eServer, "dir">, to: string): { to: string; message: string }[] {
  const file = path.join(server.dir, "whatsapp.jsonl");
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as { to: string; message: string })
    .filter((sent) => sent.to === to);
}

/**
 * Waits for the reset message to reach WhatsApp (the server sends it in the background) and
 * answers its password; `after` skips the message carrying an earlier password.
 */
export async function newPasswordOnWhatsApp(server: Pick<E2eServer, "dir">, to: string, after?: string): Promise<string> {
  const newest = () => {
    const last = whatsAppTo(server, to).at(-1);
    const password = last ? passwordInMessage(last.message) : null;
    return password && password !== after ? password : null;
  };
  await expect.poll(newest, { message: `a reset message on WhatsApp for ${to}` }).not.toBeNull();
  return newest()!;
}
