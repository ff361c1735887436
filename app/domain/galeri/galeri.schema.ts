import { imageFormSchemas } from "../../lib/upload-rules";

/** Gallery add (`gambar` required) and edit (no file keeps the current image). */
export const galeriSchemas = imageFormSchemas("gambar");
export const galeriCreateSchema = galeriSchemas.create;
