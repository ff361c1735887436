/**
 * A phone photo made small enough to upload, in the browser: the long side at most
 * PHOTO_MAX_SIDE, a JPEG (a PNG stays a PNG: it may be transparent), the orientation the phone
 * recorded applied to the pixels, under 2 MB. A JPEG or PNG already under 2 MB goes as it is
 * (the server scales and re-encodes every upload anyway).
 *
 * browser-image-compression is loaded on the first photo that needs it, so only the back
 * office screens that pick photos ever fetch it. It runs on the page's own thread: its web
 * worker would load the library again from a CDN, which the Content-Security-Policy (and a
 * shop without internet) does not allow.
 */
import { isReadyImage, MAX_UPLOAD_BYTES, PHOTO_MAX_SIDE, UPLOAD_BAD_TYPE, UPLOAD_TOO_BIG } from "~/lib/util/upload-rules";

/** A photo the browser could not make acceptable: `message` is the spec's text to show. */
export class ShrinkError extends Error {}

/** Aimed a little under the limit: the result must be strictly under 2 MB. */
const TARGET_MB = 1.8;

export async function shrinkPhoto(file: File): Promise<File> {
  if (isReadyImage(file)) return file;
  const png = file.type === "image/png";
  let output: File;
  try {
    const { default: imageCompression } = await import("browser-image-compression");
    output = await imageCompression(file, {
      maxSizeMB: TARGET_MB,
      maxWidthOrHeight: PHOTO_MAX_SIDE,
      fileType: png ? "image/png" : "image/jpeg",
      initialQuality: 0.85,
      useWebWorker: false,
    });
  } catch {
    // Not a picture this browser can read (a document, a HEIC photo outside Safari, …).
    throw new ShrinkError(UPLOAD_BAD_TYPE);
  }
  if (output.size >= MAX_UPLOAD_BYTES) throw new ShrinkError(UPLOAD_TOO_BIG);
  const name = png ? file.name : file.name.replace(/\.[^./]*$/, "") + ".jpg";
  return new File([output], name, { type: output.type || (png ? "image/png" : "image/jpeg"), lastModified: file.lastModified });
}
