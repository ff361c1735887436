/** The carousel's props, shared by its shell (carousel.tsx) and its lazily loaded Swiper half. */
import type { ReactNode } from "react";

export type CarouselBreakpoint = { slidesPerView: number; spaceBetween?: number };
/** Minimum viewport width in px → layout from that width up (same meaning as Swiper's). */
export type CarouselBreakpoints = Record<number, CarouselBreakpoint>;

export type CarouselProps = {
  /** Short unique name on the page: data-carousel value and CSS scope. */
  name: string;
  /** Accessible name of the carousel region. */
  label: string;
  slides: ReactNode[];
  /** Autoplay delay in ms; off when omitted. */
  autoplayMs?: number;
  /** Loop (only honoured when there are more slides than fit on screen). */
  loop?: boolean;
  slidesPerView?: number;
  /** Gap between slides in px. */
  spaceBetween?: number;
  breakpoints?: CarouselBreakpoints;
  /** Previous/next arrow buttons. */
  navigation?: boolean;
  /** Clickable pagination bullets. */
  pagination?: boolean;
  /** "overlay": arrows and bullets over the slides from `sm` up (hero); "below": a row of arrows and bullets under the slides. */
  controls?: "overlay" | "below";
  className?: string;
};

export type CarouselSwiperProps = Omit<CarouselProps, "name" | "label" | "className"> & {
  onReady: () => void;
};
