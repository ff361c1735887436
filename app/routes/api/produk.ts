import { getProdukApiData } from "~/domain/katalog/katalog.server";
import { notFound } from "~/http/api.server";
import { apiListState } from "~/http/api-list.server";
import { publicGet } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/**
 * GET /api/produk and /api/produk/{seo}: data.kategori[] and data.produk[] — every product (as
 * a card) unless the client asks for a page with ?q=&page=&size= like the other list calls.
 * ?q= is the public site's product search (name, category, description; accents,
 * case and one typo forgiven), the most relevant first; without it the answer is as it always was.
 */
export const loader = publicGet(({ request, params }) => {
  const result = getProdukApiData(getDb(), { seo: params.seo, state: apiListState(request) });
  if (!result) notFound("Kategori tidak ditemukan");
  if ("redirectTo" in result) {
    const target = new URL(`/api/produk/${result.redirectTo}`, request.url);
    target.search = new URL(request.url).search;
    return Response.redirect(target, 301);
  }
  return result;
});
