/**
 * Monev Internal PT as the LPPM office sees it: the Operator at
 * /operator/lppm/monev-internal and the Kepala under Monitoring (/kepalalppm/monitoring/monev-internal,
 * OperatorMonevInternal) list every project whose progress report is accepted, with its monev
 * reviewer, deadline, total and grade; ?lihat=ID opens one with every criterion's score and the
 * berita acara. The Operator assigns (or reassigns, until scored) the monev reviewer with a
 * deadline ('Tugaskan'); the Kepala reads, and the action refuses there.
 */
import { useActionData, useLoaderData } from "react-router";
import type { monevLoader } from "./__monev-internal.server";
import { useReply } from "~/components/ui/use-reply";
import { columnHelper } from "~/components/ui/data-table";
import { MonevDetailView, nilaiMonev } from "~/components/lppm/monev-view";
import { TugasReviewerForm } from "~/components/lppm/tugas-reviewer-form";
import { PerpanjangTenggatForm } from "~/components/lppm/kit/override-forms";
import type { MonevRow } from "~/domain/lppm/monev/monev.server";
import { MONEV_FILTER_LABELS, MONEV_FILTERS } from "~/domain/lppm/monev/monev";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { JudulCell, TenggatCell } from "~/components/lppm/kit/cells";
import { ListFilter, GradeBadge, MonevBadge } from "~/components/lppm/kit/status";


const col = columnHelper<MonevRow>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("reviewer", { header: "Reviewer monev", cell: (info) => info.getValue() ?? "–" }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => <TenggatCell tenggat={info.getValue()} lewat={info.row.original.lewat} /> }),
  col.accessor("total_nilai", { header: "Nilai", cell: (info) => nilaiMonev(info.getValue()) }),
  col.accessor("grade", { header: "Predikat", cell: (info) => <GradeBadge grade={info.getValue()} /> }),
  col.accessor("monev_status", { header: "Status", cell: (info) => <MonevBadge status={info.getValue()} /> }),
];

const FILTER_OPTIONS = MONEV_FILTERS.map((f) => ({ value: f, label: MONEV_FILTER_LABELS[f] }));

export default function MonevInternal() {
  const loaderData = useLoaderData<typeof monevLoader>();
  const actionData = useActionData();
  const { title, areaBase, status, canAssign, canDecide, reviewers } = loaderData;
  const { message, err, busy } = useReply(actionData, { intent: "tugaskan", inline: true });
  const perpanjang = useReply(actionData, { intent: "perpanjang-tenggat", inline: true });
  return (
    <LihatListPage
      title={title}
      caption="Daftar monev internal"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={FILTER_OPTIONS} />}
      rowLink={(row) => ({ name: `Monev ${row.judul}` })}
    >
      {(detail) => (
        <MonevDetailView
          detail={detail}
          dokumenHref={(d) => `${areaBase}/${detail.usulan.id}/dokumen/${d}`}
          beritaAcaraHref={`${areaBase}/${detail.usulan.id}/monev-berita-acara`}
          beritaAcaraPdfHref={`${areaBase}/${detail.usulan.id}/naskah/berita-acara-monev`}
        >
          {canAssign ? (
            <TugasReviewerForm
              id={detail.usulan.id}
              label="Tugaskan reviewer monev"
              reviewerLabel="Reviewer monev"
              reviewers={reviewers}
              current={detail.monev?.id_reviewer ?? null}
              tenggat={detail.monev ? toWibDateTimeInput(new Date(detail.monev.tenggat)) : detail.window ? toWibDateTimeInput(new Date(detail.window.closes)) : ""}
              message={message}
              err={err}
              busy={busy}
            />
          ) : null}
          {canDecide && detail.canExtend && detail.monev ? (
            <PerpanjangTenggatForm
              id={detail.usulan.id}
              label="Perpanjang tenggat reviewer monev"
              current={formatWib(new Date(detail.monev.tenggat))}
              tenggat={detail.window ? toWibDateTimeInput(new Date(detail.window.closes)) : ""}
              message={perpanjang.message}
              err={perpanjang.err}
              busy={perpanjang.busy}
            />
          ) : null}
        </MonevDetailView>
      )}
    </LihatListPage>
  );
}
