/**
 * The product image slider with its thumbnail strip (Swiper: Navigation, Thumbs, FreeMode).
 * Loaded only through a dynamic import from the product detail page, after hydration; the
 * server HTML shows the first image plus a scrollable row of thumbnail links instead.
 */
import { type MouseEvent, useState } from "react";
import { FreeMode, Navigation, Thumbs } from "swiper/modules";
import { Swiper, SwiperSlide } from "swiper/react";
import type { Swiper as SwiperInstance } from "swiper/types";
import "swiper/css";
import "swiper/css/navigation";
import "swiper/css/thumbs";
import "swiper/css/free-mode";
import { GaleriGambar } from "~/components/public/galeri-gambar";
import type { LightboxImage } from "~/components/public/lightbox-types";

/** Spec section 9: product thumbnail strip, 4 slides, gap 10. */
const THUMBS_VISIBLE = 4;
const THUMBS_GAP = 10;

export type ProdukSliderProps = {
  images: LightboxImage[];
  /** Props of the main image link (full-image href + click opening the lightbox). */
  linkProps: (index: number) => {
    href?: string;
    onClick: (event: MouseEvent<HTMLAnchorElement>) => void;
    onPointerEnter: () => void;
    onFocus: () => void;
  };
};

const arrowClass =
  "absolute top-1/2 z-10 grid h-11 w-11 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-kayu-800 shadow-md ring-1 ring-kayu-100 transition hover:bg-white hover:text-kayu-900 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-500 disabled:opacity-0 [&.swiper-button-lock]:hidden";

export default function ProdukSlider({ images, linkProps }: ProdukSliderProps) {
  const [thumbs, setThumbs] = useState<SwiperInstance | null>(null);
  const [main, setMain] = useState<SwiperInstance | null>(null);
  const [prevEl, setPrevEl] = useState<HTMLButtonElement | null>(null);
  const [nextEl, setNextEl] = useState<HTMLButtonElement | null>(null);
  const [active, setActive] = useState(0);

  return (
    <div className="flex flex-col gap-[10px]">
      <div className="relative">
        <Swiper
          modules={[Navigation, Thumbs]}
          onSwiper={setMain}
          onSlideChange={(swiper) => setActive(swiper.activeIndex)}
          navigation={{ prevEl, nextEl }}
          thumbs={{ swiper: thumbs && !thumbs.destroyed ? thumbs : null }}
          spaceBetween={10}
          className="aspect-square overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-kayu-100"
          aria-label="Gambar produk"
        >
          {images.map((image, index) => (
            <SwiperSlide key={`${image.src}-${index}`}>
              <a
                {...linkProps(index)}
                className="group block h-full w-full cursor-zoom-in focus:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-kayu-500"
                aria-label={`${image.alt} — perbesar (gambar ${index + 1} dari ${images.length})`}
                tabIndex={index === active ? 0 : -1}
              >
                <GaleriGambar src={image.src} alt={image.alt} ukuran="utama" eager={index === 0} draggable={false} />
              </a>
            </SwiperSlide>
          ))}
        </Swiper>
        <button type="button" ref={setPrevEl} className={`${arrowClass} left-3`} aria-label="Gambar sebelumnya">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="h-5 w-5">
            <path d="m15 18-6-6 6-6" />
          </svg>
        </button>
        <button type="button" ref={setNextEl} className={`${arrowClass} right-3`} aria-label="Gambar berikutnya">
          <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true" className="h-5 w-5">
            <path d="m9 18 6-6-6-6" />
          </svg>
        </button>
      </div>

      <Swiper
        modules={[FreeMode, Thumbs]}
        onSwiper={setThumbs}
        slidesPerView={THUMBS_VISIBLE}
        spaceBetween={THUMBS_GAP}
        freeMode
        watchSlidesProgress
        // Buttons are the thumbnails here, so a drag may start on them.
        focusableElements="input, select, option, textarea, video, label"
        className="w-full"
        aria-label="Gambar kecil produk"
      >
        {images.map((image, index) => (
          <SwiperSlide key={`${image.src}-${index}`}>
            <button
              type="button"
              onClick={() => main?.slideTo(index)}
              aria-label={`Tampilkan gambar ${index + 1}`}
              aria-pressed={index === active}
              className={`block aspect-square w-full overflow-hidden rounded-lg border-2 bg-white transition focus:outline-none focus-visible:border-kayu-500 focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-kayu-300 ${
                index === active ? "border-kayu-600" : "border-transparent opacity-70 hover:opacity-100"
              }`}
            >
              <GaleriGambar src={image.src} alt="" ukuran="kecil" draggable={false} />
            </button>
          </SwiperSlide>
        ))}
      </Swiper>
    </div>
  );
}
