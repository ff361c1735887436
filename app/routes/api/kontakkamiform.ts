import { kontakKamiSchema } from "~/domain/kantor-cabang/kantor-cabang.schema";
import { updateKontakKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { SAVED } from "~/http/action.server";
import { notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/** POST /api/kontakkamiform/{id} {alamat, kontak, maps, _method}: a branch's contact record. */
const resource = apiResource({
  update: (id, form) => {
    const input = validate(form, kontakKamiSchema);
    return { message: SAVED, data: { gudang: updateKontakKantorCabang(getDb(), id, input) ?? notFound() } };
  },
});
export const action = resource.action;
