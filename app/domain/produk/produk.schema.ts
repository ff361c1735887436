import { z } from "zod";
import { statusField } from "~/domain/tayang/tayang.schema";
import { photoFiles } from "~/lib/util/upload-rules";

/**
 * Product form (HTML and API). The category and the branches are optional (spec section 5);
 * nama_produk, deskripsi and harga are required; the slug is generated, never typed. `status`
 * 'Tayang' / 'Draf': left out, a new product is published and an edited one
 * keeps its status.
 */

export const KATEGORI_TIDAK_VALID = "Kategori tidak valid.";
export const GUDANG_TIDAK_VALID = "Pilihan gudang tidak valid.";
export const MAX_GUDANG = 200;

/** A positive integer written in digits only ("12"), else NaN (so "0x10" or "1e3" never pass). */
function toId(piece: string): number {
  const trimmed = piece.trim();
  return /^\d{1,15}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

/**
 * The optional category id: "" or absent → null, "3" → 3, anything else → NaN (refused by the
 * schema with a field error).
 */
export function parseOptionalId(value: unknown): number | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "number") return value;
  if (typeof value !== "string") return Number.NaN;
  return value.trim() === "" ? null : toId(value);
}

/**
 * Branch ids from either repeated fields (HTML checkboxes: ["1", "3"]) or one comma-separated
 * string (the legacy API: "1,3,4"), or a mix. Blanks are dropped and duplicates removed, order
 * of first appearance kept. Returns null when any piece is not a positive integer, so the
 * schema reports one error on the field itself.
 */
export function parseIdList(value: unknown): number[] | null {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  const ids: number[] = [];
  for (const item of items) {
    const pieces = typeof item === "number" ? [item] : typeof item === "string" ? item.split(",") : [Number.NaN];
    for (const piece of pieces) {
      if (typeof piece === "string" && piece.trim() === "") continue;
      const id = typeof piece === "number" ? piece : toId(piece);
      if (!Number.isSafeInteger(id) || id <= 0) return null;
      if (!ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

export const produkSchema = z.object({
  id_kategori: z.preprocess(
    parseOptionalId,
    z
      .number({ error: KATEGORI_TIDAK_VALID })
      .int(KATEGORI_TIDAK_VALID)
      .positive(KATEGORI_TIDAK_VALID)
      .nullable(),
  ),
  nama_produk: z
    .string({ error: "Nama produk wajib diisi." })
    .trim()
    .min(1, "Nama produk wajib diisi.")
    .max(150, "Nama produk maksimal 150 karakter."),
  deskripsi: z
    .string({ error: "Deskripsi wajib diisi." })
    .trim()
    .min(1, "Deskripsi wajib diisi.")
    .max(10000, "Deskripsi maksimal 10000 karakter."),
  harga: z
    .string({ error: "Harga wajib diisi." })
    .trim()
    .min(1, "Harga wajib diisi.")
    .max(60, "Harga maksimal 60 karakter."),
  // z.custom, not z.array: Conform would wrap the "invalid" sentinel into a one-item array and
  // report the error on gudang[0] instead of on the field.
  gudang: z.preprocess(
    parseIdList,
    z.custom<number[]>((value) => Array.isArray(value) && value.length <= MAX_GUDANG, { error: GUDANG_TIDAK_VALID }),
  ),
  status: statusField,
});
export type ProdukInput = z.infer<typeof produkSchema>;

/**
 * The product form of the back office: the product and the photos posted with it (`gambar`,
 * several, none required; without JavaScript they come in the same post). The API keeps
 * produkSchema: its images have their own calls.
 */
export const produkFotoSchema = produkSchema.extend({ gambar: photoFiles({ required: false }) });
