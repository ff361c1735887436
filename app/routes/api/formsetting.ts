import { settingSchemaFor } from "~/domain/setting/setting.schema";
import { getSetting, updateSetting, type Setting } from "~/domain/setting/setting.server";
import { SAVED } from "~/http/action.server";
import { notFound, validate } from "~/http/api.server";
import { apiResource } from "~/http/api-resource.server";
import { getDb } from "~/lib/server/db.server";

const SETTING_ID = 1;

/** The fields of the legacy contract: not the timestamps, nor the backup schedule (the Cadangan page's). */
function legacy(setting: Setting) {
  const { created_at: _c, updated_at: _u, cadangan_jam: _j, cadangan_simpan: _s, ...fields } = setting;
  return fields;
}

/**
 * GET /api/formsetting/1 and POST /api/formsetting/1 {nama_toko, alamat, instagram, whatsapp,
 * facebook, _method}. The id is always 1. Each field sent is checked as on the Setting screen;
 * a field not sent (the legacy client never sends kota, email, maps, zona_waktu) keeps its stored
 * value. `zona_waktu`: Asia/Jakarta, Asia/Makassar or Asia/Jayapura.
 */
const resource = apiResource({
  get: (id) => {
    if (id !== SETTING_ID) notFound();
    return { data: legacy(getSetting(getDb())) };
  },
  update: (id, form) => {
    if (id !== SETTING_ID) notFound();
    return { message: SAVED, data: legacy(updateSetting(getDb(), validate(form, settingSchemaFor(form)))) };
  },
});
export const loader = resource.loader;
export const action = resource.action;
