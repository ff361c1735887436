import { getProdukData, parseHalaman } from "../../domain/katalog/katalog.server";
import { notFound } from "../../lib/api.server";
import { publicGet } from "../../lib/api-resource.server";
import { getDb } from "../../lib/db.server";

/** GET /api/produk and /api/produk/{seo}: data.kategori[], data.produk[] (paged with ?halaman=). */
export const loader = publicGet(({ request, params }) => {
  const halaman = parseHalaman(new URL(request.url).searchParams.get("halaman"));
  const result = getProdukData(getDb(), { seo: params.seo, halaman });
  if (!result) notFound("Kategori tidak ditemukan");
  if ("redirectTo" in result) {
    return Response.redirect(new URL(`/api/produk/${result.redirectTo}`, request.url), 301);
  }
  return { data: result };
});
