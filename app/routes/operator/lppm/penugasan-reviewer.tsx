/**
 * Penugasan Reviewer (/operator/lppm/penugasan-reviewer, OperatorLppmPenugasanReviewer): the
 * proposals approved by their faculty, in review, or returned to review, with their current
 * reviewers; ?lihat=ID opens one with every round's reviewers and, while it awaits reviewers,
 * the form that assigns exactly two with a deadline (WIB) in one post.
 */
import { selectProps } from "~/components/ui/field-props";
import { data, Form, Link, useLocation } from "react-router";
import type { Route } from "./+types/penugasan-reviewer";
import { sectionClass, sectionTitleClass, UsulanDetailView } from "~/components/lppm/usulan-detail";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { DialogActions, UrlDialog, useParamHref } from "~/components/ui/dialog";
import { withoutParams } from "~/lib/util/modal-params";
import { Alert, Field, inputClass } from "~/components/ui/field";
import { useZodForm } from "~/components/ui/use-zod-form";
import type { Reply } from "~/components/ui/use-reply";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { penugasanSchema } from "~/domain/lppm/review/review.schema";
import {
  getPenugasan,
  listPenugasan,
  listReviewerPilihan,
  tugaskanReviewer,
  type PenugasanBaris,
} from "~/domain/lppm/review/penugasan.server";
import { PENUGASAN_STATUSES } from "~/domain/lppm/review/statuses";
import { runAction } from "~/http/action.server";
import { saveIntent } from "~/http/crud-screen.server";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";
import { InputField } from "~/components/ui/form-fields";
import { readLihatList, statusFilter } from "~/http/lihat-list.server";
import { ListFilter, statusOptions, StatusBadge } from "~/components/lppm/kit/status";

export const handle = { title: "Penugasan Reviewer" };

export async function loader(args: Route.LoaderArgs) {
  const { db, state, headers, lihat } = await readLihatList(args, "penugasan_reviewer", getPenugasan, { missing: "404" });
  const { status } = statusFilter(args.url, PENUGASAN_STATUSES, "semua");
  return data(
    { list: listPenugasan(db, state, status), status, lihat, reviewer: lihat?.bisaDitugaskan ? listReviewerPilihan(db) : [] },
    { headers },
  );
}

export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    { tugaskan: saveIntent(penugasanSchema, (value, { db, user, id }) => tugaskanReviewer(db, user, id, value)) },
    { missing: "404" },
  );

const col = columnHelper<PenugasanBaris>();
const columns = [
  col.accessor("judul", { header: "Judul" }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("periode", { header: "Periode" }),
  col.accessor("reviewer", { header: "Reviewer", cell: (info) => info.getValue() || "-" }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "-") }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function PenugasanReviewer({ loaderData, actionData }: Route.ComponentProps) {
  const { list, status, lihat, reviewer } = loaderData;
  const paramHref = useParamHref();
  return (
    <div>
      <PageHeader title="Penugasan Reviewer" />
      <DataTable
        caption="Daftar usulan untuk penugasan reviewer"
        columns={columns}
        list={list}
        filters={<ListFilter value={status} options={statusOptions(PENUGASAN_STATUSES)} />}
        action={(row) => (
          <Link to={paramHref("lihat", row.id)} preventScrollReset aria-label={`Lihat ${row.judul}`} className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-50">
            {row.status === "REVIEW" ? "Lihat" : "Tugaskan"}
          </Link>
        )}
      />
      {lihat ? <PenugasanDialog lihat={lihat} reviewer={reviewer} reply={actionData} /> : null}
    </div>
  );
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["lihat"]>;
type Pilihan = Route.ComponentProps["loaderData"]["reviewer"];

function PenugasanDialog({ lihat, reviewer, reply }: { lihat: Detail; reviewer: Pilihan; reply: Reply | undefined }) {
  const location = useLocation();
  const closeTo = withoutParams(location.pathname + location.search, "lihat");
  const busy = useSubmitting("tugaskan");
  return (
    <UrlDialog title={lihat.bisaDitugaskan ? "Tugaskan Reviewer" : "Reviewer Usulan"} closeTo={closeTo} size="xl" busy={busy}>
      <UsulanDetailView
        detail={lihat.detail}
        documentHref={(dokumenId) => `/operator/lppm/usulan/${lihat.detail.usulan.id}/dokumen/${dokumenId}`}
        sections={["identitas", "tim", "dokumen"]}
      >
      <section className={sectionClass} aria-labelledby="putaran-review">
        <h2 id="putaran-review" className={sectionTitleClass}>Reviewer per putaran</h2>
        {lihat.ronde.length ? (
          <ul className="mt-2 space-y-2 text-sm" data-testid="putaran-review">
            {lihat.ronde.map((r) => (
              <li key={r.putaran}>
                <p className="font-semibold">Putaran {r.putaran}</p>
                <ul className="pl-4">
                  {r.reviewer.map((rv) => (
                    <li key={rv.id}>
                      {rv.name} — tenggat {formatWib(new Date(rv.tenggat))};{" "}
                      {rv.administrasi_lolos === null
                        ? "administrasi belum dinilai"
                        : rv.administrasi_lolos
                          ? rv.substansi_at
                            ? `nilai ${rv.total_nilai}`
                            : "administrasi lolos, substansi belum dinilai"
                          : "administrasi tidak lolos"}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600">Belum ada reviewer.</p>
        )}
      </section>
      {lihat.bisaDitugaskan ? <PenugasanForm lihat={lihat} reviewer={reviewer} reply={reply} closeTo={closeTo} busy={busy} /> : null}
      </UsulanDetailView>
    </UrlDialog>
  );
}

function PenugasanForm({ lihat, reviewer, reply, closeTo, busy }: { lihat: Detail; reviewer: Pilihan; reply: Reply | undefined; closeTo: string; busy: boolean }) {
  const [form, fields] = useZodForm(penugasanSchema, {
    id: `penugasan-${lihat.detail.usulan.id}`,
    reply: reply?.intent === "tugaskan" ? reply : undefined,
    defaultValue: {
      reviewer_1: lihat.usulanReviewer[0] ? String(lihat.usulanReviewer[0]) : "",
      reviewer_2: lihat.usulanReviewer[1] ? String(lihat.usulanReviewer[1]) : "",
      tenggat: toWibDateTimeInput(lihat.reviewTutup ? new Date(lihat.reviewTutup) : null),
    },
  });
  const options = (
    <>
      <option value="">Pilih reviewer</option>
      {reviewer.map((r) => (
        <option key={r.id} value={r.id}>
          {r.name}
          {r.prodi ? ` — ${r.prodi}` : ""}
          {r.bidang_keahlian ? ` (${r.bidang_keahlian})` : ""}
        </option>
      ))}
    </>
  );
  return (
    <Form method="post" id={form.id} onSubmit={form.onSubmit} noValidate className="space-y-4 rounded-xl border border-kayu-200 bg-kayu-50/40 p-4" aria-label="Penugasan reviewer">
      <input type="hidden" name="intent" value="tugaskan" />
      <input type="hidden" name="id" value={lihat.detail.usulan.id} />
      {form.errors?.length ? <Alert>{form.errors[0]}</Alert> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Reviewer 1" htmlFor={fields.reviewer_1.id} errors={fields.reviewer_1.errors} required>
          <select {...selectProps(fields.reviewer_1)} className={inputClass}>{options}</select>
        </Field>
        <Field label="Reviewer 2" htmlFor={fields.reviewer_2.id} errors={fields.reviewer_2.errors} required>
          <select {...selectProps(fields.reviewer_2)} className={inputClass}>{options}</select>
        </Field>
        <InputField field={fields.tenggat} label="Tenggat (WIB)" type="datetime-local" required />
      </div>
      <DialogActions closeTo={closeTo} busy={busy} submitLabel="Tugaskan" />
    </Form>
  );
}
