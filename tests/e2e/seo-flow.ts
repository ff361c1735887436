/**
 * The same with JavaScript on and off (seo.js.spec.ts, seo.nojs.spec.ts): search
 * engines and link previews read the server HTML — canonical, Open Graph and Twitter tags,
 * schema.org JSON-LD that parses, the 1200×630 og:image, sitemap.xml and robots.txt, and noindex
 * on login, the back office and the 404.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

type Ld = Record<string, unknown>;

async function jsonLd(page: Page): Promise<Ld[]> {
  const texts = await page.locator('script[type="application/ld+json"]').allTextContents();
  return texts.map((text) => JSON.parse(text) as Ld);
}

async function metaContent(page: Page, key: string) {
  return page.locator(`meta[property="${key}"], meta[name="${key}"]`).first().getAttribute("content");
}

/** Declares the specs (each project file calls it once). */
export function seoSpecs() {
  test("home: canonical, og tags and the shop with its branches", async ({ page, baseURL }) => {
    await page.goto("/");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}/`);
    expect(await metaContent(page, "og:url")).toBe(`${baseURL}/`);
    expect(await metaContent(page, "og:title")).toContain("Beranda");
    expect(await metaContent(page, "twitter:card")).toMatch(/^summary/);
    const store = (await jsonLd(page)).find((n) => n["@type"] === "FurnitureStore");
    expect(store).toBeTruthy();
    expect((store!.department as Ld[]).every((d) => d["@type"] === "LocalBusiness")).toBe(true);
    await expect(page.locator('meta[name="robots"]')).toHaveCount(0);
  });

  test("product page: Product, BreadcrumbList and a 1200×630 JPEG preview", async ({ page, request, baseURL }) => {
    await page.goto("/produk");
    const href = await page.locator('a[href^="/detail-produk/"]').first().getAttribute("href");
    await page.goto(href!);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${baseURL}${href}`);
    const ld = await jsonLd(page);
    const product = ld.find((n) => n["@type"] === "Product");
    expect(product).toMatchObject({ "@context": "https://schema.org", url: `${baseURL}${href}` });
    expect(product!.offers).toHaveProperty("availability");
    expect(ld.some((n) => n["@type"] === "BreadcrumbList")).toBe(true);
    const image = await metaContent(page, "og:image");
    expect(image).toMatch(/\.og\.jpg$/);
    expect(await metaContent(page, "og:image:width")).toBe("1200");
    expect(await metaContent(page, "og:image:height")).toBe("630");
    const answer = await request.get(image!);
    expect(answer.status()).toBe(200);
    expect(answer.headers()["content-type"]).toBe("image/jpeg");
  });

  test("sitemap.xml and robots.txt", async ({ request, baseURL }) => {
    const robots = await request.get("/robots.txt");
    expect(robots.status()).toBe(200);
    expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
    const sitemap = await request.get("/sitemap.xml");
    expect(sitemap.status()).toBe(200);
    const xml = await sitemap.text();
    for (const path of ["/", "/produk", "/kontak-kami", "/tentang-kami", "/kerja-sama"]) {
      expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
    }
    expect(xml).toMatch(/<loc>[^<]+\/detail-produk\/[^<]+<\/loc><lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
  });

  test("login and the 404 page say noindex", async ({ page }) => {
    await page.goto("/login");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const missing = await page.goto("/halaman-tidak-ada");
    expect(missing?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    const missingProduct = await page.goto("/detail-produk/produk-tidak-ada");
    expect(missingProduct?.status()).toBe(404);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });
}
