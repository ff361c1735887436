import { kantorCabangSchema } from "~/domain/kantor-cabang/kantor-cabang.schema";
import {
  createKantorCabang,
  deleteKantorCabang,
  getKantorCabang,
  listKantorCabang,
  updateKantorCabangNama,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { DELETED, SAVED } from "~/lib/http/action.server";
import { ApiError, notFound, validate } from "~/lib/http/api.server";
import { apiResource } from "~/lib/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** /api/kantorcabangform[/{id}]: {kantor_cabang}. A branch still stocking products is refused (409). */
const resource = apiResource({
  list: () => ({ data: listKantorCabang(getDb()) }),
  get: (id) => ({ data: getKantorCabang(getDb(), id) ?? notFound() }),
  create: (form) => ({ message: SAVED, data: createKantorCabang(getDb(), validate(form, kantorCabangSchema)) }),
  update: (id, form) => {
    const input = validate(form, kantorCabangSchema);
    return { message: SAVED, data: updateKantorCabangNama(getDb(), id, input) ?? notFound() };
  },
  remove: (id) => {
    const result = deleteKantorCabang(getDb(), id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;
