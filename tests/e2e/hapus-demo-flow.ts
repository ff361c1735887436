/**
 * The same with JavaScript on and off (hapus-demo.js.spec.ts, hapus-demo.nojs.spec.ts): going
 * live. The operator signs in, finds the demo on Cadangan, opens its confirmation (what goes, a
 * backup first), cancels, opens it again and removes the demo; the page offers it no more and
 * lists the backup made before. The public site is then empty and says so on every page; the
 * operator adds a category and a product, which the site shows; the LPPM module goes off (its
 * screens 404) and on again (empty, working).
 *
 * On a server of its own, started for the test (`startOwnServer`): the demo it removes is what
 * every other spec counts, on the shared server and on a worker's own.
 */
import type { Page } from "@playwright/test";
import { SAVED } from "../../app/lib/util/messages";
import { dialog, expect, login, row, startOwnServer, test as base, TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, toast, unique, type E2eServer } from "./fixtures";

const CADANGAN = "/operator/master/cadangan";

const test = base.extend<{ alone: E2eServer }>({
  alone: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
    async ({}, use) => {
      const server = await startOwnServer();
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { timeout: 180_000 },
  ],
  baseURL: async ({ alone }, use) => {
    await use(alone.url);
  },
});

/** The message of a post that went back to its page: a toast with JavaScript, the banner without. */
function flashed(page: Page, js: boolean, text: string | RegExp) {
  return js ? toast(page, "").filter({ hasText: text }) : page.getByRole("status").filter({ hasText: text });
}

async function setModulLppm(page: Page, js: boolean, label: "Aktif" | "Nonaktif") {
  await page.goto("/operator/master/setting");
  await page.getByRole("radio", { name: label, exact: true }).check();
  await page.getByRole("button", { name: "Simpan", exact: true }).click();
  await expect(flashed(page, js, SAVED).last()).toBeVisible();
  await expect(page.getByRole("radio", { name: label, exact: true })).toBeChecked();
}

/** Declares the spec (each project file calls it once). */
export function hapusDemoSpecs() {
  test("going live: remove the demo on Cadangan, see the empty site, add a category and a product, LPPM off and on", async ({ page, javaScriptEnabled: js }) => {
    test.setTimeout(240_000);
    await page.goto(CADANGAN);
    await login(page, TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${CADANGAN}$`));

    // The demo is there: the page says what it holds and offers to remove it.
    const section = page.getByRole("region", { name: "Data demo" });
    await expect(section).toContainText("36 produk, 7 kategori, 4 kantor cabang, 4 banner, 7 ulasan konsumen, 9 foto galeri");
    await section.getByRole("link", { name: "Hapus data demo" }).click();
    await expect(page).toHaveURL(/[?&]hapus-demo=1$/);
    let confirm = dialog(page, "Hapus data demo");
    await expect(confirm.getByRole("listitem")).toHaveText([
      "36 produk",
      "7 kategori",
      "4 kantor cabang",
      "4 banner",
      "7 ulasan konsumen",
      "9 foto galeri",
      "2 isi halaman Tentang Kami/Kerja Sama",
    ]);
    await expect(confirm).toContainText("Akun operator, Setting toko, rubrik penilaian LPPM dan semua yang Anda tambahkan sendiri tidak diubah.");
    await expect(confirm).toContainText("Sebelum menghapus, cadangan seluruh data dibuat otomatis");
    // Batal changes nothing.
    await confirm.getByRole("link", { name: "Batal" }).click();
    await expect(page).toHaveURL(new RegExp(`${CADANGAN}$`));
    await expect(dialog(page, "Hapus data demo")).toHaveCount(0);
    await expect(section).toBeVisible();

    await section.getByRole("link", { name: "Hapus data demo" }).click();
    confirm = dialog(page, "Hapus data demo");
    await confirm.getByRole("button", { name: "Hapus data demo" }).click();
    await expect(page).toHaveURL(new RegExp(`${CADANGAN}$`));
    await expect(
      flashed(page, js, /Data demo dihapus; cadangan sebelumnya: etalase-\d{4}-\d{2}-\d{2}-\d{4}-WIB(-\d+)?\. Yang dihapus: 36 produk, 7 kategori, 4 kantor cabang, 4 banner, 7 ulasan konsumen, 9 foto galeri, 2 isi halaman Tentang Kami\/Kerja Sama\./),
    ).toBeVisible();
    await expect(section).toHaveCount(0);
    await expect(row(page, "Sebelum data demo dihapus")).toHaveCount(1);

    // The public site, empty: every page answers with its empty state.
    for (const [url, heading, empty] of [
      ["/", null, "Belum ada produk untuk ditampilkan."],
      ["/produk", null, "Belum ada produk untuk ditampilkan."],
      ["/tentang-kami", "Tentang Kami", null],
      ["/kerja-sama", "Kerja Sama", null],
      ["/kontak-kami", null, "Belum ada kantor cabang."],
    ] as const) {
      const response = await page.goto(url);
      expect(response?.status(), url).toBe(200);
      if (heading) await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      if (empty) await expect(page.getByText(empty)).toBeVisible();
      await expect(page.locator("main img")).toHaveCount(0);
    }

    // The operator fills the shop: a category, then a product in it.
    const id = unique();
    const kategori = `Kursi Kantor ${id}`;
    const produk = `Kursi Kerja Ergonomis ${id}`;
    await page.goto("/operator/produk/kategoriproduk");
    await expect(page.getByText("Tidak ada data yang ditemukan")).toBeVisible();
    await page.getByRole("link", { name: "+ Data" }).click();
    let form = dialog(page, "Tambah Kategori Produk");
    await form.getByLabel("Kategori").fill(kategori);
    await form.getByRole("button", { name: "Simpan", exact: true }).click();
    await expect(dialog(page, "Tambah Kategori Produk")).toHaveCount(0);
    await expect(row(page, kategori)).toBeVisible();

    await page.goto("/operator/produk/produk");
    await page.getByRole("link", { name: "+ Data" }).click();
    form = dialog(page, "Tambah Produk");
    await form.getByLabel("Kategori").selectOption({ label: kategori });
    await form.getByLabel("Nama Produk").fill(produk);
    await form.getByLabel("Deskripsi").fill("Kursi kerja dengan sandaran punggung.");
    await form.getByLabel("Harga").fill("1500000");
    await form.getByRole("button", { name: "Simpan", exact: true }).click();
    await expect(dialog(page, "Tambah Produk")).toHaveCount(0);
    await expect(row(page, produk)).toContainText("Rp. 1.500.000");

    await page.goto("/");
    await expect(page.getByRole("link", { name: new RegExp(produk) }).first()).toBeVisible();
    await page.goto("/produk");
    await expect(page.getByText("Belum ada produk untuk ditampilkan.")).toHaveCount(0);
    await page.getByRole("link", { name: new RegExp(produk) }).first().click();
    await expect(page).toHaveURL(/\/detail-produk\/kursi-kerja-ergonomis-/);
    await expect(page.getByRole("heading", { level: 1, name: produk })).toBeVisible();

    // The LPPM module off: its screens are gone; on again: there, and empty.
    await setModulLppm(page, js, "Nonaktif");
    expect((await page.goto("/operator/lppm/fakultas"))?.status()).toBe(404);
    await setModulLppm(page, js, "Aktif");
    expect((await page.goto("/operator/lppm/fakultas"))?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Fakultas" })).toBeVisible();
  });
}
