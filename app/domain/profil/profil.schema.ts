import { z } from "zod";

/** Longest stored rich text (characters): far above any real page, below the body cap. */
export const KETERANGAN_MAX = 200_000;

/**
 * About / cooperation form (HTML and API): keterangan is rich-text HTML (sanitized on the
 * server before it is stored; may be empty); the photo (`foto`) is a file read beside it.
 */
export const profilSchema = z.object({
  keterangan: z
    .string()
    .max(KETERANGAN_MAX, "Keterangan terlalu panjang.")
    .optional()
    .transform((value) => value ?? ""),
});
export type ProfilInput = z.input<typeof profilSchema>;
