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

/** Title "<Page> - <nama_toko> <kota>", description, and Open Graph tags. */
export function publicMeta(
  matches: readonly MatchLike[],
  page: string,
  description?: string,
  image?: string | null,
) {
  const title = pageTitle(page, shopFromMatches(matches));
  const tags: Array<Record<string, string>> = [
    { title },
    { property: "og:title", content: title },
    { property: "og:type", content: "website" },
  ];
  if (description) {
    tags.push({ name: "description", content: description });
    tags.push({ property: "og:description", content: description });
  }
  if (image) tags.push({ property: "og:image", content: image });
  return tags;
}
