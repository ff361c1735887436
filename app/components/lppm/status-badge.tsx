/**
 * A proposal's status as a badge (LPPM.md, "Every screen": a badge per status), its label from
 * the workflow and a colour by where it stands: waiting on someone, returned, refused, funded
 * and running, done.
 */
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";

const TONE: Record<UsulanStatus, string> = {
  DRAF: "bg-stone-100 text-stone-700",
  DIAJUKAN: "bg-sky-100 text-sky-800",
  DISETUJUI_FAKULTAS: "bg-sky-100 text-sky-800",
  REVIEW: "bg-indigo-100 text-indigo-800",
  DINILAI: "bg-indigo-100 text-indigo-800",
  DIKEMBALIKAN_KE_REVIEW: "bg-amber-100 text-amber-800",
  DIKEMBALIKAN: "bg-amber-100 text-amber-800",
  DIVERIFIKASI: "bg-violet-100 text-violet-800",
  DIREKOMENDASIKAN: "bg-violet-100 text-violet-800",
  DITOLAK: "bg-red-100 text-red-800",
  TIDAK_LOLOS: "bg-red-100 text-red-800",
  TIDAK_DIDANAI: "bg-red-100 text-red-800",
  DIDANAI: "bg-green-100 text-green-800",
  PERBAIKAN_DIAJUKAN: "bg-green-100 text-green-800",
  BERJALAN: "bg-green-600 text-white",
  SELESAI: "bg-stone-700 text-white",
};

export function StatusBadge({ status }: { status: string }) {
  const known = (USULAN_WORKFLOW.statuses as readonly string[]).includes(status) ? (status as UsulanStatus) : null;
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ${known ? TONE[known] : "bg-stone-100 text-stone-700"}`}>
      {known ? USULAN_WORKFLOW.labels[known] : status}
    </span>
  );
}
