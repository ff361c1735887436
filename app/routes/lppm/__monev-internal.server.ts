/**
 * The server half of Monev Internal PT as the LPPM office sees it (the page: ./__monev-internal.tsx):
 * the Operator's /operator/lppm/monev-internal and the Kepala's Monitoring copy
 * (/kepalalppm/monitoring/monev-internal), each a module of its own naming its office.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { getMonev, listMonevKantor, perpanjangTenggatMonev, tugaskanMonev } from "~/domain/lppm/monev/monev.server";
import { perpanjangTenggatSchema } from "~/domain/lppm/review/review.schema";
import { MONEV_FILTERS, monevTugasSchema, type MonevFilter } from "~/domain/lppm/monev/monev";
import { listReviewerPilihan } from "~/domain/lppm/review/penugasan.server";
import { runAction } from "~/http/action.server";
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
  return runAction(
    args,
    {
      tugaskan: (ctx) => {
        if (!ctx.id) return ctx.reply(400, "Usulan tidak valid.");
        const result = tugaskanMonev(ctx.db, ctx.user, ctx.id, ctx.parse(monevTugasSchema));
        // Back to the project, the assignment shown.
        return result.ok ? ctx.done(undefined, { to: ctx.url.pathname + ctx.url.search }) : ctx.refuse(result);
      },
      "perpanjang-tenggat": (ctx) => {
        if (!ctx.id) return ctx.reply(400, "Usulan tidak valid.");
        const result = perpanjangTenggatMonev(ctx.db, ctx.user, ctx.id, ctx.parse(perpanjangTenggatSchema));
        return result.ok ? ctx.done(undefined, { to: ctx.url.pathname + ctx.url.search }) : ctx.refuse(result);
      },
    },
    // Only the Operator's page assigns; the Kepala's is the same list, read-only.
    { readOnly: !KANTOR[kantor].decides },
  );
}
