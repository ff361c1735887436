import { pageTitle } from "./format";

type ShopSetting = { nama_toko?: string; kota?: string };
type MatchLike = { id: string; loaderData?: unknown } | undefined;

export const PUBLIC_LAYOUT_ID = "routes/public/layout";

/** The store setting the public layout loaded, for titles built in child routes' meta. */
export function shopFromMatches(matches: readonly MatchLike[]): ShopSetting | undefined {
  const layout = matches.find((m) => m?.id === PUBLIC_LAYOUT_ID);
  const data = layout?.loaderData as { setting?: ShopSetting } | undefined;
  return data?.setting;
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
