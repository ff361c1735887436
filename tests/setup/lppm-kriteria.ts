/** The default rubrics' criteria (scripts/seed/lppm-rubrik.ts, from LPPM.md) the LPPM tests score with. */
import { DEFAULT_RUBRIK } from "../../scripts/seed/lppm-rubrik";

function kriteriaOf(jenis: "penelitian" | "pengabdian", tahap: "administrasi" | "substansi" | "monev"): [string, number][] {
  const rubrik = DEFAULT_RUBRIK.find((r) => r.jenis === jenis && r.tahap === tahap);
  if (!rubrik) throw new Error(`no default rubric for ${jenis} ${tahap}`);
  return rubrik.kriteria.map(([kriteria, bobot]) => [kriteria, bobot]);
}

/** Penelitian substansi: [kriteria, bobot]. */
export const KRITERIA_SUBSTANSI: readonly (readonly [string, number])[] = kriteriaOf("penelitian", "substansi");
/** Penelitian administrasi: the checklist items. */
export const KRITERIA_ADMINISTRASI: readonly string[] = kriteriaOf("penelitian", "administrasi").map(([k]) => k);
/** Penelitian monev: [kriteria, bobot]. */
export const KRITERIA_MONEV: readonly (readonly [string, number])[] = kriteriaOf("penelitian", "monev");
