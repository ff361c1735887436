/**
 * The secretary's, the head's and the penetapan's rules that need no database (LPPM.md,
 * "Statuses and transitions", DINILAI → BERJALAN). Client-safe: the screens show the same
 * flags and figures the server checks.
 */
import { MAX_NILAI } from "~/domain/lppm/rubrik";
import type { UsulanStatus } from "~/domain/lppm/workflow";

/** Two reviewers disagree when their totals differ by more than this share of the maximum. */
export const SELISIH_PERSEN = 20;
/** 20 % of 700 = 140 points. */
export const SELISIH_BATAS = (MAX_NILAI * SELISIH_PERSEN) / 100;
export const SELISIH_LABEL = "Selisih nilai reviewer > 20%";

/** The spread of a round's totals (highest − lowest); null with fewer than two totals. */
export function selisihNilai(totals: readonly (number | null)[]): number | null {
  const given = totals.filter((t): t is number => t !== null);
  if (given.length < 2) return null;
  return Math.max(...given) - Math.min(...given);
}

/** Whether the spread is over the limit (strictly more than 20 % of MAX_NILAI). */
export function selisihBesar(totals: readonly (number | null)[]): boolean {
  const spread = selisihNilai(totals);
  return spread !== null && spread > SELISIH_BATAS;
}

/** A proposal that won its call: funded and everything after it (counts against kuota and anggaran). */
export const FUNDED_STATUSES: readonly UsulanStatus[] = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN", "SELESAI"];
/** Every proposal that reached the ranking board (recommended, then decided). */
export const BOARD_STATUSES: readonly UsulanStatus[] = ["DIREKOMENDASIKAN", "TIDAK_DIDANAI", ...FUNDED_STATUSES];

/** The status filters of each approval list: the first is the default (what waits for the role). */
export const SEKRETARIS_STATUSES: readonly UsulanStatus[] = ["DINILAI", "DIKEMBALIKAN_KE_REVIEW", "DIVERIFIKASI"];
/** The Kepala's list also holds the decisions they may reopen (Ditolak, Tidak Lolos, Tidak Didanai). */
export const KEPALA_STATUSES: readonly UsulanStatus[] = ["DIVERIFIKASI", "DIREKOMENDASIKAN", "DITOLAK", "TIDAK_LOLOS", "TIDAK_DIDANAI"];
export const PERBAIKAN_STATUSES: readonly UsulanStatus[] = ["PERBAIKAN_DIAJUKAN", "DIDANAI", "BERJALAN"];

// ---- Penetapan: refusals -----------------------------------------------------------------------

export const KUOTA_TERLAMPAUI = (dipilih: number, sisa: number) =>
  `Jumlah usulan yang didanai (${dipilih}) melebihi sisa kuota judul (${sisa}).`;
export const ANGGARAN_TERLAMPAUI = (total: string, sisa: string) =>
  `Total dana disetujui (${total}) melebihi sisa anggaran (${sisa}).`;
export const DANA_MELEBIHI_USULAN = "Dana disetujui tidak boleh melebihi dana diusulkan.";
export const DANA_WAJIB = "Dana disetujui wajib diisi untuk usulan yang didanai.";
export const DANA_TIDAK_VALID = "Dana disetujui tidak valid. Tulis angka rupiah tanpa desimal, contoh 15.000.000.";
export const TIDAK_ADA_USULAN = "Tidak ada usulan yang dapat ditetapkan.";
export const USULAN_BERUBAH = "Status usulan telah berubah. Muat ulang halaman lalu tetapkan kembali.";

/** The field of a row's dana disetujui in the batch form. */
export const danaField = (id: number) => `dana_${id}`;

export const NOMOR_SK_WAJIB = "Nomor SK wajib diisi.";
export const NOMOR_SK_MAKS = "Nomor SK maksimal 100 karakter.";
export const TANGGAL_SK_WAJIB = "Tanggal SK wajib diisi dengan tanggal yang valid.";
export const PERIODE_WAJIB = "Periode wajib dipilih.";

// ---- Downloads ---------------------------------------------------------------------------------

export const LAPORAN = ["peringkat", "pemenang", "rekap"] as const;
export type Laporan = (typeof LAPORAN)[number];
export const FORMATS = ["xlsx", "csv"] as const;
export type Format = (typeof FORMATS)[number];

export const LAPORAN_LABELS: Record<Laporan, string> = {
  peringkat: "Papan peringkat",
  pemenang: "Daftar pemenang (SK)",
  rekap: "Rekap per periode",
};
