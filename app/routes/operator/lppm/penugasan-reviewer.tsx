/**
 * Penugasan Reviewer (/operator/lppm/penugasan-reviewer, OperatorLppmPenugasanReviewer): the
 * proposals approved by their faculty, in review, or returned to review, with their current
 * reviewers — a redo still waiting for its reviewers first ('Menunggu penugasan ulang'), an
 * assignment past its deadline marked 'Lewat tenggat'; ?lihat=ID opens one with every round's
 * reviewers and, while it awaits reviewers, the form that assigns exactly two with a deadline
 * (WIB) in one post. A reviewer of the running round who has not submitted can be replaced
 * (&ganti=ASSIGNMENT) or given a later deadline (&perpanjang=ASSIGNMENT), each with a note.
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
import { gantiReviewerSchema, penugasanSchema, perpanjangTenggatSchema } from "~/domain/lppm/review/review.schema";
import {
  getPenugasan,
  listPenugasan,
  listReviewerPilihan,
  tugaskanReviewer,
  type PenugasanBaris,
  type PenugasanReviewerRow,
} from "~/domain/lppm/review/penugasan.server";
import { gantiReviewer, perpanjangTenggat } from "~/domain/lppm/review/penggantian.server";
import { PENUGASAN_STATUSES } from "~/domain/lppm/review/statuses";
import { openRecord, runAction, withId } from "~/http/action.server";
import { saveIntent } from "~/http/crud-screen.server";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";
import { InputField } from "~/components/ui/form-fields";
import { readLihatList, statusFilter } from "~/http/lihat-list.server";
import { ListFilter, MenungguBadge, statusOptions, StatusBadge } from "~/components/lppm/kit/status";
import { TenggatCell } from "~/components/lppm/kit/cells";
import { GantiReviewerForm, PerpanjangTenggatForm } from "~/components/lppm/kit/override-forms";
import { useReply } from "~/components/ui/use-reply";

export const handle = { title: "Penugasan Reviewer" };

export async function loader(args: Route.LoaderArgs) {
  const { db, state, headers, lihat } = await readLihatList(args, "penugasan_reviewer", getPenugasan, { missing: "404" });
  const { status } = statusFilter(args.url, PENUGASAN_STATUSES, "semua");
  // An open assignment of the running round the override forms name (404 for anything else).
  const open = (id: number) => lihat?.ronde.flatMap((r) => r.reviewer).find((r) => r.penugasanId === id && r.terbuka);
  const ganti = await openRecord(args.url, "ganti", open, null);
  const perpanjang = await openRecord(args.url, "perpanjang", open, null);
  // A replacement is someone not yet in this round.
  const inRound = new Set(lihat?.ronde.find((r) => r.putaran === lihat.putaran_review)?.reviewer.map((r) => r.id) ?? []);
  const reviewer = lihat?.bisaDitugaskan || ganti ? listReviewerPilihan(db).filter((r) => !ganti || !inRound.has(r.id)) : [];
  return data({ list: listPenugasan(db, state, status), status, lihat, reviewer, ganti: ganti ?? null, perpanjang: perpanjang ?? null }, { headers });
}

export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    {
      tugaskan: saveIntent(penugasanSchema, (value, { db, user, id }) => tugaskanReviewer(db, user, id, value)),
      "ganti-reviewer": withId(PENUGASAN_TIDAK_VALID, (ctx) => ctx.settle(gantiReviewer(ctx.db, ctx.user, ctx.id, ctx.parse(gantiReviewerSchema)))),
      "perpanjang-tenggat": withId(PENUGASAN_TIDAK_VALID, (ctx) => ctx.settle(perpanjangTenggat(ctx.db, ctx.user, ctx.id, ctx.parse(perpanjangTenggatSchema)))),
    },
    { missing: "404" },
  );

const PENUGASAN_TIDAK_VALID = "Penugasan tidak valid.";

const col = columnHelper<PenugasanBaris>();
const columns = [
  col.accessor("judul", { header: "Judul" }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("periode", { header: "Periode" }),
  col.accessor("reviewer", { header: "Reviewer", cell: (info) => info.getValue() || "-" }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => <TenggatCell tenggat={info.getValue()} lewat={info.row.original.lewat} /> }),
  col.accessor("status", {
    header: "Status",
    cell: (info) => (
      <div className="flex flex-wrap gap-1">
        <StatusBadge status={info.getValue()} />
        {info.row.original.menunggu ? <MenungguBadge label={info.row.original.menunggu} /> : null}
      </div>
    ),
  }),
];

export default function PenugasanReviewer({ loaderData, actionData }: Route.ComponentProps) {
  const { list, status, lihat, reviewer, ganti, perpanjang } = loaderData;
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
            {row.menunggu ? "Tugaskan" : "Lihat"}
          </Link>
        )}
      />
      {lihat ? <PenugasanDialog lihat={lihat} reviewer={reviewer} reply={actionData} ganti={ganti} perpanjang={perpanjang} /> : null}
    </div>
  );
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["lihat"]>;
type Pilihan = Route.ComponentProps["loaderData"]["reviewer"];

type Terbuka = PenugasanReviewerRow | null;

function PenugasanDialog({ lihat, reviewer, reply, ganti, perpanjang }: { lihat: Detail; reviewer: Pilihan; reply: Reply | undefined; ganti: Terbuka; perpanjang: Terbuka }) {
  const location = useLocation();
  const here = location.pathname + location.search;
  const closeTo = withoutParams(here, "lihat", "ganti", "perpanjang");
  const detailHref = withoutParams(here, "ganti", "perpanjang");
  const busy = useSubmitting("tugaskan");
  const override = useReply(reply, { intent: ["ganti-reviewer", "perpanjang-tenggat"], inline: true });
  const formHref = (param: "ganti" | "perpanjang", id: number) => {
    const search = new URLSearchParams(new URL(detailHref, "http://x").search);
    search.set(param, String(id));
    return `${location.pathname}?${search.toString()}`;
  };
  const defaultTenggat = toWibDateTimeInput(lihat.reviewTutup ? new Date(lihat.reviewTutup) : null);
  return (
    <UrlDialog title={lihat.bisaDitugaskan ? "Tugaskan Reviewer" : "Reviewer Usulan"} closeTo={closeTo} size="xl" busy={busy}>
      <UsulanDetailView
        detail={lihat.detail}
        documentHref={(dokumenId) => `/operator/lppm/usulan/${lihat.detail.usulan.id}/dokumen/${dokumenId}`}
        sections={["identitas", "tim", "dokumen"]}
      >
      <section className={sectionClass} aria-labelledby="putaran-review">
        <h2 id="putaran-review" className={sectionTitleClass}>Reviewer per putaran</h2>
        {lihat.menunggu ? (
          <p className="mt-2">
            <MenungguBadge label={lihat.menunggu} />
          </p>
        ) : null}
        {lihat.ronde.length ? (
          <ul className="mt-2 space-y-2 text-sm" data-testid="putaran-review">
            {lihat.ronde.map((r) => (
              <li key={r.putaran}>
                <p className="font-semibold">Putaran {r.putaran}</p>
                <ul className="space-y-1 pl-4">
                  {r.reviewer.map((rv) => (
                    <li key={rv.penugasanId} data-penugasan={rv.penugasanId} className={rv.ditutup ? "text-stone-500" : undefined}>
                      <span className={rv.ditutup === "DIGANTI" ? "line-through" : undefined}>{rv.name}</span> — tenggat{" "}
                      <TenggatCell tenggat={rv.tenggat} lewat={rv.lewat} />; {hasilPenugasan(rv)}
                      {rv.terbuka ? (
                        <span className="ml-2 inline-flex gap-3">
                          <Link to={formHref("ganti", rv.penugasanId)} preventScrollReset replace aria-label={`Ganti reviewer ${rv.name}`} className="font-semibold text-kayu-700 hover:underline">
                            Ganti
                          </Link>
                          <Link to={formHref("perpanjang", rv.penugasanId)} preventScrollReset replace aria-label={`Perpanjang tenggat ${rv.name}`} className="font-semibold text-kayu-700 hover:underline">
                            Perpanjang tenggat
                          </Link>
                        </span>
                      ) : null}
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
      {ganti ? (
        <GantiReviewerForm
          id={ganti.penugasanId}
          reviewer={ganti.name}
          reviewers={reviewer}
          tenggat={defaultTenggat}
          message={override.reply?.intent === "ganti-reviewer" ? override.message : undefined}
          err={override.err}
          busy={override.busy}
          closeTo={detailHref}
        />
      ) : null}
      {perpanjang ? (
        <PerpanjangTenggatForm
          id={perpanjang.penugasanId}
          label={`Perpanjang tenggat ${perpanjang.name}`}
          current={formatWib(new Date(perpanjang.tenggat))}
          tenggat={defaultTenggat}
          message={override.reply?.intent === "perpanjang-tenggat" ? override.message : undefined}
          err={override.err}
          busy={override.busy}
          closeTo={detailHref}
        />
      ) : null}
      {lihat.bisaDitugaskan ? <PenugasanForm lihat={lihat} reviewer={reviewer} reply={reply} closeTo={closeTo} busy={busy} /> : null}
      </UsulanDetailView>
    </UrlDialog>
  );
}

/** Where a reviewer's assignment stands, in words. */
function hasilPenugasan(rv: PenugasanReviewerRow): string {
  if (rv.ditutup === "DIGANTI") return `diganti oleh ${rv.pengganti ?? "reviewer lain"}`;
  if (rv.ditutup === "DITARIK") return "ditutup: usulan ditarik";
  if (rv.administrasi_lolos === null) return "administrasi belum dinilai";
  if (!rv.administrasi_lolos) return "administrasi tidak lolos";
  return rv.substansi_at ? `nilai ${rv.total_nilai}` : "administrasi lolos, substansi belum dinilai";
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
