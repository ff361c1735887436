/**
 * Log Aktivitas with JavaScript OFF: every step is a plain link or a GET
 * form. The operator adds and renames a category through the plain forms, opens Log Aktivitas,
 * searches with 'Cari', sees who changed which field, and filters by kind of record, by user
 * and by a WIB day range with 'Terapkan'. Runs on a private server per worker (see
 * ./support/servers.ts).
 */
import { DEMO, dialog, expect, OWN_SERVER, row, rowAction, searchTable, test, unique } from "./fixtures";

test.use(OWN_SERVER);

/** A WIB calendar day `offset` days from now, as a date field holds it ("2026-03-01"). */
function wibDay(offset: number): string {
  return new Date(Date.now() + 7 * 60 * 60 * 1000 + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

test("a renamed category in Log Aktivitas without JavaScript: search, filters by kind, user and days", async ({ page }) => {
  const id = unique();
  const nama = `Kursi Log ${id}`;
  const baru = `Meja Log ${id}`;

  await page.goto("/operator/produk/kategoriproduk");
  await page.getByRole("link", { name: "+ Data" }).click();
  let form = dialog(page, "Tambah Kategori Produk");
  await form.getByLabel("Kategori").fill(nama);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/kategoriproduk$/);
  await searchTable(page, id);
  await rowAction(page, nama, "Ubah");
  form = dialog(page, "Ubah Kategori Produk");
  await form.getByLabel("Kategori").fill(baru);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(row(page, baru)).toBeVisible();

  await page.goto("/operator/master/log-aktivitas");
  await expect(page.getByRole("heading", { level: 1, name: "Log Aktivitas" })).toBeVisible();
  await expect(page.getByText(/Entri disimpan 365 hari, lalu dihapus otomatis\./)).toBeVisible();

  await searchTable(page, id);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(DEMO.operator.name);
  await expect(rows.nth(0).getByRole("cell").nth(3)).toHaveText("Ubah");
  await expect(rows.nth(0).getByRole("listitem").filter({ hasText: /^kategori:/ })).toHaveText(`kategori: ${nama} → ${baru}`);
  await expect(rows.nth(1).getByRole("cell").nth(3)).toHaveText("Tambah");
  await expect(rows.nth(1).getByRole("listitem").filter({ hasText: /^kategori:/ })).toHaveText(`kategori: ${nama}`);

  // Kind and user, applied with 'Terapkan'; the search stays.
  await page.getByLabel("Jenis data").selectOption({ label: "Kategori" });
  await page.getByLabel("Pengguna").selectOption({ label: DEMO.operator.name });
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(/[?&]entitas=kategori(&|$)/);
  await expect(page).toHaveURL(/[?&]pengguna=\d+(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${id}(&|$)`));
  await expect(page.getByLabel("Jenis data")).toHaveValue("kategori");
  await expect(rows).toHaveCount(2);

  // Days in WIB: yesterday to tomorrow holds both; a range in the past holds neither.
  await page.getByLabel("Dari tanggal").fill(wibDay(-1));
  await page.getByLabel("Sampai tanggal").fill(wibDay(1));
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]dari=${wibDay(-1)}(&|$)`));
  await expect(rows).toHaveCount(2);
  await expect(page.getByLabel("Dari tanggal")).toHaveValue(wibDay(-1));
  await page.getByLabel("Dari tanggal").fill("2020-01-01");
  await page.getByLabel("Sampai tanggal").fill("2020-01-31");
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
  await expect(page.getByText("Menampilkan 0 sampai 0 dari 0 entri")).toBeVisible();

  // 'Hapus filter' drops the four filters, not the search.
  await page.getByRole("link", { name: "Hapus filter" }).click();
  await expect(page).not.toHaveURL(/entitas=|pengguna=|dari=|sampai=/);
  await expect(rows).toHaveCount(2);
});

test("the sign-ins by kind; a bad filter value is named, the page still answers", async ({ page }) => {
  // The worker's operator signed in through /login: an entry of kind Pengguna ('users').
  await page.goto("/operator/master/log-aktivitas?page=1&size=100&entitas=users&q=Lewat+web");
  await expect(page.getByLabel("Jenis data")).toHaveValue("users");
  const masuk = page.locator("tbody tr").filter({ hasText: "Masuk" }).filter({ hasText: DEMO.operator.name });
  await expect(masuk.first()).toContainText("Lewat web");
  for (const cell of await page.locator("tbody tr td:nth-child(5)").all()) await expect(cell).toHaveText(/^Pengguna( #\d+)?$/);

  const response = await page.goto("/operator/master/log-aktivitas?pengguna=bukan-angka&sampai=31-12-2026");
  expect(response?.status()).toBe(200);
  const alert = page.getByRole("alert").filter({ hasText: "diabaikan" });
  await expect(alert).toContainText('Pengguna "bukan-angka" tidak ada di log: filter pengguna diabaikan.');
  await expect(alert).toContainText('Tanggal "Sampai" "31-12-2026" tidak valid');
});
