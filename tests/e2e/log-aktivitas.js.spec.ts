/**
 * Log Aktivitas with JavaScript on: the operator adds and renames a
 * category through its modals, opens Log Aktivitas from the menu and finds both entries — their
 * name, the action, the record and the changed field — then narrows the table by kind of
 * record and by user (a chosen option applies at once) and clears the filters. The log is read
 * only. Runs on a private server per worker (see ./support/servers.ts); the names carry a random
 * suffix, which the log's search finds.
 */
import { DEMO, dialog, expect, OWN_SERVER, row, rowAction, search, test, unique, withToast } from "./fixtures";

test.use(OWN_SERVER);

const SAVED = "Data berhasil disimpan";

test("a renamed category in Log Aktivitas: who, what, which field; filters by kind and by user", async ({ page }) => {
  const id = unique();
  const nama = `Kursi Log ${id}`;
  const baru = `Meja Log ${id}`;

  await page.goto("/operator/produk/kategoriproduk");
  await page.getByRole("link", { name: "+ Data" }).click();
  const tambah = dialog(page, "Tambah Kategori Produk");
  await tambah.getByLabel("Kategori").fill(nama);
  await withToast(page, SAVED, () => tambah.getByRole("button", { name: "Simpan" }).click());
  await search(page, id);
  await rowAction(page, nama, "Ubah");
  const ubah = dialog(page, "Ubah Kategori Produk");
  await ubah.getByLabel("Kategori").fill(baru);
  await withToast(page, SAVED, () => ubah.getByRole("button", { name: "Simpan" }).click());
  await expect(row(page, baru)).toBeVisible();

  // The menu leads there.
  const menuLink = page.getByRole("link", { name: "Log Aktivitas", exact: true });
  await expect(menuLink).toHaveAttribute("href", "/operator/master/log-aktivitas");
  await page.goto("/operator/master/log-aktivitas");
  await expect(page.getByRole("heading", { level: 1, name: "Log Aktivitas" })).toBeVisible();
  await expect(page).toHaveTitle(/^Log Aktivitas - /);
  await expect(page.getByText(/Entri disimpan 365 hari, lalu dihapus otomatis\./)).toBeVisible();
  await expect(page.getByRole("columnheader")).toHaveText(["No", "Waktu", "Pengguna", "Aksi", "Data", "Perubahan"]);

  await search(page, id);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(2);
  const renamed = rows.nth(0);
  await expect(renamed).toContainText(DEMO.operator.name);
  await expect(renamed.getByRole("cell").nth(3)).toHaveText("Ubah");
  await expect(renamed.getByRole("cell").nth(4)).toHaveText(/^Kategori #\d+$/);
  await expect(renamed.getByRole("listitem").filter({ hasText: /^kategori:/ })).toHaveText(`kategori: ${nama} → ${baru}`);
  await expect(renamed.getByRole("cell").nth(1)).toHaveText(/^\d{1,2} \w{3} \d{4} \d{2}\.\d{2} WIB$/);
  const added = rows.nth(1);
  await expect(added.getByRole("cell").nth(3)).toHaveText("Tambah");
  await expect(added.getByRole("listitem").filter({ hasText: /^kategori:/ })).toHaveText(`kategori: ${nama}`);
  // Read only: no row menu.
  await expect(page.getByLabel(/^Aksi untuk/)).toHaveCount(0);

  // By kind: choosing applies at once, the search stays.
  await page.getByLabel("Jenis data").selectOption({ label: "Kategori" });
  await expect(page).toHaveURL(/[?&]entitas=kategori(&|$)/);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${id}(&|$)`));
  await expect(page.getByLabel("Jenis data")).toHaveValue("kategori");
  await expect(rows).toHaveCount(2);
  for (const cell of await rows.locator("td:nth-child(5)").all()) await expect(cell).toHaveText(/^Kategori #\d+$/);

  // By user: the operator's own entries.
  await page.getByLabel("Pengguna").selectOption({ label: DEMO.operator.name });
  await expect(page).toHaveURL(/[?&]pengguna=\d+(&|$)/);
  await expect(rows).toHaveCount(2);

  // Another kind (the sign-ins are always there) with the same search: nothing.
  await page.getByLabel("Jenis data").selectOption({ label: "Pengguna" });
  await expect(page).toHaveURL(/[?&]entitas=users(&|$)/);
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();

  // Clearing the filters keeps the search.
  await page.getByRole("link", { name: "Hapus filter" }).click();
  await expect(page).not.toHaveURL(/entitas=|pengguna=/);
  await expect(page.getByLabel("Jenis data")).toHaveValue("");
  await expect(rows).toHaveCount(2);
});

test("a filter value that does not fit is named, not an error page", async ({ page }) => {
  const response = await page.goto("/operator/master/log-aktivitas?entitas=tidak-ada&dari=2026-02-30");
  expect(response?.status()).toBe(200);
  const alert = page.getByRole("alert").filter({ hasText: "tidak ada di log" });
  await expect(alert).toContainText('Jenis data "tidak-ada" tidak ada di log: filter jenis data diabaikan.');
  await expect(alert).toContainText('Tanggal "Dari" "2026-02-30" tidak valid');
  await expect(page.getByLabel("Jenis data")).toHaveValue("");
});
