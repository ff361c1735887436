import { kantorCabangSchemaFor } from "~/domain/kantor-cabang/kantor-cabang.schema";
import {
  createKantorCabang,
  deleteKantorCabang,
  getJamBuka,
  getKantorCabang,
  jamBukaSemua,
  listKantorCabang,
  updateKantorCabangNama,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { DELETED, SAVED } from "~/http/action.server";
import { ApiError, notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

/**
 * /api/kantorcabangform[/{id}]: {kantor_cabang}. A branch still stocking products is refused (409).
 *
 * Opening hours, beside `data` so the records keep the spec's keys: a list answers
 * `jam_buka: [{ id_kantor_cabang, jadwal: [{ hari, buka, tutup } × 7] }]` for the branches that
 * have hours on record, one record `jam_buka: [{ hari, buka, tutup } × 7] | null`. A create or
 * update may send jam_buka_1…7, jam_tutup_1…7 (HH:MM) and libur_1…7 as the Kantor Cabang form
 * does; a body without any of them (the legacy client) leaves the hours as they are.
 */
const resource = apiResource({
  list: () => {
    const db = getDb();
    const jam = [...jamBukaSemua(db)].map(([id, jadwal]) => ({ id_kantor_cabang: id, jadwal }));
    return { data: listKantorCabang(db), jam_buka: jam };
  },
  get: (id) => {
    const db = getDb();
    return { data: getKantorCabang(db, id) ?? notFound(), jam_buka: getJamBuka(db, id) };
  },
  create: (form) => {
    const db = getDb();
    const data = createKantorCabang(db, validate(form, kantorCabangSchemaFor(form)));
    return { message: SAVED, data, jam_buka: getJamBuka(db, data.id) };
  },
  update: (id, form) => {
    const db = getDb();
    const input = validate(form, kantorCabangSchemaFor(form));
    const data = updateKantorCabangNama(db, id, input) ?? notFound();
    return { message: SAVED, data, jam_buka: getJamBuka(db, id) };
  },
  remove: (id) => {
    const result = deleteKantorCabang(getDb(), id);
    if (!result.ok) throw new ApiError(result.status, result.message);
    return { message: DELETED };
  },
});
export const loader = resource.loader;
export const action = resource.action;
