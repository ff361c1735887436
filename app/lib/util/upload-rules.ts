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

/**
 * Product photos (the product form and the image page take several at once): at most this many
 * in one post. Each is still one upload under 2 MB; with JavaScript the browser makes a larger
 * phone photo smaller first and sends the photos one by one.
 */
export const MAX_PHOTOS_PER_POST = 10;
/** Any picture the phone offers: the browser turns what it can read into a JPEG under 2 MB. */
export const PHOTO_ACCEPT = "image/*";
/** Near the photo field, for every visitor (without JavaScript it is the only way to know). */
export const PHOTOS_HINT = `Bisa pilih beberapa foto sekaligus (paling banyak ${MAX_PHOTOS_PER_POST}). Foto di atas 2 MB diperkecil otomatis bila JavaScript aktif; bila tidak, perkecil dulu fotonya hingga di bawah 2 MB.`;
/**
 * More photos in one post than MAX_PHOTOS_PER_POST, or more bytes than that many may have (one
 * photo far too big, or too many): the spec's message, and the number.
 */
export const PHOTOS_TOO_MANY = `${UPLOAD_TOO_BIG}, paling banyak ${MAX_PHOTOS_PER_POST} foto sekaligus.`;
/** The longest side a photo is made smaller to in the browser (the server keeps the same). */
export const PHOTO_MAX_SIDE = 2560;

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

/** The chosen files of a field as a list (one file, several, or none). */
function chosenFiles(value: unknown): File[] {
  const items = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return items.filter(isChosenFile);
}

/**
 * A photo field that takes several files: the chosen ones as a list, at most
 * MAX_PHOTOS_PER_POST; with `required`, at least one. (z.custom, not z.array: Conform would
 * report an array's error on its first item instead of on the field.)
 */
export function photoFiles({ required }: { required: boolean }) {
  return z.preprocess(
    chosenFiles,
    z
      .custom<File[]>((files) => Array.isArray(files) && files.length <= MAX_PHOTOS_PER_POST, { error: PHOTOS_TOO_MANY })
      .refine((files) => !required || files.length > 0, { error: IMAGE_REQUIRED }),
  );
}

/** True for a file the server takes as it is (a JPEG or PNG under 2 MB): the browser sends it unchanged. */
export function isReadyImage(file: { size: number; type: string }): boolean {
  return checkImageFile(file) === null;
}
