/**
 * Pieces of the secretary's, head's, penetapan and perbaikan screens: the status badge and
 * filter, the reviewers' scores with the disagreement flag, the status timeline and the
 * decision form (a note and the workflow's buttons; a plain form post, works without JS).
 */
import { NilaiTable } from "~/components/lppm/nilai-table";
import { Form, useLocation } from "react-router";
import { useSubmitting } from "~/lib/hooks/use-submitting";
import { AppLink } from "~/components/ui/app-link";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { StatusFilter as SelectFilter, statusOptions } from "~/components/lppm/review-parts";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { SELISIH_LABEL } from "~/domain/lppm/penetapan/penetapan";
import { MAX_NILAI } from "~/domain/lppm/rubrik";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";
import { Alert, inputClass } from "~/components/ui/field";

const BADGE: Partial<Record<UsulanStatus, string>> = {
  DINILAI: "bg-sky-100 text-sky-800",
  DIKEMBALIKAN_KE_REVIEW: "bg-amber-100 text-amber-800",
  DIVERIFIKASI: "bg-indigo-100 text-indigo-800",
  DIREKOMENDASIKAN: "bg-violet-100 text-violet-800",
  DIDANAI: "bg-emerald-100 text-emerald-800",
  TIDAK_DIDANAI: "bg-stone-200 text-stone-700",
  DITOLAK: "bg-red-100 text-red-700",
  PERBAIKAN_DIAJUKAN: "bg-amber-100 text-amber-800",
  BERJALAN: "bg-green-100 text-green-800",
};

export function StatusBadge({ status }: { status: UsulanStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[status] ?? "bg-stone-100 text-stone-700"}`}>
      {USULAN_WORKFLOW.labels[status]}
    </span>
  );
}

export function SelisihFlag() {
  return (
    <span className="inline-block rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-red-700">⚠ {SELISIH_LABEL}</span>
  );
}

/** The status select of a list's GET form (DataTable `filters`): the offered statuses, then 'Semua'. */
export function StatusFilter({ statuses, value }: { statuses: readonly UsulanStatus[]; value: string }) {
  return <SelectFilter value={value} options={[...statusOptions(statuses).slice(1), { value: "semua", label: "Semua" }]} />;
}

export const rupiahOrDash = (value: number | null | undefined) => (value === null || value === undefined ? "–" : formatRupiah(value));
export const nilaiOrDash = (value: number | null | undefined) =>
  value === null || value === undefined ? "–" : value.toLocaleString("id-ID", { maximumFractionDigits: 2 });

type Review = {
  id: number;
  reviewer: string;
  total_nilai: number | null;
  rekomendasi: string | null;
  dana_rekomendasi: number | null;
  catatan: string | null;
  substansi_at: Date | string | null;
  items: { kriteria: string; bobot: number; skor: number | null; nilai: number | null; justifikasi: string }[];
};
type Round = { putaran: number; reviews: Review[]; selisih: number | null; selisihBesar: boolean };

/** Every review round, newest first; the current round open, earlier ones folded as history. */
export function PenilaianRounds({ rounds, current }: { rounds: Round[]; current: number }) {
  if (rounds.length === 0) return <p className="text-sm text-stone-500">Belum ada penilaian reviewer.</p>;
  return (
    <div className="space-y-4">
      {rounds.map((round) => (
        <details key={round.putaran} open={round.putaran === current} className="rounded-xl border border-stone-200">
          <summary className="flex cursor-pointer flex-wrap items-center gap-2 px-4 py-2 text-sm font-semibold text-stone-800">
            Putaran {round.putaran}
            {round.putaran === current ? "" : " (riwayat)"}
            {round.selisih !== null ? <span className="font-normal text-stone-500">· selisih {round.selisih}</span> : null}
            {round.selisihBesar ? <SelisihFlag /> : null}
          </summary>
          <div className="grid gap-4 border-t border-stone-100 p-4 lg:grid-cols-2">
            {round.reviews.map((review, i) => (
              <section key={review.id} aria-label={`Penilaian reviewer ${i + 1}`} className="space-y-2 text-sm">
                <h3 className="font-bold text-stone-900">
                  Reviewer {i + 1}: {review.reviewer}
                </h3>
                <p>
                  Total nilai: <strong>{review.total_nilai ?? "–"}</strong> / {MAX_NILAI}
                </p>
                <p>Rekomendasi: {review.rekomendasi ?? "–"} · Dana rekomendasi: {rupiahOrDash(review.dana_rekomendasi)}</p>
                {review.catatan ? <p className="text-stone-600">Catatan: {review.catatan}</p> : null}
                {review.items.length ? (
                  <NilaiTable
                    caption={`Nilai reviewer ${i + 1} per kriteria`}
                    rows={review.items.map((item) => ({ key: item.kriteria, kriteria: item.kriteria, bobot: item.bobot, skor: item.skor ?? "–", nilai: item.nilai ?? "–", justifikasi: item.justifikasi }))}
                  />
                ) : null}
              </section>
            ))}
          </div>
        </details>
      ))}
    </div>
  );
}

type Entry = { from: string | null; to: string; actor: string; note: string | null; at: Date | string };

/** A record's status history; `labels`: its workflow's (a proposal's by default). */
export function Timeline({ entries, labels = USULAN_WORKFLOW.labels }: { entries: Entry[]; labels?: Readonly<Record<string, string>> }) {
  const label = (s: string) => labels[s] ?? s;
  return (
    <ol className="space-y-1 text-sm">
      {entries.map((e, i) => (
        <li key={i} className="border-l-2 border-kayu-200 pl-3">
          <span className="text-stone-500">{formatWib(new Date(e.at))}</span> · <strong>{label(e.to)}</strong> oleh {e.actor}
          {e.note ? <span className="text-stone-600"> — {e.note}</span> : null}
        </li>
      ))}
    </ol>
  );
}

/** The 'Riwayat status' section of a detail: its heading and the Timeline; nothing before a first move. */
export function RiwayatStatus({ entries, labels, title = "Riwayat status" }: { entries: Entry[]; labels?: Readonly<Record<string, string>>; title?: string }) {
  if (entries.length === 0) return null;
  return (
    <section className="space-y-2">
      <h2 className="text-base font-bold text-stone-900">{title}</h2>
      <Timeline entries={entries} labels={labels} />
    </section>
  );
}

export type DecisionButton = { intent: string; label: string; tone: "primary" | "success" | "warning" | "danger" };

const TONES = {
  primary: "bg-kayu-700 hover:bg-kayu-800",
  success: "bg-green-700 hover:bg-green-800",
  warning: "bg-amber-600 hover:bg-amber-700",
  danger: "bg-red-600 hover:bg-red-700",
} as const;

/**
 * A decision on one record: the note and a button per allowed move. The note is required for
 * returning and refusing; the server says so (422) when it is missing: over the form
 * (`error`), or under the note (`noteError`).
 */
export function DecisionForm({
  id,
  buttons,
  error,
  noteError,
  noteHint,
  label,
}: {
  id: number;
  buttons: DecisionButton[];
  error?: string | undefined;
  noteError?: string | undefined;
  noteHint: string;
  /** The form's accessible name, when a page has more than one form. */
  label?: string;
}) {
  const busy = useSubmitting();
  const noteId = `catatan-${id}`;
  return (
    <Form method="post" className="space-y-3 border-t border-stone-100 pt-4" aria-label={label}>
      <input type="hidden" name="id" value={id} />
      {error ? <Alert>{error}</Alert> : null}
      <div className="space-y-1">
        <label htmlFor={noteId} className="block text-sm font-semibold text-stone-700">Catatan</label>
        <textarea
          id={noteId}
          name="catatan"
          rows={3}
          maxLength={2000}
          className={inputClass}
          aria-invalid={error || noteError ? true : undefined}
          aria-describedby={noteError ? `${noteId}-error` : `${noteId}-hint`}
        />
        <p id={`${noteId}-hint`} className="text-xs text-stone-500">{noteHint}</p>
        {noteError ? <p id={`${noteId}-error`} className="text-xs font-medium text-red-600">{noteError}</p> : null}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        {buttons.map((b) => (
          <button
            key={b.intent}
            type="submit"
            name="intent"
            value={b.intent}
            disabled={busy}
            className={`rounded-lg px-5 py-2 text-sm font-bold text-white shadow disabled:cursor-wait disabled:opacity-70 ${TONES[b.tone]}`}
          >
            {b.label}
          </button>
        ))}
      </div>
    </Form>
  );
}

/** Links of a list to its ?lihat=ID detail (and back: `null`), keeping the table's state. */
export function useLihatHref() {
  const location = useLocation();
  return (id: number | null) => {
    const search = new URLSearchParams(location.search);
    if (id === null) search.delete("lihat");
    else search.set("lihat", String(id));
    return `${location.pathname}?${search.toString()}`;
  };
}

/** The row's link to its detail (named after the proposal for screen readers and tests). */
export function LihatLink({ to, name, children = "Detail" }: { to: string; name: string; children?: string }) {
  return (
    <AppLink to={to} preventScrollReset aria-label={name} className="rounded-md border border-stone-200 px-3 py-1.5 text-sm font-semibold text-kayu-800 hover:bg-kayu-50">
      {children}
    </AppLink>
  );
}

/** A list's Judul cell: the title, then its kind (when shown) and periode. */
export function JudulCell({ judul, jenis, periode }: { judul: string; jenis?: "penelitian" | "pengabdian"; periode: string }) {
  return (
    <div>
      <p className="font-semibold text-stone-900">{judul}</p>
      <p className="text-xs text-stone-500">{jenis ? `${JENIS_LABELS[jenis]} · ` : ""}{periode}</p>
    </div>
  );
}
