import { describe, expect, it } from "vitest";
import {
  breadcrumbLd,
  hargaAngka,
  localBusinessLd,
  organizationLd,
  productLd,
  produkCrumbs,
  robotsTxt,
  sitemapXml,
} from "~/domain/katalog/seo.server";
import { EMPTY_SETTING } from "~/domain/setting/setting.server";
import { ogImagePath, parseOgImagePath, parseVariantPath } from "~/lib/util/image-variants";
import { publicMeta } from "~/lib/util/meta";

const ORIGIN = "https://mebel.example";
const shop = {
  ...EMPTY_SETTING,
  nama_toko: "Mebel Jati",
  kota: "Jepara",
  alamat: "Jl. Raya 1",
  email: "info@mebel.example",
  whatsapp: "0812 3456 789",
  instagram: "https://instagram.com/mebeljati",
  facebook: "bukan url",
  maps: "https://maps.google.com/?q=jepara",
  modul_lppm: false,
};
const cabang = { id: 7, kantor_cabang: "Cabang Kudus", alamat: "Jl. Kudus 2", kontak: "081111", maps: "" };
const produk = {
  id: 3,
  id_kategori: 2,
  kategori: "Kursi",
  kategori_seo: "kursi",
  nama_produk: "Kursi Tamu Jati",
  nama_seo: "kursi-tamu-jati",
  harga: "Rp 1.250.000",
  deskripsi: "Kursi  tamu\nukir.",
  gambar: "/uploads/produk/a.jpg",
};

describe("hargaAngka: the number a free-text price holds", () => {
  it.each([
    ["2850000", 2850000, false],
    ["Rp 1.250.000", 1250000, false],
    ["Rp. 1.250.000,-", 1250000, false],
    ["Mulai 1.950.000", 1950000, true],
    ["mulai dari Rp 900.000", 900000, true],
    ["900 ribu", 900000, false],
    ["1,5 juta", 1500000, false],
  ])("%s → %d", (text, value, from) => {
    expect(hargaAngka(text)).toEqual({ value, from });
  });
  it.each(["Hubungi kami", "", "1.950.000 - 2.500.000", "0", "1,500"])("%s holds no price", (text) => {
    expect(hargaAngka(text)).toBeNull();
  });
});

describe("JSON-LD", () => {
  it("the shop is a FurnitureStore with each branch as a LocalBusiness", () => {
    const ld = organizationLd(ORIGIN, shop, [cabang], { image: `${ORIGIN}/x.og.jpg` });
    expect(ld).toMatchObject({
      "@context": "https://schema.org",
      "@type": "FurnitureStore",
      name: "Mebel Jati",
      url: `${ORIGIN}/`,
      telephone: "+628123456789",
      email: "info@mebel.example",
      hasMap: "https://maps.google.com/?q=jepara",
      sameAs: ["https://instagram.com/mebeljati"],
      address: { "@type": "PostalAddress", streetAddress: "Jl. Raya 1", addressLocality: "Jepara", addressCountry: "ID" },
      department: [
        {
          "@type": "LocalBusiness",
          name: "Mebel Jati Cabang Kudus",
          telephone: "+6281111",
          address: { streetAddress: "Jl. Kudus 2" },
          parentOrganization: { "@id": `${ORIGIN}/#toko` },
        },
      ],
    });
    // An empty map URL is left out, not written as "".
    expect((ld.department as Record<string, unknown>[])[0]).not.toHaveProperty("hasMap");
    expect((ld.department as Record<string, unknown>[])[0]).not.toHaveProperty("openingHoursSpecification");
  });

  it("opening hours, when a branch has them, become openingHoursSpecification", () => {
    const ld = localBusinessLd(ORIGIN, shop, cabang, [{ dayOfWeek: ["https://schema.org/Monday"], opens: "08:00", closes: "17:00" }]);
    expect(ld.openingHoursSpecification).toEqual([
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Monday"], opens: "08:00", closes: "17:00" },
    ]);
  });

  it("a product with a numeric price offers it in IDR, in stock where a branch lists it", () => {
    const ld = productLd(ORIGIN, shop, produk, [{ gambar: "/uploads/produk/a.jpg" }], [{ ...cabang }]);
    expect(ld).toMatchObject({
      "@type": "Product",
      name: "Kursi Tamu Jati",
      description: "Kursi tamu ukir.",
      url: `${ORIGIN}/detail-produk/kursi-tamu-jati`,
      image: [`${ORIGIN}/uploads/produk/a.jpg`],
      category: "Kursi",
      brand: { "@type": "Brand", name: "Mebel Jati" },
      offers: {
        "@type": "Offer",
        price: "1250000",
        priceCurrency: "IDR",
        availability: "https://schema.org/InStock",
        availableAtOrFrom: [{ "@type": "LocalBusiness", name: "Mebel Jati Cabang Kudus" }],
      },
    });
  });

  it("a starting price is an AggregateOffer's lowPrice; no number, no price; no branch, out of stock", () => {
    const mulai = productLd(ORIGIN, shop, { ...produk, harga: "Mulai 1.950.000" }, [], []);
    expect(mulai.offers).toMatchObject({ "@type": "AggregateOffer", lowPrice: "1950000", priceCurrency: "IDR" });
    const tanya = productLd(ORIGIN, shop, { ...produk, harga: "Hubungi kami" }, [], []);
    expect(tanya.offers).toMatchObject({ "@type": "Offer", availability: "https://schema.org/OutOfStock" });
    expect(tanya.offers).not.toHaveProperty("price");
    expect(tanya.offers).not.toHaveProperty("priceCurrency");
  });

  it("the breadcrumb follows the page: Beranda › Produk › kategori › produk", () => {
    const ld = breadcrumbLd(ORIGIN, produkCrumbs(produk));
    expect(ld.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Beranda", item: `${ORIGIN}/` },
      { "@type": "ListItem", position: 2, name: "Produk", item: `${ORIGIN}/produk` },
      { "@type": "ListItem", position: 3, name: "Kursi", item: `${ORIGIN}/produk/kursi` },
      { "@type": "ListItem", position: 4, name: "Kursi Tamu Jati", item: `${ORIGIN}/detail-produk/kursi-tamu-jati` },
    ]);
    expect(produkCrumbs({ ...produk, kategori: null, kategori_seo: null }).map((c) => c.name)).toEqual(["Beranda", "Produk", "Kursi Tamu Jati"]);
  });
});

describe("sitemap and robots.txt", () => {
  it("lists each URL with its lastmod, XML-escaped", () => {
    const xml = sitemapXml(ORIGIN, [
      { path: "/", lastmod: new Date("2025-03-04T10:00:00Z") },
      { path: "/detail-produk/a&b", lastmod: new Date("2025-01-02T00:00:00Z") },
    ]);
    expect(xml).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xml).toContain(`<url><loc>${ORIGIN}/</loc><lastmod>2025-03-04</lastmod></url>`);
    expect(xml).toContain(`<loc>${ORIGIN}/detail-produk/a&amp;b</loc>`);
  });
  it("robots.txt points at the sitemap and keeps crawlers out of the back office and the API", () => {
    const txt = robotsTxt(ORIGIN);
    expect(txt).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
    expect(txt).toMatch(/^Disallow: \/operator$/m);
    expect(txt).toMatch(/^Disallow: \/api\/$/m);
    expect(txt).not.toMatch(/^Disallow: \/produk/m);
  });
});

describe("og:image paths", () => {
  it("names the 1200×630 JPEG beside the image, and only that", () => {
    expect(ogImagePath("/uploads/produk/ab12.png")).toBe("/uploads/produk/ab12.og.jpg");
    expect(parseOgImagePath("/x/uploads/produk/ab12.og.jpg")).toEqual({ stem: "/x/uploads/produk/ab12" });
    expect(parseOgImagePath("/x/ab12.og.og.jpg")).toBeNull();
    expect(parseOgImagePath("/x/ab12.og.png")).toBeNull();
    expect(parseOgImagePath("/x/ab12.jpg")).toBeNull();
    expect(parseVariantPath("/x/ab12.og.jpg")).toBeNull();
  });
});

describe("publicMeta with the page's seo", () => {
  const matches = [{ id: "routes/public/layout", loaderData: { setting: { nama_toko: "Mebel Jati", kota: "Jepara" } } }];
  it("adds canonical, og:url, og:image 1200×630, twitter:card and the JSON-LD", () => {
    const tags = publicMeta(matches, "Produk", "Katalog.", null, {
      url: `${ORIGIN}/produk`,
      image: `${ORIGIN}/uploads/produk/a.og.jpg`,
      imageWidth: 1200,
      imageHeight: 630,
      jsonLd: [{ "@type": "Thing" }],
    });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: `${ORIGIN}/produk` });
    expect(tags).toContainEqual({ property: "og:url", content: `${ORIGIN}/produk` });
    expect(tags).toContainEqual({ property: "og:image", content: `${ORIGIN}/uploads/produk/a.og.jpg` });
    expect(tags).toContainEqual({ property: "og:image:width", content: "1200" });
    expect(tags).toContainEqual({ property: "og:image:height", content: "630" });
    expect(tags).toContainEqual({ property: "og:title", content: "Produk - Mebel Jati Jepara" });
    expect(tags).toContainEqual({ property: "og:description", content: "Katalog." });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ "script:ld+json": { "@type": "Thing" } });
  });
  it("without an image the card is a plain summary", () => {
    const tags = publicMeta(matches, "Produk", undefined, null, { url: `${ORIGIN}/produk`, image: null, jsonLd: [] });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(tags.some((t) => "property" in t && t.property === "og:image")).toBe(false);
  });
});
