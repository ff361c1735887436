import { produkImages } from "~/domain/images/collections.server";
import { legacyGambarProduk } from "~/domain/produk/produk.server";
import { notFound } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** GET /api/getgambarproduk/{id}: one product image. */
const resource = apiResource({
  get: (id) => ({ data: legacyGambarProduk(produkImages.get(getDb(), id) ?? notFound()) }),
});
export const loader = resource.loader;
