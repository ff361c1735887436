/**
 * Evaluasi Monev (/reviewer/evaluasi-monev): the monev reviewer's assignments, reached
 * from the reviewer's dashboard and the assignment's message (the spec's reviewer sidebar names
 * three pages only, so this page is not in it). ?lihat=ID opens a project: its accepted progress
 * report, and — while assigned, inside the monev window — the monev rubric to score 0–100 per
 * criterion with a note and the berita acara (PDF): 'Simpan Penilaian' (→ Dinilai).
 */
import { data, Form } from "react-router";
import type { Route } from "./+types/evaluasi-monev";
import { columnHelper } from "~/components/ui/data-table";
import { Alert, inputClass } from "~/components/ui/field";
import { MonevDetailView, nilaiMonev } from "~/components/lppm/monev-view";
import { getMonev, listMonevReviewer, nilaiMonev as simpanNilaiMonev, type MonevRow } from "~/domain/lppm/monev/monev.server";
import { BERITA_ACARA_WAJIB, CATATAN_MONEV_MAKS, monevSchema } from "~/domain/lppm/monev/monev";
import { MONEV_WORKFLOW, type MonevStatus } from "~/domain/lppm/workflow";
import { runAction, withId } from "~/http/action.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { readLihatList } from "~/http/lihat-list.server";
import { DOCUMENT_TOO_BIG, documentAccept } from "~/lib/util/document-rules";
import { LihatListPage } from "~/components/lppm/kit/lihat-list-page";
import { JudulCell, TenggatCell } from "~/components/lppm/kit/cells";
import { ListFilter, GradeBadge, MonevBadge } from "~/components/lppm/kit/status";
import { useReply } from "~/components/ui/use-reply";

export const handle = { title: "Evaluasi Monev" };

export async function loader(args: Route.LoaderArgs) {
  // Only the viewer's own assignment opens here.
  const { db, user, state, headers, lihat } = await readLihatList(args, "monev_reviewer", (db, user, id) => {
    const found = getMonev(db, user, id);
    return found?.monev?.id_reviewer === user.id ? found : null;
  });
  const param = args.url.searchParams.get("status");
  const status: MonevStatus | "semua" = param === "semua" ? "semua" : param === "DINILAI" ? "DINILAI" : "DITUGASKAN";
  return data({ title: "Evaluasi Monev", status, list: listMonevReviewer(db, user.id, state, status === "semua" ? null : status), lihat }, { headers });
}


export function action(args: Route.ActionArgs) {
  return runAction(
    args,
    {
      simpan: withId("Usulan tidak valid.", async (ctx) => {
        const { db, user, id } = ctx;
        const detail = getMonev(db, user, id);
        // Someone else's monev is as missing as one that does not exist.
        if (!detail?.monev || detail.monev.id_reviewer !== user.id) return ctx.reply(404, NOT_FOUND);
        const value = ctx.parse(monevSchema(detail.kriteria));
        const result = await ctx.upload("berita_acara", ([file]) => simpanNilaiMonev(db, user, id, value, file ?? null));
        return result.ok ? ctx.done() : ctx.refuse(result);
      }),
    },
    { upload: { intent: "simpan", field: "berita_acara", message: DOCUMENT_TOO_BIG } },
  );
}

const col = columnHelper<MonevRow>();
const columns = [
  col.accessor("judul", { header: "Judul", cell: (info) => <JudulCell judul={info.getValue()} jenis={info.row.original.jenis} periode={info.row.original.periode} /> }),
  col.accessor("ketua", { header: "Ketua" }),
  col.accessor("tenggat", { header: "Tenggat", cell: (info) => <TenggatCell tenggat={info.getValue()} lewat={info.row.original.lewat} /> }),
  col.accessor("total_nilai", { header: "Nilai", cell: (info) => nilaiMonev(info.getValue()) }),
  col.accessor("grade", { header: "Predikat", cell: (info) => <GradeBadge grade={info.getValue()} /> }),
  col.accessor("monev_status", { header: "Status", cell: (info) => <MonevBadge status={info.getValue()} /> }),
];

const FILTER_OPTIONS = [
  { value: "DITUGASKAN", label: MONEV_WORKFLOW.labels.DITUGASKAN },
  { value: "DINILAI", label: MONEV_WORKFLOW.labels.DINILAI },
  { value: "semua", label: "Semua" },
];
const errorText = "mt-1 block text-xs font-medium text-red-600";

export default function EvaluasiMonev({ loaderData, actionData }: Route.ComponentProps) {
  const { status } = loaderData;
  const { reply, err, busy } = useReply(actionData, { inline: true });
  return (
    <LihatListPage
      title="Evaluasi Monev"
      caption="Daftar penugasan monev"
      columns={columns}
      data={loaderData}
      filters={<ListFilter value={status} options={FILTER_OPTIONS} />}
      rowLink={(row) => ({ name: `Monev ${row.judul}`, text: row.monev_status === "DITUGASKAN" ? "Nilai" : "Detail" })}
    >
      {(detail) => (
        <MonevDetailView
          detail={detail}
          dokumenHref={(d) => `/reviewer/usulan/${detail.usulan.id}/dokumen/${d}`}
          beritaAcaraHref={`/reviewer/usulan/${detail.usulan.id}/monev-berita-acara`}
          beritaAcaraPdfHref={`/reviewer/usulan/${detail.usulan.id}/naskah/berita-acara-monev`}
        >
          {detail.canScore ? (
            <Form method="post" encType="multipart/form-data" className="space-y-4 rounded-xl border border-stone-200 p-3" aria-label="Penilaian monev">
              <input type="hidden" name="id" value={detail.usulan.id} />
              {reply?.message ? <Alert>{reply.message}</Alert> : null}
              <p className="text-sm text-stone-600">Skor 0–100 per kriteria; nilai = bobot × skor / 100. Predikat: Sangat Baik ≥ 80, Baik ≥ 70, Cukup ≥ 60, Kurang di bawahnya.</p>
              <ol className="space-y-2">
                {detail.kriteria.map((k) => (
                  <li key={k.urutan}>
                    <label className="flex flex-wrap items-center justify-between gap-2 text-sm">
                      <span className="font-semibold text-stone-800">
                        {k.urutan}. {k.kriteria} <span className="font-normal text-stone-500">(bobot {k.bobot}%)</span>
                      </span>
                      <input
                        name={`skor_${k.urutan}`}
                        inputMode="numeric"
                        maxLength={3}
                        required
                        className={`${inputClass} w-24`}
                        aria-invalid={err(`skor_${k.urutan}`) ? true : undefined}
                      />
                    </label>
                    {k.panduan ? <p className="mt-1 text-xs whitespace-pre-line text-stone-600">{k.panduan}</p> : null}
                    {err(`skor_${k.urutan}`) ? <span className={errorText}>{err(`skor_${k.urutan}`)}</span> : null}
                  </li>
                ))}
              </ol>
              <label className="block">
                <span className="block text-sm font-semibold text-stone-700">Catatan</span>
                <textarea name="catatan" rows={3} maxLength={CATATAN_MONEV_MAKS} className={inputClass} />
              </label>
              <label className="block">
                <span className="block text-sm font-semibold text-stone-700">Berita acara (PDF, maks. 10 MB)</span>
                <input type="file" name="berita_acara" accept={documentAccept(["pdf"])} required className="block text-sm" aria-invalid={err("berita_acara") ? true : undefined} />
                {err("berita_acara") ? <span className={errorText}>{err("berita_acara")}</span> : <span className="text-xs text-stone-500">{BERITA_ACARA_WAJIB}</span>}
              </label>
              <div className="flex justify-end">
                <button type="submit" name="intent" value="simpan" disabled={busy} className="rounded-lg bg-kayu-700 px-6 py-2 text-sm font-bold text-white shadow hover:bg-kayu-800 disabled:cursor-wait disabled:opacity-70">
                  Simpan Penilaian
                </button>
              </div>
            </Form>
          ) : detail.monev?.status === "DITUGASKAN" && detail.windowClosed ? (
            <Alert>{detail.windowClosed}</Alert>
          ) : null}
        </MonevDetailView>
      )}
    </LihatListPage>
  );
}
