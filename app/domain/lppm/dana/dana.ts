/**
 * Grant money (Operator → LPPM → Pembayaran Dana), client-safe: the tranches (termin) a
 * periode's grants are paid in, how a proposal's approved amount splits over them, when each is
 * payable, and the forms the browser and the server check alike.
 *
 * A tranche's amount is its percentage of dana_disetujui rounded to whole Rupiah; the last one
 * takes what rounding left over, so the tranches always add up to the approved amount exactly.
 */
import { z } from "zod";
import { requiredText } from "~/lib/util/form-fields";
import { rupiahField } from "~/lib/util/rupiah";
import { parseWibDate, toWibDateInput } from "~/lib/util/wib";

export const SYARAT_TERMIN = ["DIDANAI", "KEMAJUAN_DITERIMA", "AKHIR_DITERIMA"] as const;
export type SyaratTermin = (typeof SYARAT_TERMIN)[number];

export const SYARAT_LABELS: Record<SyaratTermin, string> = {
  DIDANAI: "Saat kontrak (usulan didanai)",
  KEMAJUAN_DITERIMA: "Setelah laporan kemajuan diterima",
  AKHIR_DITERIMA: "Setelah laporan akhir diterima",
};

/** Why a tranche is not payable yet: what its condition still waits for. */
export const SYARAT_BELUM: Record<SyaratTermin, string> = {
  DIDANAI: "usulan belum didanai",
  KEMAJUAN_DITERIMA: "laporan kemajuan belum diterima",
  AKHIR_DITERIMA: "laporan akhir belum diterima",
};

export const TERMIN_MAKS = 4;
export const TOTAL_PERSEN = 100;

/** The most common split, offered on a periode without tranches: 70 % on contract, 30 % after the progress report. */
export const TERMIN_BAKU: readonly { nama: string; persen: number; syarat: SyaratTermin }[] = [
  { nama: "Termin 1", persen: 70, syarat: "DIDANAI" },
  { nama: "Termin 2", persen: 30, syarat: "KEMAJUAN_DITERIMA" },
];

export type StatusTermin = "BELUM" | "SIAP" | "SEBAGIAN" | "LUNAS";
export const STATUS_TERMIN_LABELS: Record<StatusTermin, string> = {
  BELUM: "Belum dapat dibayar",
  SIAP: "Siap dibayar",
  SEBAGIAN: "Dibayar sebagian",
  LUNAS: "Lunas",
};

/** "Belum dapat dibayar — laporan kemajuan belum diterima", "Siap dibayar", "Lunas". */
export function statusTerminLabel(status: StatusTermin, alasan: string | null): string {
  return alasan ? `${STATUS_TERMIN_LABELS[status]} — ${alasan}` : STATUS_TERMIN_LABELS[status];
}

/** Each tranche's amount of `dana`: its share rounded, the remainder on the last. */
export function rincianTermin(dana: number, persen: readonly number[]): number[] {
  const amounts = persen.map((p) => Math.round((dana * p) / TOTAL_PERSEN));
  if (amounts.length) amounts[amounts.length - 1] = dana - amounts.slice(0, -1).reduce((sum, a) => sum + a, 0);
  return amounts;
}

/** Where a tranche stands: paid in full, in part, payable, or not yet. */
export function statusTermin(jumlah: number, dibayar: number, syaratTerpenuhi: boolean): StatusTermin {
  if (dibayar >= jumlah) return "LUNAS";
  if (dibayar > 0) return "SEBAGIAN";
  return syaratTerpenuhi ? "SIAP" : "BELUM";
}

export const TERMIN_MINIMAL = "Isi minimal satu termin.";
export const totalPersenRefusal = (total: number) => `Jumlah persentase termin harus ${TOTAL_PERSEN} (sekarang ${total}).`;

const optionalString = z.string().trim().optional();
const barisSchema = z.object({ nama: optionalString, persen: optionalString, syarat: optionalString });

export type TerminInput = { nama: string; persen: number; syarat: SyaratTermin };

/**
 * The tranche editor: up to TERMIN_MAKS rows (`termin[i].nama`, `.persen`, `.syarat`); a
 * blank row is ignored; whole percentages 1–100 summing to 100.
 */
export const terminSchema = z
  .object({ termin: z.array(barisSchema).max(TERMIN_MAKS, `Termin maksimal ${TERMIN_MAKS}.`).default([]) })
  .superRefine(({ termin }, ctx) => {
    const issue = (message: string, ...path: (string | number)[]) => ctx.addIssue({ code: "custom", path, message });
    const kept: number[] = [];
    let rows = 0;
    termin.forEach((row, i) => {
      if (!row.nama && !row.persen) return;
      rows++;
      if (!row.nama) issue("Nama termin wajib diisi.", "termin", i, "nama");
      else if (row.nama.length > 50) issue("Nama termin maksimal 50 karakter.", "termin", i, "nama");
      const persen = row.persen ?? "";
      if (!/^\d{1,3}$/.test(persen) || Number(persen) < 1 || Number(persen) > 100) {
        issue(persen ? "Persentase harus bilangan bulat 1–100." : "Persentase wajib diisi.", "termin", i, "persen");
      } else {
        kept.push(Number(persen));
      }
      if (!SYARAT_TERMIN.includes(row.syarat as SyaratTermin)) issue("Syarat pembayaran wajib dipilih.", "termin", i, "syarat");
    });
    if (rows === 0) return issue(TERMIN_MINIMAL);
    // The total is judged once every percentage is a valid number.
    if (kept.length === rows) {
      const total = kept.reduce((sum, p) => sum + p, 0);
      if (total !== TOTAL_PERSEN) issue(totalPersenRefusal(total));
    }
  })
  .transform(({ termin }): TerminInput[] =>
    termin
      .filter((row) => row.nama || row.persen)
      .map((row) => ({ nama: row.nama ?? "", persen: Number(row.persen), syarat: row.syarat as SyaratTermin })),
  );

export const TANGGAL_WAJIB = "Tanggal pembayaran wajib diisi.";
export const TANGGAL_TIDAK_VALID = "Tanggal pembayaran tidak valid.";
export const TANGGAL_MASA_DEPAN = "Tanggal pembayaran tidak boleh setelah hari ini.";
export const BUKTI_WAJIB = "Bukti pembayaran wajib diunggah.";
/** What a transfer proof may be: a PDF or a photo of the slip. */
export const BUKTI_PEMBAYARAN_TYPES = ["pdf", "jpg", "png"] as const;

/** A real calendar day written as the date input writes it ("2026-11-25"). */
const isDay = (v: string) => parseWibDate(v) !== null && toWibDateInput(parseWibDate(v)) === v;

/** One payment of a tranche; `today` is the WIB day the check runs on ("2026-11-25"). */
export function pembayaranSchema(today: string = toWibDateInput(new Date())) {
  return z.object({
    termin: z.string({ error: "Termin wajib dipilih." }).trim().regex(/^\d{1,9}$/, "Termin wajib dipilih.").transform(Number),
    tanggal: z
      .string({ error: TANGGAL_WAJIB })
      .trim()
      .min(1, TANGGAL_WAJIB)
      .refine(isDay, TANGGAL_TIDAK_VALID)
      // Only a real day is compared (text would sort after any date).
      .refine((v) => !isDay(v) || v <= today, TANGGAL_MASA_DEPAN),
    jumlah: rupiahField("Jumlah"),
    nomor_referensi: requiredText("Nomor referensi", 100),
  });
}
export type PembayaranInput = z.output<ReturnType<typeof pembayaranSchema>>;
