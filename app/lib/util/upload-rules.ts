import { z } from "zod";

/** Upload rules (spec sections 5 and 9), client-safe: the browser and the server check the same. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;
export const ALLOWED_IMAGE_TYPES = ["image/jpeg", "image/png"] as const;
export const IMAGE_ACCEPT = "image/jpeg,image/png";
export const UPLOAD_ALERT_TITLE = "Perhatian!";
export const UPLOAD_TOO_BIG = "Ukuran file harus kurang dari 2MB";
export const UPLOAD_BAD_TYPE = "Format file harus JPG, PNG";
export const UPLOAD_HINT = "Format JPG, PNG, ukuran max 2 Mb";

/** The products CSV import: a 10,000-row file of a 50-branch shop is ~3 MB. */
export const MAX_CSV_IMPORT_BYTES = 10 * 1024 * 1024;

/** "2,5 MB": a size limit as a page and its refusal name it. */
export function ukuranMb(bytes: number): string {
  return `${(Math.floor((bytes / (1024 * 1024)) * 10) / 10).toLocaleString("id-ID")} MB`;
}

/** The CSV import's size message, with the limit the request was held to. */
export function berkasTerlaluBesar(limitBytes: number): string {
  return `Ukuran berkas CSV terlalu besar (maksimal ${ukuranMb(limitBytes)}). Bagi menjadi beberapa berkas.`;
}

/** The browser-side check: the message to alert, or null when the file is acceptable. */
export function checkImageFile(file: { size: number; type: string }): string | null {
  if (!(ALLOWED_IMAGE_TYPES as readonly string[]).includes(file.type)) return UPLOAD_BAD_TYPE;
  if (file.size >= MAX_UPLOAD_BYTES) return UPLOAD_TOO_BIG;
  return null;
}
export const UPLOAD_KEEP_HINT = "Abaikan jika tidak ingin mengubah gambar";
export const IMAGE_REQUIRED = "Gambar wajib dipilih.";

/** A chosen file (Conform turns an empty file input into undefined). Size and type: uploads.server. */
const isChosenFile = (value: unknown): value is File =>
  typeof File !== "undefined" && value instanceof File && value.size > 0;

/** The image field of an add form: a file is required. */
export const requiredImage = () => z.custom<File>(isChosenFile, { error: IMAGE_REQUIRED });
/** The image field of an edit form: no file keeps the current image. */
export const optionalImage = () => requiredImage().optional();

/** The add and edit forms of an image collection, whose file field is `field`. */
export function imageFormSchemas<F extends string>(field: F) {
  return {
    /** Add: a file is required. */
    tambah: z.object({ [field]: requiredImage() } as Record<F, ReturnType<typeof requiredImage>>),
    /** Edit: no file keeps the current image. */
    ubah: z.object({ [field]: optionalImage() } as Record<F, ReturnType<typeof optionalImage>>),
  };
}
