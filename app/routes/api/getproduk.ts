import { getProdukSummary } from "~/domain/produk/produk.server";
import { notFound } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/**
 * GET /api/getproduk/{kode} (operator): nama_produk, deskripsi, gudang (branch names), harga, and
 * whether the public sees it: `status` and its category's `kategori_status`.
 */
const resource = apiResource({
  idParam: "produkId",
  get: (produkId) => {
    const produk = getProdukSummary(getDb(), produkId) ?? notFound();
    return { data: { ...produk, gudang: produk.gudang.join(",") } };
  },
});
export const loader = resource.loader;
