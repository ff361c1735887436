import { SafeImage } from "~/components/public/lightbox";

/**
 * The product gallery's two image sizes, the same in the server's static gallery and in the
 * Swiper slider that replaces it: "utama" the large square image, "kecil" a thumbnail.
 */
const UKURAN = {
  utama: {
    width: 1024,
    height: 1024,
    sizes: "(min-width: 1024px) 560px, 100vw",
    maxWidth: 1024,
    className: "h-full w-full object-contain",
    fallbackClassName: "h-full w-full",
  },
  kecil: {
    width: 256,
    height: 256,
    sizes: "128px",
    maxWidth: 320,
    className: "h-full w-full object-cover",
    fallbackClassName: "h-full w-full text-[0px]",
  },
} as const;

/**
 * One image of the product gallery. `eager`: loaded at once with high priority (the first main
 * image); otherwise lazy. `draggable={false}` inside the slider, so a drag moves the slides.
 */
export function GaleriGambar({
  src,
  alt,
  ukuran,
  eager = false,
  draggable,
}: {
  src: string;
  alt: string;
  ukuran: keyof typeof UKURAN;
  eager?: boolean;
  draggable?: boolean;
}) {
  const u = UKURAN[ukuran];
  return (
    <SafeImage
      src={src}
      alt={alt}
      width={u.width}
      sizes={u.sizes}
      maxWidth={u.maxWidth}
      height={u.height}
      draggable={draggable}
      loading={eager ? "eager" : "lazy"}
      fetchPriority={eager ? "high" : undefined}
      decoding="async"
      className={u.className}
      fallbackClassName={u.fallbackClassName}
    />
  );
}
