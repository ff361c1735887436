import { z } from "zod";
import { multilineText } from "~/lib/util/form-fields";

export const ULASAN_MAX = 1000;

/** Customer review form (HTML and API): plain text, rendered escaped; line breaks kept. */
export const ulasanSchema = z.object({
  oleh: z
    .string({ error: "Oleh wajib diisi." })
    .trim()
    .min(1, "Oleh wajib diisi.")
    .max(100, "Oleh maksimal 100 karakter."),
  ulasan: multilineText("Ulasan", ULASAN_MAX),
});
export type UlasanInput = z.output<typeof ulasanSchema>;
