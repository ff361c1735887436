import { imageFormSchemas } from "~/lib/util/upload-rules";

export const BANNER_SIZE_HINT = "Gunakan ukuran 1920 x 620 pixel";

/** Banner add (`image` required: the API's field name) and edit (no file keeps the image). */
export const bannerSchemas = imageFormSchemas("image");
export const bannerCreateSchema = bannerSchemas.create;
