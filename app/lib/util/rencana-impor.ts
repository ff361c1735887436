/**
 * One page of one of an import plan's lists (added, changed, refused), as the import pages show
 * it (the products' and the lecturers'): which list the query asks for (by default the refused,
 * else the changed, else the added), 50 rows per page (?daftar=&halaman=). Client-safe.
 */
export const DAFTAR_RENCANA = ["ditambah", "diubah", "ditolak"] as const;
export type DaftarRencana = (typeof DAFTAR_RENCANA)[number];
export const DAFTAR_RENCANA_LABEL: Record<DaftarRencana, string> = { ditambah: "Ditambah", diubah: "Diubah", ditolak: "Ditolak" };
export const PER_HALAMAN_RENCANA = 50;

export function halamanRencana(counts: Record<DaftarRencana, number>, params: URLSearchParams) {
  const asked = DAFTAR_RENCANA.find((d) => d === params.get("daftar"));
  const daftar: DaftarRencana = asked ?? (counts.ditolak > 0 ? "ditolak" : counts.diubah > 0 ? "diubah" : "ditambah");
  const halamanTotal = Math.max(1, Math.ceil(counts[daftar] / PER_HALAMAN_RENCANA));
  const halaman = Math.min(halamanTotal, Math.max(1, Number.parseInt(params.get("halaman") ?? "1", 10) || 1));
  const slice = <T>(which: DaftarRencana, rows: T[]): T[] => (which === daftar ? rows.slice((halaman - 1) * PER_HALAMAN_RENCANA, halaman * PER_HALAMAN_RENCANA) : []);
  return { daftar, halaman, halamanTotal, slice };
}
