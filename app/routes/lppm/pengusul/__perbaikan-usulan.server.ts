/**
 * The server half of Perbaikan Usulan of the proposer (the page: ./__perbaikan-usulan.tsx): their
 * funded proposals of one kind, each with the reviewers' results to revise against; within the
 * perbaikan window the ketua uploads the revised PDF, writes the final RAB and submits it. penelitian.perbaikan-usulan.tsx and pengabdian.perbaikan-
 * usulan.tsx each name their kind.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { data } from "react-router";
import {
addRabPerbaikan,
ajukanPerbaikan,
getPerbaikanPengusul,
listPerbaikanPengusul,
RAB_KELOMPOK,
removeRabPerbaikan,
salinRabUsulan,
uploadPerbaikan
} from "~/domain/lppm/perbaikan/perbaikan.server";
import { rabSchema } from "~/domain/lppm/usulan/usulan.schema";
import { here, parseId, runAction, SAVED, withId, type ActionContext, type Refusal } from "~/http/action.server";
import { readLihatList } from "~/http/lihat-list.server";
import { DOCUMENT_REQUIRED, DOCUMENT_TOO_BIG } from "~/lib/util/document-rules";

export async function perbaikanUsulanLoader(args: LoaderFunctionArgs, jenis: Jenis) {
  const { db, user, state, headers, lihat } = await readLihatList(args, `perbaikan_${jenis}`, (db, user, id) => getPerbaikanPengusul(db, user.id, id, jenis));
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

const rabForm = rabSchema(RAB_KELOMPOK);

export function perbaikanUsulanAction(args: ActionFunctionArgs) {
  const handler = (run: (ctx: ActionContext & { id: number }) => Result | Promise<Result>) =>
    withId("Usulan tidak valid.", async (ctx) => {
      const result = await run(ctx);
      return result.ok ? ctx.done(SAVED, { to: here(ctx.url) }) : ctx.refuse(result);
    });
  return runAction(
    args,
    {
      unggah: handler(({ db, user, id, upload }) => upload("dokumen", ([file]) => uploadPerbaikan(db, user, id, file!), { required: DOCUMENT_REQUIRED })),
      // Conform's parsing, as the proposal's own RAB form: blank is missing, numbers from text.
      "tambah-rab": handler(({ db, user, id, parse }) => addRabPerbaikan(db, user, id, parse(rabForm))),
      "hapus-rab": handler(({ db, user, id, form }) => {
        const rabId = parseId(form.get("rab"));
        return rabId ? removeRabPerbaikan(db, user, id, rabId) : { ok: false, status: 400, message: "Baris RAB tidak valid." };
      }),
      "salin-rab": handler(({ db, user, id }) => salinRabUsulan(db, user, id)),
      // Submitted: back to the list.
      ajukan: withId("Usulan tidak valid.", (ctx) => {
        const outcome = ajukanPerbaikan(ctx.db, ctx.user, ctx.id);
        return outcome.ok ? ctx.done() : ctx.refuse(outcome);
      }),
    },
    // A file far over 10 MB is said on the upload field.
    { upload: { intent: "unggah", field: "dokumen", message: DOCUMENT_TOO_BIG } },
  );
}

type Result = { ok: true } | Refusal;
