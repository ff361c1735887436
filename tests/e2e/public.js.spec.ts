/**
 * The public catalogue with JavaScript on (Swiper carousels, lightbox, client navigation),
 * against the built server and the seeded demo shop. Every test also fails on console errors.
 */
import crypto from "node:crypto";
import http from "node:http";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { activeSlideLabel, clientNavigation, DEMO, enhancedCarousel, expect, fullyVisibleSlides, slideSettled, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

test.describe("home", () => {
  test("shows banners, 'Kategori Produk', 'Produk Pilihan' and 'Ulasan Konsumen'", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(`Beranda - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { name: "Kategori Produk" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Produk Pilihan" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ulasan Konsumen" })).toBeVisible();

    const banner = await enhancedCarousel(page, "banner");
    await expect(banner.locator(".swiper-slide img")).toHaveCount(DEMO.banner);
    await expect(banner.locator(".swiper-slide-active img")).toBeVisible();

    // Product cards: image, name, category, 'Rp.' price, each linking to its detail page.
    const pilihan = page.locator("section", { has: page.getByRole("heading", { name: "Produk Pilihan" }) });
    const cards = pilihan.locator('a[href^="/detail-produk/"]');
    expect(await cards.count()).toBeGreaterThan(0);
    await expect(cards.first().locator("img")).toHaveAttribute("src", /^\/uploads\//);
    await expect(cards.first()).toContainText("Rp.");

    // Reviews: quoted text, five stars, author line.
    const ulasan = await enhancedCarousel(page, "ulasan");
    await expect(ulasan.locator(".swiper-slide-active")).toContainText("5 dari 5 bintang");
    await expect(ulasan.locator(".swiper-slide-active figcaption")).toContainText("—");

    await page.getByRole("link", { name: "Lihat Semua Produk Pilihan" }).click();
    await expect(page).toHaveURL(/\/produk$/);
    await expect(page.getByRole("heading", { level: 1, name: "Produk" })).toBeVisible();
  });

  test("the banner carousel moves by itself every 3 s", async ({ page }) => {
    await page.goto("/");
    const banner = await enhancedCarousel(page, "banner");
    // The page notes when each slide becomes the active one (its own clock, so a busy test
    // machine cannot make a short gap look long): two moves by themselves, ~3 s apart.
    await banner.locator(".swiper").evaluate((swiperEl) => {
      const seen: { label: string | null; at: number }[] = [];
      (window as unknown as { bannerMoves: typeof seen }).bannerMoves = seen;
      let current = swiperEl.querySelector(".swiper-slide-active")?.getAttribute("aria-label") ?? null;
      new MutationObserver(() => {
        const label = swiperEl.querySelector(".swiper-slide-active")?.getAttribute("aria-label") ?? null;
        if (label === current) return;
        current = label;
        seen.push({ label, at: performance.now() });
      }).observe(swiperEl, { subtree: true, attributes: true, attributeFilter: ["class"] });
    });
    const moves = () => page.evaluate(() => (window as unknown as { bannerMoves: { label: string; at: number }[] }).bannerMoves);
    await expect.poll(async () => (await moves()).length, { timeout: 20_000 }).toBeGreaterThanOrEqual(2);
    const [a, b] = await moves();
    expect(b!.label).not.toBe(a!.label);
    // Not before the 3 s delay; and not much later than delay + slide transition.
    expect(b!.at - a!.at).toBeGreaterThanOrEqual(2_900);
    expect(b!.at - a!.at).toBeLessThan(6_000);
  });

  test.describe("with reduced motion (no autoplay)", () => {
    test.use({ contextOptions: { reducedMotion: "reduce" } });

    test("banner arrows and pagination bullets move the banner", async ({ page }) => {
      await page.goto("/");
      const banner = await enhancedCarousel(page, "banner");
      const total = DEMO.banner;
      expect(await activeSlideLabel(banner)).toBe(`1 dari ${total}`);

      const moveTo = async (button: string, expected: string) => {
        await banner.getByRole("button", { name: button }).click();
        await expect.poll(() => activeSlideLabel(banner)).toBe(expected);
        await slideSettled(banner);
      };
      await moveTo("Slide berikutnya", `2 dari ${total}`);
      await moveTo("Slide sebelumnya", `1 dari ${total}`);
      // Looping: back from the first slide is the last one.
      await moveTo("Slide sebelumnya", `${total} dari ${total}`);
      await moveTo("Slide berikutnya", `1 dari ${total}`);
      await moveTo("Ke slide 3", `3 dari ${total}`);
      await expect(banner.getByRole("button", { name: "Ke slide 3" })).toHaveClass(/swiper-pagination-bullet-active/);
    });

    test("on a phone every pagination bullet is a 24 × 24 px touch target (WCAG 2.5.8)", async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto("/");
      for (const name of ["banner", "kategori"]) {
        const carousel = await enhancedCarousel(page, name);
        const bullets = carousel.getByRole("button", { name: /^Ke slide \d+$/ });
        expect(await bullets.count(), name).toBeGreaterThan(1);
        const boxes = await bullets.evaluateAll((els) => els.map((el) => el.getBoundingClientRect()));
        for (const box of boxes) {
          expect(box.width, name).toBeGreaterThanOrEqual(24);
          expect(box.height, name).toBeGreaterThanOrEqual(24);
        }
      }
    });

    test("the categories carousel shows 1 card on a phone and 5 on a wide screen", async ({ page }) => {
      await page.setViewportSize(PHONE);
      await page.goto("/");
      let kategori = await enhancedCarousel(page, "kategori");
      await kategori.scrollIntoViewIfNeeded();
      await expect.poll(() => fullyVisibleSlides(kategori)).toBe(1);

      await page.setViewportSize({ width: 1500, height: 900 });
      await page.goto("/");
      kategori = await enhancedCarousel(page, "kategori");
      await kategori.scrollIntoViewIfNeeded();
      await expect.poll(() => fullyVisibleSlides(kategori)).toBe(5);

      // Each card links to its category.
      const card = kategori.locator(".swiper-slide-active a");
      const href = await card.getAttribute("href");
      expect(href).toMatch(/^\/produk\/[a-z0-9-]+$/);
      await card.click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
    });
  });
});

test.describe("tentang kami", () => {
  test("shows the text and 'Galeri Kami'; a gallery image opens the lightbox at that image", async ({ page }) => {
    await page.goto("/tentang-kami");
    await expect(page).toHaveTitle(`Tentang Kami - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1, name: "Tentang Kami" })).toBeVisible();
    await expect(page.locator(".rich-text p").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Galeri Kami" })).toBeVisible();

    const links = page.getByRole("list", { name: "Galeri Kami" }).getByRole("link");
    await expect(links).toHaveCount(DEMO.galeri);
    const third = links.nth(2);
    const src = await third.getAttribute("href");
    expect(src).toMatch(/^\/uploads\/.+\.jpg$/);

    await third.click();
    const lightbox = page.locator(".yarl__root");
    await expect(lightbox).toBeVisible();
    const current = lightbox.locator(".yarl__slide_current img");
    await expect(current).toHaveAttribute("src", src ?? "");
    await expect(lightbox.locator(".yarl__slide_current")).toHaveAttribute("aria-label", `3 dari ${DEMO.galeri}`);
    // The image really loaded.
    await expect.poll(() => current.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
    expect(page.url()).toMatch(/\/tentang-kami$/);
  });

  test("a swipe in the lightbox changes the image only past 50 px (spec section 9)", async ({ page }) => {
    await page.goto("/tentang-kami");
    await page.getByRole("list", { name: "Galeri Kami" }).getByRole("link").nth(2).click();
    const lightbox = page.locator(".yarl__root");
    const current = lightbox.locator(".yarl__slide_current");
    await expect(current).toHaveAttribute("aria-label", `3 dari ${DEMO.galeri}`);
    const box = await lightbox.boundingBox();
    const y = (box?.y ?? 0) + (box?.height ?? 600) / 2;
    const x = (box?.x ?? 0) + (box?.width ?? 800) / 2;
    // A press within 500 ms of the last one is the zoom plugin's double click, not a swipe:
    // each drag waits, on the page's own clock, until that window has closed, as a person's
    // next swipe would.
    await page.evaluate(() => {
      window.addEventListener("pointerdown", (event) => ((window as unknown as { lastDown: number }).lastDown = event.timeStamp), true);
    });
    const drag = async (dx: number) => {
      await page.waitForFunction(() => performance.now() - ((window as unknown as { lastDown?: number }).lastDown ?? -1e9) > 600);
      await page.mouse.move(x, y);
      await page.mouse.down();
      await page.mouse.move(x + dx / 2, y, { steps: 4 });
      await page.mouse.move(x + dx, y, { steps: 4 });
      await page.mouse.up();
    };
    // 40 px is not a swipe. Had it moved the lightbox, the 80 px swipe after it would land on
    // image 5 and the swipe back on 4.
    await drag(-40);
    await expect(current).toHaveAttribute("aria-label", `3 dari ${DEMO.galeri}`);
    await drag(-80);
    await expect(current).toHaveAttribute("aria-label", `4 dari ${DEMO.galeri}`);
    await drag(80);
    await expect(current).toHaveAttribute("aria-label", `3 dari ${DEMO.galeri}`);
  });
});

test.describe("produk", () => {
  test("'Semua Kategori' and one button per category; a category filters and titles the list", async ({ page }) => {
    await page.goto("/produk");
    await expect(page).toHaveTitle(`Produk - ${DEMO.titleSuffix}`);
    const filter = page.getByRole("navigation", { name: "Filter kategori" });
    await expect(filter.getByRole("link", { name: "Semua Kategori" })).toHaveAttribute("aria-current", "page");
    for (const k of DEMO.kategori) {
      await expect(filter.getByRole("link", { name: k.nama, exact: true })).toHaveAttribute("href", `/produk/${k.seo}`);
    }

    const kategori = DEMO.kategori[0]!;
    await filter.getByRole("link", { name: kategori.nama, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/produk/${kategori.seo}$`));
    const readable = kategori.seo
      .split("-")
      .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
      .join(" ");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Produk ${readable}`);
    await expect(page.locator('main a[href^="/detail-produk/"]')).toHaveCount(kategori.jumlah);
    await expect(page).toHaveTitle(`Produk ${kategori.nama} - ${DEMO.titleSuffix}`);

    await filter.getByRole("link", { name: "Semua Kategori" }).click();
    await expect(page).toHaveURL(/\/produk$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produk");
  });

  test("'Muat lebih banyak' appends the next products", async ({ page }) => {
    await page.goto("/produk");
    const cards = page.locator('main a[href^="/detail-produk/"]');
    await expect(cards).toHaveCount(24);
    await page.getByRole("link", { name: "Muat lebih banyak" }).click();
    await expect(cards).toHaveCount(DEMO.produkTotal);
    await expect(page).toHaveURL(/\?halaman=2/);
    await expect(page.getByText(`Menampilkan ${DEMO.produkTotal} dari ${DEMO.produkTotal} produk`)).toBeVisible();
    await expect(page.getByRole("link", { name: "Muat lebih banyak" })).toHaveCount(0);
  });
});

test.describe("detail produk", () => {
  test("shows price, rating, description, warehouses with WhatsApp links and other products", async ({ page }) => {
    await page.goto("/produk");
    const card = page.locator('main a[href^="/detail-produk/"]').first();
    const nama = (await card.locator("h3").textContent())?.trim() ?? "";
    expect(nama).not.toBe("");
    const href = await card.getAttribute("href");
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));

    await expect(page.getByRole("heading", { level: 1 })).toHaveText(nama);
    await expect(page).toHaveTitle(`${nama} - ${DEMO.titleSuffix}`);
    const main = page.locator("main");
    await expect(main.getByText(/^Rp\. /).first()).toBeVisible();
    await expect(main.getByText("( Terlaris )")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Deskripsi Produk :" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tersedia di Gudang:" })).toBeVisible();

    const gudang = page.locator("section", { has: page.getByRole("heading", { name: "Tersedia di Gudang:" }) });
    // Counted by our own /wa/ redirect, which goes on to the chat.
    const chats = gudang.locator('a[href^="/wa/"]');
    expect(await chats.count()).toBeGreaterThan(0);
    for (const link of await chats.all()) {
      const answer = await page.request.get((await link.getAttribute("href")) ?? "", { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      const url = new URL(answer.headers()["location"] ?? "");
      expect(url.pathname).toMatch(/^\/62\d{8,}$/);
      const text = url.searchParams.get("text") ?? "";
      expect(text).toContain(nama);
      // The message carries the full product address (made by the server).
      expect(text).toContain(`${new URL(page.url()).origin}${href}`);
      await expect(link).toHaveAttribute("target", "_blank");
    }

    const lainnya = page.locator("section", { has: page.getByRole("heading", { name: "Produk Lainnya" }) });
    await expect(page.getByRole("heading", { name: "Produk Lainnya" })).toBeVisible();
    const other = lainnya.locator('a[href^="/detail-produk/"]');
    expect(await other.count()).toBeGreaterThan(0);
    await expect(lainnya.locator(`a[href="${href}"]`)).toHaveCount(0);

    // Another product from 'Produk Lainnya' replaces the page.
    const otherName = (await other.first().locator("h3").textContent())?.trim() ?? "";
    await other.first().click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(otherName);
  });

  test("thumbnail arrows move the slider and the main image opens the lightbox", async ({ page }) => {
    await page.goto("/produk");
    await page.locator('main a[href^="/detail-produk/"]').first().click();
    const galeri = page.locator('[data-produk-galeri][data-enhanced="true"]');
    await expect(galeri).toBeVisible();

    const thumb = (n: number) => galeri.getByRole("button", { name: `Tampilkan gambar ${n}` });
    await expect(thumb(1)).toHaveAttribute("aria-pressed", "true");
    await galeri.getByRole("button", { name: "Gambar berikutnya" }).click();
    await expect(thumb(2)).toHaveAttribute("aria-pressed", "true");
    await expect(thumb(1)).toHaveAttribute("aria-pressed", "false");
    await galeri.getByRole("button", { name: "Gambar sebelumnya" }).click();
    await expect(thumb(1)).toHaveAttribute("aria-pressed", "true");
    await thumb(2).click();
    await expect(thumb(2)).toHaveAttribute("aria-pressed", "true");

    // The visible main image is the second one; clicking it opens the lightbox there.
    const mainLink = galeri.locator(".swiper-slide-active a").first();
    const src = await mainLink.getAttribute("href");
    expect(src).toMatch(/^\/uploads\//);
    await mainLink.click();
    const lightbox = page.locator(".yarl__root");
    await expect(lightbox).toBeVisible();
    await expect(lightbox.locator(".yarl__slide_current img")).toHaveAttribute("src", src ?? "");
    await page.keyboard.press("Escape");
    await expect(lightbox).toHaveCount(0);
  });

  test("an unknown product slug is a 404 page", async ({ page }) => {
    const response = await page.goto("/detail-produk/produk-yang-tidak-ada");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Maaf! Halaman tidak ditemukan" })).toBeVisible();
  });
});

test.describe("kerja sama and kontak kami", () => {
  test("kerja-sama shows its heading and text", async ({ page }) => {
    await page.goto("/kerja-sama");
    await expect(page).toHaveTitle(`Kerja Sama - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1, name: "Kerja Sama" })).toBeVisible();
    await expect(page.locator(".rich-text p").first()).toBeVisible();
  });

  test("kontak-kami shows the map, 'Kantor Pusat:' and 'Kontak Kantor Cabang Kami:'", async ({ page }) => {
    await page.goto("/kontak-kami");
    await expect(page).toHaveTitle(`Kontak Kami - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1, name: "Kontak Kami" })).toBeVisible();
    const map = page.locator('iframe[title="Peta lokasi Kantor Pusat"]');
    await expect(map).toHaveAttribute("src", /^https:\/\/www\.google\.com\/maps\/embed\?/);
    await expect(page.getByRole("heading", { name: "Kantor Pusat:" })).toBeVisible();
    const main = page.locator("main");
    await expect(main.getByText(DEMO.shop.email)).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kontak Kantor Cabang Kami:" })).toBeVisible();
    const cabang = page.locator("section", { has: page.getByRole("heading", { name: "Kontak Kantor Cabang Kami:" }) });
    expect(await cabang.locator('a[href^="/wa/"]').count()).toBeGreaterThanOrEqual(3);
  });
});

test.describe("not found", () => {
  test("an unknown path is a real 404 without header or footer; 'Back to Home' goes back", async ({ page }) => {
    await page.goto("/kontak-kami");
    const response = await page.goto("/halaman-yang-tidak-ada");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 - Halaman Tidak Ditemukan");
    await expect(page.getByText("Maaf! Halaman tidak ditemukan")).toBeVisible();
    await expect(page.getByText("Halaman yang Anda cari tidak tersedia!")).toBeVisible();
    await expect(page.locator("header")).toHaveCount(0);
    await expect(page.locator("footer")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Menu utama" })).toHaveCount(0);

    await page.getByRole("link", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/kontak-kami$/);
    await expect(page.getByRole("heading", { level: 1, name: "Kontak Kami" })).toBeVisible();
  });

  test("an unknown category slug is a 404", async ({ page }) => {
    const response = await page.goto("/produk/kategori-yang-tidak-ada");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 - Halaman Tidak Ditemukan");
  });
});

test.describe("navigation", () => {
  test("a failed data load while navigating shows the red toast 'Gagal menampilkan data'", async ({ page, consoleErrors }) => {
    await page.goto("/");
    await enhancedCarousel(page, "banner");
    await clientNavigation(page);
    // The network fails for the next page's data (offline, server down).
    await page.route(/\.data(\?|$)/, (route) => route.abort("failed"));
    await page.getByRole("navigation", { name: "Menu utama" }).getByRole("link", { name: "Kontak Kami" }).click();
    const toast = page.locator(".Toastify__toast").filter({ hasText: "Gagal menampilkan data" });
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCSS("background-color", "rgb(255, 107, 107)");
    // The browser's own lines for the requests this test made fail are expected; nothing else.
    const unexpected = consoleErrors.filter((line) => !line.includes("net::ERR_FAILED"));
    consoleErrors.splice(0, consoleErrors.length, ...unexpected);
  });

  test("in-app links navigate on the client: a card prefetches its page on hover and opens it without a reload", async ({ page }) => {
    await page.goto("/produk");
    await clientNavigation(page);
    const card = page.locator('a[href^="/detail-produk/"]').first();
    const href = (await card.getAttribute("href"))!;
    await page.evaluate(() => ((window as unknown as { samePage: boolean }).samePage = true));
    await card.hover();
    // React Router's prefetch of the target's data, as <Link prefetch="intent"> does.
    await expect(page.locator(`link[rel="prefetch"][href^="${href}"]`)).toHaveCount(1);
    await card.click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
    // The header's menu marks the section the page belongs to.
    await page.getByRole("navigation", { name: "Menu utama" }).getByRole("link", { name: "Produk", exact: true }).click();
    await expect(page).toHaveURL(/\/produk$/);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBe(true);
  });

  test("the navbar links reach every public page with its title", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Menu utama" });
    const pages: Array<[string, RegExp, string]> = [
      ["Tentang Kami", /\/tentang-kami$/, "Tentang Kami"],
      ["Produk", /\/produk$/, "Produk"],
      ["Kerja Sama", /\/kerja-sama$/, "Kerja Sama"],
      ["Kontak Kami", /\/kontak-kami$/, "Kontak Kami"],
      ["Beranda", /\/$/, "Beranda"],
    ];
    for (const [label, url, title] of pages) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(url);
      await expect(page).toHaveTitle(`${title} - ${DEMO.titleSuffix}`);
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
    }
  });

  test("header and floating WhatsApp buttons chat with the shop number", async ({ page }) => {
    await page.goto("/");
    // Through the counting redirect, which goes on to the shop's number.
    const expected = "/wa/toko?dari=beranda";
    await expect(page.locator("header").getByRole("link", { name: "WhatsApp" }).first()).toHaveAttribute("href", expected);
    // The footer's social link and the floating button (rendered after the footer).
    const chatLinks = page.getByRole("link", { name: "Chat WhatsApp" });
    for (const link of await chatLinks.all()) await expect(link).toHaveAttribute("href", expected);
    const floating = chatLinks.last();
    // Fixed in the corner: on screen at the top of the page and still after scrolling down.
    await expect(floating).toBeInViewport();
    await page.locator("footer").scrollIntoViewIfNeeded();
    await expect(floating).toBeInViewport();
    await expect(page.locator("footer")).toContainText(DEMO.shop.nama_toko);
    await expect(page.locator("footer")).toContainText(String(new Date().getFullYear()));
  });
});

/** A raw GET that sends the path exactly as written (a browser or fetch would normalise "..""). */
function rawGet(baseURL: string, rawPath: string) {
  const { hostname, port } = new URL(baseURL);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: "GET" }, (res) => {
      let body = "";
      res.setEncoding("latin1");
      res.on("data", (chunk) => (body += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

test.describe("http", () => {
  test("a cached public page carries the security headers and allows exactly its own inline scripts, by hash", async ({ request, page }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, "no nonce: the same bytes go to everyone").not.toContain("'nonce-");
    expect(csp).toContain("'strict-dynamic'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    expect(headers["x-powered-by"]).toBeUndefined();
    // Every inline script of the page, and nothing else, is listed by its SHA-256. (JSON-LD is
    // data, never run: a data block is outside the policy and needs no hash.)
    const html = await response.text();
    const hashes = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)]
      .filter((m) => !/\bsrc=/.test(m[1]!) && !/type="application\/ld\+json"/.test(m[1]!))
      .map((m) => `'sha256-${crypto.createHash("sha256").update(m[2]!).digest("base64")}'`);
    expect(hashes.length).toBeGreaterThan(0);
    const listed = csp.match(/script-src ([^;]*)/)![1]!.split(" ").filter((s) => s.startsWith("'sha256-"));
    expect(new Set(listed)).toEqual(new Set(hashes));
    // The page still hydrates under that policy (CSP violations would fail the console check).
    await page.goto("/");
    await enhancedCarousel(page, "banner");
  });

  test("a page rendered per request gets a fresh nonce on every script (a nonce seen once must not unlock later pages)", async ({ request, page }) => {
    const nonces = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const response = await request.get("/login");
      expect(response.headers()["x-cache"]).toBeUndefined();
      const nonce = (response.headers()["content-security-policy"] ?? "").match(/'nonce-([^']+)'/)?.[1] ?? "";
      expect(nonce).not.toBe("");
      const tags = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
      expect(tags.length).toBeGreaterThan(0);
      for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
      nonces.add(nonce);
    }
    expect(nonces.size).toBe(3);
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "MASUK" })).toBeVisible();
  });

  test("uploads: path traversal answers 404, a stored image is served as an image", async ({ request, baseURL }) => {
    for (const path of [
      "/uploads/../package.json",
      "/uploads/%2e%2e/package.json",
      "/uploads/%252e%252e/package.json",
      "/uploads/..%2fpackage.json",
      "/uploads/banner/..%5c..%5cpackage.json",
      "/uploads/.env",
    ]) {
      const res = await rawGet(baseURL ?? "", path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).not.toContain('"name": "etalase"');
    }

    const html = await (await request.get("/")).text();
    const image = html.match(/src="(\/uploads\/[^"]+\.jpg)"/)?.[1];
    expect(image, "the home page shows an uploaded image").toBeTruthy();
    const res = await request.get(image ?? "");
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/jpeg");
    expect(res.headers()["x-content-type-options"]).toBe("nosniff");
    const maxAge = Number((res.headers()["cache-control"] ?? "").match(/max-age=(\d+)/)?.[1] ?? 0);
    expect(maxAge).toBeGreaterThanOrEqual(60 * 60 * 24 * 365);
    const body = await res.body();
    expect([...body.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

    const missing = await request.get("/uploads/banner/tidak-ada.jpg");
    expect(missing.status()).toBe(404);
  });
});

/**
 * axe in the page itself ("legacy mode"): the default mode opens a second blank page to gather
 * the frames' results and injects axe (~0.5 MB) there again, a second per page on a busy machine.
 * Our pages have no frame of their own to check: the one frame, Kontak Kami's map, is another
 * origin, which legacy mode leaves out and the test browser cannot load anyway (it resolves no
 * host but the server's).
 */
const axe = (page: Page) => new AxeBuilder({ page }).setLegacyMode(true);

test.describe("accessibility", () => {
  // axe-core's WCAG 2.x A/AA rules (and best practices) on every page a visitor reaches without
  // an account, rendered and hydrated: no violation of any impact.
  const PAGES = ["/", "/produk", "/tentang-kami", "/kerja-sama", "/kontak-kami", "/login", "/lupa-password", "/tidak-ada"];
  for (const path of PAGES) {
    test(`axe finds no violation on ${path}`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(path === "/tidak-ada" ? 404 : 200);
      await expect(page.locator("h1").first()).toBeVisible();
      // The login form's show/hide toggle exists only once the page is hydrated.
      if (path === "/login") await expect(page.getByRole("button", { name: "Tampilkan password" })).toBeVisible();
      const { violations } = await axe(page).analyze();
      expect(violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    });
  }

  test("axe finds no violation on a product page", async ({ page }) => {
    await page.goto("/produk");
    await page.locator('a[href^="/detail-produk/"]').first().click();
    await expect(page).toHaveURL(/\/detail-produk\//);
    await expect(page.locator("h1")).toBeVisible();
    const { violations } = await axe(page).analyze();
    expect(violations.map((v) => `${v.id} (${v.impact})`)).toEqual([]);
  });
});
