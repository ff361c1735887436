import { imageFormSchemas } from "~/lib/util/upload-rules";

/** Gallery add (`gambar` required) and edit (no file keeps the current image). */
export const galeriSchemas = imageFormSchemas("gambar");
export const galeriCreateSchema = galeriSchemas.tambah;
