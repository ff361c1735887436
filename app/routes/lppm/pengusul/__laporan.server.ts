/**
 * The server half of the team's Laporan Kemajuan and Laporan Akhir (the page: ./__laporan.tsx):
 * the four modules penelitian.laporan-kemajuan.tsx, … each name their kind of proposal and report.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { data } from "react-router";
import { ajukanLaporan, simpanLaporan, simpanLuaranCapaian, unggahLaporan } from "~/domain/lppm/laporan/draft.server";
import { getLaporan, listLaporanPengusul } from "~/domain/lppm/laporan/read.server";
import { LAPORAN_JUDUL, laporanSchema, luaranCapaianSchema, type LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";
import { stageState } from "~/domain/lppm/stage-window";
import { here, parseId, runAction, SAVED, withId, type ActionContext, type Refusal } from "~/http/action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { DOCUMENT_REQUIRED, DOCUMENT_TOO_BIG } from "~/lib/util/document-rules";

export async function laporanLoader(args: LoaderFunctionArgs, jenisUsulan: Jenis, jenis: LaporanJenis) {
  // Only the team's own projects of this kind open here (the office reads them under Monitoring).
  const { db, user, state, headers, lihat } = await readLihatList(args, `laporan_${jenis}_${jenisUsulan}`, (db, user, id) => {
    const found = getLaporan(db, user, id, jenis);
    return found && found.onTeam && found.usulan.jenis === jenisUsulan ? found : null;
  });
  const now = new Date();
  return data(
    {
      title: `${LAPORAN_JUDUL[jenis]} ${JENIS_LABELS[jenisUsulan]}`,
      jenis,
      list: listLaporanPengusul(db, user.id, jenisUsulan, jenis, state),
      lihat,
      jadwal: lihat ? stageState(lihat.window, now) : null,
    },
    { headers },
  );
}

export function laporanAction(args: ActionFunctionArgs, jenis: LaporanJenis) {
  // A part saved: back to the report the page shows.
  const saved = (ctx: ActionContext, result: { ok: true } | Refusal) => (result.ok ? ctx.done(SAVED, { to: here(ctx.url) }) : ctx.refuse(result));
  return runAction(
    args,
    {
      simpan: withId("Usulan tidak valid.", (ctx) => saved(ctx, simpanLaporan(ctx.db, ctx.user, ctx.id, jenis, ctx.parse(laporanSchema)))),
      unggah: withId("Usulan tidak valid.", async (ctx) =>
        saved(ctx, await ctx.upload("dokumen", ([file]) => unggahLaporan(ctx.db, ctx.user, ctx.id, jenis, file!), { required: DOCUMENT_REQUIRED })),
      ),
      // One output's capaian and evidence; every reply says which output (`luaran`) it is about.
      "simpan-luaran": withId("Usulan tidak valid.", async (ctx) => {
        const luaranId = parseId(ctx.form.get("luaran"));
        if (!luaranId) return ctx.reply(400, "Luaran tidak valid.");
        ctx.echo({ luaran: luaranId });
        const value = ctx.parse(luaranCapaianSchema());
        const result = await ctx.upload("bukti", ([file]) => simpanLuaranCapaian(ctx.db, ctx.user, ctx.id, jenis, luaranId, value, file ?? null));
        return result.ok ? ctx.done(SAVED, { to: here(ctx.url) }) : ctx.reply(result.status, result.message);
      }),
      // Submitted: back to the list.
      ajukan: withId("Usulan tidak valid.", (ctx) => {
        const outcome = ajukanLaporan(ctx.db, ctx.user, ctx.id, jenis);
        return outcome.ok ? ctx.done() : ctx.refuse(outcome);
      }),
    },
    // A file far over 10 MB is said on the upload field.
    { upload: { intent: "unggah", field: "dokumen", message: DOCUMENT_TOO_BIG } },
  );
}
