/**
 * Product search: what holds with JavaScript on AND off (cari.js.spec.ts,
 * cari.nojs.spec.ts). The header's search box is a GET form to /produk?q=; the results page
 * names the search and its count, keeps it across the category filter and 'Muat lebih banyak',
 * tells search engines not to index it, and an empty result offers the categories.
 * Other specs run beside these on the same shop: assertions hold for any extra products.
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";

/** The header's search box (a combobox once JavaScript runs, a plain search field without). */
export function searchBox(page: Page, js: boolean) {
  return page.getByRole(js ? "combobox" : "searchbox", { name: "Cari produk" });
}

/** Searches from the header's box of the page at `from`, as a visitor does: type, Enter. */
export async function searchFrom(page: Page, js: boolean, from: string, text: string) {
  await page.goto(from);
  const box = searchBox(page, js);
  await box.fill(text);
  await box.press("Enter");
}

export function cariSpecs(js: boolean) {
  test.describe(`product search (JavaScript ${js ? "on" : "off"})`, () => {
    test("the header's box searches: results named, counted, keyed by relevance; noindex; the box keeps the text", async ({ page }) => {
      await searchFrom(page, js, "/kontak-kami", "kursi tamu");
      await expect(page).toHaveURL(/\/produk\?q=kursi(\+|%20)tamu$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil pencarian untuk “kursi tamu”");
      await expect(page).toHaveTitle(`Hasil pencarian “kursi tamu” - ${DEMO.titleSuffix}`);
      await expect(page.getByText(/^\d+ produk ditemukan\.$/)).toBeVisible();
      const cards = page.locator('main a[href^="/detail-produk/"]');
      // Named after both words first.
      await expect(cards.first().getByRole("heading")).toContainText(/Kursi Tamu/i);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, follow");
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/produk$/);
      await expect(searchBox(page, js)).toHaveValue("kursi tamu");
    });

    test("accents, case and a typo of one letter find the same products", async ({ page }) => {
      await searchFrom(page, js, "/", "KRÚSI");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil pencarian untuk “KRÚSI”");
      await expect(page.locator('main a[href^="/detail-produk/"]').first().getByRole("heading")).toContainText(/Kursi/i);
    });

    test("the category filter and 'Muat lebih banyak' keep the search", async ({ page }) => {
      await searchFrom(page, js, "/", "jati");
      const filter = page.getByRole("navigation", { name: "Filter kategori" });
      const kategori = DEMO.kategori.find((k) => k.nama === "Kursi Tamu")!;
      await filter.getByRole("link", { name: kategori.nama, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/produk/${kategori.seo}\\?q=jati$`));
      await expect(page.getByText(/^\d+ produk ditemukan di kategori Kursi Tamu\.$/)).toBeVisible();
      await filter.getByRole("link", { name: "Semua Kategori" }).click();
      await expect(page).toHaveURL(/\/produk\?q=jati$/);
      // The demo has more than one page of products with "jati".
      await page.getByRole("link", { name: "Muat lebih banyak" }).click();
      await expect(page).toHaveURL(/\/produk\?q=jati&halaman=2#halaman-2$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil pencarian untuk “jati”");
      // More than the first page's 24 cards; waited for, as the URL changes before the new cards render.
      await expect(page.locator('main a[href^="/detail-produk/"]').nth(24)).toBeVisible();
    });

    test("nothing found: a friendly message, the categories and the way back to every product", async ({ page }) => {
      await searchFrom(page, js, "/", "qwertyuiop");
      await expect(page.getByText("Maaf, tidak ada produk yang cocok dengan “qwertyuiop”.")).toBeVisible();
      const list = page.getByRole("list", { name: "Kategori produk" });
      for (const k of DEMO.kategori) await expect(list.getByRole("link", { name: k.nama, exact: true })).toHaveAttribute("href", `/produk/${k.seo}`);
      await page.getByRole("link", { name: "Lihat semua produk" }).click();
      await expect(page).toHaveURL(/\/produk$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produk");
    });

    test("odd text is never an error page", async ({ page }) => {
      for (const text of ['"', "NEAR(", "kursi OR", "*", "x".repeat(150)]) {
        await searchFrom(page, js, "/", text);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(/^Hasil pencarian untuk “/);
      }
    });

    test("on a 360 px phone the box has a row of its own, fully usable", async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto("/tentang-kami");
      const box = searchBox(page, js);
      await expect(box).toBeInViewport({ ratio: 1 });
      const size = await box.boundingBox();
      expect(size!.width).toBeGreaterThan(280);
      expect(size!.height).toBeGreaterThanOrEqual(44);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      await box.fill("lemari");
      await page.getByRole("button", { name: "Cari", exact: true }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Hasil pencarian untuk “lemari”");
    });
  });
}
