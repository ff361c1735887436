/**
 * The back office's Cadangan page with JavaScript OFF: the operator signs
 * in through the form, makes a backup with the plain form post (the page comes back with the
 * message banner and the new row), finds it with the table's search and downloads it through
 * its plain link. Then sets the daily backup's hour, and restores a backup: the dialog as a
 * page section, the plain post, the page that says the shop restarts (it refreshes itself to
 * the outcome), and the outcome with the backup's data.
 *
 * On the worker's own server, run as `npm start` runs it, as cadangan.js.spec.ts explains:
 * backups stay in its throw-away folder, never in the project's backups/.
 */
import fs from "node:fs";
import path from "node:path";
import { list } from "tar";
import { dialog, expect, LONG_FLOW_MS, login, OWN_SERVER, row, test, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, unique } from "./fixtures";

test.use({ ...OWN_SERVER, asOperator: false, supervised: true });

const PAGE = "/operator/master/cadangan";
const STAMP = /etalase-\d{4}-\d{2}-\d{2}-\d{4}-WIB/;

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
  expect(download.suggestedFilename()).toBe(`${nama}.tar.gz`);
  const entries: string[] = [];
  await list({ file: (await download.path())!, onReadEntry: (entry) => void entries.push(entry.path) });
  expect(entries).toEqual(expect.arrayContaining([`${nama}/etalase.db`, `${nama}/cadangan.json`]));
});

test("the daily backup's hour with the form; a restore with the plain post, the restart page and its outcome", async ({ page, server }) => {
  // A restart of the shop inside the flow: as long as a server start takes on a busy machine.
  test.setTimeout(LONG_FLOW_MS);
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await page.goto(PAGE);
  const otomatis = page.getByRole("region", { name: "Cadangan otomatis" });
  await expect(otomatis).toContainText("Toko membuat cadangan sendiri setiap hari pukul 02.00 WIB dan menyimpan 7 cadangan otomatis terakhir");
  await expect(otomatis).toContainText(/Cadangan otomatis berikutnya: \d+ \w{3} \d{4} 02\.00 WIB\./);
  await otomatis.getByLabel("Jam cadangan").selectOption({ label: "21.00 WIB" });
  await otomatis.getByLabel("Jumlah disimpan").fill("10");
  await otomatis.getByRole("button", { name: "Simpan jadwal" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Jadwal disimpan: cadangan otomatis setiap hari pukul 21.00 WIB, 10 cadangan otomatis terakhir disimpan." })).toBeVisible();
  await expect(otomatis).toContainText(/Cadangan otomatis berikutnya: \d+ \w{3} \d{4} 21\.00 WIB\./);

  await page.getByRole("button", { name: "Buat cadangan sekarang" }).click();
  await expect(page.getByRole("status").filter({ hasText: /berhasil dibuat/ })).toBeVisible();
  const nama = fs.readdirSync(path.join(server.dir, "backups")).filter((n) => STAMP.test(n)).sort().at(-1)!;

  // A change after the backup.
  const kategori = `Sesudah Cadangan ${unique()}`;
  await page.goto("/operator/produk/kategoriproduk?tambah=1");
  await dialog(page, "Tambah Kategori Produk").getByLabel("Kategori").fill(kategori);
  await dialog(page, "Tambah Kategori Produk").getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/kategoriproduk$/);

  await page.goto(PAGE);
  await row(page, nama).getByRole("link", { name: `Pulihkan cadangan ${nama}` }).click();
  const question = dialog(page, "Pulihkan cadangan?");
  await expect(question).toContainText(`Cadangan baik: ${nama}, dibuat`);
  const before = (await (await page.request.get("/healthz")).json()) as { pid: number };
  await question.getByRole("button", { name: "Ya, pulihkan" }).click();
  await expect(page.getByRole("heading", { name: "Toko sedang dijalankan ulang" })).toBeVisible();
  // Without JavaScript the page refreshes itself to the outcome after 15 s.
  const refresh = await page.locator('meta[http-equiv="refresh"]').getAttribute("content");
  expect(refresh).toMatch(/^15;url=\/operator\/master\/cadangan\?pemulihan=[0-9a-f-]{36}$/);
  // The owner who does not wait reloads once the shop answers again: the page's own link.
  const servingAgain = async () => {
    const health = (await page.request.get("/healthz").then((r) => r.json()).catch(() => ({}))) as { pid?: number };
    return health.pid !== undefined && health.pid !== before.pid;
  };
  await expect.poll(servingAgain, { timeout: 120_000 }).toBe(true);
  await page.goto(refresh!.slice("15;url=".length));
  await expect(page.getByRole("status").filter({ hasText: `Pemulihan selesai: data toko sekarang dari cadangan ${nama}.` })).toBeVisible();
  await expect(row(page, "Data sebelum pemulihan")).toBeVisible();
  await page.goto(`/operator/produk/kategoriproduk?q=${encodeURIComponent(kategori)}`);
  await expect(row(page, kategori)).toHaveCount(0);
});
