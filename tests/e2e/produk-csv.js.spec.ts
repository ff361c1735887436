/**
 * Products × branches as CSV with JavaScript ON: 'Ekspor CSV' on the
 * product table downloads every product with one 1/0 column per branch; 'Impor CSV' uploads a
 * file, shows the dry run (counts, the rows added, changed — each field old → new — and refused
 * with their number and reason) and 'Terapkan' writes it, with the toast and the table afterwards. A file with a
 * refused row cannot be applied ('Batal' drops it); a bad header is refused at once. Runs on a
 * private server per worker (see ./support/servers.ts); every name carries a random suffix.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { parse } from "csv-parse/sync";
import { expect, OWN_SERVER, row, search, test, unique, withToast } from "./fixtures";

test.use(OWN_SERVER);

const PRODUK = "/operator/produk/produk";
const IMPOR = "/operator/produk/produk/impor";

/** 'Ekspor CSV' from the product table: the downloaded file's name and text. */
async function ekspor(page: Page): Promise<{ name: string; text: string }> {
  await page.goto(PRODUK);
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Ekspor CSV" }).click()]);
  return { name: download.suggestedFilename(), text: fs.readFileSync((await download.path())!, "utf8") };
}

/** Chooses a CSV made of these lines and presses 'Periksa'. */
async function periksa(page: Page, lines: string[]) {
  await page.getByLabel("Berkas CSV", { exact: true }).setInputFiles({ name: "produk.csv", mimeType: "text/csv", buffer: Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`) });
  await page.getByRole("button", { name: "Periksa" }).click();
}

function jumlah(page: Page, label: "total-baris" | "ditambah" | "diubah" | "tidak-berubah" | "ditolak") {
  return page.getByTestId(`jumlah-${label}`);
}

test("export, then import a new product and a change with its dry run, then apply", async ({ page }) => {
  const id = unique();
  const nama = `Kursi Impor ${id}`;
  const slug = `kursi-impor-${id}`.toLowerCase();

  const first = await ekspor(page);
  expect(first.name).toMatch(/^produk-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(first.text.charCodeAt(0)).toBe(0xfeff);
  const [header, ...rows] = parse(first.text, { bom: true }) as string[][];
  expect(header!.slice(0, 5)).toEqual(["slug", "nama_produk", "kategori", "harga", "deskripsi"]);
  expect(header).toEqual(expect.arrayContaining(["Gudang Jepara", "Cabang Semarang"]));
  expect(rows.length).toBeGreaterThan(0);
  const cabang = header!.slice(5);
  const flags = (names: string[]) => cabang.map((c) => (names.includes(c) ? "1" : "0"));

  // 1. A new product (no slug).
  await page.getByRole("link", { name: "Impor CSV" }).click();
  await expect(page).toHaveURL(new RegExp(`${IMPOR}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Impor Produk (CSV)" })).toBeVisible();
  await periksa(page, [header!.join(","), ["", nama, "Kursi Tamu", "1250000", '"Jati, ukir."', ...flags(["Gudang Jepara"])].join(",")]);
  await expect(page).toHaveURL(/\?token=[a-f0-9]{32}$/);
  await expect(jumlah(page, "ditambah")).toHaveText("1");
  await expect(jumlah(page, "ditolak")).toHaveText("0");
  await expect(page.getByRole("cell", { name: slug })).toBeVisible();
  await withToast(page, "Impor selesai: 1 ditambah, 0 diubah.", () => page.getByRole("button", { name: "Terapkan" }).click());
  await expect(page).toHaveURL(new RegExp(`${PRODUK}$`));
  await search(page, nama);
  await expect(row(page, nama)).toContainText("Rp. 1.250.000");
  await expect(row(page, nama).getByRole("list", { name: "Tersedia di gudang" }).getByRole("listitem")).toHaveText(["Gudang Jepara"]);

  // 2. Its row from a new export, changed: price and branches; the dry run shows them old → new.
  const second = await ekspor(page);
  const mine = (parse(second.text, { bom: true }) as string[][]).find((r) => r[0] === slug)!;
  expect(mine.slice(1, 4)).toEqual([nama, "Kursi Tamu", "1250000"]);
  await page.goto(IMPOR);
  const changed = [slug, nama, "Kursi Tamu", "1300000", '"Jati, ukir."', ...flags(["Gudang Jepara", "Cabang Semarang"])];
  await periksa(page, [header!.join(","), changed.join(",")]);
  await expect(jumlah(page, "diubah")).toHaveText("1");
  const plan = page.locator("tbody tr", { hasText: nama });
  await expect(plan).toContainText("Harga, Gudang");
  await expect(plan.getByTestId("perubahan-harga")).toHaveText("Harga: 1250000 → 1300000");
  await expect(plan.getByTestId("perubahan-gudang")).toHaveText("Gudang: Gudang Jepara → Gudang Jepara, Cabang Semarang");
  await expect(plan.getByTestId("perubahan-deskripsi")).toHaveCount(0);
  await expect(plan).toContainText("+ Cabang Semarang");
  await withToast(page, "Impor selesai: 0 ditambah, 1 diubah.", () => page.getByRole("button", { name: "Terapkan" }).click());
  // The table keeps its last search (state saving, spec section 9): it is still filtered by the name.
  await expect(page.getByPlaceholder("Masukan Kata Kunci")).toHaveValue(nama);
  await expect(row(page, nama)).toContainText("Rp. 1.300.000");
  await expect(row(page, nama).getByRole("list", { name: "Tersedia di gudang" }).getByRole("listitem")).toHaveText(["Gudang Jepara", "Cabang Semarang"]);
});

test("a refused row blocks 'Terapkan' (its number and reason are listed); 'Batal' drops the file", async ({ page }) => {
  const id = unique();
  await page.goto(IMPOR);
  const header = "slug,nama_produk,kategori,harga,deskripsi,Gudang Jepara";
  await periksa(page, [header, `,Meja Baik ${id},,1,x,1`, `,Meja Salah ${id},Kategori Fiktif ${id},1,x,ya`]);
  await expect(jumlah(page, "ditolak")).toHaveText("1");
  await expect(page.getByRole("alert")).toContainText("1 baris ditolak");
  const refused = page.locator("tbody tr", { hasText: `Meja Salah ${id}` });
  await expect(refused.getByRole("cell").first()).toHaveText("3");
  await expect(refused).toContainText(`Kategori 'Kategori Fiktif ${id}' tidak ditemukan.`);
  await expect(refused).toContainText("Kolom 'Gudang Jepara' harus berisi 1 atau 0 (kosong = 0), bukan 'ya'.");
  await expect(page.getByRole("button", { name: "Terapkan" })).toHaveCount(0);
  await withToast(page, "Impor dibatalkan.", () => page.getByRole("button", { name: "Batal" }).click());
  await expect(page).toHaveURL(new RegExp(`${IMPOR}$`));
  await page.goto(PRODUK);
  await search(page, `Meja Baik ${id}`);
  await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
});

test("a file with an unknown column is refused at once, with the reason", async ({ page }) => {
  await page.goto(IMPOR);
  await periksa(page, ["slug,nama_produk,kategori,harga,deskripsi,Cabang Atlantis", ",Kursi,,1,x,1"]);
  await expect(page.getByRole("alert")).toHaveText(
    "Baris judul kolom ditolak. Kolom 'Cabang Atlantis' tidak dikenal: bukan kolom produk dan bukan nama kantor cabang.",
  );
  await expect(page).toHaveURL(new RegExp(`${IMPOR}$`));
  await expect(page.getByRole("button", { name: "Periksa" })).toBeVisible();
});
