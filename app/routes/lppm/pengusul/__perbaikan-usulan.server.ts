/**
 * The server half of Perbaikan Usulan of the proposer (the page: ./__perbaikan-usulan.tsx): their
 * funded proposals of one kind; within the perbaikan window the ketua uploads the revised PDF,
 * writes the final RAB and submits it. penelitian.perbaikan-usulan.tsx and pengabdian.perbaikan-
 * usulan.tsx each name their kind.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import {
addRabPerbaikan,
ajukanPerbaikan,
getPerbaikan,
listPerbaikanPengusul,
PENGUSUL_PERBAIKAN_STATUSES,
RAB_KELOMPOK,
removeRabPerbaikan,
salinRabUsulan,
uploadPerbaikan
} from "~/domain/lppm/perbaikan/perbaikan.server";
import { rabSchema } from "~/domain/lppm/usulan/usulan.schema";
import { parseId, redirectWithToast, SAVED } from "~/http/action.server";
import { formAction, type DomainRefusal, type FormReply } from "~/http/form-action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { backUrl } from "~/http/decision.server";
import { DOCUMENT_REQUIRED, DOCUMENT_TOO_BIG } from "~/lib/util/document-rules";

export async function perbaikanUsulanLoader(args: LoaderFunctionArgs, jenis: Jenis) {
  const { db, user, state, headers, lihat } = await readLihatList(args, `perbaikan_${jenis}`, (db, user, id) => {
    const found = getPerbaikan(db, id);
    return found && found.id_ketua === user.id && found.jenis === jenis && PENGUSUL_PERBAIKAN_STATUSES.includes(found.status) ? found : null;
  });
  return data(
    {
      title: `Perbaikan Usulan ${JENIS_LABELS[jenis]}`,
      list: listPerbaikanPengusul(db, user.id, jenis, state),
      lihat,
      kelompok: RAB_KELOMPOK,
    },
    { headers },
  );
}

export type Reply = FormReply & { problems?: string[] };

const rabForm = rabSchema(RAB_KELOMPOK);

export function perbaikanUsulanAction(args: ActionFunctionArgs) {
  const { url } = args;
  return formAction<"unggah" | "rab-tambah" | "rab-hapus" | "salin-rab" | "ajukan", Reply>(
    args,
    ["unggah", "rab-tambah", "rab-hapus", "salin-rab", "ajukan"],
    async ({ db, user, form, intent, id, refuse, invalid, refused, upload }) => {
      if (!id) return refuse("Usulan tidak valid.", 400);
      let result: { ok: true } | DomainRefusal;
      switch (intent) {
        case "unggah":
          result = await upload("dokumen", ([file]) => uploadPerbaikan(db, user, id, file!), { required: DOCUMENT_REQUIRED });
          break;
        case "rab-tambah": {
          // Conform's parsing, as the proposal's own RAB form: blank is missing, numbers from text.
          const submission = parseWithZod(form, { schema: rabForm });
          if (submission.status !== "success") return invalid(submission.error);
          result = addRabPerbaikan(db, user, id, submission.value);
          break;
        }
        case "rab-hapus": {
          const rabId = parseId(form.get("rab"));
          if (!rabId) return refuse("Baris RAB tidak valid.", 400);
          result = removeRabPerbaikan(db, user, id, rabId);
          break;
        }
        case "salin-rab":
          result = salinRabUsulan(db, user, id);
          break;
        default: {
          const outcome = ajukanPerbaikan(db, user, id);
          if (outcome.ok) return redirectWithToast(backUrl(url), "success", SAVED);
          result = outcome;
        }
      }
      if (!result.ok) return refused(result);
      return redirectWithToast(url.pathname + url.search, "success", SAVED);
    },
    // A file far over 10 MB is said on the upload field.
    { upload: { intent: "unggah", field: "dokumen", message: DOCUMENT_TOO_BIG } },
  );
}
