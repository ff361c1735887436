/**
 * Responsive variants of uploaded images (client-safe naming rules):
 * "/uploads/produk/ab12.jpg" → "/uploads/produk/ab12.w640.webp", "….w640.avif".
 */
export const VARIANT_WIDTHS = [320, 640, 1024, 1920] as const;
export const VARIANT_FORMATS = ["avif", "webp"] as const;
export type VariantFormat = (typeof VARIANT_FORMATS)[number];

const VARIANT_RE = /^(.+)\.w(\d+)\.(avif|webp)$/;

export function variantPath(original: string, width: number, format: VariantFormat): string {
  return `${original.replace(/\.(jpe?g|png)$/i, "")}.w${width}.${format}`;
}

/** For a variant path: its source stem, width and format; null for anything else. */
export function parseVariantPath(path: string): { stem: string; width: number; format: VariantFormat } | null {
  const match = VARIANT_RE.exec(path);
  if (!match) return null;
  const width = Number(match[2]);
  if (!(VARIANT_WIDTHS as readonly number[]).includes(width)) return null;
  return { stem: match[1]!, width, format: match[3] as VariantFormat };
}

/** srcset for one format, with widths up to `maxWidth` (the image's intended display size). */
export function srcSet(url: string, format: VariantFormat, maxWidth: number): string {
  return VARIANT_WIDTHS.filter((w) => w <= maxWidth)
    .map((w) => `${variantPath(url, w, format)} ${w}w`)
    .join(", ");
}

export function isUploadUrl(url: string | null | undefined): url is string {
  return typeof url === "string" && url.startsWith("/uploads/") && /\.(jpe?g|png)$/i.test(url);
}

/**
 * The link-preview image (og:image): 1200×630, cover-cropped, JPEG (WhatsApp's
 * preview reads JPEG), "/uploads/produk/ab12.jpg" → "/uploads/produk/ab12.og.jpg". Made on its
 * first request and kept beside the image like the other variants.
 */
export const OG_IMAGE_WIDTH = 1200;
export const OG_IMAGE_HEIGHT = 630;

const OG_RE = /^(.+)\.og\.jpg$/;

export function ogImagePath(original: string): string {
  return `${original.replace(/\.(jpe?g|png)$/i, "")}.og.jpg`;
}

/** For an og:image path: its source stem; null for anything else. */
export function parseOgImagePath(path: string): { stem: string } | null {
  const match = OG_RE.exec(path);
  if (!match || match[1]!.endsWith(".og")) return null;
  return { stem: match[1]! };
}
