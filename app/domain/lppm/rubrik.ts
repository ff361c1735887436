/**
 * Rubrics (LPPM.md, "Rubrik"): per jenis and tahap, criteria with a weight and, for the scored
 * stages, the national score scale 1, 2, 3, 5, 6, 7 with a description of each score; the
 * value of a criterion is weight × score. Administrasi is a pass/fail checklist (no weights,
 * no scores). Client-safe: the operator's editor and the reviewers' forms read it.
 */
export const SKOR = [1, 2, 3, 5, 6, 7] as const;
export type Skor = (typeof SKOR)[number];

/** What each score means in the national form (Panduan Penelitian dan Pengabdian). */
export const SKOR_LABELS: Record<Skor, string> = {
  1: "Buruk",
  2: "Sangat kurang",
  3: "Kurang",
  5: "Cukup",
  6: "Baik",
  7: "Sangat baik",
};

export const TAHAP_RUBRIK = ["administrasi", "substansi", "monev", "insentif"] as const;
export type TahapRubrik = (typeof TAHAP_RUBRIK)[number];

export const TAHAP_RUBRIK_LABELS: Record<TahapRubrik, string> = {
  administrasi: "Administrasi",
  substansi: "Substansi",
  monev: "Monev",
  insentif: "Insentif",
};

/** The weights of a scored rubric add up to this. */
export const TOTAL_BOBOT = 100;
/** The most a scored review can total: every weight × the top score. */
export const MAX_NILAI = TOTAL_BOBOT * Math.max(...SKOR);

/** Whether a stage scores its criteria (weights and the score scale) or only checks them. */
export function isScored(tahap: TahapRubrik): boolean {
  return tahap !== "administrasi";
}

/** A scored rubric's refusal of its weights, or null when they add up to 100. */
export function totalBobotRefusal(bobot: readonly number[]): string | null {
  const total = bobot.reduce((sum, b) => sum + b, 0);
  return total === TOTAL_BOBOT ? null : `Total bobot harus ${TOTAL_BOBOT} (sekarang ${total}).`;
}

/** A criterion's score descriptions: score → text. */
export type DeskripsiSkor = Record<Skor, string>;

/** The stored JSON of score descriptions, read back; null when absent or unreadable. */
export function parseDeskripsiSkor(value: string | null | undefined): DeskripsiSkor | null {
  if (!value) return null;
  try {
    const parsed: unknown = JSON.parse(value);
    if (!parsed || typeof parsed !== "object") return null;
    const record = parsed as Record<string, unknown>;
    return Object.fromEntries(SKOR.map((s) => [s, typeof record[s] === "string" ? record[s] : ""])) as DeskripsiSkor;
  } catch {
    return null;
  }
}
