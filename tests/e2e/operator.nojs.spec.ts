/**
 * The operator back office with JavaScript OFF: every step is a plain link or form post. The
 * operator logs in, adds two branch offices, adds/renames/deletes a category and adds/edits/
 * deletes a product with both branches ticked — checking the table after each post, the
 * product's branch badges and the public /detail-produk page listing those branches. A refused
 * post re-renders the form with the server's message. Runs on a private server per worker
 * (see ./support/servers.ts).
 */
import type { Page } from "@playwright/test";
import { dialog, expect, login, openAddProductImage, OWN_SERVER, row, searchTable, test, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, unique } from "./fixtures";

test.use({ ...OWN_SERVER, asOperator: false });


/** Opens a row's Action menu (a <details>) and follows one of its links. */
async function rowAction(page: Page, label: string, action: "Ubah" | "Hapus") {
  const summary = page.getByLabel(`Aksi untuk ${label}`, { exact: true });
  await summary.click();
  await summary.locator("xpath=..").getByRole("link", { name: action, exact: true }).click();
}

async function confirmDelete(page: Page, itemName: string) {
  const confirm = dialog(page, "Apakah kamu yakin?");
  await expect(confirm.getByText("Menghapus data ini?")).toBeVisible();
  await expect(confirm.getByText(itemName, { exact: true })).toBeVisible();
  await confirm.getByRole("button", { name: "Hapus" }).click();
}

test("log in, then branches, a category and a product with two branches: add, edit, delete", async ({ page }) => {
  const id = unique();
  const cabang = [`Gudang Kudus ${id}`, `Gudang Pati ${id}`];
  const kategori = `Kursi Teras ${id}`;
  const kategoriBaru = `Kursi Taman ${id}`;
  const produk = `Kursi Goyang ${id}`;
  const produkBaru = `Kursi Malas ${id}`;

  await page.goto("/operator/master/kantorcabang");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Foperator%2Fmaster%2Fkantorcabang$/);
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  await expect(page).toHaveURL(/\/operator\/master\/kantorcabang$/);

  // Two branch offices of this test.
  for (const nama of cabang) {
    await page.getByRole("link", { name: "+ Data" }).click();
    await expect(page).toHaveURL(/[?&]tambah=1/);
    const form = dialog(page, "Tambah Kantor Cabang");
    await form.getByLabel("Kantor Cabang").fill(nama);
    await form.getByRole("button", { name: "Simpan" }).click();
    await expect(page).not.toHaveURL(/tambah=1/);
    await expect(dialog(page, "Tambah Kantor Cabang")).toHaveCount(0);
  }
  await searchTable(page, id);
  await expect(page.locator("tbody tr")).toHaveCount(2);
  for (const nama of cabang) await expect(row(page, nama)).toBeVisible();

  // Category: a blank name is refused by the server, then added, renamed.
  await page.goto("/operator/produk/kategoriproduk");
  await page.getByRole("link", { name: "+ Data" }).click();
  let form = dialog(page, "Tambah Kategori Produk");
  await form.getByLabel("Kategori").fill("   ");
  await form.getByRole("button", { name: "Simpan" }).click();
  form = dialog(page, "Tambah Kategori Produk");
  await expect(form.getByText("Kategori wajib diisi.")).toBeVisible();
  await form.getByLabel("Kategori").fill(kategori);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/kategoriproduk$/);
  await searchTable(page, id);
  await expect(row(page, kategori)).toContainText(`kursi-teras-${id}`);

  await rowAction(page, kategori, "Ubah");
  form = dialog(page, "Ubah Kategori Produk");
  await expect(form.getByLabel("Kategori")).toHaveValue(kategori);
  await form.getByLabel("Kategori").fill(kategoriBaru);
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(row(page, kategoriBaru)).toContainText(`kursi-taman-${id}`);
  await expect(row(page, kategori)).toHaveCount(0);

  // Product in that category with both branches ticked.
  await page.goto("/operator/produk/produk");
  await page.getByRole("link", { name: "+ Data" }).click();
  form = dialog(page, "Tambah Produk");
  await form.getByLabel("Kategori").selectOption({ label: kategoriBaru });
  await form.getByLabel("Nama Produk").fill(produk);
  await form.getByLabel("Deskripsi").fill("Kursi goyang rotan.");
  await form.getByLabel("Harga").fill("2100000");
  for (const nama of cabang) await form.getByLabel(nama).check();
  await form.getByRole("button", { name: "Simpan" }).click();
  await expect(page).toHaveURL(/\/operator\/produk\/produk$/);
  await searchTable(page, id);
  let produkRow = row(page, produk);
  await expect(produkRow.getByRole("cell").nth(1)).toHaveText(kategoriBaru);
  await expect(produkRow.getByRole("list", { name: "Tersedia di gudang" }).getByRole("listitem")).toHaveText(cabang);
  await expect(produkRow).toContainText("Rp. 2.100.000");

  // Edit: the stored choices come back ticked; rename and change the price.
  await rowAction(page, produk, "Ubah");
  form = dialog(page, "Ubah Produk");
  for (const nama of cabang) await expect(form.getByLabel(nama)).toBeChecked();
  await expect(form.getByLabel("Gudang Jepara")).not.toBeChecked();
  await form.getByLabel("Nama Produk").fill(produkBaru);
  await form.getByLabel("Harga").fill("1900000");
  await form.getByRole("button", { name: "Simpan" }).click();
  produkRow = row(page, produkBaru);
  await expect(produkRow.getByRole("list", { name: "Tersedia di gudang" }).getByRole("listitem")).toHaveText(cabang);
  await expect(produkRow).toContainText("Rp. 1.900.000");
  await expect(row(page, produk)).toHaveCount(0);

  // The public page lists both branches.
  await page.goto(`/detail-produk/kursi-malas-${id}`);
  await expect(page.getByRole("heading", { level: 1, name: produkBaru })).toBeVisible();
  const gudang = page.locator("section", { has: page.getByRole("heading", { name: "Tersedia di Gudang:" }) });
  await expect(gudang.getByRole("listitem")).toHaveCount(2);
  for (const nama of cabang) await expect(gudang).toContainText(nama);
  // The old name's address redirects to the new one.
  await page.goto(`/detail-produk/kursi-goyang-${id}`);
  await expect(page).toHaveURL(new RegExp(`/detail-produk/kursi-malas-${id}$`));

  // Delete the product, then the category, then the branches.
  await page.goto(`/operator/produk/produk?q=${id}`);
  await rowAction(page, produkBaru, "Hapus");
  await confirmDelete(page, produkBaru);
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
  expect((await page.goto(`/detail-produk/kursi-malas-${id}`))?.status()).toBe(404);

  await page.goto(`/operator/produk/kategoriproduk?q=${id}`);
  await rowAction(page, kategoriBaru, "Hapus");
  await confirmDelete(page, kategoriBaru);
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();

  await page.goto(`/operator/master/kantorcabang?q=${id}`);
  for (const nama of cabang) {
    await rowAction(page, nama, "Hapus");
    await confirmDelete(page, nama);
    await expect(row(page, nama)).toHaveCount(0);
  }
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
});

test("a photo over 2 MB, posted without JavaScript: the server's answer shows 'Ukuran file harus kurang dari 2MB' on the form", async ({ page, samples }) => {
  await page.goto("/login");
  await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
  const form = await openAddProductImage(page);
  const images = await page.locator("main ul img").count();
  // No script checks the size in the browser: the whole photo goes to the server.
  await page.locator("#gambar-tambah").setInputFiles(samples.big);
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await form.getByRole("button", { name: "Simpan" }).click();
  expect((await answer).status()).toBe(413);
  await expect(form.getByText("Ukuran file harus kurang dari 2MB")).toBeVisible();
  await expect(page.locator("main ul img")).toHaveCount(images);
});
