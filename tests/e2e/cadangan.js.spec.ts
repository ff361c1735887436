/**
 * The back office's Cadangan page with JavaScript ON: the operator opens
 * it from the sidebar, reads how a restore is done, makes a backup ('Buat cadangan sekarang':
 * the button says it is working, then the toast and the new row with its date and size) and
 * downloads it: a .tar.gz holding the database, the images and cadangan.json. Then a restore
 * from the page: 'Pulihkan', the dialog's question, the page that says the shop restarts, and
 * the page again by itself with the outcome, the data as it was in the backup. Anonymous
 * visitors are sent to /login first.
 *
 * On the worker's own server (./support/servers.ts), run as `npm start` runs it (the restore
 * needs the supervisor), whose backups stay in its throw-away folder: a test must not leave
 * backups in the project's backups/.
 */
import fs from "node:fs";
import path from "node:path";
import { list } from "tar";
import { dialog, expect, LONG_FLOW_MS, EXPECTED_4XX, login, OWN_SERVER, ROOT, row, test, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, unique, withToast } from "./fixtures";

test.use({ ...OWN_SERVER, supervised: true });

const PAGE = "/operator/master/cadangan";
const STAMP = /etalase-\d{4}-\d{2}-\d{2}-\d{4}-WIB/;

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
  expect(download.suggestedFilename()).toBe(`${nama}.tar.gz`);
  const entries: string[] = [];
  await list({ file: (await download.path())!, onReadEntry: (entry) => void entries.push(entry.path) });
  expect(entries).toEqual(expect.arrayContaining([`${nama}/etalase.db`, `${nama}/cadangan.json`]));
  expect(entries.every((entry) => entry.startsWith(`${nama}/`))).toBe(true);
});

test.describe("restore from the page", () => {
  // While the shop restarts, the page's questions to /healthz find no server.
  test.use({ consoleErrorsAllowed: new RegExp(`${EXPECTED_4XX.source}|Failed to load resource: net::ERR_`) });

  test("'Pulihkan': the question, the shop restarts, and the page comes back with the backup's data", async ({ page, server }) => {
    // A restart of the shop inside the flow: as long as a server start takes on a busy machine.
    test.setTimeout(LONG_FLOW_MS);
    await page.goto(PAGE);
    await withToast(page, "berhasil dibuat", () => page.getByRole("button", { name: "Buat cadangan sekarang" }).click());
    const nama = fs.readdirSync(path.join(server.dir, "backups")).filter((n) => STAMP.test(n)).sort().at(-1)!;

    // A change after the backup.
    const kategori = `Sesudah Cadangan ${unique()}`;
    await page.goto("/operator/produk/kategoriproduk");
    await page.getByRole("link", { name: "+ Data" }).click();
    const tambah = dialog(page, "Tambah Kategori Produk");
    await tambah.getByLabel("Kategori").fill(kategori);
    await withToast(page, "Data berhasil disimpan", () => tambah.getByRole("button", { name: "Simpan" }).click());

    await page.goto(PAGE);
    await row(page, nama).getByRole("link", { name: `Pulihkan cadangan ${nama}` }).click();
    await expect(page).toHaveURL(new RegExp(`[?&]pulihkan=${nama}`));
    const question = dialog(page, "Pulihkan cadangan?");
    await expect(question).toContainText(`Cadangan baik: ${nama}, dibuat`);
    await expect(question).toContainText(/Isi: \d+ produk, \d+ kategori/);
    await expect(question).toContainText("Data yang sekarang dipindahkan dulu ke");
    // 'Batal' closes it and changes nothing.
    await question.getByRole("link", { name: "Batal" }).click();
    await expect(question).toHaveCount(0);
    await expect(page).not.toHaveURL(/pulihkan=/);

    await row(page, nama).getByRole("link", { name: `Pulihkan cadangan ${nama}` }).click();
    await dialog(page, "Pulihkan cadangan?").getByRole("button", { name: "Ya, pulihkan" }).click();
    await expect(page.getByRole("heading", { name: "Toko sedang dijalankan ulang" })).toBeVisible();
    // The page asks the shop every second and opens the outcome once a new server answers.
    const selesai = page.getByRole("status").filter({ hasText: `Pemulihan selesai: data toko sekarang dari cadangan ${nama}.` });
    await expect(selesai).toBeVisible({ timeout: 120_000 });
    await expect(page).toHaveURL(/\?pemulihan=[0-9a-f-]{36}$/);
    await expect(row(page, "Data sebelum pemulihan")).toBeVisible();

    await page.goto(`/operator/produk/kategoriproduk?q=${encodeURIComponent(kategori)}`);
    await expect(row(page, kategori)).toHaveCount(0);
    await page.goto("/operator/master/log-aktivitas");
    await expect(page.getByText(`Dipulihkan dari ${nama} (halaman Cadangan)`)).toBeVisible();
  });
});
