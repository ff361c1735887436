/**
 * Laporan Kemajuan and Laporan Akhir as the LPPM office sees them (issue 13): the Operator at
 * /operator/lppm/laporan-kemajuan and /operator/lppm/laporan-akhir checks each submitted report
 * ('Terima' → Diterima; an accepted final report makes the project Selesai; 'Kembalikan' with a
 * note → Dikembalikan); the Kepala sees the same lists read-only under Monitoring
 * (/kepalalppm/monitoring/laporan-kemajuan, …/laporan-akhir): no buttons, and the action refuses.
 */
import { data } from "react-router";
import type { Route } from "./+types/laporan-periksa";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { DecisionForm, JudulCell, LihatLink, rupiahOrDash, useLihatHref } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { LaporanBadge, LaporanDetailView } from "~/components/lppm/laporan-view";
import { getLaporan, listLaporanKantor, periksaLaporan, type LaporanRow } from "~/domain/lppm/laporan/laporan.server";
import { LAPORAN_JUDUL, LAPORAN_KANTOR_STATUSES, LAPORAN_LABEL } from "~/domain/lppm/laporan/laporan.schema";
import { LAPORAN_KEMAJUAN_WORKFLOW, type LaporanStatus } from "~/domain/lppm/workflow";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import { getDb } from "~/lib/server/db.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { LOAD_FAILED, parseId, readForm, redirectWithToast } from "~/lib/http/action.server";
import { backUrl, decisionAction, laporanJenis, type DecisionReply } from "~/lib/http/decision.server";
import { formatWib } from "~/lib/util/wib";

/** Only the Operator's page decides; the Kepala's is the same list, read-only. */
function isOperatorPage(url: URL) {
  return url.pathname.startsWith("/operator/");
}

/** The status filter: one status, or 'semua' (every status the office sees); Diajukan by default. */
function statusesOf(value: string | null): readonly LaporanStatus[] {
  if (value === "semua") return LAPORAN_KANTOR_STATUSES;
  const one = LAPORAN_KANTOR_STATUSES.find((s) => s === value);
  return [one ?? "DIAJUKAN"];
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const jenis = laporanJenis(url);
  const operator = isOperatorPage(url);
  const db = getDb();
  const { state, headers } = await readTableState(request, `laporan_${jenis}_${operator ? "operator" : "kepala"}`);
  const statuses = statusesOf(url.searchParams.get("status"));
  const lihatId = parseId(url.searchParams.get("lihat"));
  const found = lihatId ? getLaporan(db, user, lihatId, jenis) : null;
  // The office reads submitted reports only: a draft is still the ketua's.
  const lihat = found?.laporan && LAPORAN_KANTOR_STATUSES.includes(found.laporan.status) ? found : null;
  if (lihatId && !lihat) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
  return data(
    {
      title: operator ? LAPORAN_JUDUL[jenis] : `Monitoring ${LAPORAN_JUDUL[jenis]}`,
      jenis,
      canDecide: operator,
      areaBase: operator ? "/operator/lppm/usulan" : "/kepalalppm/usulan",
      status: url.searchParams.get("status") === "semua" ? "semua" : statuses[0]!,
      list: listLaporanKantor(db, jenis, state, statuses),
      lihat,
    },
    { headers },
  );
}

export async function action(args: Route.ActionArgs) {
  const jenis = laporanJenis(args.url);
  if (!isOperatorPage(args.url)) {
    // The body is still read (and an oversized one refused with 413, like on every route).
    await readForm(args.request);
    return data<DecisionReply>({ intent: "", message: NOT_PERMITTED }, { status: 403 });
  }
  return decisionAction(args, {
    terima: ({ db, user, id, note }) => periksaLaporan(db, user, id, jenis, "terima", note),
    kembalikan: ({ db, user, id, note }) => periksaLaporan(db, user, id, jenis, "kembalikan", note),
  });
}

const col = columnHelper<LaporanRow>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("capaian", { header: "Capaian", cell: (info) => (info.getValue() === null ? "–" : `${info.getValue()}%`) }),
  col.accessor("realisasi", { header: "Realisasi", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("diajukan_at", { header: "Diajukan", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "–") }),
  col.accessor("laporan_status", { header: "Status", cell: (info) => <LaporanBadge status={info.getValue()} /> }),
];

const FILTER_OPTIONS = [
  ...LAPORAN_KANTOR_STATUSES.map((s) => ({ value: s, label: LAPORAN_KEMAJUAN_WORKFLOW.labels[s] })),
  { value: "semua", label: "Semua" },
];

export default function LaporanPeriksa({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, title, jenis, canDecide, areaBase, status } = loaderData;
  const reply = actionData as DecisionReply | undefined;
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title={title} />
      <DataTable
        caption={`Daftar ${LAPORAN_LABEL[jenis].toLowerCase()}`}
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        filters={<SelectFilter value={status} options={FILTER_OPTIONS} />}
        action={(row) => <LihatLink to={href(row.id)} name={`Detail ${row.judul}`} />}
      />
      {lihat ? (
        <UrlDialog title={lihat.usulan.judul} closeTo={href(null)} size="xl">
          <LaporanDetailView detail={lihat} dokumenHref={(d) => `${areaBase}/${lihat.usulan.id}/dokumen/${d}`}>
            {canDecide && lihat.laporan?.status === "DIAJUKAN" ? (
              <DecisionForm
                id={lihat.usulan.id}
                buttons={[
                  { intent: "kembalikan", label: "Kembalikan", tone: "warning" },
                  { intent: "terima", label: "Terima", tone: "primary" },
                ]}
                error={reply?.id === lihat.usulan.id ? reply.message : undefined}
                noteHint={
                  jenis === "akhir"
                    ? "Wajib diisi bila laporan dikembalikan. Laporan akhir yang diterima menjadikan kegiatan Selesai."
                    : "Wajib diisi bila laporan dikembalikan ke pengusul."
                }
              />
            ) : null}
          </LaporanDetailView>
        </UrlDialog>
      ) : null}
    </div>
  );
}
