/**
 * Monev Internal PT as the LPPM office sees it (issue 13): the Operator at
 * /operator/lppm/monev-internal and the Kepala under Monitoring (/kepalalppm/monitoring/monev-internal,
 * OperatorMonevInternal) list every project whose progress report is accepted, with its monev
 * reviewer, deadline, total and grade; ?lihat=ID opens one with every criterion's score and the
 * berita acara. The Operator assigns (or reassigns, until scored) the monev reviewer with a
 * deadline ('Tugaskan'); the Kepala reads, and the action refuses there.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/monev-internal";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog } from "~/components/ui/dialog";
import { JudulCell, LihatLink, useLihatHref } from "~/components/lppm/penetapan/parts";
import { StatusFilter as SelectFilter } from "~/components/lppm/review-parts";
import { GradeBadge, MonevBadge, MonevDetailView, nilaiMonev } from "~/components/lppm/monev-view";
import { TugasReviewerForm } from "~/components/lppm/tugas-reviewer-form";
import { getMonev, listMonevKantor, tugaskanMonev, type MonevRow } from "~/domain/lppm/monev/monev.server";
import { MONEV_FILTER_LABELS, MONEV_FILTERS, monevTugasSchema, type MonevFilter } from "~/domain/lppm/monev/monev";
import { listReviewerPilihan } from "~/domain/lppm/review/penugasan.server";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import { fieldErrorsOf, LOAD_FAILED, parseId, readForm, redirectWithToast, SAVED, SAVE_FAILED } from "~/lib/http/action.server";
import { UNKNOWN_INTENT } from "~/lib/http/crud-screen.server";
import { backUrl } from "~/lib/http/decision.server";
import { requireUser } from "~/lib/http/guard.server";
import { readTableState } from "~/lib/http/table-state.server";
import { getDb } from "~/lib/server/db.server";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";

function isOperatorPage(url: URL) {
  return url.pathname.startsWith("/operator/");
}

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const operator = isOperatorPage(url);
  const db = getDb();
  const { state, headers } = await readTableState(request, operator ? "monev_operator" : "monev_kepala");
  const status: MonevFilter = MONEV_FILTERS.find((f) => f === url.searchParams.get("status")) ?? "semua";
  const lihatId = parseId(url.searchParams.get("lihat"));
  const lihat = lihatId ? getMonev(db, user, lihatId) : null;
  if (lihatId && !lihat) throw await redirectWithToast(backUrl(url), "error", LOAD_FAILED);
  const canAssign = operator && Boolean(lihat?.canAssign);
  return data(
    {
      title: "Monev Internal PT",
      canDecide: operator,
      areaBase: operator ? "/operator/lppm/usulan" : "/kepalalppm/usulan",
      status,
      list: listMonevKantor(db, state, status),
      lihat,
      canAssign,
      reviewers: canAssign ? listReviewerPilihan(db) : [],
    },
    { headers },
  );
}

type Reply = { intent: string; message: string; fieldErrors?: Record<string, string[]> };

export async function action({ request, url, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const form = await readForm(request);
  const intent = String(form.get("intent") ?? "");
  const refuse = (message: string, status: number, fieldErrors?: Record<string, string[]>) => data<Reply>({ intent, message, ...(fieldErrors ? { fieldErrors } : {}) }, { status });
  if (!isOperatorPage(url)) return refuse(NOT_PERMITTED, 403);
  if (intent !== "tugaskan") return refuse(UNKNOWN_INTENT, 400);
  const id = parseId(form.get("id"));
  if (!id) return refuse("Usulan tidak valid.", 400);
  const submission = parseWithZod(form, { schema: monevTugasSchema });
  if (submission.status !== "success") return refuse(SAVE_FAILED, 400, fieldErrorsOf(submission.error));
  const result = tugaskanMonev(getDb(), user, id, submission.value);
  if (!result.ok) return refuse(result.message, result.status, result.field ? { [result.field]: [result.message] } : undefined);
  return redirectWithToast(url.pathname + url.search, "success", SAVED);
}

const col = columnHelper<MonevRow>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("reviewer", { header: "Reviewer monev", cell: (info) => info.getValue() ?? "–" }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "–") }),
  col.accessor("total_nilai", { header: "Nilai", cell: (info) => nilaiMonev(info.getValue()) }),
  col.accessor("grade", { header: "Predikat", cell: (info) => <GradeBadge grade={info.getValue()} /> }),
  col.accessor("monev_status", { header: "Status", cell: (info) => <MonevBadge status={info.getValue()} /> }),
];

const FILTER_OPTIONS = MONEV_FILTERS.map((f) => ({ value: f, label: MONEV_FILTER_LABELS[f] }));

export default function MonevInternal({ loaderData, actionData }: Route.ComponentProps) {
  const { list, lihat, title, areaBase, status, canAssign, reviewers } = loaderData;
  const reply = actionData as Reply | undefined;
  const href = useLihatHref();
  return (
    <div>
      <PageHeader title={title} />
      <DataTable
        caption="Daftar monev internal"
        columns={columns}
        rows={list.rows}
        page={list}
        rowKey={(row) => row.id}
        filters={<SelectFilter value={status} options={FILTER_OPTIONS} />}
        action={(row) => <LihatLink to={href(row.id)} name={`Monev ${row.judul}`} />}
      />
      {lihat ? (
        <UrlDialog title={lihat.usulan.judul} closeTo={href(null)} size="xl">
          <MonevDetailView
            detail={lihat}
            dokumenHref={(d) => `${areaBase}/${lihat.usulan.id}/dokumen/${d}`}
            beritaAcaraHref={`${areaBase}/${lihat.usulan.id}/monev-berita-acara`}
          >
            {canAssign ? (
              <TugasReviewerForm
                id={lihat.usulan.id}
                label="Tugaskan reviewer monev"
                reviewerLabel="Reviewer monev"
                reviewers={reviewers}
                current={lihat.monev?.id_reviewer ?? null}
                tenggat={lihat.monev ? toWibDateTimeInput(new Date(lihat.monev.tenggat)) : lihat.window ? toWibDateTimeInput(new Date(lihat.window.closes)) : ""}
                message={reply?.message}
                errors={reply?.fieldErrors}
              />
            ) : null}
          </MonevDetailView>
        </UrlDialog>
      ) : null}
    </div>
  );
}
