/**
 * Uploaded images as <picture>: AVIF and WebP variants with srcset/sizes, the original as the
 * fallback, explicit width/height (no layout shift) and lazy loading unless told otherwise.
 */
import type { ImgHTMLAttributes, ReactNode } from "react";
import { isUploadUrl, srcSet } from "~/lib/util/image-variants";

export type ResponsiveHints = {
  /** Layout width hint for the browser, e.g. "(min-width: 1024px) 25vw, 50vw". */
  sizes?: string;
  /** The widest variant worth offering (largest display size × 2 for retina screens). */
  maxWidth?: number;
};

/** Wraps an <img> of an uploaded file in <picture> with its variants; other images pass through. */
export function WithVariants({ src, sizes, maxWidth = 1920, children }: ResponsiveHints & { src: string | undefined; children: ReactNode }) {
  if (!sizes || !isUploadUrl(src)) return <>{children}</>;
  return (
    <picture className="contents">
      <source type="image/avif" srcSet={srcSet(src, "avif", maxWidth)} sizes={sizes} />
      <source type="image/webp" srcSet={srcSet(src, "webp", maxWidth)} sizes={sizes} />
      {children}
    </picture>
  );
}

type Props = Omit<ImgHTMLAttributes<HTMLImageElement>, "src" | "srcSet" | "sizes"> &
  ResponsiveHints & { src: string; alt: string; width: number; height: number; priority?: boolean };

export function ResponsiveImage({ src, alt, width, height, sizes, maxWidth, priority = false, ...img }: Props) {
  return (
    <WithVariants src={src} sizes={sizes} maxWidth={maxWidth}>
      <img
        {...img}
        src={src}
        alt={alt}
        width={width}
        height={height}
        loading={priority ? "eager" : "lazy"}
        decoding={priority ? "sync" : "async"}
        fetchPriority={priority ? "high" : undefined}
      />
    </WithVariants>
  );
}
