/** The two kinds of LPPM grant (a skema's jenis, a proposal's, a rubric's). Client-safe. */
export const JENIS = ["penelitian", "pengabdian"] as const;
export type Jenis = (typeof JENIS)[number];

export const JENIS_LABELS: Record<Jenis, string> = { penelitian: "Penelitian", pengabdian: "Pengabdian" };

/**
 * The kinds of output (luaran) a skema may require and a proposal may target (LPPM.md: the
 * incentive table's publication kinds, plus what community service delivers).
 */
export const JENIS_LUARAN = [
  "Jurnal internasional bereputasi",
  "Jurnal internasional",
  "Jurnal nasional terakreditasi",
  "Jurnal nasional",
  "Prosiding internasional",
  "Prosiding nasional",
  "HKI",
  "Buku ber-ISBN",
  "Teknologi tepat guna",
  "Video kegiatan",
  "Publikasi media massa",
] as const;
export type JenisLuaran = (typeof JENIS_LUARAN)[number];
