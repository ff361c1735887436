import { getProdukDetailData } from "~/domain/katalog/katalog.server";
import { notFound } from "~/http/api.server";
import { publicGet } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** GET /api/produkdetail/{seo}: data.produk, data.gambar[], data.gudang[], data.produklain[]. */
export const loader = publicGet(({ request, params }) => {
  const result = getProdukDetailData(getDb(), params.seo ?? "");
  if (!result) notFound("Produk tidak ditemukan");
  if ("redirectTo" in result) {
    return Response.redirect(new URL(`/api/produkdetail/${result.redirectTo}`, request.url), 301);
  }
  return { data: result };
});
