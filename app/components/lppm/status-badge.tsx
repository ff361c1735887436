/**
 * A proposal's status as a coloured badge (LPPM.md: "a badge per status") with its Indonesian
 * label; every LPPM list and detail page uses it.
 */
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";

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
};

export function StatusBadge({ status }: { status: string }) {
  const known = status in TONES ? (status as UsulanStatus) : null;
  return (
    <span
      data-status={status}
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${known ? TONES[known] : "bg-stone-100 text-stone-700 ring-stone-300"}`}
    >
      {known ? USULAN_WORKFLOW.labels[known] : status}
    </span>
  );
}
