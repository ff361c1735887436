/**
 * The server half of the reviewer's two evaluation screens (ReviewerEvaluasiAdministrasi,
 * ReviewerEvaluasiSubstansi): the list of the reviewer's assignments for the tahap (status
 * filter: belum / sudah / semua), one of them at ?nilai=<penugasan id> — another reviewer's, or
 * one not at this tahap, answers 404 — and the save ('Simpan Penilaian', intent `simpan`).
 */
import { data, type RouterContextProvider } from "react-router";
import { NOT_FOUND } from "~/lib/util/messages";
import { administrasiSchema, substansiSchema } from "~/domain/lppm/review/review.schema";
import {
  getPenilaian,
  jenisPenugasan,
  kriteriaRubrik,
  listPenugasanSaya,
  parsePenilaianFilter,
  rubrikKosong,
  simpanAdministrasi,
  simpanSubstansi,
  type Tahap,
} from "~/domain/lppm/review/penilaian.server";
import { parseId, runAction } from "~/http/action.server";
import { readTableState } from "~/http/table-state.server";
import { requireUser } from "~/http/guard.server";
import { getDb } from "~/lib/server/db.server";

type Args = { request: Request; url: URL; context: Readonly<RouterContextProvider> };

export function evaluasiLoader(tahap: Tahap) {
  return async ({ request, url, context }: Args) => {
    const user = requireUser(context);
    const db = getDb();
    const { state, headers } = await readTableState(request, `evaluasi_${tahap}`);
    const filter = parsePenilaianFilter(url.searchParams.get("status"));
    const nilaiParam = url.searchParams.get("nilai");
    const nilaiId = parseId(nilaiParam);
    const nilai = nilaiId ? getPenilaian(db, user, nilaiId, tahap) : null;
    if (nilaiParam !== null && !nilai) throw data(null, { status: 404 });
    return data({ list: listPenugasanSaya(db, user.id, tahap, state, filter), status: filter, nilai }, { headers });
  };
}

export function evaluasiAction(tahap: Tahap) {
  return (args: Args) =>
    runAction(args, {
      simpan: async (ctx) => {
        const { db, user, id } = ctx;
        const jenis = id ? jenisPenugasan(db, user.id, id) : null;
        if (!id || !jenis) return ctx.reply(404, NOT_FOUND);
        // The form has one row per criterion of the rubric as it is now.
        const count = kriteriaRubrik(db, jenis, tahap).length;
        if (!count) return ctx.reply(409, rubrikKosong(jenis, tahap));
        const value = ctx.parse(tahap === "administrasi" ? administrasiSchema(count) : substansiSchema(count));
        const result =
          tahap === "administrasi"
            ? simpanAdministrasi(db, user, id, value as Parameters<typeof simpanAdministrasi>[3])
            : simpanSubstansi(db, user, id, value as Parameters<typeof simpanSubstansi>[3]);
        if (result.ok) return ctx.done();
        if (result.status === 404) return ctx.reply(404, NOT_FOUND);
        return ctx.refuse(result);
      },
    });
}
