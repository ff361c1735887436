/**
 * On a copy of the seeded demo shop: the public loaders hand their meta a
 * canonical URL, a 1200×630 og:image and JSON-LD that parses and speaks schema.org; the sitemap
 * lists every public page, category and product with its lastmod; robots.txt points at it; the
 * og:image is made on first request. (noindex on login, back office and 404: hardening.test.ts, on the built server.)
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as detailRoute from "~/routes/public/detail-produk.$seo";
import * as homeRoute from "~/routes/public/home";
import * as kerjaSamaRoute from "~/routes/public/kerja-sama";
import * as kontakKamiRoute from "~/routes/public/kontak-kami";
import * as produkRoute from "~/routes/public/produk";
import * as robotsRoute from "~/routes/public/robots[.]txt";
import * as sitemapRoute from "~/routes/public/sitemap[.]xml";
import * as tentangKamiRoute from "~/routes/public/tentang-kami";
import { ensureVariant, resolveUploadPath } from "~/lib/server/uploads.server";
import { loadSharp } from "~/lib/server/sharp-limits.server";
import { callLoader, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

type Tag = Record<string, unknown>;
type MetaModule = { meta: (args: never) => Tag[] };

const layoutMatch = () => {
  const setting = t.db.select().from(schema.setting).get()!;
  return { id: "routes/public/layout", loaderData: { setting: { nama_toko: setting.nama_toko, kota: setting.kota } } };
};

/** A page's meta tags, as React Router would render them from its loader's data. */
async function metaOf(mod: MetaModule & Parameters<typeof callLoader>[0], url: string, params: Record<string, string> = {}) {
  const result = await callLoader(mod, url, params);
  expect(result.status).toBe(200);
  const tags = mod.meta({ loaderData: result.data, matches: [layoutMatch()], params } as never);
  // The JSON-LD goes through JSON as the page's <script type="application/ld+json"> does.
  const ld = tags.filter((tag) => "script:ld+json" in tag).map((tag) => JSON.parse(JSON.stringify(tag["script:ld+json"])) as Tag);
  const prop = (name: string) => tags.find((tag) => tag.property === name || tag.name === name)?.content as string | undefined;
  const canonical = tags.find((tag) => tag.rel === "canonical")?.href as string | undefined;
  return { tags, ld, prop, canonical };
}

/** schema.org's vocabulary for what the pages use: each type's allowed properties (schema.org, current release). */
const THING = ["@context", "@type", "@id", "name", "description", "url", "image", "sameAs"];
const ORGANIZATION = [...THING, "address", "email", "telephone", "department", "parentOrganization", "logo"];
const PLACE = ["address", "telephone", "hasMap", "openingHoursSpecification"];
const VOCABULARY: Record<string, string[]> = {
  FurnitureStore: [...ORGANIZATION, ...PLACE],
  LocalBusiness: [...ORGANIZATION, ...PLACE],
  PostalAddress: ["@type", "streetAddress", "addressLocality", "addressRegion", "postalCode", "addressCountry"],
  Product: [...THING, "sku", "category", "brand", "offers"],
  Brand: ["@type", "name"],
  Offer: ["@type", "url", "price", "priceCurrency", "availability", "itemCondition", "seller", "availableAtOrFrom"],
  AggregateOffer: ["@type", "url", "lowPrice", "highPrice", "priceCurrency", "availability", "itemCondition", "seller", "availableAtOrFrom"],
  BreadcrumbList: ["@context", "@type", "itemListElement"],
  ListItem: ["@type", "position", "name", "item"],
  OpeningHoursSpecification: ["@type", "dayOfWeek", "opens", "closes"],
};

/** Every typed node uses only its type's properties; a node with only @id is a reference. */
function expectValid(node: unknown, where = "$"): void {
  if (Array.isArray(node)) return node.forEach((n, i) => expectValid(n, `${where}[${i}]`));
  if (typeof node !== "object" || node === null) return;
  const obj = node as Tag;
  const keys = Object.keys(obj);
  if (keys.length === 1 && keys[0] === "@id") return;
  const type = obj["@type"] as string;
  expect(VOCABULARY, `${where}: type ${type}`).toHaveProperty(type);
  for (const key of keys) expect(VOCABULARY[type], `${where}.${key} on ${type}`).toContain(key);
  for (const [key, value] of Object.entries(obj)) if (key !== "@context") expectValid(value, `${where}.${key}`);
}

function produkWithImageAndStock() {
  const row = t.db.$client
    .prepare(
      `select p.id, p.nama_seo, p.nama_produk, p.harga from produk p
       where exists (select 1 from gambar_produk g where g.id_produk = p.id)
         and exists (select 1 from produk_gudang pg where pg.id_produk = p.id) limit 1`,
    )
    .get() as { id: number; nama_seo: string; nama_produk: string; harga: string };
  return row;
}

describe("product page", () => {
  it("has canonical, og tags, twitter:card, Product with its offer and BreadcrumbList", async () => {
    const p = produkWithImageAndStock();
    t.db.update(schema.produk).set({ harga: "Rp 2.850.000" }).where(eq(schema.produk.id, p.id)).run();
    const { ld, prop, canonical } = await metaOf(detailRoute as never, `/detail-produk/${p.nama_seo}?utm=x`, { seo: p.nama_seo });
    const url = `${TEST_ORIGIN}/detail-produk/${p.nama_seo}`;
    expect(canonical).toBe(url);
    expect(prop("og:url")).toBe(url);
    expect(prop("og:title")).toContain(p.nama_produk);
    expect(prop("og:description")).toBeTruthy();
    expect(prop("og:image")).toMatch(new RegExp(`^${TEST_ORIGIN}/uploads/produk/[^/]+\\.og\\.jpg$`));
    expect(prop("og:image:width")).toBe("1200");
    expect(prop("og:image:height")).toBe("630");
    expect(prop("twitter:card")).toBe("summary_large_image");

    const product = ld.find((n) => n["@type"] === "Product")!;
    expect(product).toMatchObject({ "@context": "https://schema.org", name: p.nama_produk, url });
    expect(product.offers).toMatchObject({ "@type": "Offer", price: "2850000", priceCurrency: "IDR", availability: "https://schema.org/InStock" });
    const crumbs = ld.find((n) => n["@type"] === "BreadcrumbList")!;
    const items = crumbs.itemListElement as Tag[];
    expect(items[0]).toMatchObject({ position: 1, name: "Beranda", item: `${TEST_ORIGIN}/` });
    expect(items.at(-1)).toMatchObject({ name: p.nama_produk, item: url });
    for (const node of ld) expectValid(node);
  });

  it("a free-text price gives no price; no branch stock gives OutOfStock", async () => {
    const p = produkWithImageAndStock();
    t.db.update(schema.produk).set({ harga: "Hubungi kami" }).where(eq(schema.produk.id, p.id)).run();
    t.db.delete(schema.produkGudang).where(eq(schema.produkGudang.id_produk, p.id)).run();
    const { ld } = await metaOf(detailRoute as never, `/detail-produk/${p.nama_seo}`, { seo: p.nama_seo });
    const offers = ld.find((n) => n["@type"] === "Product")!.offers as Tag;
    expect(offers.availability).toBe("https://schema.org/OutOfStock");
    expect(offers).not.toHaveProperty("price");
    expect(offers).not.toHaveProperty("priceCurrency");
    for (const node of ld) expectValid(node);
  });
});

describe("home and contact pages", () => {
  for (const [name, mod, url] of [
    ["home", homeRoute, "/"],
    ["kontak-kami", kontakKamiRoute, "/kontak-kami"],
  ] as const) {
    it(`${name}: FurnitureStore with every branch as a LocalBusiness`, async () => {
      const { ld, canonical, prop } = await metaOf(mod as never, url);
      expect(canonical).toBe(`${TEST_ORIGIN}${url}`);
      expect(prop("twitter:card")).toBeTruthy();
      const store = ld.find((n) => n["@type"] === "FurnitureStore")!;
      const setting = t.db.select().from(schema.setting).get()!;
      expect(store.name).toBe(setting.nama_toko);
      const branches = t.db.select().from(schema.kantorCabang).all();
      const department = store.department as Tag[];
      expect(department).toHaveLength(branches.length);
      expect(department.map((d) => d["@type"])).toEqual(branches.map(() => "LocalBusiness"));
      expect(department.map((d) => d.name)).toEqual(branches.map((b) => `${setting.nama_toko} ${b.kantor_cabang}`.trim()));
      // Each branch's open days with their times (closed days are left out).
      const jam = t.db.select().from(schema.jamBuka).all();
      expect(jam.some((j) => j.buka === null)).toBe(true); // the demo has closed days
      const HARI = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
      branches.forEach((b, i) => {
        const open = jam.filter((j) => j.id_kantor_cabang === b.id && j.buka && j.tutup);
        const spec = (department[i]!.openingHoursSpecification ?? []) as Tag[];
        const days = spec.flatMap((s) => (s.dayOfWeek as string[]).map((d) => `${d} ${String(s.opens)}-${String(s.closes)}`));
        expect(days.sort()).toEqual(open.map((j) => `https://schema.org/${HARI[j.hari - 1]} ${j.buka}-${j.tutup === "24:00" ? "23:59" : j.tutup}`).sort());
      });
      for (const node of ld) expectValid(node);
    });
  }
});

describe("canonical URLs on every public page", () => {
  it("product lists drop ?halaman; SITE_URL wins over the request's origin", async () => {
    const kategori = t.db.select().from(schema.kategori).get()!;
    expect((await metaOf(produkRoute as never, "/produk?halaman=2")).canonical).toBe(`${TEST_ORIGIN}/produk`);
    expect((await metaOf(produkRoute as never, `/produk/${kategori.seo}`, { seo: kategori.seo })).canonical).toBe(
      `${TEST_ORIGIN}/produk/${kategori.seo}`,
    );
    expect((await metaOf(tentangKamiRoute as never, "/tentang-kami")).canonical).toBe(`${TEST_ORIGIN}/tentang-kami`);
    process.env.SITE_URL = "https://toko.example/";
    const { resetEnvCache } = await import("~/lib/server/env.server");
    resetEnvCache();
    try {
      const { canonical, prop } = await metaOf(kerjaSamaRoute as never, "/kerja-sama");
      expect(canonical).toBe("https://toko.example/kerja-sama");
      expect(prop("og:image")).toMatch(/^https:\/\/toko\.example\/uploads\/.+\.og\.jpg$/);
    } finally {
      delete process.env.SITE_URL;
      resetEnvCache();
    }
  });
});

describe("sitemap.xml and robots.txt", () => {
  it("the sitemap lists every public page, category and product with lastmod from the data", async () => {
    const p = produkWithImageAndStock();
    t.db.update(schema.produk).set({ updated_at: new Date("2031-05-06T07:00:00Z") }).where(eq(schema.produk.id, p.id)).run();
    const result = await callLoader<string>(sitemapRoute as never, "/sitemap.xml");
    expect(result.status).toBe(200);
    expect(result.headers.get("content-type")).toContain("application/xml");
    const xml = result.data;
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc><lastmod>(\d{4}-\d{2}-\d{2})<\/lastmod>/g)].map((m) => [m[1], m[2]] as const);
    const paths = locs.map(([loc]) => loc!.slice(TEST_ORIGIN.length));
    for (const page of ["/", "/tentang-kami", "/produk", "/kerja-sama", "/kontak-kami"]) expect(paths).toContain(page);
    for (const k of t.db.select().from(schema.kategori).all()) expect(paths).toContain(`/produk/${encodeURIComponent(k.seo)}`);
    const produk = t.db.select().from(schema.produk).all();
    for (const row of produk) expect(paths).toContain(`/detail-produk/${encodeURIComponent(row.nama_seo)}`);
    // The institute's funded research (the seeded LPPM demo has some): its page and one per year.
    const penelitian = paths.filter((x) => x.startsWith("/penelitian"));
    expect(locs).toHaveLength(5 + t.db.select().from(schema.kategori).all().length + produk.length + penelitian.length);
    expect(new Map(locs).get(`${TEST_ORIGIN}/detail-produk/${p.nama_seo}`)).toBe("2031-05-06");
    // The catalogue pages are as new as their newest product.
    expect(new Map(locs).get(`${TEST_ORIGIN}/produk`)).toBe("2031-05-06");
    expect(paths.some((x) => x.startsWith("/login") || x.startsWith("/operator"))).toBe(false);
  });

  it("robots.txt points at the sitemap", async () => {
    const result = await callLoader<string>(robotsRoute as never, "/robots.txt");
    expect(result.headers.get("content-type")).toContain("text/plain");
    expect(result.data).toContain(`Sitemap: ${TEST_ORIGIN}/sitemap.xml`);
    expect(result.data).toMatch(/^Disallow: \/operator$/m);
  });
});

describe("og:image 1200×630", () => {
  it("is made from the product's first image on first request, kept beside it, and removed with it", async () => {
    const gambar = t.db.select().from(schema.gambarProduk).get()!;
    const og = resolveUploadPath(gambar.gambar.replace(/\.(jpe?g|png)$/i, ".og.jpg"), path.resolve(t.uploadsDir))!;
    expect(fs.existsSync(og)).toBe(false);
    expect(await ensureVariant(og)).toBe(true);
    const meta = await (await loadSharp())(og).metadata();
    expect([meta.width, meta.height, meta.format]).toEqual([1200, 630, "jpeg"]);
    // Only known names are made: no source, or an unknown suffix, makes nothing.
    expect(await ensureVariant(og.replace(/\.og\.jpg$/, "x.og.jpg"))).toBe(false);
    expect(await ensureVariant(og.replace(/\.og\.jpg$/, ".og.og.jpg"))).toBe(false);
    const { removeUpload } = await import("~/lib/server/uploads.server");
    await removeUpload(gambar.gambar);
    expect(fs.existsSync(og)).toBe(false);
  });
});
