/**
 * The public catalogue with JavaScript OFF: everything a visitor needs is in the server HTML —
 * content, headings, links, the phone menu (<details>), scrollable carousel rows with every
 * slide, images linking to their full-size files and 'Muat lebih banyak' as a plain link.
 */
import { DEMO, expect, test } from "./fixtures";

const PHONE = { width: 390, height: 844 };

test.describe("pages render without JavaScript", () => {
  test("home: banner, category and review rows hold every slide and scroll sideways", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expect(page).toHaveTitle(`Beranda - ${DEMO.titleSuffix}`);
    for (const name of ["Kategori Produk", "Produk Pilihan", "Ulasan Konsumen"]) {
      await expect(page.getByRole("heading", { name })).toBeVisible();
    }

    const rows = {
      banner: DEMO.banner,
      kategori: DEMO.kategori.length,
      ulasan: DEMO.ulasan,
    };
    for (const [name, count] of Object.entries(rows)) {
      const carousel = page.locator(`[data-carousel="${name}"]`);
      await expect(carousel).not.toHaveAttribute("data-enhanced", /.*/);
      const row = carousel.locator("ul.snap-row");
      await expect(row.locator(":scope > li")).toHaveCount(count);
      const { scrollWidth, clientWidth } = await row.evaluate((el) => ({
        scrollWidth: el.scrollWidth,
        clientWidth: el.clientWidth,
      }));
      expect(scrollWidth, `${name} row is wider than the screen`).toBeGreaterThan(clientWidth);
    }

    // One category card per screen on a phone; the arrow keys scroll the row to the next one.
    const kategori = page.locator('[data-carousel="kategori"] ul.snap-row');
    const cards = kategori.locator(":scope > li");
    await kategori.scrollIntoViewIfNeeded();
    await expect(cards.nth(0)).toBeInViewport({ ratio: 1 });
    await expect(cards.nth(1)).not.toBeInViewport({ ratio: 0.5 });
    await kategori.focus();
    await page.keyboard.press("ArrowRight");
    await expect.poll(() => kategori.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await expect(cards.nth(1)).toBeInViewport({ ratio: 0.9 });
    // Every category is there and reachable, the last one included.
    // Home lists the categories in the shop's manual order, which the demo starts
    // alphabetical (SQLite's binary order of the names).
    const sorted = [...DEMO.kategori].sort((a, b) => (a.nama < b.nama ? -1 : a.nama > b.nama ? 1 : 0));
    for (const [i, k] of sorted.entries()) {
      await expect(cards.nth(i).getByRole("link")).toHaveAttribute("href", `/produk/${k.seo}`);
    }
    await cards.last().scrollIntoViewIfNeeded();
    await expect(cards.last()).toBeInViewport({ ratio: 0.9 });

    // Product cards link to their detail page; 'Lihat Semua Produk Pilihan' is a plain link.
    const pilihan = page.locator("section", { has: page.getByRole("heading", { name: "Produk Pilihan" }) });
    expect(await pilihan.locator('a[href^="/detail-produk/"]').count()).toBeGreaterThan(0);
    await page.getByRole("link", { name: "Lihat Semua Produk Pilihan" }).click();
    await expect(page).toHaveURL(/\/produk$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produk");
  });

  test("tentang kami: text and gallery images that link to the full image", async ({ page }) => {
    await page.goto("/tentang-kami");
    await expect(page).toHaveTitle(`Tentang Kami - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1, name: "Tentang Kami" })).toBeVisible();
    await expect(page.locator(".rich-text p").first()).toBeVisible();
    await expect(page.getByRole("heading", { name: "Galeri Kami" })).toBeVisible();

    const links = page.getByRole("list", { name: "Galeri Kami" }).getByRole("link");
    await expect(links).toHaveCount(DEMO.galeri);
    for (const link of await links.all()) {
      await expect(link).toHaveAttribute("href", /^\/uploads\/galeri\/[^/]+\.jpg$/);
      await expect(link.locator("img")).toHaveAttribute("src", (await link.getAttribute("href")) ?? "");
    }
    const href = await links.nth(2).getAttribute("href");
    const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(href ?? "")), links.nth(2).click()]);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("image/jpeg");
    await expect(page).toHaveURL(new RegExp(`${href}$`));
  });

  test("produk: category links, 24 products and a working 'Muat lebih banyak' link", async ({ page }) => {
    await page.goto("/produk");
    await expect(page).toHaveTitle(`Produk - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Produk");
    const filter = page.getByRole("navigation", { name: "Filter kategori" });
    await expect(filter.getByRole("link")).toHaveCount(DEMO.kategori.length + 1);
    await expect(filter.getByRole("link", { name: "Semua Kategori" })).toHaveAttribute("href", "/produk");

    const cards = page.locator('main a[href^="/detail-produk/"]');
    await expect(cards).toHaveCount(24);
    await expect(page.getByText(`Menampilkan 24 dari ${DEMO.produkTotal} produk`)).toBeVisible();
    await page.getByRole("link", { name: "Muat lebih banyak" }).click();
    await expect(page).toHaveURL(/\/produk\?halaman=2#halaman-2$/);
    await expect(cards).toHaveCount(DEMO.produkTotal);
    await expect(page.locator("#halaman-2")).toBeInViewport();
    await expect(page.getByRole("link", { name: "Muat lebih banyak" })).toHaveCount(0);

    const kategori = DEMO.kategori[1]!;
    await filter.getByRole("link", { name: kategori.nama, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/produk/${kategori.seo}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Produk ${kategori.nama}`);
    await expect(cards).toHaveCount(kategori.jumlah);
    await expect(filter.getByRole("link", { name: kategori.nama, exact: true })).toHaveAttribute("aria-current", "page");
  });

  test("detail produk: content, WhatsApp links and images that link to the full image", async ({ page }) => {
    await page.goto("/produk");
    const card = page.locator('main a[href^="/detail-produk/"]').first();
    const nama = (await card.locator("h3").textContent())?.trim() ?? "";
    await card.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(nama);
    await expect(page).toHaveTitle(`${nama} - ${DEMO.titleSuffix}`);
    await expect(page.locator("main").getByText(/^Rp\. /).first()).toBeVisible();
    await expect(page.locator("main").getByText("( Terlaris )")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Deskripsi Produk :" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tersedia di Gudang:" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Produk Lainnya" })).toBeVisible();

    const gudang = page.locator("section", { has: page.getByRole("heading", { name: "Tersedia di Gudang:" }) });
    // Counted by our own /wa/ redirect, which goes on to the chat with the product named.
    const chats = gudang.locator('a[href^="/wa/"]');
    expect(await chats.count()).toBeGreaterThan(0);
    for (const link of await chats.all()) {
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(/^\/wa\/\d+\/[^/?]+\?dari=detail-produk$/);
      const answer = await page.request.get(href, { maxRedirects: 0 });
      expect(answer.status()).toBe(302);
      const chat = new URL(answer.headers()["location"] ?? "");
      expect(chat.origin + chat.pathname).toMatch(/^https:\/\/wa\.me\/62\d{8,}$/);
      expect(chat.searchParams.get("text") ?? "").toContain(nama);
    }

    const galeri = page.locator("[data-produk-galeri]");
    await expect(galeri).not.toHaveAttribute("data-enhanced", /.*/);
    const mainImage = galeri.locator("a").first();
    await expect(mainImage).toHaveAttribute("href", /^\/uploads\/produk\/[^/]+\.jpg$/);
    const thumbs = galeri.getByRole("list", { name: "Gambar produk lainnya" }).getByRole("link");
    expect(await thumbs.count()).toBeGreaterThanOrEqual(2);
    const second = await thumbs.nth(1).getAttribute("href");
    expect(second).toMatch(/^\/uploads\/produk\/[^/]+\.jpg$/);
    expect(second).not.toBe(await mainImage.getAttribute("href"));
    await thumbs.nth(1).click();
    await expect(page).toHaveURL(new RegExp(`${second}$`));
  });

  test("kerja sama and kontak kami", async ({ page }) => {
    await page.goto("/kerja-sama");
    await expect(page).toHaveTitle(`Kerja Sama - ${DEMO.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1, name: "Kerja Sama" })).toBeVisible();
    await expect(page.locator(".rich-text p").first()).toBeVisible();

    await page.goto("/kontak-kami");
    await expect(page).toHaveTitle(`Kontak Kami - ${DEMO.titleSuffix}`);
    await expect(page.locator('iframe[title="Peta lokasi Kantor Pusat"]')).toHaveCount(1);
    await expect(page.getByRole("heading", { name: "Kantor Pusat:" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Kontak Kantor Cabang Kami:" })).toBeVisible();
    await expect(page.locator("main").getByText(DEMO.shop.email)).toBeVisible();
  });

  test("every icon drawn with <use> finds its symbol on the page and has a size", async ({ page }) => {
    await page.goto("/produk");
    const detail = await page.locator('main a[href^="/detail-produk/"]').first().getAttribute("href");
    for (const url of ["/", "/kontak-kami", detail!]) {
      await page.goto(url);
      const icons = await page.locator("svg use").evaluateAll((uses) =>
        uses.map((use) => {
          const id = (use.getAttribute("href") ?? "").replace(/^#/, "");
          const box = use.closest("svg")!.getBoundingClientRect();
          return { id, found: !!document.getElementById(id), width: Math.round(box.width) };
        }),
      );
      expect(icons.length, url).toBeGreaterThan(0);
      for (const icon of icons) expect(icon, url).toMatchObject({ found: true });
      expect(icons.some((icon) => icon.width > 0), url).toBe(true);
    }
  });
});

test.describe("navigation without JavaScript", () => {
  test("the navbar links navigate", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Menu utama" });
    for (const [label, path, heading] of [
      ["Tentang Kami", "/tentang-kami", "Tentang Kami"],
      ["Produk", "/produk", "Produk"],
      ["Kerja Sama", "/kerja-sama", "Kerja Sama"],
      ["Kontak Kami", "/kontak-kami", "Kontak Kami"],
    ] as const) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
    await nav.getByRole("link", { name: "Beranda" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("the phone menu opens as a <details> and its links navigate", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Menu utama" })).toBeHidden();
    const menu = page.getByRole("navigation", { name: "Menu ponsel" });
    await expect(menu).toBeHidden();
    await page.locator('summary[aria-label="Buka menu"]').click();
    await expect(menu).toBeVisible();
    await menu.getByRole("link", { name: "Kontak Kami" }).click();
    await expect(page).toHaveURL(/\/kontak-kami$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Kontak Kami");
  });

  test("the 404 page's 'Back to Home' is a link to /", async ({ page }) => {
    const response = await page.goto("/tidak-ada-halaman-ini");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle("404 - Halaman Tidak Ditemukan");
    await expect(page.getByText("Maaf! Halaman tidak ditemukan")).toBeVisible();
    await expect(page.getByText("Halaman yang Anda cari tidak tersedia!")).toBeVisible();
    await expect(page.locator("header, footer")).toHaveCount(0);
    const back = page.getByRole("link", { name: "Back to Home" });
    await expect(back).toHaveAttribute("href", "/");
    await back.click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Produk Pilihan" })).toBeVisible();
  });
});
