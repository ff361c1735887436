import { getProdukSummary } from "../../domain/produk/produk.server";
import { notFound } from "../../lib/api.server";
import { apiResource } from "../../lib/api-resource.server";
import { getDb } from "../../lib/db.server";

/** GET /api/getproduk/{kode}: nama_produk, deskripsi, gudang (branch names), harga. */
const resource = apiResource({
  idParam: "kode",
  get: (kode) => {
    const produk = getProdukSummary(getDb(), kode) ?? notFound();
    return { data: { ...produk, gudang: produk.gudang.join(",") } };
  },
});
export const loader = resource.loader;
