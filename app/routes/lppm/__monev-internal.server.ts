/**
 * The server half of Monev Internal PT as the LPPM office sees it (the page: ./__monev-internal.tsx):
 * the Operator's /operator/lppm/monev-internal and the Kepala's Monitoring copy
 * (/kepalalppm/monitoring/monev-internal), each a module of its own naming its office.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { getMonev, listMonevKantor, tugaskanMonev } from "~/domain/lppm/monev/monev.server";
import { MONEV_FILTERS, monevTugasSchema, type MonevFilter } from "~/domain/lppm/monev/monev";
import { listReviewerPilihan } from "~/domain/lppm/review/penugasan.server";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import { redirectWithToast, SAVED } from "~/http/action.server";
import { formAction } from "~/http/form-action.server";
import { KANTOR, readLihatList, type Kantor } from "~/http/lihat-list.server";

export async function monevLoader(args: LoaderFunctionArgs, kantor: Kantor) {
  const { decides: operator, usulanBase } = KANTOR[kantor];
  const { db, state, headers, lihat } = await readLihatList(args, `monev_${kantor}`, getMonev);
  const status: MonevFilter = MONEV_FILTERS.find((f) => f === args.url.searchParams.get("status")) ?? "semua";
  const canAssign = operator && Boolean(lihat?.canAssign);
  return data(
    {
      title: "Monev Internal PT",
      canDecide: operator,
      areaBase: usulanBase,
      status,
      list: listMonevKantor(db, state, status),
      lihat,
      canAssign,
      reviewers: canAssign ? listReviewerPilihan(db) : [],
    },
    { headers },
  );
}

export function monevAction(args: ActionFunctionArgs, kantor: Kantor) {
  return formAction(args, ["tugaskan"] as const, ({ db, user, form, id, refuse, invalid, refused }) => {
    if (!KANTOR[kantor].decides) return refuse(NOT_PERMITTED, 403);
    if (!id) return refuse("Usulan tidak valid.", 400);
    const submission = parseWithZod(form, { schema: monevTugasSchema });
    if (submission.status !== "success") return invalid(submission.error);
    const result = tugaskanMonev(db, user, id, submission.value);
    if (!result.ok) return refused(result);
    return redirectWithToast(args.url.pathname + args.url.search, "success", SAVED);
  });
}
