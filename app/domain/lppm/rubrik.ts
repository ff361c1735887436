/**
 * Rubrics (LPPM.md, "Rubrik"): per jenis and tahap, criteria judged one of three ways.
 * Substansi scores each criterion on the national scale 1, 2, 3, 5, 6, 7 with a description of
 * each score (value = weight × score); monev scores each 0–100 (value = weight × score / 100,
 * the weights summing to 100, an optional guidance text per criterion); administrasi and
 * insentif are pass/fail checklists (no weights, no scores). Client-safe: the operator's
 * editor and the reviewers' forms read it.
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

/** How a stage judges its criteria: pass/fail, the national 1–7 scale, or 0–100 per criterion. */
export type CaraNilai = "checklist" | "skala" | "persen";
export const CARA_NILAI: Record<TahapRubrik, CaraNilai> = {
  administrasi: "checklist",
  substansi: "skala",
  monev: "persen",
  // A publication either meets the incentive's conditions or it does not; its amount is the tariff's.
  insentif: "checklist",
};

/**
 * The one insentif rubric serves every claim (a claim has no penelitian/pengabdian kind); it is
 * stored under this jenis, and the screens say "semua klaim" instead.
 */
export const JENIS_RUBRIK_INSENTIF = "penelitian" as const;

/** Whether a stage's rubric is one for every kind (insentif) rather than one per jenis. */
export function rubrikTanpaJenis(tahap: TahapRubrik): boolean {
  return tahap === "insentif";
}

/** The weights of a scored rubric add up to this. */
export const TOTAL_BOBOT = 100;
/** The most a scored review can total: every weight × the top score. */
export const MAX_NILAI = TOTAL_BOBOT * Math.max(...SKOR);

/** Whether a stage scores its criteria (weights summing to 100) or only checks them. */
export function isScored(tahap: TahapRubrik): boolean {
  return CARA_NILAI[tahap] !== "checklist";
}

/** Whether a stage's criteria describe each score of the national scale (substansi only). */
export function usesSkala(tahap: TahapRubrik): boolean {
  return CARA_NILAI[tahap] === "skala";
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
