/**
 * The same with JavaScript on and off (draf-urutan.js.spec.ts,
 * draf-urutan.nojs.spec.ts; the brief named one draf-urutan.spec.ts, but playwright.config.ts
 * runs only *.js.spec.ts and *.nojs.spec.ts): the operator makes a product 'Draf' — it leaves
 * /produk and its page answers 404 for a visitor, the table shows the badge, and 'Pratinjau'
 * shows the page with its notice; a new category goes last in the public filter and 'Naik'
 * moves it up there; 'Turun' reorders the home page's banners and a 'Draf' banner leaves it;
 * 'Turun' on a product's first image makes the second its cover. Runs on a private server per worker (./support/servers.ts); names carry a
 * random suffix. Every step is a link or a form post, so the flow is one for both projects.
 */
import type { Browser, Page } from "@playwright/test";
import { dialog, expect, OWN_SERVER, row, test, unique } from "./fixtures";

const SAVED = "Data berhasil disimpan";
const NOTICE = "Pratinjau — produk ini masih Draf dan belum tampil di situs.";

/** A visitor's page (no session: the public site as everyone sees it, page cache included). */
async function visitor(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean): Promise<Page> {
  const context = await browser.newContext({ baseURL, javaScriptEnabled, storageState: { cookies: [], origins: [] } });
  return context.newPage();
}

/** The table's search as a plain GET (the same with and without JavaScript). */
async function openTable(page: Page, url: string, q: string) {
  await page.goto(`${url}?q=${encodeURIComponent(q)}&page=1`);
  await expect(page.getByRole("status").filter({ hasText: "Memuat Data.." })).toHaveCount(0);
}

/** The category names of the public filter, in its order (links, or the drop-down of a long list). */
async function filterOrder(page: Page): Promise<string[]> {
  await page.goto("/produk");
  const filter = page.getByRole("navigation", { name: "Filter kategori" });
  const dropdown = filter.locator("select#pilih-kategori");
  if ((await dropdown.count()) > 0) return (await dropdown.locator("option").allTextContents()).slice(1).map((s) => s.trim());
  return (await filter.getByRole("link").allTextContents()).map((s) => s.trim()).filter((s) => s !== "Semua Kategori");
}

export function drafUrutanSpecs(javaScriptEnabled: boolean) {
  test.use(OWN_SERVER);

  test("a product made 'Draf' leaves the public site; the operator previews it with the notice", async ({ page, browser, baseURL }) => {
    const id = unique();
    const nama = `Meja Draf ${id}`;
    const slug = `meja-draf-${id}`.toLowerCase();

    // Added as 'Tayang' (the select's default): a visitor sees it.
    await page.goto("/operator/produk/produk?tambah=1");
    const tambah = dialog(page, "Tambah Produk");
    await expect(tambah.getByLabel("Status")).toHaveValue("Tayang");
    await tambah.getByLabel("Nama Produk").fill(nama);
    await tambah.getByLabel("Deskripsi").fill("Meja untuk uji draf.");
    await tambah.getByLabel("Harga").fill("1750000");
    await tambah.getByRole("button", { name: "Simpan" }).click();
    await expect(tambah).toHaveCount(0);
    const tamu = await visitor(browser, baseURL, javaScriptEnabled);
    await tamu.goto("/produk");
    await expect(tamu.getByRole("link", { name: new RegExp(nama) }).first()).toBeVisible();

    // Made 'Draf' through the edit form.
    await openTable(page, "/operator/produk/produk", id);
    const baris = row(page, nama);
    await expect(baris).toContainText("Tayang");
    await baris.getByLabel(`Aksi untuk ${nama}`, { exact: true }).click();
    await baris.getByRole("link", { name: "Ubah", exact: true }).click();
    const ubah = dialog(page, "Ubah Produk");
    await ubah.getByLabel("Status").selectOption("Draf");
    await ubah.getByRole("button", { name: "Simpan" }).click();
    await expect(ubah).toHaveCount(0);
    if (javaScriptEnabled) await expect(page.locator(".Toastify__toast", { hasText: SAVED })).toBeVisible();
    await expect(row(page, nama)).toContainText("Draf");

    // Gone for the visitor: the list, the home page, the product page itself.
    await tamu.goto("/produk");
    await expect(tamu.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(tamu.getByText(nama)).toHaveCount(0);
    await tamu.goto("/");
    await expect(tamu.getByText(nama)).toHaveCount(0);
    const hilang = await tamu.goto(`/detail-produk/${slug}`);
    expect(hilang?.status()).toBe(404);
    // The preview is not for visitors: it sends them to the login.
    await tamu.goto("/pratinjau/produk/1");
    await expect(tamu).toHaveURL(/\/login\?redirectTo=%2Fpratinjau%2Fproduk%2F1$/);
    await tamu.context().close();

    // The operator's preview: the page as it will look, the notice on top, noindex.
    await openTable(page, "/operator/produk/produk", id);
    await row(page, nama).getByLabel(`Aksi untuk ${nama}`, { exact: true }).click();
    await row(page, nama).getByRole("link", { name: "Pratinjau", exact: true }).click();
    await expect(page).toHaveURL(/\/pratinjau\/produk\/\d+$/);
    await expect(page.getByRole("status").filter({ hasText: NOTICE })).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: nama })).toBeVisible();
    await expect(page.getByText("Rp. 1.750.000").first()).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.locator('link[rel="canonical"]')).toHaveCount(0);
  });

  test("a new category goes last in the public filter; 'Naik' moves it up there", async ({ page, browser, baseURL }) => {
    const id = unique();
    const nama = `Kursi Urut ${id}`;

    await page.goto("/operator/produk/kategoriproduk?tambah=1");
    const tambah = dialog(page, "Tambah Kategori Produk");
    await tambah.getByLabel("Kategori").fill(nama);
    await tambah.getByRole("button", { name: "Simpan" }).click();
    await expect(tambah).toHaveCount(0);

    const tamu = await visitor(browser, baseURL, javaScriptEnabled);
    const before = await filterOrder(tamu);
    expect(before.at(-1)).toBe(nama);

    await openTable(page, "/operator/produk/kategoriproduk", id);
    await expect(row(page, nama).getByRole("button", { name: `Turunkan urutan ${nama}` })).toBeDisabled();
    await row(page, nama).getByRole("button", { name: `Naikkan urutan ${nama}` }).click();
    if (javaScriptEnabled) await expect(page.locator(".Toastify__toast", { hasText: "Urutan berhasil diubah" })).toBeVisible();
    await expect(row(page, nama).getByRole("button", { name: `Turunkan urutan ${nama}` })).toBeEnabled();

    const after = await filterOrder(tamu);
    expect(after).toEqual([...before.slice(0, -2), nama, before.at(-2)!]);
    await tamu.context().close();
  });

  test("banners: 'Turun' reorders the home slider; a 'Draf' banner leaves it", async ({ page, browser, baseURL }) => {
    const grid = page.getByRole("list", { name: "Daftar banner" });
    const stem = (src: string | null) => (src ?? "").split("/").pop()!.split(".")[0]!;
    const operatorOrder = async () => (await grid.getByRole("img").evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")))).map(stem);
    // The visitor's home page without JavaScript: the slider's plain row holds every slide in order.
    const tamu = await visitor(browser, baseURL, false);
    const homeOrder = async () => {
      await tamu.goto("/");
      return (await tamu.locator('[data-carousel="banner"] img').evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")))).map(stem);
    };
    const save = async (title: string) => {
      const form = dialog(page, title);
      await form.getByRole("button", { name: "Simpan" }).click();
      await expect(form).toHaveCount(0);
      if (javaScriptEnabled) await expect(page.locator(".Toastify__toast", { hasText: SAVED }).last()).toBeVisible();
    };

    await page.goto("/operator/master/banner");
    const start = await operatorOrder();
    expect(start.length).toBeGreaterThan(1);
    expect(await homeOrder()).toEqual(start);

    // 'Turun' on the first: the first two swap, on the home page too.
    await expect(grid.getByRole("button", { name: "Naikkan urutan Banner 1" })).toBeDisabled();
    await grid.getByRole("button", { name: "Turunkan urutan Banner 1" }).click();
    const moved = [start[1]!, start[0]!, ...start.slice(2)];
    await expect.poll(operatorOrder).toEqual(moved);
    expect(await homeOrder()).toEqual(moved);

    // 'Draf' on the (new) first banner: gone from the home page, badged in the back office.
    await grid.getByRole("img", { name: "Banner 1" }).hover();
    await grid.getByRole("link", { name: "Ubah Banner 1", exact: true }).click();
    await dialog(page, "Ubah Banner").getByLabel("Status").selectOption("Draf");
    await save("Ubah Banner");
    await expect(grid.getByRole("listitem").first()).toContainText("Draf");
    expect(await homeOrder()).toEqual(moved.slice(1));

    // Back as it was, for the other tests on this server.
    await grid.getByRole("img", { name: "Banner 1" }).hover();
    await grid.getByRole("link", { name: "Ubah Banner 1", exact: true }).click();
    await dialog(page, "Ubah Banner").getByLabel("Status").selectOption("Tayang");
    await save("Ubah Banner");
    await grid.getByRole("button", { name: "Naikkan urutan Banner 2" }).click();
    await expect.poll(operatorOrder).toEqual(start);
    expect(await homeOrder()).toEqual(start);
    await tamu.context().close();
  });

  test("product images: 'Turun' on the first makes the second the cover of the public page", async ({ page, browser, baseURL }) => {
    const stem = (src: string | null | undefined) => (src ?? "").split("/").pop()!.split(".")[0]!;
    // A demo product with two images or more, through the public API.
    const list = (await (await page.request.get("/api/produk")).json()) as { data: { produk: { id: number; nama_seo: string }[] } };
    const detail = async (seo: string) =>
      ((await (await page.request.get(`/api/produkdetail/${seo}`)).json()) as { data: { gambar: { gambar: string }[] } }).data.gambar.map((g) => stem(g.gambar));
    let produk: { id: number; nama_seo: string } | undefined;
    let start: string[] = [];
    for (const p of list.data.produk) {
      start = await detail(p.nama_seo);
      if (start.length > 1) {
        produk = p;
        break;
      }
    }
    expect(produk).toBeDefined();
    const tamu = await visitor(browser, baseURL, false);
    const cover = async () => {
      await tamu.goto(`/detail-produk/${produk!.nama_seo}`);
      return stem(await tamu.locator("[data-produk-galeri] img").first().getAttribute("src"));
    };
    expect(await cover()).toBe(start[0]);

    await page.goto(`/operator/produk/gambarproduk/${produk!.id}`);
    await expect(page.getByRole("button", { name: "Naikkan urutan gambar 1" })).toBeDisabled();
    await page.getByRole("button", { name: "Turunkan urutan gambar 1" }).click();
    const moved = [start[1]!, start[0]!, ...start.slice(2)];
    await expect.poll(() => detail(produk!.nama_seo)).toEqual(moved);
    expect(await cover()).toBe(start[1]);

    // Back as it was, for the other tests on this server.
    await page.getByRole("button", { name: "Naikkan urutan gambar 2" }).click();
    await expect.poll(() => detail(produk!.nama_seo)).toEqual(start);
    expect(await cover()).toBe(start[0]);
    await tamu.context().close();
  });
}
