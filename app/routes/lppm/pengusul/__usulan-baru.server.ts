/**
 * The server half of Usulan Baru (the page: ./__usulan-baru.tsx): the lecturer's proposals of one
 * kind, their invitations, a new draft and deleting one. penelitian.usulan-baru.tsx and
 * pengabdian.usulan-baru.tsx each name their kind.
 */
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { listPeriodeTerbuka, type Jenis } from "~/domain/lppm/master/periode.server";
import { answerUndangan, createUsulan, deleteUsulan } from "~/domain/lppm/usulan/draft.server";
import { usulanAccess } from "~/domain/lppm/usulan/access.server";
import { listUndanganMenunggu, listUsulanSaya } from "~/domain/lppm/usulan/read.server";
import { createUsulanSchema } from "~/domain/lppm/usulan/usulan.schema";
import { SAVE_FAILED, SAVED } from "~/lib/util/messages";
import { deleteIntent, intentAction, type Intent, type Reply } from "~/http/crud-screen.server";
import { parseId, redirectWithToast } from "~/http/action.server";
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

function create(jenis: Jenis): Intent {
  return async ({ db, user, form }) => {
  const submission = parseWithZod(form, { schema: createUsulanSchema });
  if (submission.status !== "success") {
    return data<Reply>({ intent: "create", result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  const created = createUsulan(db, user, jenis, submission.value);
  if (!created.ok) {
    return data<Reply>(
      { intent: "create", result: submission.reply({ fieldErrors: { [created.field ?? "id_periode"]: [created.message] } }), message: created.message },
      { status: created.status },
    );
  }
  return redirectWithToast(`/pengusul/usulan/${created.id}?bagian=identitas`, "success", SAVED);
  };
}

function answer(jawaban: "DITERIMA" | "DITOLAK"): Intent {
  return async ({ db, user, id, back }) => {
    const result = answerUndangan(db, user, id, jawaban);
    if (!result.ok) return redirectWithToast(back, "error", result.message);
    return redirectWithToast(back, "success", jawaban === "DITERIMA" ? "Undangan diterima." : "Undangan ditolak.");
  };
}

export function usulanBaruAction(args: ActionFunctionArgs, jenis: Jenis) {
  return intentAction(args, {
    create: create(jenis),
    terima: answer("DITERIMA"),
    tolak: answer("DITOLAK"),
    delete: deleteIntent(({ db, user, id }) => deleteUsulan(db, user, id)),
  });
}
