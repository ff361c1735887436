import { z } from "zod";

/** Category form (HTML and API): kategori required; the slug is generated, never typed. */
export const kategoriSchema = z.object({
  kategori: z
    .string({ error: "Kategori wajib diisi." })
    .trim()
    .min(1, "Kategori wajib diisi.")
    .max(100, "Kategori maksimal 100 karakter."),
});
export type KategoriInput = z.infer<typeof kategoriSchema>;
