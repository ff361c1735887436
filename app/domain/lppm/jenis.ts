/** The two kinds of LPPM grant (a skema's jenis, a proposal's, a rubric's). Client-safe. */
export const JENIS = ["penelitian", "pengabdian"] as const;
export type Jenis = (typeof JENIS)[number];

export const JENIS_LABELS: Record<Jenis, string> = { penelitian: "Penelitian", pengabdian: "Pengabdian" };
