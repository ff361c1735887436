/**
 * Daftar Usulan (/operator/lppm/usulan, OperatorLppmUsulan): every submitted proposal, whatever
 * its status (filter), for the corrections the normal flow has no button for; ?lihat=ID opens one
 * with its whole record and timeline and, where allowed, 'Tarik' (withdraw it at the lecturer's
 * request) and 'Buka Kembali' (reopen a Ditolak, Tidak Lolos or Tidak Didanai decision to the
 * status it was decided from) — each with a required note, through the workflow's overrides.
 */
import { data, useActionData, useLoaderData } from "react-router";
import type { Route } from "./+types/usulan";
import { columnHelper } from "~/components/ui/data-table";
import { useReply } from "~/components/ui/use-reply";
import { UsulanDetailView } from "~/components/lppm/usulan-detail";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { DecisionForm, type DecisionButton } from "~/components/lppm/kit/decision-form";
import { JudulCell, rupiahOrDash } from "~/components/lppm/kit/cells";
import { ListFilter, StatusBadge, statusOptions } from "~/components/lppm/kit/status";
import { statusCondition, usulanPage, type UsulanBaris } from "~/domain/lppm/review/verifikasi.server";
import { bukaKembaliUsulan, getUsulanKoreksi, tarikUsulan } from "~/domain/lppm/usulan/override.server";
import { USULAN_STATUSES, USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { runAction } from "~/http/action.server";
import { decisionIntents } from "~/http/decision.server";
import { readLihatList, statusFilter } from "~/http/lihat-list.server";

export const handle = { title: "Daftar Usulan" };

/** Every status but a draft: a draft is its ketua's alone. */
const STATUSES: readonly UsulanStatus[] = USULAN_STATUSES.filter((s) => s !== "DRAF");

export async function loader(args: Route.LoaderArgs) {
  const { db, state, headers, lihat } = await readLihatList(args, "usulan_operator", getUsulanKoreksi);
  const { status } = statusFilter(args.url, STATUSES, "semua");
  return data({ list: usulanPage(db, state, statusCondition(status, STATUSES)), status, lihat }, { headers });
}

export const action = (args: Route.ActionArgs) =>
  runAction(
    args,
    decisionIntents({
      tarik: ({ db, user, id, note }) => tarikUsulan(db, user, id, note),
      "buka-kembali": ({ db, user, id, note }) => bukaKembaliUsulan(db, user, id, note),
    }),
  );

const col = columnHelper<UsulanBaris>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("dana_diusulkan", { header: "Dana diusulkan", cell: (info) => rupiahOrDash(info.getValue()) }),
  col.accessor("status", { header: "Status", cell: (info) => <StatusBadge status={info.getValue()} /> }),
];

export default function DaftarUsulan() {
  const loaderData = useLoaderData<typeof loader>();
  // A refused correction is said over the form that posted it, not toasted.
  const { reply } = useReply(useActionData(), { inline: true });
  return (
    <LihatListPage
      title="Daftar Usulan"
      caption="Daftar usulan yang telah diajukan"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={loaderData.status} options={statusOptions(STATUSES)} />}
    >
      {(lihat) => {
        const buttons: DecisionButton[] = [
          ...(lihat.bukaKembali ? [{ intent: "buka-kembali", label: "Buka Kembali", tone: "warning" as const }] : []),
          ...(lihat.bisaTarik ? [{ intent: "tarik", label: "Tarik", tone: "danger" as const }] : []),
        ];
        return (
          <UsulanDetailView
            detail={lihat.detail}
            documentHref={(dokumenId) => `/operator/lppm/usulan/${lihat.detail.usulan.id}/dokumen/${dokumenId}`}
            sections={["identitas", "tim", "dokumen", "riwayat"]}
          >
            {buttons.length ? (
              <DecisionForm
                id={lihat.detail.usulan.id}
                label="Koreksi usulan"
                buttons={buttons}
                error={reply?.id === lihat.detail.usulan.id ? reply.message : undefined}
                noteHint={[
                  "Wajib diisi.",
                  lihat.bukaKembali ? `Buka Kembali: usulan kembali berstatus ${USULAN_WORKFLOW.labels[lihat.bukaKembali]}.` : "",
                  lihat.bisaTarik ? "Tarik: atas permintaan pengusul; usulan keluar dari semua antrean." : "",
                ]
                  .filter(Boolean)
                  .join(" ")}
              />
            ) : null}
          </UsulanDetailView>
        );
      }}
    </LihatListPage>
  );
}
