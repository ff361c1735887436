/** The default penelitian substansi rubric (LPPM.md) the penetapan tests score with: [kriteria, bobot]. */
export const KRITERIA_SUBSTANSI: readonly (readonly [string, number])[] = [
  ["Ringkasan", 10],
  ["Latar belakang & rumusan masalah", 25],
  ["Tinjauan pustaka & kebaruan", 20],
  ["Metode", 25],
  ["Luaran & jadwal", 10],
  ["Kewajaran RAB", 10],
];
