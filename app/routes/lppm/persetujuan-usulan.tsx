/**
 * Persetujuan Usulan Reguler of the Sekretaris (/sekretarislppm/…: DINILAI → 'Setujui'
 * DIVERIFIKASI | 'Kembalikan' DIKEMBALIKAN_KE_REVIEW) and of the Kepala (/kepalalppm/…:
 * DIVERIFIKASI → 'Setujui' DIREKOMENDASIKAN | 'Tolak' DITOLAK): one module, the area decides.
 * The list is the back office's server-side table with a status filter; ?lihat=ID opens the
 * proposal with every reviewer's scores and the 'Selisih nilai reviewer > 20%' flag.
 */
import { data } from "react-router";
import type { Route } from "./+types/persetujuan-usulan";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { DecisionForm, JudulCell, LihatLink, nilaiOrDash, useLihatHref, PenilaianRounds, rupiahOrDash, SelisihFlag, StatusBadge, StatusFilter, Timeline, type DecisionButton } from "~/components/lppm/penetapan/parts";
import { parseStatusFilter } from "~/domain/lppm/penetapan/penetapan";
import { getPersetujuanDetail, KEPALA, listPersetujuanPage, putuskan, SEKRETARIS, type Keputusan, type PersetujuanRow } from "~/domain/lppm/penetapan/persetujuan.server";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { getDb } from "~/lib/server/db.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { LOAD_FAILED, parseId, redirectWithToast } from "~/lib/http/action.server";
import { backUrl, decisionAction, type Decision, type DecisionReply } from "~/lib/http/decision.server";

function screenOf(url: URL) {
  if (url.pathname.startsWith("/sekretarislppm/")) return { key: "sekretaris" as const, screen: SEKRETARIS };
  if (url.pathname.startsWith("/kepalalppm/")) return { key: "kepala" as const, screen: KEPALA };
  throw data(null, { status: 404 });
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const { key, screen } = screenOf(url);
  const db = getDb();
  const { state, headers } = await readTableState(request, `persetujuan_${key}`);
  const statuses = parseStatusFilter(url.searchParams.get("status"), screen.statuses);
  const lihatId = parseId(url.searchParams.get("lihat"));
  const lihat = lihatId ? getPersetujuanDetail(db, lihatId, screen.statuses) : null;
  if (lihatId && !lihat) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
  return data(
    {
      title: "Persetujuan Usulan Reguler",
      key,
      statuses: screen.statuses,
      from: screen.from,
      status: url.searchParams.get("status") === "semua" ? "semua" : statuses[0]!,
      list: listPersetujuanPage(db, state, statuses),
      lihat,
    },
    { headers },
  );
}

export function action(args: Route.ActionArgs) {
  const { screen } = screenOf(args.url);
  const keys = Object.keys(screen.decisions) as Keputusan[];
  return decisionAction(
    args,
    Object.fromEntries(keys.map((k): [string, Decision] => [k, ({ db, user, id, note }) => putuskan(db, screen, user, id, k, note)])),
  );
}

const col = columnHelper<PersetujuanRow>();
const columns = [
  col.accessor("judul", {
    header: "Judul",
    cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} />,
  }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("nilai_rata", {
    header: "Nilai rata-rata",
    cell: (info) => (
      <div className="space-y-1">
        <p>{nilaiOrDash(info.getValue())}</p>
        {info.row.original.selisihBesar ? <SelisihFlag /> : null}
      </div>
    ),
  }),
  col.accessor("dana_diusulkan", { header: "Dana diusulkan", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

const BUTTONS: Record<"sekretaris" | "kepala", DecisionButton[]> = {
  sekretaris: [
    { intent: "kembalikan", label: "Kembalikan", tone: "warning" },
    { intent: "setujui", label: "Setujui", tone: "primary" },
  ],
  kepala: [
    { intent: "tolak", label: "Tolak", tone: "danger" },
    { intent: "setujui", label: "Setujui", tone: "primary" },
  ],
};

export default function PersetujuanUsulan({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, key, statuses, status, from } = loaderData;
  const href = useLihatHref();
  const reply = actionData as DecisionReply | undefined;
  return (
    <div>
      <PageHeader title="Persetujuan Usulan Reguler" />
      <DataTable
        caption="Daftar usulan untuk persetujuan"
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
            <dl className="grid gap-2 text-sm sm:grid-cols-2">
              <div><dt className="text-stone-500">Ketua</dt><dd className="font-semibold">{lihat.ketua}{lihat.nidn ? ` (NIDN ${lihat.nidn})` : ""}</dd></div>
              <div><dt className="text-stone-500">Periode</dt><dd>{lihat.periode} · {JENIS_LABELS[lihat.jenis]}</dd></div>
              <div><dt className="text-stone-500">Status</dt><dd><StatusBadge status={lihat.status} /></dd></div>
              <div><dt className="text-stone-500">Dana diusulkan</dt><dd>{rupiahOrDash(lihat.dana_diusulkan)}</dd></div>
              <div><dt className="text-stone-500">Nilai rata-rata</dt><dd>{nilaiOrDash(lihat.nilai_rata)} {lihat.selisihBesar ? <SelisihFlag /> : null}</dd></div>
            </dl>
            {lihat.ringkasan ? <p className="text-sm whitespace-pre-line text-stone-700">{lihat.ringkasan}</p> : null}
            <section className="space-y-2">
              <h2 className="text-base font-bold text-stone-900">Penilaian reviewer</h2>
              <PenilaianRounds rounds={lihat.rounds} current={lihat.putaran_review} />
            </section>
            <section className="space-y-2">
              <h2 className="text-base font-bold text-stone-900">Riwayat status</h2>
              <Timeline entries={lihat.timeline} />
            </section>
            {lihat.status === from ? (
              <DecisionForm
                id={lihat.id}
                buttons={BUTTONS[key]}
                error={reply?.id === lihat.id ? reply.message : undefined}
                noteHint={key === "sekretaris" ? "Wajib diisi bila usulan dikembalikan ke reviewer." : "Wajib diisi bila usulan ditolak."}
              />
            ) : null}
          </div>
        </UrlDialog>
      ) : null}
    </div>
  );
}
