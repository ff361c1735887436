import { imageFormSchemas } from "~/lib/util/upload-rules";
import { statusField } from "~/domain/tayang/tayang.schema";

export const BANNER_SIZE_HINT = "Gunakan ukuran 1920 x 620 pixel";

const images = imageFormSchemas("image");

/**
 * Banner add (`image` required: the API's field name) and edit (no file keeps the image), with
 * the optional `status` (left out: a new banner is published, an edited one
 * keeps its status).
 */
export const bannerSchemas = {
  tambah: images.tambah.extend({ status: statusField }),
  ubah: images.ubah.extend({ status: statusField }),
};
export const bannerCreateSchema = bannerSchemas.tambah;
