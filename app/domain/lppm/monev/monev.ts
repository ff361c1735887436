/**
 * Monev Internal's scoring (LPPM.md "Execution"), client-safe: each criterion of the monev
 * rubric is scored 0–100 and weighted by its bobot (the weights sum to 100), so the total is
 * 0–100; the grade is Sangat Baik ≥ 80, Baik ≥ 70, Cukup ≥ 60, Kurang below. The form's
 * schema is the server's too.
 */
import { z } from "zod";
import { optionalText, selectedId, wholeNumber } from "~/lib/util/form-fields";
import { tenggatField } from "~/domain/lppm/review/review.schema";

export const MONEV_GRADES = ["Sangat Baik", "Baik", "Cukup", "Kurang"] as const;
export type MonevGrade = (typeof MONEV_GRADES)[number];

export function monevGrade(total: number): MonevGrade {
  if (total >= 80) return "Sangat Baik";
  if (total >= 70) return "Baik";
  if (total >= 60) return "Cukup";
  return "Kurang";
}

/** Σ bobot × skor / 100, to two decimals. */
export function monevTotal(items: readonly { bobot: number; skor: number }[]): number {
  return Math.round(items.reduce((sum, i) => sum + i.bobot * i.skor, 0)) / 100;
}

/** The office's status filter: every project due for monev, those still to assign, or one status. */
export const MONEV_FILTERS = ["semua", "belum", "DITUGASKAN", "DINILAI"] as const;
export type MonevFilter = (typeof MONEV_FILTERS)[number];
export const MONEV_FILTER_LABELS: Record<MonevFilter, string> = { semua: "Semua", belum: "Belum ditugaskan", DITUGASKAN: "Ditugaskan", DINILAI: "Dinilai" };

export const CATATAN_MONEV_MAKS = 2000;
export const BERITA_ACARA_WAJIB = "Berita acara (PDF) wajib diunggah.";

/** The scoring form of a rubric's criteria: `skor_<urutan>` 0–100 each, and a note; parsed as { skor, catatan }. */
export function monevSchema(kriteria: readonly { urutan: number; kriteria: string }[]) {
  const skor = Object.fromEntries(kriteria.map((k) => [`skor_${k.urutan}`, wholeNumber(`Nilai ${k.kriteria}`, { min: 0, max: 100 })]));
  return z
    .object({ ...skor, catatan: optionalText("Catatan", CATATAN_MONEV_MAKS) })
    .transform((value) => {
      const { catatan, ...rest } = value as Record<string, unknown> & { catatan: string };
      return { catatan, skor: Object.fromEntries(Object.entries(rest).map(([key, n]) => [Number(key.slice("skor_".length)), n as number])) as Record<number, number> };
    });
}

/** The Operator's assignment: one reviewer and a deadline. */
export const monevTugasSchema = z.object({
  reviewer: selectedId("Pilih reviewer monev."),
  tenggat: tenggatField(),
});
export type MonevTugasInput = z.output<typeof monevTugasSchema>;
