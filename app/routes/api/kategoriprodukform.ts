import { kategoriSchema } from "~/domain/kategori/kategori.schema";
import {
  createKategori,
  deleteKategori,
  getKategori,
  listSemuaKategori,
  pindahKategori,
  updateKategori,
} from "~/domain/kategori/kategori.server";
import { pindahSchema } from "~/domain/urutan/urutan.server";
import { DELETED, SAVED } from "~/http/action.server";
import { ApiError, notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/**
 * /api/kategoriprodukform[/{id}]: {kategori, status?}; seo is generated. The list holds every
 * category, drafts included, in the manual order, each with its `status`. An update
 * may carry `pindah` (naik/turun) to move it; `pindah` alone (no `kategori`) only moves it.
 */
const resource = apiResource({
  list: () => ({ data: listSemuaKategori(getDb()) }),
  get: (id) => ({ data: getKategori(getDb(), id) ?? notFound() }),
  create: (form) => ({ message: SAVED, data: createKategori(getDb(), validate(form, kategoriSchema)) }),
  update: (id, form) => {
    const { pindah } = validate(form, pindahSchema);
    const db = getDb();
    if (!pindah || form.has("kategori")) {
      const input = validate(form, kategoriSchema);
      if (!updateKategori(db, id, input)) notFound();
    }
    if (pindah && !pindahKategori(db, id, pindah)) notFound();
    return { message: SAVED, data: getKategori(db, id) ?? notFound() };
  },
  remove: (id) => {
    const result = deleteKategori(getDb(), id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;
