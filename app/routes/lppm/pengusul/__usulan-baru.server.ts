/**
 * The server half of Usulan Baru (the page: ./__usulan-baru.tsx): the lecturer's proposals of one
 * kind, their invitations, a new draft and deleting one. penelitian.usulan-baru.tsx and
 * pengabdian.usulan-baru.tsx each name their kind.
 */
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { listPeriodeTerbuka, type Jenis } from "~/domain/lppm/master/periode.server";
import { answerUndangan, createUsulan, deleteUsulan } from "~/domain/lppm/usulan/draft.server";
import { usulanAccess } from "~/domain/lppm/usulan/access.server";
import { listUndanganMenunggu, listUsulanSaya } from "~/domain/lppm/usulan/read.server";
import { createUsulanSchema } from "~/domain/lppm/usulan/usulan.schema";
import { deleteIntent } from "~/http/crud-screen.server";
import { parseId, runAction, SAVED, type Handler } from "~/http/action.server";
import { requireUser } from "~/http/guard.server";
import { readTableState } from "~/http/table-state.server";
import { getDb } from "~/lib/server/db.server";

export async function usulanBaruLoader({ request, url, context }: LoaderFunctionArgs, jenis: Jenis) {
  const user = requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, `usulan-${jenis}`);
  const status = url.searchParams.get("status") ?? "";
  const hapusId = parseId(url.searchParams.get("hapus"));
  const list = listUsulanSaya(db, user.id, jenis, state, status);
  // ?hapus=ID names one of the lecturer's own drafts; anything else is not found.
  const access = hapusId ? usulanAccess(db, user, hapusId) : null;
  if (hapusId && !access?.canDelete) throw data(null, { status: 404 });
  const hapus = access ? access.usulan : null;
  const now = new Date();
  return data(
    {
      title: `Usulan Baru ${JENIS_LABELS[jenis]}`,
      jenis,
      status,
      list,
      undangan: listUndanganMenunggu(db, user.id, jenis),
      tambah: url.searchParams.has("tambah"),
      periode: url.searchParams.has("tambah")
        ? listPeriodeTerbuka(db, jenis, now).map((p) => ({ id: p.id, label: p.label, tutup: p.windows.pengajuan?.closes ?? null, dana: p.skema.dana_maksimal }))
        : [],
      hapus: hapus ? { id: hapus.id, judul: hapus.judul } : null,
    },
    { headers },
  );
}

function tambah(jenis: Jenis): Handler {
  return (ctx) => {
    const created = createUsulan(ctx.db, ctx.user, jenis, ctx.parse(createUsulanSchema));
    if (!created.ok) return ctx.refuse({ ...created, field: created.field ?? "id_periode" });
    return ctx.done(SAVED, { to: `/pengusul/usulan/${created.id}?bagian=identitas` });
  };
}

/** An invitation to a team answered (Terima / Tolak): back to the list with the toast either way. */
export function jawabUndangan(jawaban: "DITERIMA" | "DITOLAK"): Handler {
  return ({ db, user, id, done }) => {
    const result = answerUndangan(db, user, id ?? 0, jawaban);
    if (!result.ok) return done(result.message, { kind: "error" });
    return done(jawaban === "DITERIMA" ? "Undangan diterima." : "Undangan ditolak.");
  };
}

export function usulanBaruAction(args: ActionFunctionArgs, jenis: Jenis) {
  return runAction(args, {
    tambah: tambah(jenis),
    terima: jawabUndangan("DITERIMA"),
    tolak: jawabUndangan("DITOLAK"),
    hapus: deleteIntent(({ db, user, id }) => deleteUsulan(db, user, id)),
  });
}
