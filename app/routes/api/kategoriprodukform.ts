import { kategoriSchema } from "~/domain/kategori/kategori.schema";
import {
  createKategori,
  deleteKategori,
  getKategori,
  listKategori,
  updateKategori,
} from "~/domain/kategori/kategori.server";
import { DELETED, SAVED } from "~/lib/http/action.server";
import { ApiError, notFound, validate } from "~/lib/http/api.server";
import { apiResource } from "~/lib/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** /api/kategoriprodukform[/{id}]: {kategori}; seo is generated. */
const resource = apiResource({
  list: () => ({ data: listKategori(getDb()) }),
  get: (id) => ({ data: getKategori(getDb(), id) ?? notFound() }),
  create: (form) => ({ message: SAVED, data: createKategori(getDb(), validate(form, kategoriSchema)) }),
  update: (id, form) => {
    const input = validate(form, kategoriSchema);
    return { message: SAVED, data: updateKategori(getDb(), id, input) ?? notFound() };
  },
  remove: (id) => {
    const result = deleteKategori(getDb(), id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;
