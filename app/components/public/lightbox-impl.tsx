/**
 * The lightbox itself. Only ever loaded through a dynamic import from ./lightbox.tsx, so the
 * library, its Zoom plugin and its CSS stay out of the page bundle until a visitor clicks.
 *
 * Spec section 9 ("zoom step 0.12, max zoom 3, min zoom 0.1, swipe tolerance 50, wheel throttle
 * 80 ms") mapped onto yet-another-react-lightbox 3.32:
 * - zoom step 0.12  → zoom.zoomInMultiplier 1.12 (zoom buttons and +/- keys change the zoom by
 *                     12 %), and zoom.wheelZoomDistanceFactor 100 / 0.12 ≈ 833 so one 100 px
 *                     wheel notch also zooms by ≈ 12 % (zoom.scrollToZoom on: the wheel zooms).
 * - max zoom 3      → zoom.maxZoom 3. The library computes the maximum of *image* slides from
 *                     pixel density instead, so slides use our own "etalase-gambar" slide type
 *                     (listed in zoom.supports), for which maxZoom is applied as given.
 * - min zoom 0.1    → zoom.minZoom 0.1.
 * - swipe tolerance 50 → the library's own swipe navigation (a fixed 30 px threshold) is off
 *                     (controller.disableSwipeNavigation); useSwipeNavigation changes the slide
 *                     after a horizontal swipe of more than 50 px, at zoom 1 only (a zoomed
 *                     image pans instead).
 * - wheel throttle  → animation.navigation 160 ms: the library throttles prev/next navigation
 *                     to half the navigation animation, i.e. 80 ms.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import Lightbox, {
  type ControllerRef,
  type GenericSlide,
  type RenderSlideProps,
  type ZoomRef,
} from "yet-another-react-lightbox";
import Zoom from "yet-another-react-lightbox/plugins/zoom";
import "yet-another-react-lightbox/styles.css";
import { BrokenImage, type LightboxImplProps } from "./lightbox";

const SLIDE_TYPE = "etalase-gambar";

interface GambarSlide extends GenericSlide {
  type: typeof SLIDE_TYPE;
  src: string;
  alt: string;
  width?: number;
  height?: number;
}

declare module "yet-another-react-lightbox" {
  interface SlideTypes {
    "etalase-gambar": GambarSlide;
  }
}

function GambarSlideView({ slide }: { slide: GambarSlide }) {
  const [status, setStatus] = useState<"loading" | "loaded" | "error">(slide.src ? "loading" : "error");
  if (status === "error") {
    return <BrokenImage tone="dark" className="w-72 max-w-full rounded-2xl py-10" />;
  }
  return (
    <>
      {status === "loading" ? (
        <span
          aria-hidden="true"
          className="absolute h-10 w-10 animate-spin rounded-full border-4 border-white/25 border-t-white"
        />
      ) : null}
      <img
        src={slide.src}
        alt={slide.alt}
        draggable={false}
        decoding="async"
        className="yarl__slide_image"
        style={{ opacity: status === "loaded" ? 1 : 0, transition: "opacity 200ms" }}
        onLoad={() => setStatus("loaded")}
        onError={() => setStatus("error")}
      />
    </>
  );
}

function renderSlide({ slide }: RenderSlideProps) {
  if (slide.type !== SLIDE_TYPE) return undefined;
  return <GambarSlideView key={slide.src} slide={slide} />;
}

/** Spec section 9: a swipe changes the slide only past 50 px. */
export const SWIPE_TOLERANCE_PX = 50;

/**
 * Swipe navigation with the spec's tolerance. Listens on the window (not a wrapper element,
 * which would change what the library sees as a backdrop click) for pointers that start on
 * the slides; a zoomed image is being panned, not swiped.
 */
function useSwipeNavigation(open: boolean, controller: RefObject<ControllerRef | null>, zoom: RefObject<ZoomRef | null>) {
  useEffect(() => {
    if (!open) return;
    let start: { x: number; y: number } | null = null;
    const down = (event: PointerEvent) => {
      const onSlides = event.target instanceof Element && event.target.closest(".etalase-lightbox .yarl__carousel");
      start = onSlides && (zoom.current?.zoom ?? 1) <= 1 ? { x: event.clientX, y: event.clientY } : null;
    };
    const up = (event: PointerEvent) => {
      const from = start;
      start = null;
      if (!from) return;
      const dx = event.clientX - from.x;
      const dy = event.clientY - from.y;
      if (Math.abs(dx) <= SWIPE_TOLERANCE_PX || Math.abs(dx) <= Math.abs(dy)) return;
      if (dx < 0) controller.current?.next();
      else controller.current?.prev();
    };
    const cancel = () => {
      start = null;
    };
    window.addEventListener("pointerdown", down);
    window.addEventListener("pointerup", up);
    window.addEventListener("pointercancel", cancel);
    return () => {
      window.removeEventListener("pointerdown", down);
      window.removeEventListener("pointerup", up);
      window.removeEventListener("pointercancel", cancel);
    };
  }, [open, controller, zoom]);
}

export default function LightboxImpl({ images, open, index, onClose }: LightboxImplProps) {
  const controller = useRef<ControllerRef>(null);
  const zoom = useRef<ZoomRef>(null);
  useSwipeNavigation(open, controller, zoom);
  // No images: one slide without a source, which renders the broken-image placeholder.
  const slides: GambarSlide[] = (images.length > 0 ? images : [{ src: "", alt: "" }]).map((image) => ({
    type: SLIDE_TYPE,
    src: image.src,
    alt: image.alt,
    width: image.width,
    height: image.height,
  }));
  return (
    <Lightbox
      open={open}
      close={onClose}
      index={Math.min(index, slides.length - 1)}
      slides={slides}
      plugins={[Zoom]}
      className="etalase-lightbox"
      render={{
        slide: renderSlide,
        // Single image: no arrows.
        ...(slides.length < 2 ? { buttonPrev: () => null, buttonNext: () => null } : {}),
      }}
      carousel={{ finite: slides.length < 2 }}
      animation={{ navigation: 160 }}
      controller={{ ref: controller, closeOnBackdropClick: true, aria: true, disableSwipeNavigation: true }}
      zoom={{
        ref: zoom,
        zoomInMultiplier: 1.12,
        wheelZoomDistanceFactor: 100 / 0.12,
        scrollToZoom: true,
        minZoom: 0.1,
        maxZoom: 3,
        supports: [SLIDE_TYPE],
      }}
      labels={{
        Previous: "Sebelumnya",
        Next: "Berikutnya",
        Close: "Tutup",
        "Zoom in": "Perbesar",
        "Zoom out": "Perkecil",
        Lightbox: "Tampilan gambar",
        "Photo gallery": "Galeri foto",
        Carousel: "Slider",
        Slide: "Gambar",
        "{index} of {total}": "{index} dari {total}",
      }}
    />
  );
}
