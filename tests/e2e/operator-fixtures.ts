/**
 * Fixtures and helpers of the operator specs (operator.js.spec.ts, operator.nojs.spec.ts).
 * - Each worker runs its own built server on a fresh seeded copy (./operator-server.ts), so
 *   these specs and the public specs never see each other's data. `baseURL` points there.
 * - The seeded operator logs in once per worker (a real POST to /login); every test starts
 *   signed in unless it sets `test.use({ asOperator: false })`.
 * - Like ./fixtures: hermetic (no host but the server resolves) and a test fails
 *   on any page error or console error — except the browser's own "Failed to load resource …
 *   4xx" line, since refused posts (400/413/422) answer with their real status.
 * - Sample uploads are written once per worker: a JPEG and a PNG made with sharp, a file over
 *   2 MB, a text file named .jpg and a text file named .txt.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type BrowserContextOptions, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { consoleErrorsFixture } from "./fixtures";
import { startOperatorServer, type OperatorServer } from "./operator-server";

export type SampleFiles = {
  dir: string;
  jpeg: string;
  jpeg2: string;
  png: string;
  /** 2.5 MB of JPEG: refused in the browser ('Ukuran file harus kurang dari 2MB'). */
  big: string;
  /** Text named .jpg: the browser believes the name, the server reads the content. */
  fakeJpeg: string;
  /** Text named .txt: refused in the browser ('Format file harus JPG, PNG'). */
  text: string;
};

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

type WorkerFixtures = { operatorServer: OperatorServer; operatorState: StorageState; samples: SampleFiles };
type TestFixtures = { consoleErrors: string[]; asOperator: boolean };

async function writeSamples(): Promise<SampleFiles> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-operator-e2e-"));
  const image = (color: string, width = 320, height = 240) =>
    sharp({ create: { width, height, channels: 3, background: color } });
  const file = (name: string) => path.join(dir, name);
  fs.writeFileSync(file("kursi-jati.jpg"), await image("#8a5a2b").jpeg().toBuffer());
  fs.writeFileSync(file("meja-jati.jpg"), await image("#3f6b3a", 400, 300).jpeg().toBuffer());
  fs.writeFileSync(file("lemari.png"), await image("#2b4a8a").png().toBuffer());
  // Random pixels do not compress: a real JPEG well over 2 MB.
  const side = 1400;
  const noise = crypto.randomBytes(side * side * 3);
  const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
  if (big.length <= 2 * 1024 * 1024) throw new Error(`sample too small: ${big.length}`);
  fs.writeFileSync(file("foto-besar.jpg"), big);
  fs.writeFileSync(file("bukan-gambar.jpg"), "ini hanya teks, bukan gambar\n".repeat(40));
  fs.writeFileSync(file("catatan.txt"), "catatan biasa\n");
  return {
    dir,
    jpeg: file("kursi-jati.jpg"),
    jpeg2: file("meja-jati.jpg"),
    png: file("lemari.png"),
    big: file("foto-besar.jpg"),
    fakeJpeg: file("bukan-gambar.jpg"),
    text: file("catatan.txt"),
  };
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  operatorServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
    async ({}, use) => {
      const server = await startOperatorServer();
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  operatorState: [
    async ({ operatorServer, playwright }, use) => {
      const request = await playwright.request.newContext({ baseURL: operatorServer.url });
      const response = await request.post("/login", {
        form: { intent: "masuk", username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD },
        maxRedirects: 0,
      });
      if (response.status() !== 302) throw new Error(`operator login failed: ${response.status()}`);
      const state = await request.storageState();
      await request.dispose();
      await use(state);
    },
    { scope: "worker" },
  ],
  samples: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
    async ({}, use) => {
      const samples = await writeSamples();
      await use(samples);
      fs.rmSync(samples.dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  asOperator: [true, { option: true }],
  baseURL: async ({ operatorServer }, use) => {
    await use(operatorServer.url);
  },
  storageState: async ({ asOperator, operatorState }, use) => {
    await use(asOperator ? operatorState : { cookies: [], origins: [] });
  },
  // Refused uploads and the guard answer 4xx on purpose.
  consoleErrors: consoleErrorsFixture(/Failed to load resource: the server responded with a status of 4\d\d/),
});

export { expect };
export { login, openPage, PHONE_VIEWPORT, sidebarToggle, signInAs, unique } from "./fixtures";



/** A react-toastify toast with this text. */
export function toast(page: Page, text: string): Locator {
  return page.locator(".Toastify__toast", { hasText: text });
}

/**
 * Runs `action` and expects a NEW toast with this text: toasts already on screen (an earlier
 * save's, still fading out) do not count.
 */
export async function withToast(page: Page, text: string, action: () => Promise<unknown>) {
  const before = await page.locator(".Toastify__toast").evaluateAll((els) => els.map((el) => el.id));
  await action();
  const fresh = before.map((id) => `:not([id="${id}"])`).join("");
  await expect(page.locator(`.Toastify__toast${fresh}`, { hasText: text })).toBeVisible();
}

/** The table row that holds `text`. */
export function row(page: Page, text: string): Locator {
  return page.locator("tbody tr", { hasText: text });
}

/** Types into the table's 'Pencarian' box (searching after a short pause, without a click). */
export async function search(page: Page, text: string) {
  const box = page.getByPlaceholder("Masukan Kata Kunci");
  await box.fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
  await expect(page.getByRole("status").filter({ hasText: "Memuat Data.." })).toHaveCount(0);
}

/** The table's GET search form with JavaScript off ('Cari' submits it). */
export async function searchTable(page: Page, text: string) {
  await page.getByPlaceholder("Masukan Kata Kunci").fill(text);
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}(&|$)`));
}

/** Opens a row's Action menu (⋮, a <details>) and follows one of its links; the menu stays open. */
export async function rowAction(page: Page, label: string, action: "Ubah" | "Hapus" | "Gambar Produk") {
  const summary = page.getByLabel(`Aksi untuk ${label}`, { exact: true });
  const link = summary.locator("xpath=..").getByRole("link", { name: action, exact: true });
  await summary.click();
  await expect(link).toBeVisible();
  await link.click();
}

/**
 * A seeded product's 'Gambar Produk' screen with its 'Tambah Gambar Produk' dialog open (the
 * first product of the table); answers the dialog.
 */
export async function openAddProductImage(page: Page): Promise<Locator> {
  await page.goto("/operator/produk/produk");
  const summary = page.locator("tbody tr").first().getByLabel(/^Aksi untuk /);
  await summary.click();
  await summary.locator("xpath=..").getByRole("link", { name: "Gambar Produk", exact: true }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/gambarproduk\/\d+$/);
  const kode = page.url().split("/").pop()!;
  await page.getByRole("link", { name: "+ Data" }).click();
  const form = dialog(page, `Tambah Gambar Produk ${kode}`);
  await expect(form).toBeVisible();
  return form;
}

/** The modal dialog with this title (named by its title, with or without JavaScript). */
export function dialog(page: Page, title: string): Locator {
  return page.getByRole("dialog", { name: title, exact: true });
}

/** Confirms the delete dialog ('Apakah kamu yakin?') after checking its question and item. */
export async function confirmDelete(page: Page, question: string, itemName: string) {
  const confirm = dialog(page, "Apakah kamu yakin?");
  await expect(confirm).toBeVisible();
  await expect(confirm.getByText(question, { exact: true })).toBeVisible();
  await expect(confirm.getByText(itemName, { exact: true })).toBeVisible();
  await expect(confirm.getByText("Data ini akan dihapus!")).toBeVisible();
  await confirm.getByRole("button", { name: "Hapus" }).click();
}

