import { z } from "zod";

export const GAMBAR_WAJIB = "Gambar wajib dipilih.";
export const BANNER_SIZE_HINT = "Gunakan ukuran 1920 x 620 pixel";

/** A chosen file (Conform turns an empty file input into undefined). Size/type: uploads.server. */
const isFile = (value: unknown): value is File =>
  typeof File !== "undefined" && value instanceof File && value.size > 0;

/** Banner add: `image` required (the API's field name). */
export const bannerCreateSchema = z.object({
  image: z.custom<File>(isFile, { error: GAMBAR_WAJIB }),
});

/** Banner edit: no file keeps the current image. */
export const bannerUpdateSchema = z.object({
  image: z.custom<File>(isFile, { error: GAMBAR_WAJIB }).optional(),
});
