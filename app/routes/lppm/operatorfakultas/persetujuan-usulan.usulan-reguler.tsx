/**
 * OperatorFakultasPersetujuanUsulanReguler (/operatorfakultas/persetujuan-usulan/usulan-reguler):
 * the faculty verifier's proposals (their faculty only; DIAJUKAN by default, a status filter for
 * the rest), the detail at ?lihat=ID and the decision 'Setujui' (note optional), 'Kembalikan' and
 * 'Tolak' (note required) as one form post → usulanTransition.
 */
import { data, Link, useLocation } from "react-router";
import type { Route } from "./+types/persetujuan-usulan.usulan-reguler";
import { UsulanDetailView } from "~/components/lppm/usulan-detail";
import { PageHeader } from "~/components/operator/page-header";
import { columnHelper, DataTable } from "~/components/ui/data-table";
import { UrlDialog, useParamHref } from "~/components/ui/dialog";
import { withoutParams } from "~/lib/util/modal-params";
import { Alert } from "~/components/ui/field";
import { useReply } from "~/components/ui/use-reply";
import { NOT_FOUND } from "~/lib/util/messages";
import { KEPUTUSAN_FAKULTAS, keputusanSchema, type KeputusanFakultas } from "~/domain/lppm/review/review.schema";
import {
  getVerifikasi,
  listVerifikasi,
  putuskanFakultas,
  type UsulanBaris,
} from "~/domain/lppm/review/verifikasi.server";
import { VERIFIKASI_STATUSES } from "~/domain/lppm/review/statuses";
import { runAction, type Handler } from "~/http/action.server";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { readLihatList, statusFilter } from "~/http/lihat-list.server";
import { ListFilter, statusOptions, StatusBadge } from "~/components/lppm/kit/status";
import { DecisionForm, type DecisionButton } from "~/components/lppm/kit/decision-form";

export const handle = { title: "Persetujuan Usulan Reguler" };

export async function loader(args: Route.LoaderArgs) {
  const { db, user, state, headers, lihat } = await readLihatList(args, "persetujuan_fakultas", getVerifikasi, { missing: "404" });
  const { status } = statusFilter(args.url, VERIFIKASI_STATUSES, "DIAJUKAN");
  return data({ list: listVerifikasi(db, user.id, state, status), status, lihat }, { headers });
}

function keputusanIntent(keputusan: KeputusanFakultas): Handler {
  return (ctx) => {
    const { catatan } = ctx.parse(keputusanSchema(keputusan));
    const result = putuskanFakultas(ctx.db, ctx.user, ctx.id ?? 0, keputusan, catatan);
    if (result.ok) return ctx.done();
    if (result.status === 404) return ctx.reply(404, NOT_FOUND);
    // A note the decision needs (Kembalikan, Tolak) is refused on the note.
    return ctx.refuse({ status: result.status, message: result.message, field: result.status === 422 ? "catatan" : undefined });
  };
}

export const action = (args: Route.ActionArgs) =>
  runAction(args, {
    setujui: keputusanIntent("setujui"),
    kembalikan: keputusanIntent("kembalikan"),
    tolak: keputusanIntent("tolak"),
  });

const col = columnHelper<UsulanBaris>();
const columns = [
  col.accessor("judul", { header: "Judul" }),
  col.accessor("ketua", { header: "Ketua", cell: (info) => `${info.getValue()}${info.row.original.prodi ? ` (${info.row.original.prodi})` : ""}` }),
  col.accessor("periode", { header: "Periode" }),
  col.accessor("dana_diusulkan", { header: "Dana", cell: (info) => formatRupiah(info.getValue()) }),
  col.accessor("diajukan_at", { header: "Diajukan", cell: (info) => (info.getValue() ? formatWib(new Date(info.getValue()!)) : "-") }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function PersetujuanFakultas({ loaderData, actionData }: Route.ComponentProps) {
  const { list, status, lihat } = loaderData;
  const paramHref = useParamHref();
  return (
    <div>
      <PageHeader title="Persetujuan Usulan Reguler" />
      {!list.fakultas ? <Alert>Akun Anda belum ditetapkan sebagai verifikator sebuah fakultas. Hubungi operator LPPM.</Alert> : null}
      <DataTable
        caption="Daftar usulan fakultas"
        columns={columns}
        list={list}
        filters={<ListFilter value={status} options={statusOptions(VERIFIKASI_STATUSES)} />}
        action={(row) => (
          <Link to={paramHref("lihat", row.id)} preventScrollReset className="rounded-md border border-stone-300 px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-50" aria-label={`Lihat ${row.judul}`}>
            Lihat
          </Link>
        )}
      />
      {lihat ? <DetailDialog lihat={lihat} reply={actionData} /> : null}
    </div>
  );
}

const TONE: Record<KeputusanFakultas, DecisionButton["tone"]> = { setujui: "success", kembalikan: "warning", tolak: "danger" };

function DetailDialog({ lihat, reply }: { lihat: NonNullable<Route.ComponentProps["loaderData"]["lihat"]>; reply: unknown }) {
  const location = useLocation();
  const closeTo = withoutParams(location.pathname + location.search, "lihat");
  const { formError, err, busy } = useReply(reply, { inline: true });
  const catatanError = err("catatan");
  return (
    <UrlDialog title="Detail Usulan" closeTo={closeTo} size="xl" busy={busy}>
      <UsulanDetailView detail={lihat.detail} documentHref={(d) => `/operatorfakultas/usulan/${lihat.detail.usulan.id}/dokumen/${d}`}>
        {lihat.keputusan.length ? (
          <DecisionForm
            id={lihat.detail.usulan.id}
            label="Keputusan fakultas"
            buttons={lihat.keputusan.map((k) => ({ intent: k.key, label: KEPUTUSAN_FAKULTAS[k.key].label, tone: TONE[k.key] }))}
            error={formError}
            noteError={catatanError}
            noteHint="Wajib diisi untuk Kembalikan dan Tolak."
          />
        ) : null}
      </UsulanDetailView>
    </UrlDialog>
  );
}
