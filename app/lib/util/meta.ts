import { pageTitle } from "~/lib/util/format";

type ShopSetting = { nama_toko?: string; kota?: string };
type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const PUBLIC_LAYOUT_ID = "routes/public/layout";
/** The pathless layout over /login, /lupa-password and /akun/ubah-password (app/routes.ts). */
export const AUTH_LAYOUT_ID = "AuthLayout";

/** Layouts whose loader returns `{ setting: { nama_toko, kota, … } }` for their pages' titles. */
const SHOP_LAYOUT_IDS = new Set([PUBLIC_LAYOUT_ID, AUTH_LAYOUT_ID]);

/** The store setting a layout loaded, for titles built in child routes' meta. */
export function shopFromMatches(matches: readonly MatchLike[]): ShopSetting | undefined {
  const layout = matches.find((m) => m !== undefined && SHOP_LAYOUT_IDS.has(m.id));
  const data = layout?.loaderData as { setting?: ShopSetting } | undefined;
  return data?.setting;
}

/** The part of the setting a title needs (what a layout loader hands its pages). */
export function shopOf(setting: { nama_toko: string; kota: string }): { nama_toko: string; kota: string } {
  return { nama_toko: setting.nama_toko, kota: setting.kota };
}

/** Spec section 1: every page title ends with the shop name and city — "<Page> - <nama_toko> <kota>". */
export function titleMeta(matches: readonly MatchLike[], page: string) {
  return [{ title: pageTitle(page, shopFromMatches(matches)) }];
}

/** A schema.org JSON-LD object, rendered as <script type="application/ld+json"> (data, not script). */
export type JsonLd = { [key: string]: unknown };

/**
 * What a public page's loader hands its meta for search engines and link previews,
 * built on the server by app/domain/katalog/seo.server.ts: the absolute canonical URL, the
 * 1200×630 preview image, and JSON-LD.
 */
export type PageSeo = {
  url: string;
  image: string | null;
  imageWidth?: number | undefined;
  imageHeight?: number | undefined;
  jsonLd: JsonLd[];
};

type MetaTag = Record<string, string> | { tagName: "link"; rel: string; href: string } | { "script:ld+json": JsonLd };


/**
 * Title "<Page> - <nama_toko> <kota>", description, Open Graph and Twitter tags; with `seo`
 * also the canonical link, og:url, og:image (1200×630) and the page's JSON-LD.
 */
export function publicMeta(
  matches: readonly MatchLike[],
  page: string,
  description?: string,
  image?: string | null,
  seo?: PageSeo,
) {
  const shop = shopFromMatches(matches);
  const title = pageTitle(page, shop);
  const tags: MetaTag[] = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
    { property: "og:locale", content: "id_ID" },
  ];
  if (shop?.nama_toko) tags.push({ property: "og:site_name", content: shop.nama_toko });
  if (description) {
    tags.push({ name: "description", content: description });
    tags.push({ property: "og:description", content: description });
  }
  const preview = seo ? seo.image : image;
  if (seo) {
    tags.push({ tagName: "link", rel: "canonical", href: seo.url });
    tags.push({ property: "og:url", content: seo.url });
  }
  if (preview) {
    tags.push({ property: "og:image", content: preview });
    if (seo?.imageWidth && seo.imageHeight) {
      tags.push({ property: "og:image:type", content: "image/jpeg" });
      tags.push({ property: "og:image:width", content: String(seo.imageWidth) });
      tags.push({ property: "og:image:height", content: String(seo.imageHeight) });
    }
    tags.push({ property: "og:image:alt", content: page });
  }
  tags.push({ name: "twitter:card", content: preview ? "summary_large_image" : "summary" });
  tags.push({ name: "twitter:title", content: title });
  if (description) tags.push({ name: "twitter:description", content: description });
  if (preview) tags.push({ name: "twitter:image", content: preview });
  for (const ld of seo?.jsonLd ?? []) tags.push({ "script:ld+json": ld });
  return tags;
}
