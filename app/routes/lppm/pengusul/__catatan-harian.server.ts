/**
 * The server half of the team's Catatan Harian (the page: ./__catatan-harian.tsx) for one kind of
 * proposal; penelitian.catatan-harian.tsx and pengabdian.catatan-harian.tsx each name their kind.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { BUKTI_TERLALU_BESAR, catatanSchema } from "~/domain/lppm/catatan/catatan.schema";
import { addCatatan, getProyekCatatan, listProyekPengusul, RAB_KELOMPOK, removeCatatan } from "~/domain/lppm/catatan/catatan.server";
import { parseId, redirectWithToast, DELETED, SAVED } from "~/http/action.server";
import { formAction, type FormReply } from "~/http/form-action.server";
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

export type Reply = FormReply;

export function catatanHarianAction(args: ActionFunctionArgs) {
  const { url } = args;
  return formAction(
    args,
    ["tambah", "hapus"] as const,
    async ({ db, user, form, intent, id, refuse, invalid, refused, upload }) => {
      if (!id) return refuse("Usulan tidak valid.", 400);
      if (intent === "hapus") {
        const catatanId = parseId(form.get("catatan"));
        if (!catatanId) return refuse("Catatan tidak valid.", 400);
        const removed = await removeCatatan(db, user, id, catatanId);
        if (!removed.ok) return refused(removed);
        // Back to the project, without the question.
        const back = new URLSearchParams(url.searchParams);
        back.delete("hapus");
        return redirectWithToast(`${url.pathname}?${back.toString()}`, "success", DELETED);
      }
      const submission = parseWithZod(form, { schema: catatanSchema(RAB_KELOMPOK) });
      if (submission.status !== "success") return invalid(submission.error);
      const { bukti, ...input } = submission.value;
      // The files come parsed with the note (bukti); a refused one is said on that field.
      const added = await upload("bukti", () => addCatatan(db, user, id, input, bukti));
      if (!added.ok) return refused(added);
      return redirectWithToast(url.pathname + url.search, "success", SAVED);
    },
    { upload: { intent: "tambah", field: "bukti", message: BUKTI_TERLALU_BESAR } },
  );
}
