/**
 * The budget lines (RAB) every demo proposal asks for; the revision after funding buys one
 * package of materials less.
 */
export const RAB_LINES = [
  { kelompok: "Honor", item: "Honor pembantu peneliti", satuan: "OB", volume: 6, harga_satuan: 200_000 },
  { kelompok: "Bahan", item: "Bahan habis pakai dan ATK", satuan: "paket", volume: 2, harga_satuan: 1_250_000 },
  { kelompok: "Pengumpulan data", item: "Transport survei lapangan", satuan: "OK", volume: 10, harga_satuan: 300_000 },
  { kelompok: "Publikasi & luaran", item: "Biaya publikasi jurnal nasional terakreditasi", satuan: "judul", volume: 1, harga_satuan: 2_500_000 },
  { kelompok: "Lain-lain", item: "Seminar hasil", satuan: "kegiatan", volume: 1, harga_satuan: 1_300_000 },
] as const;

export const RAB_TOTAL = RAB_LINES.reduce((sum, line) => sum + line.volume * line.harga_satuan, 0);
/** The final RAB (perbaikan: one Bahan package less): a running project's budget. */
export const RAB_PERBAIKAN_TOTAL = RAB_TOTAL - 1_250_000;
