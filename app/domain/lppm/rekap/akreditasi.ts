/** The accreditation recap's groupings (client-safe: the Daftar Usulan screen links each). */
export const REKAP_PER = ["dosen", "prodi", "fakultas"] as const;
export type RekapPer = (typeof REKAP_PER)[number];

export const REKAP_PER_LABELS: Record<RekapPer, string> = { dosen: "per dosen", prodi: "per prodi", fakultas: "per fakultas" };
