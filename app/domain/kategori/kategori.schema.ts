import { z } from "zod";
import { statusField } from "~/domain/tayang/tayang.schema";

/**
 * Category form (HTML and API): kategori required; the slug is generated, never typed.
 * `status` 'Tayang' / 'Draf': left out, a new category is published and an
 * edited one keeps its status.
 */
export const kategoriSchema = z.object({
  kategori: z
    .string({ error: "Kategori wajib diisi." })
    .trim()
    .min(1, "Kategori wajib diisi.")
    .max(100, "Kategori maksimal 100 karakter."),
  status: statusField,
});
export type KategoriInput = z.infer<typeof kategoriSchema>;
