/**
 * The JavaScript half of <Carousel>: only ever loaded through a dynamic import() after
 * hydration, together with Swiper's CSS, so the initial public page bundle stays small.
 */
import { type FocusEvent, useCallback, useRef, useState } from "react";
import type { Swiper as SwiperClass } from "swiper";
import { A11y, Autoplay, Navigation, Pagination } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/pagination";
import type { CarouselSwiperProps } from "~/components/public/carousel-types";

const A11Y = {
  prevSlideMessage: "Slide sebelumnya",
  nextSlideMessage: "Slide berikutnya",
  firstSlideMessage: "Ini slide pertama",
  lastSlideMessage: "Ini slide terakhir",
  paginationBulletMessage: "Ke slide {{index}}",
  slideLabelMessage: "{{index}} dari {{slidesLength}}",
  itemRoleDescriptionMessage: "slide",
};

function prefersReducedMotion() {
  return typeof window !== "undefined" && typeof window.matchMedia === "function"
    ? window.matchMedia("(prefers-reduced-motion: reduce)").matches
    : false;
}

function Chevron({ direction }: { direction: "prev" | "next" }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="h-5 w-5">
      <path d={direction === "prev" ? "m15 18-6-6 6-6" : "m9 18 6-6-6-6"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

export function CarouselSwiper({
  slides,
  autoplayMs,
  loop = false,
  slidesPerView = 1,
  spaceBetween = 0,
  breakpoints,
  navigation = false,
  pagination = false,
  controls = "below",
  onReady,
}: CarouselSwiperProps) {
  const swiperRef = useRef<SwiperClass | null>(null);
  // Our own <button>s and bullet container (styled with Tailwind) instead of Swiper's defaults.
  // Callback refs put them in state: Swiper initialises in its layout effect, before refs of
  // later siblings are attached, so it is only rendered once every control element exists
  // (this extra render happens synchronously, before the browser paints).
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [paginationEl, setPaginationEl] = useState<HTMLDivElement | null>(null);
  const controlsReady = (!navigation || (prevEl && nextEl)) && (!pagination || paginationEl);
  const [reducedMotion] = useState(prefersReducedMotion);
  const autoplay = autoplayMs && !reducedMotion
    ? { delay: autoplayMs, disableOnInteraction: false, pauseOnMouseEnter: true }
    : false;

  const onSwiper = useCallback(
    (swiper: SwiperClass) => {
      swiperRef.current = swiper;
      onReady();
    },
    [onReady],
  );

  // Keyboard users: hold autoplay while focus is inside (WCAG 2.2.2); mouse hover pauses via Swiper.
  const onFocus = (event: FocusEvent) => {
    if (event.target instanceof HTMLElement && event.target.matches(":focus-visible")) {
      swiperRef.current?.autoplay?.pause();
    }
  };
  const onBlur = (event: FocusEvent) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    const swiper = swiperRef.current;
    if (swiper?.autoplay?.paused) swiper.autoplay.resume();
  };

  const overlay = controls === "overlay";
  // "overlay": on phones the controls sit in a row under the slides (the banner is too short to
  // carry 44 px arrows); from `sm` up the row becomes `display: contents` and its children are
  // positioned over the slides.
  // Bullets are 24 px touch targets with a small dot inside (app.css, .carousel-bullets).
  const bulletClass = [
    "carousel-bullets flex min-w-0 flex-wrap items-center justify-center [--swiper-pagination-bottom:10px]",
    "[--dot:var(--color-kayu-300)] [--dot-active:var(--color-kayu-700)]",
    "[&_.swiper-pagination-bullet:focus-visible]:outline-2 [&_.swiper-pagination-bullet:focus-visible]:outline-kayu-700",
    overlay
      ? "sm:absolute sm:z-10 sm:[--dot:#fff] sm:[--dot-opacity:0.8] sm:[--dot-active:var(--color-kayu-700)] sm:[&_.swiper-pagination-bullet:focus-visible]:outline-white"
      : "",
  ].join(" ");
  const arrowClass = [
    "grid h-11 w-11 shrink-0 place-items-center rounded-full border border-kayu-200 bg-white text-kayu-800 shadow-sm transition",
    "hover:border-kayu-300 hover:bg-kayu-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300 disabled:opacity-40",
    overlay
      ? "sm:absolute sm:top-1/2 sm:z-10 sm:-translate-y-1/2 sm:border-transparent sm:bg-white/85 sm:shadow-lg sm:backdrop-blur sm:hover:bg-white sm:focus-visible:ring-white/80"
      : "",
  ].join(" ");

  const prevButton = navigation ? (
    <button ref={setPrevEl} type="button" aria-label="Slide sebelumnya" className={`${arrowClass} ${overlay ? "sm:left-5" : ""}`}>
      <Chevron direction="prev" />
    </button>
  ) : null;
  const nextButton = navigation ? (
    <button ref={setNextEl} type="button" aria-label="Slide berikutnya" className={`${arrowClass} ${overlay ? "sm:right-5" : ""}`}>
      <Chevron direction="next" />
    </button>
  ) : null;
  const bullets = pagination ? <div ref={setPaginationEl} className={bulletClass} /> : null;

  return (
    <div onFocus={onFocus} onBlur={onBlur} className="relative">
      {controlsReady ? (
        <Swiper
          modules={[A11y, Autoplay, Navigation, Pagination]}
          a11y={A11Y}
          slidesPerView={slidesPerView}
          spaceBetween={spaceBetween}
          breakpoints={breakpoints}
          loop={loop}
          rewind={!loop && Boolean(autoplay)}
          autoplay={autoplay}
          navigation={navigation ? { prevEl, nextEl } : false}
          pagination={pagination ? { el: paginationEl, clickable: true, bulletElement: "button" } : false}
          onSwiper={onSwiper}
          className={overlay ? "rounded-2xl" : undefined}
        >
          {slides.map((slide, i) => (
            <SwiperSlide key={i} style={{ height: "auto" }}>
              {slide}
            </SwiperSlide>
          ))}
        </Swiper>
      ) : null}
      {navigation || pagination ? (
        <div className={`mt-3 flex h-11 items-center justify-center gap-3 ${overlay ? "sm:contents" : ""}`}>
          {prevButton}
          {bullets}
          {nextButton}
        </div>
      ) : null}
    </div>
  );
}
