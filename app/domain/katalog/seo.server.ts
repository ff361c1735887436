/**
 * "Findable": what search engines and link previews read on the public pages —
 * absolute URLs (canonical, og:url, sitemap), the og:image, the schema.org JSON-LD
 * (FurnitureStore with its branches, Product with its offer, BreadcrumbList) and the sitemap.
 * Built on the server only: the pages' meta functions pass the result through as it is, so no
 * builder code goes to the browser.
 */
import { addressText } from "~/lib/server/sanitize.server";
import { asc, desc, eq, max, sql } from "drizzle-orm";
import {
  banner,
  galeri,
  gambarProduk,
  kantorCabang,
  kategori,
  produk,
  profil,
  setting as settingTable,
  ulasan,
} from "../../../db/schema";
import { readThrough, type Db } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { uploadUrl } from "~/lib/server/uploads.server";
import { openingHoursSpecification } from "~/domain/kantor-cabang/jam-buka";
import { jamBukaSemua, listKantorCabang, type KantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import type { Gudang, ProdukDetail } from "~/domain/produk/public.server";
import { getSetting } from "~/domain/setting/setting.server";
import { produkTayang } from "~/domain/tayang/tayang.server";
import { penelitianPerTahun } from "~/domain/lppm/publik/penelitian.server";
import { waNumber } from "~/lib/util/format";
import { ogImagePath, isUploadUrl, OG_IMAGE_HEIGHT, OG_IMAGE_WIDTH } from "~/lib/util/image-variants";
import { parseRupiah } from "~/lib/util/rupiah";
import type { JsonLd, PageSeo } from "~/lib/util/meta";

// ---- Absolute URLs ------------------------------------------------------------------------

/**
 * The site's origin for absolute URLs: SITE_URL when set (recommended in production: the
 * address the shop is known by), else the origin the request came to.
 */
export function siteOrigin(request: Request): string {
  const configured = getEnv().SITE_URL;
  if (configured) return configured;
  return new URL(request.url).origin;
}

/** `origin` + an absolute path ("/produk/kursi"), each path segment kept as the app spells it. */
export function absoluteUrl(origin: string, path: string): string {
  return `${origin}${path.startsWith("/") ? path : `/${path}`}`;
}

/** The 1200×630 preview of an uploaded image, as an absolute URL; null for anything else. */
export function ogImageUrl(origin: string, image: string | null | undefined): string | null {
  return isUploadUrl(image) ? absoluteUrl(origin, ogImagePath(image)) : null;
}

/**
 * For pages without an image of their own: the first published banner (in the manual order),
 * else the oldest published product's cover. Never a draft's.
 */
export function defaultImage(db: Db): string | null {
  return readThrough(db, "seo:default-image", () => {
    const first = db
      .select({ image: banner.image })
      .from(banner)
      .where(eq(banner.status, "Tayang"))
      .orderBy(asc(banner.urutan), asc(banner.id))
      .limit(1)
      .get();
    if (first) return uploadUrl(first.image);
    const gambar = db
      .select({ gambar: gambarProduk.gambar })
      .from(gambarProduk)
      .innerJoin(produk, eq(produk.id, gambarProduk.id_produk))
      .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
      .where(produkTayang)
      .orderBy(asc(produk.id), asc(gambarProduk.urutan), asc(gambarProduk.id))
      .limit(1)
      .get();
    return uploadUrl(gambar?.gambar);
  });
}

// ---- Prices -------------------------------------------------------------------------------

/**
 * The rupiah amount a free-text price holds, and whether it is a starting price: "2850000",
 * "Rp 1.250.000", "Rp. 1.250.000,-" → exact; "Mulai 1.950.000", "Mulai dari Rp 900.000" →
 * from; "900 ribu", "1,5 juta" → the amount. Anything else ("Hubungi kami", "1.950.000 - 2.500.000")
 * holds no single number: null, and the offer carries no price.
 */
export function hargaAngka(harga: string | null | undefined): { value: number; from: boolean } | null {
  let text = (harga ?? "").trim().toLowerCase().replace(/\s+/g, " ");
  let from = false;
  const mulai = /^(mulai|start|from)( dari)?\s*:?\s*/.exec(text);
  if (mulai) {
    from = true;
    text = text.slice(mulai[0].length);
  }
  text = text.replace(/^rp\.?\s*/, "");
  const unit = /^(\d+(?:,\d+)?) ?(rb|ribu|jt|juta)$/.exec(text);
  if (unit) {
    const amount = Number(unit[1]!.replace(",", ".")) * (unit[2]!.startsWith("r") ? 1_000 : 1_000_000);
    const value = Math.round(amount);
    return value > 0 && Number.isSafeInteger(value) ? { value, from } : null;
  }
  const value = parseRupiah(text);
  return value !== null && value > 0 ? { value, from } : null;
}

// ---- JSON-LD ------------------------------------------------------------------------------

const CONTEXT = "https://schema.org";

/** One opening-hours line per weekday range (filled in from the branch form's opening hours). */
export type OpeningHours = { dayOfWeek: string[]; opens: string; closes: string };

/** A phone as schema.org and dialers read it: "+62812…"; undefined without digits. */
function telephone(phone: string | null | undefined): string | undefined {
  const number = waNumber(phone);
  return number ? `+${number}` : undefined;
}

function httpUrl(value: string | null | undefined): string | undefined {
  const text = (value ?? "").trim();
  return /^https?:\/\/\S+$/i.test(text) ? text : undefined;
}

/** Drops undefined, null, "" and [] so the JSON-LD holds only what the shop filled in. */
function compact<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(
    Object.entries(value).filter(([, v]) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0)),
  ) as T;
}

type Shop = ReturnType<typeof getSetting>;

export function organizationId(origin: string): string {
  return `${origin}/#toko`;
}

/**
 * One branch as a LocalBusiness: name, address, phone, map. `hours` become
 * openingHoursSpecification when given.
 */
export function localBusinessLd(
  origin: string,
  shop: Pick<Shop, "nama_toko" | "kota">,
  branch: Pick<KantorCabang, "id" | "kantor_cabang" | "alamat" | "kontak" | "maps">,
  hours: readonly OpeningHours[] = [],
): JsonLd {
  return compact({
    "@type": "LocalBusiness",
    "@id": `${origin}/kontak-kami#cabang-${branch.id}`,
    name: `${shop.nama_toko} ${branch.kantor_cabang}`.trim(),
    address: branch.alamat.trim()
      ? compact({ "@type": "PostalAddress", streetAddress: branch.alamat.trim(), addressLocality: shop.kota || undefined, addressCountry: "ID" })
      : undefined,
    telephone: telephone(branch.kontak),
    hasMap: httpUrl(branch.maps),
    url: absoluteUrl(origin, "/kontak-kami"),
    parentOrganization: { "@id": organizationId(origin) },
    openingHoursSpecification: hours.map((h) => ({ "@type": "OpeningHoursSpecification", ...h })),
  });
}

/**
 * The shop as a FurnitureStore (an Organization and a LocalBusiness) with every branch as a
 * LocalBusiness in `department`. `hoursOf` gives a branch's opening hours (none when it has none on record).
 */
export function organizationLd(
  origin: string,
  shop: Shop,
  branches: readonly KantorCabang[],
  options: { image?: string | null; hoursOf?: (branch: KantorCabang) => readonly OpeningHours[] } = {},
): JsonLd {
  const sameAs = [httpUrl(shop.instagram), httpUrl(shop.facebook)].filter((u): u is string => Boolean(u));
  return compact({
    "@context": CONTEXT,
    "@type": "FurnitureStore",
    "@id": organizationId(origin),
    name: shop.nama_toko,
    url: absoluteUrl(origin, "/"),
    image: options.image ?? undefined,
    email: shop.email.trim() || undefined,
    telephone: telephone(shop.whatsapp),
    address: addressText(shop.alamat)
      ? compact({ "@type": "PostalAddress", streetAddress: addressText(shop.alamat), addressLocality: shop.kota || undefined, addressCountry: "ID" })
      : undefined,
    hasMap: httpUrl(shop.maps),
    sameAs,
    department: branches.map((b) => localBusinessLd(origin, shop, b, options.hoursOf?.(b) ?? [])),
  });
}

export type Crumb = { name: string; path: string };

export function breadcrumbLd(origin: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": CONTEXT,
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((c, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: c.name,
      item: absoluteUrl(origin, c.path),
    })),
  };
}

/** The trail of a product page: Beranda › Produk › <kategori> › <produk> (as the page shows it). */
export function produkCrumbs(p: Pick<ProdukDetail, "nama_produk" | "nama_seo" | "kategori" | "kategori_seo">): Crumb[] {
  return [
    { name: "Beranda", path: "/" },
    { name: "Produk", path: "/produk" },
    ...(p.kategori && p.kategori_seo ? [{ name: p.kategori, path: `/produk/${p.kategori_seo}` }] : []),
    { name: p.nama_produk, path: produkPath(p.nama_seo) },
  ];
}

export function produkPath(seo: string): string {
  return `/detail-produk/${encodeURIComponent(seo)}`;
}

export function kategoriPath(seo: string): string {
  return `/produk/${encodeURIComponent(seo)}`;
}

/**
 * A product with its offer: the price in IDR when the free-text price holds a number (a
 * starting price is an AggregateOffer's lowPrice), InStock when a branch lists it (each such
 * branch in availableAtOrFrom), else OutOfStock.
 */
export function productLd(
  origin: string,
  shop: Pick<Shop, "nama_toko" | "kota">,
  p: ProdukDetail,
  gambar: readonly { gambar: string }[],
  gudang: readonly Gudang[],
): JsonLd {
  const url = absoluteUrl(origin, produkPath(p.nama_seo));
  const images = (gambar.length > 0 ? gambar.map((g) => g.gambar) : [p.gambar])
    .filter((src): src is string => Boolean(src))
    .map((src) => absoluteUrl(origin, src));
  const harga = hargaAngka(p.harga);
  const availability = gudang.length > 0 ? `${CONTEXT}/InStock` : `${CONTEXT}/OutOfStock`;
  const offer = compact({
    "@type": harga?.from ? "AggregateOffer" : "Offer",
    url,
    priceCurrency: harga ? "IDR" : undefined,
    price: harga && !harga.from ? String(harga.value) : undefined,
    lowPrice: harga?.from ? String(harga.value) : undefined,
    availability,
    itemCondition: `${CONTEXT}/NewCondition`,
    seller: { "@id": organizationId(origin) },
    availableAtOrFrom: gudang.map((g) => localBusinessLd(origin, shop, g)),
  });
  return compact({
    "@context": CONTEXT,
    "@type": "Product",
    "@id": `${url}#produk`,
    name: p.nama_produk,
    description: ringkas(p.deskripsi, 5000) || undefined,
    url,
    image: images,
    sku: String(p.id),
    category: p.kategori ?? undefined,
    brand: { "@type": "Brand", name: shop.nama_toko },
    offers: offer,
  });
}

/** Plain text on one line, cut at a word boundary after about `max` characters. */
export function ringkas(text: string | null | undefined, max: number): string {
  const flat = (text ?? "").replace(/<[^>]*>/g, " ").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

// ---- What each page hands its meta --------------------------------------------------------

/** A public page's canonical URL, preview image and JSON-LD, from its loader. */
export function pageSeo(
  request: Request,
  path: string,
  options: { image?: string | null; jsonLd?: (origin: string, image: string | null) => JsonLd[] } = {},
): PageSeo {
  const origin = siteOrigin(request);
  const image = ogImageUrl(origin, options.image);
  return {
    url: absoluteUrl(origin, path),
    image,
    imageWidth: image ? OG_IMAGE_WIDTH : undefined,
    imageHeight: image ? OG_IMAGE_HEIGHT : undefined,
    jsonLd: options.jsonLd?.(origin, image) ?? [],
  };
}

/** Home and Kontak Kami: the shop and its branches. */
export function shopSeo(db: Db, request: Request, path: string): PageSeo {
  const image = defaultImage(db);
  return pageSeo(request, path, {
    image,
    jsonLd: (origin, og) => {
      // Each branch's opening hours; a branch without hours on record has none.
      const weeks = jamBukaSemua(db);
      return [organizationLd(origin, getSetting(db), listKantorCabang(db), { image: og, hoursOf: (b) => openingHoursSpecification(weeks.get(b.id)) })];
    },
  });
}

/** A product page: its first image as the preview, Product and BreadcrumbList. */
export function produkSeo(
  db: Db,
  request: Request,
  detail: { produk: ProdukDetail; gambar: readonly { gambar: string }[]; gudang: readonly Gudang[] },
): PageSeo {
  const shop = getSetting(db);
  const { produk: p, gambar, gudang } = detail;
  return pageSeo(request, produkPath(p.nama_seo), {
    image: gambar[0]?.gambar ?? p.gambar ?? defaultImage(db),
    jsonLd: (origin) => [productLd(origin, shop, p, gambar, gudang), breadcrumbLd(origin, produkCrumbs(p))],
  });
}

// ---- Sitemap ------------------------------------------------------------------------------

export type SitemapEntry = { path: string; lastmod: Date };

const toDate = (value: unknown): Date => {
  if (value instanceof Date) return value;
  const n = Number(value ?? 0);
  return new Date(Number.isFinite(n) ? n : 0);
};
const latest = (...dates: unknown[]): Date => new Date(Math.max(...dates.map((d) => toDate(d).getTime())));

/**
 * Every public page, published category and published product (no drafts, no
 * product of a draft category), each with the newest `updated_at` of what it shows.
 * Origin-free, so it is read once per data change (readThrough), whatever the host.
 */
export function sitemapEntries(db: Db): SitemapEntry[] {
  return readThrough(db, "seo:sitemap", () => {
    const newest = (table: typeof banner | typeof galeri | typeof ulasan | typeof kantorCabang | typeof kategori | typeof produk) =>
      db.select({ v: max(table.updated_at) }).from(table).get()?.v ?? 0;
    const profilOf = (jenis: "tentang-kami" | "kerja-sama") =>
      db.select({ v: profil.updated_at }).from(profil).where(eq(profil.jenis, jenis)).get()?.v ?? 0;
    const shop = db.select({ v: settingTable.updated_at }).from(settingTable).get()?.v ?? 0;
    const produkNewest = newest(produk);
    const kategoriNewest = newest(kategori);
    const katalog = latest(produkNewest, kategoriNewest);

    const entries: SitemapEntry[] = [
      { path: "/", lastmod: latest(shop, newest(banner), katalog, newest(ulasan)) },
      { path: "/tentang-kami", lastmod: latest(shop, profilOf("tentang-kami"), newest(galeri)) },
      { path: "/produk", lastmod: latest(shop, katalog) },
      { path: "/kerja-sama", lastmod: latest(shop, profilOf("kerja-sama")) },
      { path: "/kontak-kami", lastmod: latest(shop, newest(kantorCabang)) },
    ];
    const kategoriRows = db
      .select({
        seo: kategori.seo,
        updated: kategori.updated_at,
        produkUpdated: sql<number | null>`(select max(${produk.updated_at}) from ${produk} where ${produk.id_kategori} = ${kategori.id} and ${produk.status} = 'Tayang')`,
      })
      .from(kategori)
      .where(eq(kategori.status, "Tayang"))
      .orderBy(asc(kategori.urutan), asc(kategori.id))
      .all();
    for (const k of kategoriRows) entries.push({ path: kategoriPath(k.seo), lastmod: latest(k.updated, k.produkUpdated) });
    const produkRows = db
      .select({
        seo: produk.nama_seo,
        updated: produk.updated_at,
        gambarUpdated: sql<number | null>`(select max(${gambarProduk.updated_at}) from ${gambarProduk} where ${gambarProduk.id_produk} = ${produk.id})`,
      })
      .from(produk)
      .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
      .where(produkTayang)
      .orderBy(desc(produk.id))
      .all();
    for (const p of produkRows) entries.push({ path: produkPath(p.seo), lastmod: latest(p.updated, p.gambarUpdated) });
    // The institute's funded research, while the LPPM module is on: the newest year's page and each year's.
    const modulLppm = db.select({ on: settingTable.modul_lppm }).from(settingTable).get()?.on ?? false;
    const years = modulLppm ? penelitianPerTahun(db) : [];
    if (years.length) entries.push({ path: "/penelitian", lastmod: latest(shop, ...years.map((y) => y.diubah)) });
    for (const y of years) entries.push({ path: `/penelitian?tahun=${y.tahun}`, lastmod: latest(shop, y.diubah) });
    return entries;
  });
}

const xmlEscape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

/** The sitemap protocol's XML (sitemaps.org 0.9), lastmod as a W3C date. */
export function sitemapXml(origin: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${xmlEscape(absoluteUrl(origin, e.path))}</loc><lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod></url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

/** Paths crawlers are asked to leave alone: the back office, account pages, the JSON API, the WhatsApp redirects. */
export const ROBOTS_DISALLOW = [
  "/operator",
  "/login",
  "/lupa-password",
  "/akun",
  "/api/",
  "/wa/",
  "/pengusul",
  "/reviewer",
  "/kepalalppm",
  "/sekretarislppm",
  "/operatorfakultas",
];

export function robotsTxt(origin: string): string {
  return [
    "# The public catalogue is for everyone; the back office, login and the JSON API are not.",
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
