/**
 * The server half of Perbaikan Usulan as the LPPM office sees it (the page: ./__perbaikan-
 * periksa.tsx): the Operator's /operator/lppm/perbaikan-usulan decides, the Kepala's Monitoring
 * copy reads; each is a module of its own naming its office.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { data } from "react-router";
import { PERBAIKAN_STATUSES } from "~/domain/lppm/penetapan/penetapan";
import { getPerbaikan, listPerbaikanPeriksa, periksaPerbaikan } from "~/domain/lppm/perbaikan/perbaikan.server";
import { runAction } from "~/http/action.server";
import { decisionIntents } from "~/http/decision.server";
import { KANTOR, readLihatList, statusFilter, type Kantor } from "~/http/lihat-list.server";

export async function perbaikanPeriksaLoader(args: LoaderFunctionArgs, kantor: Kantor) {
  const operator = KANTOR[kantor].decides;
  const { db, state, headers, lihat } = await readLihatList(args, `perbaikan_${kantor}`, (db, _user, id) => {
    const found = getPerbaikan(db, id);
    return found && PERBAIKAN_STATUSES.includes(found.status) ? found : null;
  });
  const { status, statuses } = statusFilter(args.url, PERBAIKAN_STATUSES);
  return data(
    {
      title: operator ? "Perbaikan Usulan" : "Monitoring Perbaikan Usulan",
      canDecide: operator,
      dokumenBase: operator ? "/operator/lppm/perbaikan-usulan/dokumen" : "/kepalalppm/monitoring/perbaikan-usulan/dokumen",
      statuses: PERBAIKAN_STATUSES,
      status,
      list: listPerbaikanPeriksa(db, state, statuses),
      lihat,
    },
    { headers },
  );
}

export function perbaikanPeriksaAction(args: ActionFunctionArgs, kantor: Kantor) {
  return runAction(
    args,
    decisionIntents({
      terima: ({ db, user, id, note }) => periksaPerbaikan(db, user, id, "terima", note),
      kembalikan: ({ db, user, id, note }) => periksaPerbaikan(db, user, id, "kembalikan", note),
    }),
    // Only the Operator's page decides; the Kepala's is the same list, read-only.
    { readOnly: !KANTOR[kantor].decides },
  );
}
