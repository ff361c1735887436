/**
 * Products × branches as CSV with JavaScript OFF: every step is a plain
 * link or form post. 'Ekspor CSV' downloads the file; 'Impor CSV' uploads one (multipart post),
 * the server redirects to the dry run (?token=…), the lists page with plain links, a changed
 * row shows each field old → new, 'Terapkan' posts the token back and the product table shows
 * the result under the flash banner. A refused
 * row keeps 'Terapkan' away; a bad file is refused on the page itself. Runs on a private server
 * per worker (see ./support/servers.ts); every name carries a random suffix.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, OWN_SERVER, row, searchTable, test, unique } from "./fixtures";

test.use(OWN_SERVER);

const PRODUK = "/operator/produk/produk";
const IMPOR = "/operator/produk/produk/impor";

/** The flash message, shown without JavaScript as a banner (role=status) over the page. */
function banner(page: Page, text: string) {
  return page.getByRole("status").filter({ hasText: text });
}


async function periksa(page: Page, lines: string[]) {
  await page.getByLabel("Berkas CSV", { exact: true }).setInputFiles({ name: "produk.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) });
  await page.getByRole("button", { name: "Periksa" }).click();
}

test("export, import 60 new products: the dry run's pages, 'Terapkan', the table", async ({ page }) => {
  const id = unique();
  await page.goto(PRODUK);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Ekspor CSV" }).click()]);
  const [header] = parse(fs.readFileSync((await download.path())!, "utf8"), { bom: true }) as string[][];
  expect(header!.slice(0, 5)).toEqual(["slug", "nama_produk", "kategori", "harga", "deskripsi"]);
  const cabang = header!.slice(5);

  await page.getByRole("link", { name: "Impor CSV" }).click();
  await expect(page).toHaveURL(new RegExp(`${IMPOR}$`));
  const rows = Array.from({ length: 60 }, (_, i) => ["", `Bangku Impor ${id} ${i + 1}`, "kursi teras / outdoor", String(500_000 + i), "Bangku jati.", ...cabang.map((_, k) => (k === 0 ? "1" : "0"))].join(","));
  await periksa(page, [header!.join(","), ...rows]);
  await expect(page).toHaveURL(/\?token=[a-f0-9]{32}$/);
  await expect(page.getByTestId("jumlah-total-baris")).toHaveText("60");
  await expect(page.getByTestId("jumlah-ditambah")).toHaveText("60");
  // 50 rows a page: the second page holds rows 52–61 of the file.
  await expect(page.locator("tbody tr")).toHaveCount(50);
  await expect(page.getByText("Halaman 1 dari 2")).toBeVisible();
  await page.getByRole("link", { name: "Berikutnya →" }).click();
  await expect(page).toHaveURL(/halaman=2/);
  await expect(page.locator("tbody tr")).toHaveCount(10);
  await expect(page.locator("tbody tr").first().getByRole("cell").first()).toHaveText("52");

  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(page).toHaveURL(new RegExp(`${PRODUK}$`));
  await expect(banner(page, "Impor selesai: 60 ditambah, 0 diubah.")).toBeAttached();
  await searchTable(page, `Bangku Impor ${id} 60`);
  await expect(row(page, `Bangku Impor ${id} 60`)).toContainText("Rp. 500.059");
  await expect(row(page, `Bangku Impor ${id} 60`).getByRole("cell").nth(1)).toHaveText("Kursi Teras / Outdoor");
});

test("a refused row: listed with its number and reason, no 'Terapkan'; the fixed file again goes through", async ({ page }) => {
  const id = unique();
  const header = "slug,nama_produk,kategori,harga,deskripsi,Gudang Jepara";
  await page.goto(IMPOR);
  await periksa(page, [header, `,Rak Impor ${id},,1,Rak.,2`]);
  await expect(page.getByTestId("jumlah-ditolak")).toHaveText("1");
  const refused = page.locator("tbody tr", { hasText: `Rak Impor ${id}` });
  await expect(refused.getByRole("cell").first()).toHaveText("2");
  await expect(refused).toContainText("Kolom 'Gudang Jepara' harus berisi 1 atau 0 (kosong = 0), bukan '2'.");
  await expect(page.getByRole("button", { name: "Terapkan" })).toHaveCount(0);

  // The upload form is right there, for the fixed file.
  await expect(page.getByRole("heading", { name: "Unggah berkas yang sudah diperbaiki" })).toBeVisible();
  await periksa(page, [header, `,Rak Impor ${id},,1,Rak.,1`]);
  await expect(page.getByTestId("jumlah-ditolak")).toHaveText("0");
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(banner(page, "Impor selesai: 1 ditambah, 0 diubah.")).toBeAttached();
});

test("a changed product: each field old → new, a long description shortened around its change", async ({ page }) => {
  const id = unique();
  const nama = `Lemari Impor ${id}`;
  const header = "slug,nama_produk,kategori,harga,deskripsi,Gudang Jepara";
  const lama = `${"Lemari jati tiga pintu, ".repeat(10)}finishing natural.`;
  await page.goto(IMPOR);
  await periksa(page, [header, `,${nama},,900000,"${lama}",1`]);
  await page.getByRole("button", { name: "Terapkan" }).click();
  await expect(banner(page, "Impor selesai: 1 ditambah, 0 diubah.")).toBeAttached();

  await page.goto(IMPOR);
  await periksa(page, [header, `${`lemari-impor-${id}`.toLowerCase()},${nama},Lemari,950000,"${lama.replace("natural", "gelap")}",0`]);
  await expect(page.getByTestId("jumlah-diubah")).toHaveText("1");
  const plan = page.locator("tbody tr", { hasText: nama });
  await expect(plan.getByTestId("perubahan-kategori")).toHaveText("Kategori: (kosong) → Lemari");
  await expect(plan.getByTestId("perubahan-harga")).toHaveText("Harga: 900000 → 950000");
  // 120 characters from 20 before the first difference: the change is in view.
  await expect(plan.getByTestId("perubahan-deskripsi")).toHaveText("Deskripsi: …ga pintu, finishing natural. → …ga pintu, finishing gelap.");
  await expect(plan.getByTestId("perubahan-gudang")).toHaveText("Gudang: Gudang Jepara → (kosong)");
  await page.getByRole("button", { name: "Batal" }).click();
  await expect(banner(page, "Impor dibatalkan.")).toBeAttached();
});

test("bad files are refused on the page: not CSV, an empty file", async ({ page }) => {
  await page.goto(IMPOR);
  await page.getByLabel("Berkas CSV", { exact: true }).setInputFiles({ name: "foto.csv", mimeType: "text/csv", buffer: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0]) });
  await page.getByRole("button", { name: "Periksa" }).click();
  await expect(page.getByRole("alert")).toContainText("Berkas ini bukan CSV teks");
  await page.getByLabel("Berkas CSV", { exact: true }).setInputFiles({ name: "kosong.csv", mimeType: "text/csv", buffer: Buffer.alloc(0) });
  await page.getByRole("button", { name: "Periksa" }).click();
  await expect(page.getByRole("alert")).toHaveText("Berkas CSV kosong.");
});
