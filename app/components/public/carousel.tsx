/**
 * Progressive carousel.
 *
 * Server HTML (and JavaScript off): a horizontally scrollable `.snap-row` (CSS scroll-snap, see
 * app.css) whose slide width per breakpoint comes from CSS variables, so every slide is reachable
 * without JavaScript. After hydration the Swiper module (and its CSS) is imported lazily and the
 * real Swiper takes over with the same slides, so public pages don't pay for Swiper up front.
 *
 * The root element carries `data-carousel="<name>"` and, once Swiper is mounted,
 * `data-enhanced="true"` (end-to-end tests wait for it). Swiper marks the current slide with
 * `swiper-slide-active`.
 */
import { type ComponentType, useEffect, useState } from "react";
import type { CarouselProps, CarouselSwiperProps } from "~/components/public/carousel-types";

type Layout = { slidesPerView: number; spaceBetween: number };

/** Layouts from the smallest viewport up: [minWidth, layout][]. */
function layouts(props: Pick<CarouselProps, "slidesPerView" | "spaceBetween" | "breakpoints">) {
  const base: Layout = { slidesPerView: props.slidesPerView ?? 1, spaceBetween: props.spaceBetween ?? 0 };
  const steps: Array<[number, Layout]> = [[0, base]];
  const sorted = Object.entries(props.breakpoints ?? {})
    .map(([min, bp]) => [Number(min), bp] as const)
    .filter(([min]) => Number.isFinite(min) && min > 0)
    .sort((a, b) => a[0] - b[0]);
  let previous = base;
  for (const [min, bp] of sorted) {
    const next = { slidesPerView: bp.slidesPerView, spaceBetween: bp.spaceBetween ?? previous.spaceBetween };
    steps.push([min, next]);
    previous = next;
  }
  return steps;
}

/** Most slides ever visible at once (loop needs more slides than that). */
export function maxSlidesPerView(props: Pick<CarouselProps, "slidesPerView" | "spaceBetween" | "breakpoints">) {
  return Math.max(...layouts(props).map(([, l]) => Math.ceil(l.slidesPerView)));
}

/** Scoped CSS giving the no-JS `.snap-row` the same slide widths and gaps as Swiper will use. */
function snapRowCss(scope: string, props: CarouselProps) {
  const rule = ({ slidesPerView: n, spaceBetween: gap }: Layout) =>
    `${scope}>.snap-row{--gap:${gap}px;--slide:calc((100% - ${(n - 1) * gap}px) / ${n})}`;
  return layouts(props)
    .map(([min, layout]) => (min === 0 ? rule(layout) : `@media (min-width:${min}px){${rule(layout)}}`))
    .join("");
}

export function Carousel(props: CarouselProps) {
  const { name, label, slides, className = "", navigation = false, pagination = false, controls = "below" } = props;
  const [Enhanced, setEnhanced] = useState<ComponentType<CarouselSwiperProps> | null>(null);
  const [ready, setReady] = useState(false);
  const hasSlides = slides.length > 0;

  useEffect(() => {
    if (!hasSlides) return;
    let alive = true;
    import("~/components/public/carousel-swiper")
      .then((mod) => {
        if (alive) setEnhanced(() => mod.CarouselSwiper);
      })
      .catch((error: unknown) => {
        // The scrollable row keeps working; log for the developer console only.
        console.error("Carousel gagal dimuat", error);
      });
    return () => {
      alive = false;
    };
  }, [hasSlides]);

  if (!hasSlides) return null;

  const safeName = name.replace(/[^a-zA-Z0-9_-]/g, "");
  const scope = `[data-carousel="${safeName}"]`;
  const { name: _name, label: _label, className: _className, ...swiperProps } = props;
  // Swiper's loop needs more slides than are ever visible at once; otherwise rewind (see swiper half).
  const loop = Boolean(props.loop) && slides.length > maxSlidesPerView(props);

  return (
    <div
      data-carousel={safeName}
      data-enhanced={ready ? "true" : undefined}
      role="region"
      aria-roledescription="carousel"
      aria-label={label}
      className={`relative ${className}`}
    >
      {Enhanced ? (
        <Enhanced {...swiperProps} loop={loop} onReady={() => setReady(true)} />
      ) : (
        <>
          <style>{snapRowCss(scope, props)}</style>
          {/* Focusable so keyboard users can scroll it with the arrow keys. */}
          <ul
            tabIndex={0}
            className="snap-row relative rounded-2xl focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
          >
            {slides.map((slide, i) => (
              <li key={i} className="min-w-0">
                {slide}
              </li>
            ))}
          </ul>
          {/* Same height as the Swiper controls row, so nothing moves when Swiper takes over. */}
          {navigation || pagination ? (
            <div aria-hidden="true" className={`mt-3 h-11 ${controls === "overlay" ? "sm:hidden" : ""}`} />
          ) : null}
        </>
      )}
    </div>
  );
}
