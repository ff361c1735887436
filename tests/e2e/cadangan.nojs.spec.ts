/**
 * The back office's Cadangan page with JavaScript OFF: the operator signs
 * in through the form, makes a backup with the plain form post (the page comes back with the
 * message banner and the new row), finds it with the table's search and downloads it through
 * its plain link.
 *
 * On the worker's own server, as cadangan.js.spec.ts explains: backups stay in its throw-away
 * folder, never in the project's backups/.
 */
import fs from "node:fs";
import path from "node:path";
import { list } from "tar";
import { expect, login, OWN_SERVER, row, test, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "./fixtures";

test.use({ ...OWN_SERVER, asOperator: false });

const PAGE = "/operator/master/cadangan";
const STAMP = /\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z/;

test("sign in, make a backup with the form, find it and download it", async ({ page, server }) => {
  await page.goto(PAGE);
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foperator%2Fmaster%2Fcadangan$/);
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Cadangan" })).toBeVisible();
  await expect(page.getByText("Memulihkan mengganti seluruh data toko")).toBeVisible();

  await page.getByRole("button", { name: "Buat cadangan sekarang" }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  // Without JavaScript the toast is a banner at the top of the page that comes back.
  await expect(page.getByRole("status").filter({ hasText: /^Cadangan \S+ berhasil dibuat \(\d+(,\d)? (KB|MB)\)\.$/ })).toBeVisible();
  const nama = fs.readdirSync(path.join(server.dir, "backups")).filter((n) => STAMP.test(n)).sort().at(-1)!;
  await expect(row(page, nama)).toContainText(/\d+(,\d)? (KB|MB)/);

  // The table's search is a GET form ('Cari').
  await page.getByPlaceholder("Masukan Kata Kunci").fill(nama);
  await page.getByRole("button", { name: "Cari" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(row(page, nama)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: `Unduh cadangan ${nama}` }).click()]);
  expect(download.suggestedFilename()).toBe(`etalase-cadangan-${nama}.tar.gz`);
  const entries: string[] = [];
  await list({ file: (await download.path())!, onReadEntry: (entry) => void entries.push(entry.path) });
  expect(entries).toEqual(expect.arrayContaining([`${nama}/etalase.db`, `${nama}/cadangan.json`]));
});
