/**
 * The back office's Cadangan page with JavaScript ON: the operator opens
 * it from the sidebar, reads how a restore is done, makes a backup ('Buat cadangan sekarang':
 * the button says it is working, then the toast and the new row with its date and size) and
 * downloads it: a .tar.gz holding the database, the images and cadangan.json. Anonymous visitors
 * are sent to /login first.
 *
 * On the worker's own server (./support/servers.ts), whose backups stay in its throw-away
 * folder: a test must not leave backups in the project's backups/.
 */
import fs from "node:fs";
import path from "node:path";
import { list } from "tar";
import { expect, login, OWN_SERVER, ROOT, row, test, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, withToast } from "./fixtures";

test.use(OWN_SERVER);

const PAGE = "/operator/master/cadangan";
const STAMP = /\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z/;

test.describe("anonymous", () => {
  test.use({ asOperator: false });

  test("is sent to /login, and back to the page after signing in", async ({ page }) => {
    await page.goto(PAGE);
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Foperator%2Fmaster%2Fcadangan$/);
    await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Cadangan" })).toBeVisible();
  });
});

test("make a backup now, see it listed, download it as one archive", async ({ page, server }) => {
  await page.goto("/operator/dashboard");
  await page.getByRole("complementary", { name: "Menu samping" }).getByRole("link", { name: "Cadangan", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${PAGE}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Cadangan" })).toBeVisible();
  await expect(page).toHaveTitle(/^Cadangan - /);
  // How a restore is done: on the server, with the command.
  await expect(page.getByRole("heading", { name: "Memulihkan cadangan" })).toBeVisible();
  await expect(page.getByText(/npm run restore -- /)).toBeVisible();
  const before = await page.locator("tbody tr", { hasText: STAMP }).count();

  await withToast(page, "berhasil dibuat", () => page.getByRole("button", { name: "Buat cadangan sekarang" }).click());
  await expect(page.locator("tbody tr", { hasText: STAMP })).toHaveCount(before + 1);
  const nama = fs.readdirSync(path.join(server.dir, "backups")).filter((n) => STAMP.test(n)).sort().at(-1)!;
  const made = row(page, nama);
  await expect(made).toContainText(/\d{1,2} \w{3} \d{4}, \d{2}\.\d{2}/);
  await expect(made).toContainText(/\d+(,\d)? (KB|MB)/);
  await expect(made).toContainText("Dibuat di halaman ini");
  // The restore text names the newest backup's folder.
  await expect(page.getByText(`npm run restore -- ${path.relative(ROOT, path.join(server.dir, "backups", nama))}`)).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent("download"), made.getByRole("link", { name: `Unduh cadangan ${nama}` }).click()]);
  expect(download.suggestedFilename()).toBe(`etalase-cadangan-${nama}.tar.gz`);
  const entries: string[] = [];
  await list({ file: (await download.path())!, onReadEntry: (entry) => void entries.push(entry.path) });
  expect(entries).toEqual(expect.arrayContaining([`${nama}/etalase.db`, `${nama}/cadangan.json`]));
  expect(entries.every((entry) => entry.startsWith(`${nama}/`))).toBe(true);
});
