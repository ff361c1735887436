import { produkSchema } from "~/domain/produk/produk.schema";
import {
  createProduk,
  deleteProduk,
  getProdukForm,
  listProdukPage,
  updateProduk,
  type ProdukForm,
  type ProdukSaveResult,
} from "~/domain/produk/produk.server";
import { DELETED, SAVED } from "~/http/action.server";
import { ApiError, notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { apiListState } from "~/http/api-list.server";
import { getDb } from "~/lib/server/db.server";

/** The legacy form shape: gudang as branch ids joined by commas. */
function legacyForm(produk: ProdukForm) {
  return { ...produk, gudang: produk.gudang.join(",") };
}

function saved(result: ProdukSaveResult) {
  if (!result.ok) {
    throw new ApiError(result.status, result.message, "fieldErrors" in result ? (result.fieldErrors as Record<string, string[]>) : undefined);
  }
  return { message: SAVED, data: legacyForm(result.produk) };
}

/**
 * /api/produkform[/{id}]: the list answers gudang as comma-separated branch names; the form
 * read answers gudang as comma-separated ids; writes take gudang as ids joined by commas.
 * Every product, drafts included, with its `status` ('Tayang' / 'Draf'; the list
 * also names its category's as `kategori_status`); writes take an optional `status` (left out:
 * a new product is 'Tayang', an edited one keeps its status).
 */
const resource = apiResource({
  list: ({ request }) => {
    const page = listProdukPage(getDb(), apiListState(request));
    return {
      data: page.rows.map((row) => ({ ...row, gudang: row.gudang.join(",") })),
      meta: { total: page.total, page: page.page, size: page.size },
    };
  },
  get: (id) => ({ data: legacyForm(getProdukForm(getDb(), id) ?? notFound()) }),
  create: (form) => saved(createProduk(getDb(), validate(form, produkSchema))),
  update: (id, form) => saved(updateProduk(getDb(), id, validate(form, produkSchema))),
  remove: async (id) => {
    const result = await deleteProduk(getDb(), id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;
