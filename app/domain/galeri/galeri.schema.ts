import { z } from "zod";

export const GAMBAR_WAJIB = "Gambar wajib dipilih.";

/** A chosen file (Conform turns an empty file input into undefined). Size/type: uploads.server. */
const isFile = (value: unknown): value is File =>
  typeof File !== "undefined" && value instanceof File && value.size > 0;

/** Gallery add: `gambar` required. */
export const galeriCreateSchema = z.object({
  gambar: z.custom<File>(isFile, { error: GAMBAR_WAJIB }),
});

/** Gallery edit: no file keeps the current image. */
export const galeriUpdateSchema = z.object({
  gambar: z.custom<File>(isFile, { error: GAMBAR_WAJIB }).optional(),
});
