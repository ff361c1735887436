/**
 * The LPPM's statuses on screen, one colour per status wherever it shows: a proposal's
 * (StatusBadge), a claim's, a report's, a monev's and its grade, the reviewers' disagreement
 * flag; and the one filter select of a list's GET form with the options a status list gives.
 */
import {
  INSENTIF_WORKFLOW,
  LAPORAN_KEMAJUAN_WORKFLOW,
  MONEV_WORKFLOW,
  USULAN_WORKFLOW,
  type InsentifStatus,
  type LaporanStatus,
  type MonevStatus,
  type UsulanStatus,
} from "~/domain/lppm/workflow";
import type { MonevGrade } from "~/domain/lppm/monev/monev";
import { SELISIH_LABEL } from "~/domain/lppm/penetapan/penetapan";
import { LEWAT_TENGGAT } from "~/domain/lppm/tenggat";

const BADGE = "inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1";

const TONES: Record<UsulanStatus, string> = {
  DRAF: "bg-stone-100 text-stone-700 ring-stone-300",
  DIAJUKAN: "bg-blue-50 text-blue-700 ring-blue-200",
  DISETUJUI_FAKULTAS: "bg-indigo-50 text-indigo-700 ring-indigo-200",
  DIKEMBALIKAN: "bg-amber-50 text-amber-800 ring-amber-200",
  DITOLAK: "bg-red-50 text-red-700 ring-red-200",
  REVIEW: "bg-purple-50 text-purple-700 ring-purple-200",
  DINILAI: "bg-cyan-50 text-cyan-800 ring-cyan-200",
  TIDAK_LOLOS: "bg-red-50 text-red-700 ring-red-200",
  DIKEMBALIKAN_KE_REVIEW: "bg-amber-50 text-amber-800 ring-amber-200",
  DIVERIFIKASI: "bg-teal-50 text-teal-700 ring-teal-200",
  DIREKOMENDASIKAN: "bg-emerald-50 text-emerald-700 ring-emerald-200",
  DIDANAI: "bg-green-100 text-green-800 ring-green-300",
  TIDAK_DIDANAI: "bg-red-50 text-red-700 ring-red-200",
  PERBAIKAN_DIAJUKAN: "bg-sky-50 text-sky-700 ring-sky-200",
  BERJALAN: "bg-lime-50 text-lime-800 ring-lime-200",
  SELESAI: "bg-green-600 text-white ring-green-700",
  DITARIK: "bg-stone-200 text-stone-700 ring-stone-400",
};

/** A proposal's status with its Indonesian label (LPPM.md: "a badge per status"). */
export function StatusBadge({ status }: { status: string }) {
  const known = status in TONES ? (status as UsulanStatus) : null;
  return (
    <span data-status={status} className={`${BADGE} ${known ? TONES[known] : "bg-stone-100 text-stone-700 ring-stone-300"}`}>
      {known ? USULAN_WORKFLOW.labels[known] : status}
    </span>
  );
}

const INSENTIF_TONES: Record<InsentifStatus, string> = {
  DRAF: "bg-stone-100 text-stone-700 ring-stone-300",
  DIAJUKAN: "bg-blue-50 text-blue-700 ring-blue-200",
  DIEVALUASI: "bg-cyan-50 text-cyan-800 ring-cyan-200",
  DIKEMBALIKAN: "bg-amber-50 text-amber-800 ring-amber-200",
  TIDAK_VALID: "bg-red-50 text-red-700 ring-red-200",
  DISETUJUI_SEKRETARIS: "bg-indigo-50 text-indigo-700 ring-indigo-200",
  DISETUJUI_KEPALA: "bg-violet-50 text-violet-700 ring-violet-200",
  DITETAPKAN: "bg-green-100 text-green-800 ring-green-300",
  DICAIRKAN: "bg-green-600 text-white ring-green-700",
};

export function InsentifBadge({ status }: { status: InsentifStatus }) {
  return (
    <span data-status={status} className={`${BADGE} ${INSENTIF_TONES[status]}`}>
      {INSENTIF_WORKFLOW.labels[status]}
    </span>
  );
}

const LAPORAN_TONES: Record<LaporanStatus, string> = {
  DRAF: "bg-stone-100 text-stone-700 ring-stone-300",
  DIAJUKAN: "bg-blue-50 text-blue-700 ring-blue-200",
  DIKEMBALIKAN: "bg-amber-50 text-amber-800 ring-amber-200",
  DITERIMA: "bg-green-100 text-green-800 ring-green-300",
};

/** A report's status; "Belum dibuat" before the ketua's first save. */
export function LaporanBadge({ status }: { status: LaporanStatus | null }) {
  return (
    <span
      data-status={status ?? "BELUM"}
      className={`${BADGE} ${status ? LAPORAN_TONES[status] : "bg-white text-stone-500 ring-stone-200"}`}
    >
      {status ? LAPORAN_KEMAJUAN_WORKFLOW.labels[status] : "Belum dibuat"}
    </span>
  );
}

const GRADE_TONES: Record<MonevGrade, string> = {
  "Sangat Baik": "bg-green-100 text-green-800 ring-green-300",
  Baik: "bg-lime-50 text-lime-800 ring-lime-200",
  Cukup: "bg-amber-50 text-amber-800 ring-amber-200",
  Kurang: "bg-red-50 text-red-700 ring-red-200",
};

export function GradeBadge({ grade }: { grade: MonevGrade | null }) {
  if (!grade) return <span className="text-stone-400">–</span>;
  return <span className={`${BADGE} ${GRADE_TONES[grade]}`}>{grade}</span>;
}

/** A monev's status; "Belum ditugaskan" before the Operator assigns a reviewer. */
export function MonevBadge({ status }: { status: MonevStatus | null }) {
  const tone = status === "DINILAI" ? "bg-green-100 text-green-800 ring-green-300" : status ? "bg-blue-50 text-blue-700 ring-blue-200" : "bg-white text-stone-500 ring-stone-200";
  return (
    <span data-status={status ?? "BELUM"} className={`${BADGE} ${tone}`}>
      {status ? MONEV_WORKFLOW.labels[status] : "Belum ditugaskan"}
    </span>
  );
}

/** An open assignment past its deadline: red, and said in words ('Lewat tenggat'), not only by colour. */
export function LewatTenggatBadge() {
  return (
    <span data-lewat="1" className="inline-block rounded-full bg-red-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-red-700 ring-1 ring-red-300">
      {LEWAT_TENGGAT}
    </span>
  );
}

/** A proposal waiting for the operator's reviewers ('Menunggu penugasan ulang' after a return to review). */
export function MenungguBadge({ label }: { label: string }) {
  return <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold whitespace-nowrap text-amber-900 ring-1 ring-amber-300" data-menunggu="1">{label}</span>;
}

/** Two reviewers' totals differ by more than the limit (the Sekretaris's flag). */
export function SelisihFlag() {
  return <span className="inline-block rounded-full bg-red-100 px-2.5 py-0.5 text-xs font-bold whitespace-nowrap text-red-700">⚠ {SELISIH_LABEL}</span>;
}

export type FilterOption = { value: string; label: string };

/** A select inside a list's GET form: changing it reloads the list (with JS; 'Cari' without). */
export function ListFilter({
  value,
  options,
  label = "Status",
  name = "status",
}: {
  value: string;
  options: FilterOption[];
  label?: string;
  name?: string;
}) {
  return (
    <label className="flex items-center gap-2 text-sm text-stone-600">
      {label}
      <select
        name={name}
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

/**
 * The options of a status filter: each status with its label, and 'semua' (every one of them)
 * first under `semua`'s label, or last as 'Semua' when the list opens on its first status.
 */
export function statusOptions(
  statuses: readonly UsulanStatus[],
  { semua = "Semua status", at = "first" }: { semua?: string; at?: "first" | "last" } = {},
): FilterOption[] {
  const each = statuses.map((s) => ({ value: s, label: USULAN_WORKFLOW.labels[s] }));
  return at === "first" ? [{ value: "semua", label: semua }, ...each] : [...each, { value: "semua", label: semua }];
}
