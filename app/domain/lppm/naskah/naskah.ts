/**
 * The papers of a proposal made as PDF (naskah.server.ts makes them), client-safe: which exist,
 * when a proposal has a contract, and the labels of their links.
 */
import type { UsulanStatus } from "~/domain/lppm/workflow";

/** A proposal's papers, by the last part of their URL (…/usulan/:id/naskah/<naskah>). */
export const NASKAH_USULAN = ["lembar-pengesahan", "kontrak", "berita-acara-monev"] as const;
export type NaskahUsulan = (typeof NASKAH_USULAN)[number];

export const NASKAH_LABELS: Record<NaskahUsulan, string> = {
  "lembar-pengesahan": "Lembar Pengesahan (PDF)",
  kontrak: "Kontrak (PDF)",
  "berita-acara-monev": "Berita Acara Monev (PDF)",
};

/** A proposal has a contract once the penetapan funded it, for the rest of its life. */
const FUNDED: readonly UsulanStatus[] = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"];

export function adaKontrak(u: { status: UsulanStatus; dana_disetujui: number | null }): boolean {
  return FUNDED.includes(u.status) && u.dana_disetujui !== null;
}

/**
 * A paper's link beside the proposal's documents: every area serves a proposal's files side by
 * side under …/usulan/:id/ (app/routes.ts, lppmFileRoutes), so the area's document link names
 * the folder.
 */
export function naskahHref(documentHref: (dokumenId: number) => string, naskah: NaskahUsulan): string {
  return documentHref(0).replace(/\/dokumen\/0$/, `/naskah/${naskah}`);
}
