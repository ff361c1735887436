/**
 * Perbaikan Usulan as the LPPM office sees it: the Operator at /operator/lppm/perbaikan-usulan
 * checks each submitted revision ('Terima' → BERJALAN, 'Kembalikan' with a note → DIDANAI); the
 * Kepala sees the same list read-only at /kepalalppm/monitoring/perbaikan-usulan (no buttons,
 * and the action refuses there).
 */
import { data } from "react-router";
import type { Route } from "./+types/perbaikan-periksa";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { DecisionForm, JudulCell, LihatLink, rupiahOrDash, useLihatHref, StatusBadge, StatusFilter, Timeline } from "~/components/lppm/penetapan/parts";
import { PerbaikanDetailView } from "~/components/lppm/penetapan/perbaikan-detail";
import { parseStatusFilter, PERBAIKAN_STATUSES } from "~/domain/lppm/penetapan/penetapan";
import { getPerbaikan, listPerbaikanPeriksa, periksaPerbaikan, type PerbaikanRow } from "~/domain/lppm/perbaikan/perbaikan.server";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import { getDb } from "~/lib/server/db.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { LOAD_FAILED, parseId, readForm, redirectWithToast } from "~/lib/http/action.server";
import { backUrl, decisionAction, type DecisionReply } from "~/lib/http/decision.server";

/** Only the Operator's page decides; the Kepala's is the same list, read-only. */
function isOperatorPage(url: URL) {
  return url.pathname.startsWith("/operator/");
}

function dokumenBase(url: URL) {
  return isOperatorPage(url) ? "/operator/lppm/perbaikan-usulan/dokumen" : "/kepalalppm/monitoring/perbaikan-usulan/dokumen";
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const db = getDb();
  const { state, headers } = await readTableState(request, isOperatorPage(url) ? "perbaikan_operator" : "perbaikan_kepala");
  const statuses = parseStatusFilter(url.searchParams.get("status"), PERBAIKAN_STATUSES);
  const lihatId = parseId(url.searchParams.get("lihat"));
  const lihat = lihatId ? getPerbaikan(db, lihatId) : null;
  if (lihatId && (!lihat || !PERBAIKAN_STATUSES.includes(lihat.status))) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
  return data(
    {
      title: isOperatorPage(url) ? "Perbaikan Usulan" : "Monitoring Perbaikan Usulan",
      canDecide: isOperatorPage(url),
      dokumenBase: dokumenBase(url),
      statuses: PERBAIKAN_STATUSES,
      status: url.searchParams.get("status") === "semua" ? "semua" : statuses[0]!,
      list: listPerbaikanPeriksa(db, state, statuses),
      lihat,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  if (!isOperatorPage(args.url)) {
    // The body is still read (and an oversized one refused with 413, like on every route).
    await readForm(args.request);
    return data<DecisionReply>({ intent: "", message: NOT_PERMITTED }, { status: 403 });
  }
  return decisionAction(args, {
    terima: ({ db, user, id, note }) => periksaPerbaikan(db, user, id, "terima", note),
    kembalikan: ({ db, user, id, note }) => periksaPerbaikan(db, user, id, "kembalikan", note),
  });
}

const col = columnHelper<PerbaikanRow>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} />,
  }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("dana_disetujui", { header: "Dana disetujui", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("rab_perbaikan", { header: "RAB perbaikan", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("versi_dokumen", { header: "Dokumen", cell: (info) => (info.getValue() ? `Versi ${info.getValue()}` : "–") }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function PerbaikanPeriksa({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, statuses, status, canDecide, dokumenBase } = loaderData;
  const reply = actionData as DecisionReply | undefined;
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title={canDecide ? "Perbaikan Usulan" : "Monitoring Perbaikan Usulan"} />
      <DataTable
        caption="Daftar perbaikan usulan"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        filters={<StatusFilter statuses={statuses} value={status} />}
        action={(row) => <LihatLink to={href(row.id)} name={`Detail ${row.judul}`} />}
      />
      {lihat ? (
        <UrlDialog title={lihat.judul} closeTo={href(null)} size="xl">
          <div className="space-y-5">
            <PerbaikanDetailView detail={lihat} dokumenBase={dokumenBase} />
            <section className="space-y-2">
              <h2 className="text-base font-bold text-stone-900">Riwayat status</h2>
              <Timeline entries={lihat.timeline} />
            </section>
            {canDecide && lihat.status === "PERBAIKAN_DIAJUKAN" ? (
              <DecisionForm
                id={lihat.id}
                buttons={[
                  { intent: "kembalikan", label: "Kembalikan", tone: "warning" },
                  { intent: "terima", label: "Terima", tone: "primary" },
                ]}
                error={reply?.id === lihat.id ? reply.message : undefined}
                noteHint="Wajib diisi bila perbaikan dikembalikan ke pengusul."
              />
            ) : null}
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
