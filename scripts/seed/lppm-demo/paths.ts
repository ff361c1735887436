/**
 * The statuses each demo record went through, in order, by its workflow's transitions: a
 * proposal's from DRAF to where it stands, a report's, a claim's. Each record's timeline has one
 * entry per step. DAY is the unit the demo's dates are counted in, from now.
 */
import type { InsentifStatus, LaporanStatus, UsulanStatus } from "../../../app/domain/lppm/workflow";
import type { DemoKlaim } from "./tables/klaim";

export const DAY = 24 * 60 * 60 * 1000;

/** A report's statuses on its way to `status` (the laporan workflow). */
export const LAPORAN_PATH: Record<LaporanStatus, LaporanStatus[]> = {
  DRAF: ["DRAF"],
  DIAJUKAN: ["DRAF", "DIAJUKAN"],
  DIKEMBALIKAN: ["DRAF", "DIAJUKAN", "DIKEMBALIKAN"],
  DITERIMA: ["DRAF", "DIAJUKAN", "DITERIMA"],
};

/** The path each final status was reached by, from DRAF (the workflow's transitions). */
const MAIN_PATH: UsulanStatus[] = ["DRAF", "DIAJUKAN", "DISETUJUI_FAKULTAS", "REVIEW", "DINILAI", "DIVERIFIKASI", "DIREKOMENDASIKAN", "DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"];
const SIDE_EXIT: Partial<Record<UsulanStatus, UsulanStatus>> = {
  DIKEMBALIKAN: "DIAJUKAN",
  DITOLAK: "DIAJUKAN",
  TIDAK_LOLOS: "REVIEW",
  DIKEMBALIKAN_KE_REVIEW: "DINILAI",
  TIDAK_DIDANAI: "DIREKOMENDASIKAN",
  // Withdrawn by its ketua once the faculty had approved it, before any reviewer was assigned.
  DITARIK: "DISETUJUI_FAKULTAS",
};

export function pathTo(status: UsulanStatus): UsulanStatus[] {
  const exitFrom = SIDE_EXIT[status];
  if (exitFrom) return [...MAIN_PATH.slice(0, MAIN_PATH.indexOf(exitFrom) + 1), status];
  return MAIN_PATH.slice(0, MAIN_PATH.indexOf(status) + 1);
}

/** A claim's statuses on its way to `status` (INSENTIF_WORKFLOW's transitions), from DRAF. */
const INSENTIF_PATH: Record<InsentifStatus, InsentifStatus[]> = {
  DRAF: ["DRAF"],
  DIAJUKAN: ["DRAF", "DIAJUKAN"],
  DIKEMBALIKAN: ["DRAF", "DIAJUKAN", "DIKEMBALIKAN"],
  TIDAK_VALID: ["DRAF", "DIAJUKAN", "TIDAK_VALID"],
  DIEVALUASI: ["DRAF", "DIAJUKAN", "DIEVALUASI"],
  DISETUJUI_SEKRETARIS: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS"],
  DISETUJUI_KEPALA: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA"],
  DITETAPKAN: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN"],
  DICAIRKAN: ["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"],
};

/** The path of a demo claim: a returned one went DIAJUKAN → DIKEMBALIKAN → DIAJUKAN first. */
export function klaimPath(k: Pick<DemoKlaim, "status" | "dikembalikan">): InsentifStatus[] {
  const path = INSENTIF_PATH[k.status];
  return k.dikembalikan ? ["DRAF", "DIAJUKAN", "DIKEMBALIKAN", ...path.slice(1)] : path;
}
