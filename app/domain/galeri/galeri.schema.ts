import { z } from "zod";
import { optionalImage, requiredImage } from "../../lib/upload-rules";

/** Gallery add: `gambar` required. */
export const galeriCreateSchema = z.object({ gambar: requiredImage() });

/** Gallery edit: no file keeps the current image. */
export const galeriUpdateSchema = z.object({ gambar: optionalImage() });
