/**
 * Pieces the review screens share (verifier, Penugasan Reviewer, the reviewer's evaluations):
 * the status badge, the status filter of a table, and the proposal summary with its team (or
 * the blind-review notice) and status timeline.
 */
import type { ReactNode } from "react";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import type { RingkasanUsulan } from "~/domain/lppm/review/ringkasan.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { formatRupiah } from "~/lib/util/rupiah";
import { formatWib } from "~/lib/util/wib";

const BADGE: Partial<Record<UsulanStatus, string>> = {
  DIAJUKAN: "bg-sky-100 text-sky-800",
  DISETUJUI_FAKULTAS: "bg-emerald-100 text-emerald-800",
  DIKEMBALIKAN: "bg-amber-100 text-amber-800",
  DITOLAK: "bg-red-100 text-red-700",
  REVIEW: "bg-indigo-100 text-indigo-800",
  DINILAI: "bg-green-100 text-green-800",
  TIDAK_LOLOS: "bg-red-100 text-red-700",
  DIKEMBALIKAN_KE_REVIEW: "bg-amber-100 text-amber-800",
};

export function StatusBadge({ status }: { status: UsulanStatus }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${BADGE[status] ?? "bg-stone-100 text-stone-700"}`}>
      {USULAN_WORKFLOW.labels[status] ?? status}
    </span>
  );
}

/** A select inside the table's GET form: changing it reloads the list (with JS; 'Cari' without). */
export function StatusFilter({ value, options, label = "Status" }: { value: string; options: { value: string; label: string }[]; label?: string }) {
  return (
    <label className="flex items-center gap-2 text-sm text-stone-600">
      {label}
      <select
        name="status"
        defaultValue={value}
        onChange={(event) => event.currentTarget.form?.requestSubmit()}
        className="rounded-md border border-stone-300 bg-white px-2 py-1.5 text-sm"
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
}

export function statusOptions(statuses: readonly UsulanStatus[], semua = "Semua status") {
  return [{ value: "semua", label: semua }, ...statuses.map((s) => ({ value: s, label: USULAN_WORKFLOW.labels[s] }))];
}

/** The summary as the loaders send it. */
type Ringkasan = Omit<RingkasanUsulan, "id" | "skema" | "statusLabel">;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-1 py-1.5 sm:grid-cols-[11rem_1fr]">
      <dt className="text-sm font-semibold text-stone-500">{label}</dt>
      <dd className="text-sm text-stone-900">{children}</dd>
    </div>
  );
}

const tanggal = (value: Date) => formatWib(new Date(value));

/** The proposal as the review screens show it. */
export function RingkasanView({ usulan, timeline = true }: { usulan: Ringkasan; timeline?: boolean }) {
  return (
    <div className="space-y-5" data-testid="ringkasan-usulan">
      <section>
        <h3 className="text-base font-bold text-stone-900">{usulan.judul}</h3>
        <dl className="mt-2 divide-y divide-stone-100">
          <Row label="Status"><StatusBadge status={usulan.status} /></Row>
          <Row label="Jenis">{JENIS_LABELS[usulan.jenis]}</Row>
          <Row label="Periode">{usulan.periode}</Row>
          {usulan.bidang_fokus ? <Row label="Bidang fokus">{usulan.bidang_fokus}</Row> : null}
          {usulan.tkt !== null ? <Row label="TKT">{usulan.tkt}</Row> : null}
          {usulan.mitra_nama ? <Row label="Mitra">{usulan.mitra_nama}</Row> : null}
          <Row label="Lama kegiatan">{usulan.lama_bulan} bulan</Row>
          <Row label="Dana diusulkan">{formatRupiah(usulan.dana_diusulkan)}</Row>
          {usulan.diajukan_at ? <Row label="Diajukan">{tanggal(usulan.diajukan_at)}</Row> : null}
          {usulan.kata_kunci.length ? <Row label="Kata kunci">{usulan.kata_kunci.join(", ")}</Row> : null}
          {usulan.ringkasan ? <Row label="Ringkasan"><p className="whitespace-pre-line">{usulan.ringkasan}</p></Row> : null}
        </dl>
      </section>
      <section aria-labelledby="tim-usulan">
        <h3 id="tim-usulan" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Tim</h3>
        {usulan.tim ? (
          <ul className="mt-2 space-y-1 text-sm" data-testid="tim-usulan">
            <li>
              <span className="font-semibold">{usulan.tim.ketua.nama}</span> (ketua{usulan.tim.ketua.nidn ? `, NIDN ${usulan.tim.ketua.nidn}` : ""}
              {usulan.tim.ketua.prodi ? `, ${usulan.tim.ketua.prodi}` : ""}
              {usulan.tim.ketua.fakultas ? `, ${usulan.tim.ketua.fakultas}` : ""})
            </li>
            {usulan.tim.anggota.map((a, i) => (
              <li key={`a${i}`}>
                {a.nama} (anggota{a.nidn ? `, NIDN ${a.nidn}` : ""}{a.status === "MENUNGGU" ? ", undangan belum dijawab" : ""})
              </li>
            ))}
            {usulan.tim.mahasiswa.map((m) => (
              <li key={m.nim}>{m.nama} (mahasiswa, NIM {m.nim})</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-stone-600" data-testid="tim-disembunyikan">Identitas tim disembunyikan (review buta).</p>
        )}
      </section>
      {usulan.luaran.length ? (
        <section aria-labelledby="luaran-usulan">
          <h3 id="luaran-usulan" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Luaran</h3>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {usulan.luaran.map((l, i) => (
              <li key={i}>{l.jenis} — {l.target}</li>
            ))}
          </ul>
        </section>
      ) : null}
      {usulan.dokumen.length ? (
        <section aria-labelledby="dokumen-usulan">
          <h3 id="dokumen-usulan" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Dokumen</h3>
          <ul className="mt-2 list-disc pl-5 text-sm">
            {usulan.dokumen.map((d) => (
              <li key={d.id}>{d.nama_file} (versi {d.versi})</li>
            ))}
          </ul>
        </section>
      ) : null}
      {timeline && usulan.timeline.length ? (
        <section aria-labelledby="riwayat-status">
          <h3 id="riwayat-status" className="text-sm font-bold tracking-wide text-stone-500 uppercase">Riwayat status</h3>
          <ol className="mt-2 space-y-1 text-sm">
            {usulan.timeline.map((e, i) => (
              <li key={i}>
                <span className="text-stone-500">{tanggal(e.at)}</span> — {USULAN_WORKFLOW.labels[e.to as UsulanStatus] ?? e.to} ({e.actor})
                {e.note ? <span className="block pl-4 text-stone-600">Catatan: {e.note}</span> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
