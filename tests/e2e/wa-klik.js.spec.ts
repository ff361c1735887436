/**
 * WhatsApp clicks with JavaScript on: a visitor's clicks on the public
 * site's WhatsApp links go through /wa/…, which answers 302 to wa.me (followed here without
 * leaving the test's network: the redirect is read, not taken); a crawler's click is not
 * counted. The operator opens Statistik WhatsApp from the Master menu, sees the new clicks in
 * the total, the chart (an SVG with its title) and the branch table, switches the period with
 * its links and downloads the CSV. Runs on a private server per worker (./support/servers.ts).
 */
import type { Page } from "@playwright/test";
import { DEMO, expect, OWN_SERVER, test } from "./fixtures";

test.use(OWN_SERVER);

const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const PATH = "/operator/master/statistik-whatsapp";

async function total(page: Page): Promise<number> {
  const text = (await page.getByTestId("wa-total").textContent()) ?? "";
  return Number(/Total ([\d.]+) klik/.exec(text)?.[1]?.replace(/\./g, "") ?? NaN);
}

test("clicks on a branch's WhatsApp link are counted and shown in Statistik WhatsApp", async ({ page }) => {
  await page.goto(`${PATH}?hari=7`);
  await expect(page.getByRole("heading", { level: 1, name: "Statistik WhatsApp" })).toBeVisible();
  const before = await total(page);

  await page.goto("/kontak-kami");
  const cabang = page.locator("section", { has: page.getByRole("heading", { name: "Kontak Kantor Cabang Kami:" }) });
  const link = cabang.locator('a[href^="/wa/"]').first();
  const href = (await link.getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/wa\/\d+\?dari=kontak-kami$/);
  await expect(link).toHaveAttribute("target", "_blank");
  const nama = (await link.locator("xpath=ancestor::li[1]").getByRole("heading").textContent())?.trim() ?? "";

  for (const ua of [CHROME, CHROME, GOOGLEBOT]) {
    const answer = await page.request.get(href, { maxRedirects: 0, headers: { "User-Agent": ua } });
    expect(answer.status()).toBe(302);
    expect(answer.headers()["location"]).toMatch(/^https:\/\/wa\.me\/62\d{8,}$/);
    expect(answer.headers()["cache-control"]).toBe("no-store");
    expect(answer.headers()["set-cookie"]).toBeUndefined();
  }

  await page.goto("/operator/dashboard");
  const menu = page.getByRole("link", { name: "Statistik WhatsApp", exact: true });
  await expect(menu).toHaveAttribute("href", PATH);
  await menu.click();
  await expect(page).toHaveURL(PATH);
  await page.getByRole("link", { name: "7 hari terakhir" }).click();
  await expect(page).toHaveURL(`${PATH}?hari=7`);
  await expect(page.getByRole("link", { name: "7 hari terakhir" })).toHaveAttribute("aria-current", "page");
  expect(await total(page)).toBe(before + 2);
  await expect(page.getByRole("img", { name: /Klik WhatsApp per hari/ })).toBeVisible();
  const perCabang = page.getByRole("table", { name: "Per kantor cabang" });
  await expect(perCabang.getByRole("row", { name: new RegExp(nama) }).first()).toBeVisible();

  await page.getByRole("link", { name: "30 hari terakhir" }).click();
  await expect(page).toHaveURL(`${PATH}?hari=30`);
  await expect(page.getByRole("link", { name: "30 hari terakhir" })).toHaveAttribute("aria-current", "page");
  expect(await total(page)).toBeGreaterThanOrEqual(before + 2);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Unduh CSV" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^statistik-whatsapp-30-hari-\d{4}-\d{2}-\d{2}\.csv$/);
});

test("a product page's branch link names the product in the chat", async ({ page }) => {
  // A demo product, found by its name: the worker's server also holds other specs' products,
  // newest first on /produk, and those are in no branch.
  const demo = DEMO.produk[0]!;
  await page.goto(`/produk?q=${encodeURIComponent(demo)}`);
  await page.locator('main a[href^="/detail-produk/"]').filter({ hasText: demo }).first().click();
  await expect(page).toHaveURL(/\/detail-produk\//);
  const gudangHeading = page.getByRole("heading", { name: "Tersedia di Gudang:" });
  await expect(gudangHeading).toBeVisible();
  const nama = ((await page.getByRole("heading", { level: 1 }).textContent()) ?? "").trim();
  const gudang = page.locator("section", { has: page.getByRole("heading", { name: "Tersedia di Gudang:" }) });
  const href = (await gudang.locator('a[href^="/wa/"]').first().getAttribute("href")) ?? "";
  expect(href).toMatch(/^\/wa\/\d+\/[^/?]+\?dari=detail-produk$/);
  const answer = await page.request.get(href, { maxRedirects: 0, headers: { "User-Agent": CHROME } });
  expect(answer.status()).toBe(302);
  const text = new URL(answer.headers()["location"] ?? "").searchParams.get("text") ?? "";
  expect(text).toContain(`"${nama}"`);
  expect(text).toContain(`${new URL(page.url()).origin}/detail-produk/`);
  // The header's button asks the shop about the same product.
  await expect(page.locator("header").getByRole("link", { name: "WhatsApp" }).first()).toHaveAttribute(
    "href",
    new RegExp(`^/wa/toko/[^/?]+\\?dari=detail-produk$`),
  );
});
