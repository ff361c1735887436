import { getKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { notFound } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** GET /api/kontakkami/{id}: one branch's contact record, nested under `gudang`. */
const resource = apiResource({
  get: (id) => ({ data: { gudang: getKantorCabang(getDb(), id) ?? notFound() } }),
});
export const loader = resource.loader;
