/**
 * The server half of the team's Catatan Harian (the page: ./__catatan-harian.tsx) for one kind of
 * proposal; penelitian.catatan-harian.tsx and pengabdian.catatan-harian.tsx each name their kind.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { data } from "react-router";
import { BUKTI_TERLALU_BESAR, catatanSchema } from "~/domain/lppm/catatan/catatan.schema";
import { addCatatan, getProyekCatatan, listProyekPengusul, RAB_KELOMPOK, removeCatatan } from "~/domain/lppm/catatan/catatan.server";
import { DELETED, parseId, runAction, SAVED } from "~/http/action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { toWibDateInput } from "~/lib/util/wib";

export async function catatanHarianLoader(args: LoaderFunctionArgs, jenis: Jenis) {
  // Only the team's own running projects of this kind open here (the office reads them under Monitoring).
  const { db, user, state, headers, lihat } = await readLihatList(args, `catatan_${jenis}`, (db, user, id) => {
    const found = getProyekCatatan(db, user, id);
    return found && found.jenis === jenis && (found.id_ketua === user.id || found.canWrite) ? found : null;
  });
  return data(
    {
      title: `Catatan Harian ${JENIS_LABELS[jenis]}`,
      list: listProyekPengusul(db, user.id, jenis, state),
      lihat,
      userId: user.id,
      kelompok: RAB_KELOMPOK,
      today: toWibDateInput(new Date()),
    },
    { headers },
  );
}

export function catatanHarianAction(args: ActionFunctionArgs) {
  // Both forms are about the project the page shows (?lihat=): back to it.
  const here = (url: URL) => url.pathname + url.search;
  return runAction(
    args,
    {
      tambah: async (ctx) => {
        const { db, user, id } = ctx;
        if (!id) return ctx.reply(400, "Usulan tidak valid.");
        const { bukti, ...input } = ctx.parse(catatanSchema(RAB_KELOMPOK));
        // The files come parsed with the note (bukti); a refused one is said on that field.
        const added = await ctx.upload("bukti", () => addCatatan(db, user, id, input, bukti));
        return added.ok ? ctx.done(SAVED, { to: here(ctx.url) }) : ctx.refuse(added);
      },
      hapus: async (ctx) => {
        const { db, user, id, form } = ctx;
        if (!id) return ctx.reply(400, "Usulan tidak valid.");
        const catatanId = parseId(form.get("catatan"));
        if (!catatanId) return ctx.reply(400, "Catatan tidak valid.");
        const removed = await removeCatatan(db, user, id, catatanId);
        if (!removed.ok) return ctx.refuse(removed);
        // Back to the project, without the question.
        const back = new URLSearchParams(ctx.url.searchParams);
        back.delete("hapus");
        return ctx.done(DELETED, { to: `${ctx.url.pathname}?${back.toString()}` });
      },
    },
    { upload: { intent: "tambah", field: "bukti", message: BUKTI_TERLALU_BESAR } },
  );
}
