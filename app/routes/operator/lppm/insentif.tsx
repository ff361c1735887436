/**
 * Klaim Insentif as the Operator handles it (/operator/lppm/insentif): every claim by
 * status; ?lihat=ID opens one. A submitted claim gets its reviewer and deadline ('Tugaskan',
 * or 'Ganti reviewer' until it is evaluated); a decided claim is marked paid ('Cairkan' →
 * Dicairkan).
 */
import { data, Form } from "react-router";
import type { Route } from "./+types/insentif";
import { columnHelper } from "~/components/ui/data-table";
import { Alert } from "~/components/ui/field";
import { KlaimDetailView } from "~/components/lppm/insentif-view";
import { useReply } from "~/components/ui/use-reply";
import { TugasReviewerForm } from "~/components/lppm/tugas-reviewer-form";
import { getKlaim, listKlaimKantor, type InsentifRow } from "~/domain/lppm/insentif/read.server";
import { cairkanKlaim, perpanjangTenggatKlaim, tugaskanReviewerKlaim } from "~/domain/lppm/insentif/transition.server";
import { perpanjangTenggatSchema } from "~/domain/lppm/review/review.schema";
import { PerpanjangTenggatForm } from "~/components/lppm/kit/override-forms";
import { peringkatLabel, reviewerKlaimSchema } from "~/domain/lppm/insentif/insentif.schema";
import { listReviewerPilihan } from "~/domain/lppm/review/penugasan.server";
import { INSENTIF_STATUSES, INSENTIF_WORKFLOW, type InsentifStatus } from "~/domain/lppm/workflow";
import { runAction } from "~/http/action.server";
import { readLihatList, statusFilter } from "~/http/lihat-list.server";
import { formatWib, toWibDateTimeInput } from "~/lib/util/wib";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { JudulCell, rupiahOrDash, TenggatCell } from "~/components/lppm/kit/cells";
import { ListFilter, InsentifBadge } from "~/components/lppm/kit/status";

export const handle = { title: "Klaim Insentif" };

/** The office never sees a lecturer's draft. */
const KANTOR: readonly InsentifStatus[] = INSENTIF_STATUSES.filter((s) => s !== "DRAF");

export async function loader(args: Route.LoaderArgs) {
  const { db, state, headers, lihat } = await readLihatList(args, "insentif_operator", (db, user, id) => {
    const klaim = getKlaim(db, user, id);
    return klaim?.status === "DRAF" ? null : klaim;
  });
  const { status, statuses } = statusFilter(args.url, KANTOR, "DIAJUKAN");
  return data(
    {
      title: "Klaim Insentif",
      status,
      list: listKlaimKantor(db, state, statuses),
      lihat,
      reviewers: lihat?.status === "DIAJUKAN" ? listReviewerPilihan(db).filter((r) => r.id !== lihat.id_pengusul) : [],
    },
    { headers },
  );
}


export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    tugaskan: (ctx) => {
      if (!ctx.id) return ctx.reply(400, "Klaim tidak valid.");
      const assigned = tugaskanReviewerKlaim(ctx.db, ctx.user, ctx.id, ctx.parse(reviewerKlaimSchema));
      // Back to the claim, its reviewer shown.
      return assigned.ok ? ctx.done(undefined, { to: ctx.url.pathname + ctx.url.search }) : ctx.refuse(assigned);
    },
    "perpanjang-tenggat": (ctx) => {
      if (!ctx.id) return ctx.reply(400, "Klaim tidak valid.");
      const extended = perpanjangTenggatKlaim(ctx.db, ctx.user, ctx.id, ctx.parse(perpanjangTenggatSchema));
      return extended.ok ? ctx.done(undefined, { to: ctx.url.pathname + ctx.url.search }) : ctx.refuse(extended);
    },
    cairkan: (ctx) => {
      if (!ctx.id) return ctx.reply(400, "Klaim tidak valid.");
      const paid = cairkanKlaim(ctx.db, ctx.user, ctx.id);
      return paid.ok ? ctx.done() : ctx.refuse({ status: paid.status, message: paid.message });
    },
  });

const col = columnHelper<InsentifRow>();
const columns = [
  col.accessor("judul", { header: "Publikasi", cell: (info) => <JudulCell judul={info.getValue()} periode={`${info.row.original.jenis} · ${peringkatLabel(info.row.original.peringkat)} · ${info.row.original.tahun}`} /> }),
  col.accessor("pengusul", { header: "Pengusul" }),
  col.accessor("reviewer", { header: "Reviewer", cell: (info) => info.getValue() ?? "–" }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => <TenggatCell tenggat={info.getValue()} lewat={info.row.original.lewat} /> }),
  col.accessor("nominal_disetujui", { header: "Disetujui", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("diajukan_at", { header: "Diajukan", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "–") }),
  col.accessor("status", { header: "Status", cell: (info) => <InsentifBadge status={info.getValue()} /> }),
];

const FILTER = [...KANTOR.map((s) => ({ value: s, label: INSENTIF_WORKFLOW.labels[s] })), { value: "semua", label: "Semua" }];

export default function KlaimInsentifKantor({ loaderData, actionData }: Route.ComponentProps) {
  const { status, reviewers } = loaderData;
  const { message, err, busy } = useReply(actionData, { intent: ["tugaskan", "cairkan"], inline: true });
  const perpanjang = useReply(actionData, { intent: "perpanjang-tenggat", inline: true });
  return (
    <LihatListPage
      title="Klaim Insentif"
      caption="Daftar klaim insentif"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={FILTER} />}
      rowLink={(row) => ({ name: `Klaim ${row.judul}` })}
    >
      {(klaim) => (
        <KlaimDetailView detail={klaim} buktiHref={(b) => `/operator/lppm/insentif/${klaim.id}/bukti/${b}`}>
          {message ? <Alert>{message}</Alert> : null}
          {klaim.status === "DIAJUKAN" ? (
            <TugasReviewerForm
              id={klaim.id}
              label="Tugaskan reviewer insentif"
              reviewerLabel="Reviewer"
              reviewers={reviewers}
              current={klaim.reviewer?.id ?? null}
              tenggat={toWibDateTimeInput(klaim.reviewer?.tenggat ? new Date(klaim.reviewer.tenggat) : new Date(Date.now() + 7 * 24 * 60 * 60 * 1000))}
              err={err}
              busy={busy}
            />
          ) : null}
          {klaim.status === "DIAJUKAN" && klaim.reviewer?.tenggat ? (
            <PerpanjangTenggatForm
              id={klaim.id}
              label="Perpanjang tenggat reviewer insentif"
              current={formatWib(new Date(klaim.reviewer.tenggat))}
              tenggat={toWibDateTimeInput(new Date(new Date(klaim.reviewer.tenggat).getTime() + 7 * 24 * 60 * 60 * 1000))}
              message={perpanjang.message}
              err={perpanjang.err}
              busy={perpanjang.busy}
            />
          ) : null}
          {klaim.status === "DITETAPKAN" ? (
            <Form method="post" className="flex justify-end">
              <input type="hidden" name="id" value={klaim.id} />
              <button type="submit" name="intent" value="cairkan" disabled={busy} className="rounded-lg bg-green-700 px-6 py-2 text-sm font-bold text-white shadow hover:bg-green-800 disabled:opacity-70">
                Cairkan
              </button>
            </Form>
          ) : null}
        </KlaimDetailView>
      )}
    </LihatListPage>
  );
}
