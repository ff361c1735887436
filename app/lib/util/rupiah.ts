/**
 * Rupiah amounts typed in forms (a skema's dana maksimal, a periode's anggaran, later RAB
 * prices): "15.000.000", "15000000", "Rp 15.000.000,-" all mean 15000000, stored as an integer.
 * Client-safe: the browser's check and the server's are the same function.
 */
import { z } from "zod";
import { formatHarga } from "~/lib/util/format";

/** The largest amount a form accepts (Rp 1 triliun): far above any grant, far below float trouble. */
export const MAX_RUPIAH = 1_000_000_000_000;

/**
 * The integer a typed amount means, or null: digits, optionally grouped by dots (or spaces) in
 * threes, optionally after "Rp"/"Rp." and before ",-" or ",00". A comma anywhere else is refused
 * (is "1,500" fifteen hundred or one and a half?), as are decimals and negative amounts.
 */
export function parseRupiah(input: string | null | undefined): number | null {
  let text = (input ?? "").trim().replace(/^rp\.?\s*/i, "");
  text = text.replace(/,(-|0{1,2})$/, "").trim();
  if (!/^\d+$/.test(text) && !/^\d{1,3}(\.\d{3})+$/.test(text) && !/^\d{1,3}( \d{3})+$/.test(text)) return null;
  const value = Number(text.replace(/[. ]/g, ""));
  return Number.isSafeInteger(value) ? value : null;
}

/** "15.000.000": an amount as it is typed back into a form. */
export function groupRupiah(value: number): string {
  return String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ".");
}

/** "Rp. 15.000.000": an amount in lists (the same look as the shop's prices). */
export function formatRupiah(value: number): string {
  return formatHarga(String(Math.trunc(value)));
}

/** "Rp10.300.000": an amount as official papers write it (a contract, an SK's table). */
export function rupiahResmi(value: number): string {
  return `Rp${groupRupiah(value)}`;
}

/** A required rupiah field: the typed text in, the integer out; `min` defaults to 1 (more than zero). */
export function rupiahField(label: string, { min = 1, max = MAX_RUPIAH }: { min?: number; max?: number } = {}) {
  const required = `${label} wajib diisi.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .superRefine((text, ctx) => {
      const value = parseRupiah(text);
      if (value === null) {
        ctx.addIssue({ code: "custom", message: `${label} tidak valid. Tulis angka rupiah tanpa desimal, contoh 15.000.000 atau 15000000.` });
      } else if (value < min) {
        ctx.addIssue({ code: "custom", message: min === 1 ? `${label} harus lebih dari 0.` : `${label} minimal ${formatRupiah(min)}.` });
      } else if (value > max) {
        ctx.addIssue({ code: "custom", message: `${label} maksimal ${formatRupiah(max)}.` });
      }
    })
    .transform((text) => parseRupiah(text) ?? 0);
}
