/**
 * Where each person told of a transition acts on it: the page a notification links to, by the
 * kind of record, who is told (workflow.ts's audiences) and the status it reached. Client-safe
 * paths of the areas in app/navigation/lppm.ts and app/routes.ts.
 */
import type { Audience } from "~/domain/lppm/workflow";

/** The record: its id, and its proposal's for a report or a monev (the proposer's detail page shows them). */
export type LinkTarget = { kind: string; id: number; usulanId?: number | undefined; to: string };

const lihat = (path: string, id: number) => `${path}?lihat=${id}`;

export function audienceLink(audience: Audience, { kind, id, usulanId, to }: LinkTarget): string {
  const proposal = usulanId ?? id;
  if (kind === "insentif") {
    switch (audience) {
      case "ketua":
      case "tim":
        return "/pengusul/insentif/pengajuan";
      case "reviewer":
        return "/reviewer/evaluasi-insentif";
      case "sekretaris":
        return "/sekretarislppm/persetujuan-usulan/insentif-publikasi";
      case "kepala":
        return to === "DISETUJUI_KEPALA" ? "/kepalalppm/penetapan-pemenang/usulan-insentif" : "/kepalalppm/persetujuan-usulan/insentif-publikasi";
      default:
        return "/operator/lppm/insentif";
    }
  }
  if (kind === "monev") {
    switch (audience) {
      case "ketua":
      case "tim":
        return `/pengusul/usulan/${proposal}`;
      case "reviewer":
        return "/reviewer/evaluasi-monev";
      case "kepala":
        return "/kepalalppm/monitoring/monev-internal";
      default:
        return "/operator/lppm/monev-internal";
    }
  }
  if (kind === "laporan_kemajuan" || kind === "laporan_akhir") {
    const screen = kind === "laporan_kemajuan" ? "laporan-kemajuan" : "laporan-akhir";
    switch (audience) {
      case "ketua":
      case "tim":
        return `/pengusul/usulan/${proposal}`;
      case "kepala":
        return `/kepalalppm/monitoring/${screen}`;
      default:
        return `/operator/lppm/${screen}`;
    }
  }
  // A proposal.
  switch (audience) {
    case "ketua":
    case "tim":
      return `/pengusul/usulan/${proposal}`;
    case "fakultas":
      return lihat("/operatorfakultas/persetujuan-usulan/usulan-reguler", proposal);
    case "reviewer":
      return to === "DIKEMBALIKAN_KE_REVIEW" ? "/reviewer/evaluasi-substansi" : "/reviewer/evaluasi-administrasi";
    case "sekretaris":
      return lihat("/sekretarislppm/persetujuan-usulan/usulan-reguler", proposal);
    case "kepala":
      return to === "DIREKOMENDASIKAN" ? "/kepalalppm/penetapan-pemenang/usulan-reguler" : lihat("/kepalalppm/persetujuan-usulan/usulan-reguler", proposal);
    case "operator":
      if (to === "PERBAIKAN_DIAJUKAN" || to === "DIDANAI") return "/operator/lppm/perbaikan-usulan";
      if (to === "BERJALAN" || to === "SELESAI") return "/operator/lppm/catatan-harian";
      return lihat("/operator/lppm/penugasan-reviewer", proposal);
  }
}
