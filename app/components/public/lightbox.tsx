/**
 * Image galleries with a full-screen lightbox (yet-another-react-lightbox + Zoom plugin).
 *
 * Progressive enhancement: the server (and a browser without JavaScript) gets plain
 * `<a href={full image}><img loading="lazy"></a>` links, so every image opens on its own.
 * With JavaScript, a plain click is intercepted and the lightbox module — library, plugin and
 * CSS — is imported on demand (`./lightbox-impl`), then opened over ALL images at the clicked one.
 */
import { BrokenImage } from "~/components/public/broken-image";
import type { LightboxImage, LightboxImplProps } from "~/components/public/lightbox-types";
import { type ResponsiveHints, WithVariants } from "~/components/ui/responsive-image";
import {
  type ComponentType,
  type ImgHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";


type SafeImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, "sizes"> & ResponsiveHints & { fallbackClassName?: string };

/**
 * An <img> that turns into the broken-image placeholder when it fails to load — also when it
 * already failed before hydration (React does not replay load/error events).
 */
export function SafeImage({ fallbackClassName, onError, sizes, maxWidth, ...props }: SafeImageProps) {
  const [broken, setBroken] = useState(false);
  const ref = useRef<HTMLImageElement>(null);
  useEffect(() => {
    const img = ref.current;
    // A deferred (lazy, off-screen) image reports complete=false, so this only catches real failures.
    if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setBroken(true);
  }, []);
  if (broken || !props.src) {
    return <BrokenImage className={fallbackClassName ?? props.className ?? ""} />;
  }
  return (
    <WithVariants src={props.src} sizes={sizes} maxWidth={maxWidth}>
      <img
        ref={ref}
        {...props}
        onError={(event) => {
          setBroken(true);
          onError?.(event);
        }}
      />
    </WithVariants>
  );
}

let implPromise: Promise<{ default: ComponentType<LightboxImplProps> }> | null = null;

/** Starts (once) downloading the lightbox module; call on hover/focus to make the click instant. */
export function preloadLightbox() {
  implPromise ??= import("~/components/public/lightbox-impl").catch((error: unknown) => {
    implPromise = null; // allow a retry on the next click
    throw error;
  });
  return implPromise;
}

/** A left click without modifier keys; others (new tab, download…) keep the link's default. */
function isPlainClick(event: MouseEvent) {
  return !(event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey);
}

function LoadingOverlay() {
  return (
    <div className="fixed inset-0 z-[9999] grid place-items-center bg-black/70" role="status">
      <span className="h-12 w-12 animate-spin rounded-full border-4 border-white/30 border-t-white" />
      <span className="sr-only">Memuat gambar…</span>
    </div>
  );
}

/**
 * The lightbox as a hook: `open(index)` opens it over `images`, `element` must be rendered
 * somewhere (it portals itself to <body>), `linkProps(index)` wires a thumbnail <a>.
 */
export function useLightbox(images: LightboxImage[]) {
  const [view, setView] = useState({ open: false, index: 0 });
  const [Impl, setImpl] = useState<ComponentType<LightboxImplProps> | null>(null);
  const [loading, setLoading] = useState(false);

  const open = useCallback(
    (index: number) => {
      setView({ open: true, index });
      if (Impl) return;
      setLoading(true);
      preloadLightbox().then(
        (mod) => {
          setImpl(() => mod.default);
          setLoading(false);
        },
        (error: unknown) => {
          // Offline or a stale deployment: fall back to what the link does without JavaScript.
          console.error(error);
          setLoading(false);
          setView((v) => ({ ...v, open: false }));
          const src = images[index]?.src;
          if (src) window.location.assign(src);
        },
      );
    },
    [Impl, images],
  );

  const close = useCallback(() => setView((v) => ({ ...v, open: false })), []);

  const linkProps = useCallback(
    (index: number) => ({
      href: images[index]?.src,
      onClick: (event: MouseEvent<HTMLAnchorElement>) => {
        if (!isPlainClick(event)) return;
        event.preventDefault();
        open(index);
      },
      onPointerEnter: () => void preloadLightbox().catch(() => {}),
      onFocus: () => void preloadLightbox().catch(() => {}),
    }),
    [images, open],
  );

  const element = (
    <>
      {loading ? <LoadingOverlay /> : null}
      {Impl ? <Impl images={images} open={view.open} index={view.index} onClose={close} /> : null}
    </>
  );

  return { open, close, isOpen: view.open, linkProps, element };
}

type GalleryProps = {
  images: LightboxImage[];
  /** Classes of the <ul> grid. */
  className?: string;
  /** Custom thumbnail content inside each link (default: a square cover image). */
  renderThumb?: (image: LightboxImage, index: number) => ReactNode;
  /** Accessible label of the list. */
  label?: string;
};

/**
 * A grid of thumbnails; each links to its full image and, with JavaScript, opens the lightbox
 * over all images at that one. No images: the broken-image placeholder (spec section 8).
 */
export function LightboxGallery({ images, className, renderThumb, label }: GalleryProps) {
  const lightbox = useLightbox(images);
  if (images.length === 0) {
    return <BrokenImage className="aspect-video w-full max-w-md rounded-2xl" />;
  }
  return (
    <>
      <ul
        aria-label={label}
        data-lightbox-gallery=""
        className={className ?? "grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4"}
      >
        {images.map((image, index) => (
          <li key={`${image.src}-${index}`}>
            <a
              {...lightbox.linkProps(index)}
              className="group relative block overflow-hidden rounded-xl bg-kayu-100 shadow-sm ring-1 ring-kayu-100 transition hover:shadow-lg focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-500"
            >
              {renderThumb ? (
                renderThumb(image, index)
              ) : (
                <SafeImage
                  src={image.src}
                  alt={image.alt}
                  width={image.width ?? 600}
                  sizes="(min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw"
                  maxWidth={640}
                  height={image.height ?? 600}
                  loading="lazy"
                  decoding="async"
                  className="aspect-square h-full w-full object-cover transition duration-300 group-hover:scale-105"
                  fallbackClassName="aspect-square w-full"
                />
              )}
              <span
                aria-hidden="true"
                className="pointer-events-none absolute inset-0 grid place-items-center bg-kayu-900/0 opacity-0 transition group-hover:bg-kayu-900/30 group-hover:opacity-100 group-focus-visible:bg-kayu-900/30 group-focus-visible:opacity-100"
              >
                <svg viewBox="0 0 24 24" fill="none" stroke="white" strokeWidth="2" className="h-9 w-9 drop-shadow">
                  <circle cx="11" cy="11" r="7" />
                  <path d="m20 20-3.5-3.5M11 8v6M8 11h6" />
                </svg>
              </span>
              <span className="sr-only"> (perbesar)</span>
            </a>
          </li>
        ))}
      </ul>
      {lightbox.element}
    </>
  );
}
