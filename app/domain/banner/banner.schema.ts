import { z } from "zod";
import { optionalImage, requiredImage } from "../../lib/upload-rules";

export const BANNER_SIZE_HINT = "Gunakan ukuran 1920 x 620 pixel";

/** Banner add: `image` required (the API's field name). */
export const bannerCreateSchema = z.object({ image: requiredImage() });

/** Banner edit: no file keeps the current image. */
export const bannerUpdateSchema = z.object({ image: optionalImage() });
