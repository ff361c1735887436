import { Link } from "react-router";
import { ResponsiveImage } from "~/components/ui/responsive-image";
import type { Route } from "./+types/home";
import { Carousel } from "~/components/public/carousel";
import type { CarouselBreakpoints } from "~/components/public/carousel-types";
import { StarIcon } from "~/components/public/icons";
import { ProdukGrid } from "~/components/public/produk-card";
import { MultiLine } from "~/components/public/public-footer";
import { getHomeData } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { shopSeo } from "~/domain/katalog/seo.server";
import { publicMeta, shopFromMatches } from "~/lib/util/meta";

/** The page reads no query parameter: the page cache keeps one copy whatever the query says. */
export const handle = { queryParams: [] };

export function loader({ request }: Route.LoaderArgs) {
  const db = getDb();
  return { ...getHomeData(db), seo: shopSeo(db, request, "/") };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const toko = shopFromMatches(matches)?.nama_toko;
  const description = `${toko ? `${toko}: ` : ""}katalog mebel dengan kategori produk, produk pilihan, dan ulasan konsumen kami.`;
  return publicMeta(matches, "Beranda", description, null, loaderData?.seo);
}

/** Spec section 9: categories 1 slide, 2 from 768 px, 5 from 1445 px; gap 30 below 768, 24 from 768. */
const KATEGORI_BREAKPOINTS: CarouselBreakpoints = {
  768: { slidesPerView: 2, spaceBetween: 24 },
  1445: { slidesPerView: 5, spaceBetween: 24 },
};
const ULASAN_BREAKPOINTS: CarouselBreakpoints = {
  768: { slidesPerView: 2, spaceBetween: 24 },
  1200: { slidesPerView: 3, spaceBetween: 24 },
};

function SectionHeading({ id, title }: { id: string; title: string }) {
  return (
    <div className="mb-8 flex flex-col items-center text-center">
      <h2 id={id} className="text-2xl font-bold tracking-tight text-kayu-900 sm:text-3xl">
        {title}
      </h2>
      <span aria-hidden="true" className="mt-3 h-1 w-14 rounded-full bg-kayu-500" />
    </div>
  );
}

function ArrowRight({ className = "h-4 w-4" }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true" className={className}>
      <path d="M5 12h14m-6-6 6 6-6 6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

type HomeData = Route.ComponentProps["loaderData"];

function BannerSlide({ image, index }: { image: string; index: number }) {
  const first = index === 0;
  return (
    <ResponsiveImage
      src={image}
      alt={`Banner ${index + 1}`}
      width={1920}
      height={620}
      sizes="(min-width: 1280px) 1248px, 100vw"
      priority={first}
      className="block aspect-[1920/620] h-auto w-full rounded-2xl bg-kayu-100 object-cover shadow-sm"
    />
  );
}

function KategoriCard({ kategori, first = false }: { kategori: HomeData["kategori"][number]; first?: boolean }) {
  return (
    <Link
      to={`/produk/${kategori.seo}`}
      prefetch="intent"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-kayu-100 bg-white shadow-sm transition hover:border-kayu-200 hover:shadow-md focus:outline-none focus-visible:ring-4 focus-visible:ring-inset focus-visible:ring-kayu-300"
    >
      <div className="aspect-[4/3] overflow-hidden bg-kayu-100 md:max-[1444.98px]:aspect-[16/10]">
        {kategori.gambar ? (
          <ResponsiveImage
            src={kategori.gambar}
            alt=""
            width={1024}
            height={768}
            sizes="(min-width: 1445px) 20vw, (min-width: 768px) 50vw, 100vw"
            maxWidth={1024}
            // On a phone the first card is the largest image in view: don't make it wait.
            priority={first}
            className="h-full w-full object-cover transition duration-500 group-hover:scale-105"
          />
        ) : (
          <div aria-hidden="true" className="grid h-full place-items-center text-5xl font-extrabold text-kayu-300">
            {kategori.kategori.charAt(0)}
          </div>
        )}
      </div>
      <div className="flex flex-1 items-center justify-between gap-3 p-4">
        <div className="min-w-0">
          <h3 className="line-clamp-2 leading-snug font-semibold text-stone-900">{kategori.kategori}</h3>
          <p className="text-sm text-stone-500">{kategori.jumlah} produk</p>
        </div>
        <span
          aria-hidden="true"
          className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-kayu-100 text-kayu-700 transition group-hover:bg-kayu-700 group-hover:text-white"
        >
          <ArrowRight />
        </span>
      </div>
    </Link>
  );
}

function UlasanCard({ ulasan }: { ulasan: HomeData["ulasan"][number] }) {
  return (
    <figure className="flex h-full flex-col rounded-2xl border border-kayu-100 bg-white p-6 shadow-sm sm:p-7">
      <div className="flex items-center justify-between gap-4">
        <p className="flex gap-0.5 text-amber-500">
          {[0, 1, 2, 3, 4].map((i) => (
            <StarIcon key={i} className="h-5 w-5" />
          ))}
          <span className="sr-only">5 dari 5 bintang</span>
        </p>
        <span aria-hidden="true" className="font-serif text-5xl leading-none text-kayu-200">
          &rdquo;
        </span>
      </div>
      <blockquote className="mt-4 flex-1 leading-relaxed text-stone-700">
        <p>
          “<MultiLine text={ulasan.ulasan} />”
        </p>
      </blockquote>
      <figcaption className="mt-6 border-t border-kayu-100 pt-4 font-semibold text-kayu-800">— {ulasan.oleh}</figcaption>
    </figure>
  );
}

export default function Home({ loaderData, matches }: Route.ComponentProps) {
  const { banner, kategori, produk, ulasan } = loaderData;
  const toko = shopFromMatches(matches);
  return (
    <>
      <h1 className="sr-only">{[toko?.nama_toko, toko?.kota].filter(Boolean).join(" ") || "Beranda"}</h1>

      {banner.length > 0 ? (
        <section aria-label="Banner" className="mx-auto max-w-7xl px-4 pt-4 sm:pt-6">
          <Carousel
            name="banner"
            label="Banner promo"
            slides={banner.map((b, i) => (
              <BannerSlide key={b.id} image={b.image} index={i} />
            ))}
            autoplayMs={3000}
            loop
            navigation
            pagination
            controls="overlay"
          />
        </section>
      ) : null}

      {kategori.length > 0 ? (
        <section aria-labelledby="judul-kategori" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-16">
          <SectionHeading id="judul-kategori" title="Kategori Produk" />
          <Carousel
            name="kategori"
            label="Slide kategori produk"
            slides={kategori.map((k, i) => (
              <KategoriCard key={k.id} kategori={k} first={i === 0} />
            ))}
            autoplayMs={2500}
            loop
            slidesPerView={1}
            spaceBetween={30}
            breakpoints={KATEGORI_BREAKPOINTS}
            navigation
            pagination
          />
        </section>
      ) : null}

      <section aria-labelledby="judul-produk" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-16">
        <SectionHeading id="judul-produk" title="Produk Pilihan" />
        {produk.length > 0 ? (
          <>
            <ProdukGrid items={produk} />
            <div className="mt-10 flex justify-center">
              <Link
                to="/produk"
                prefetch="intent"
                className="inline-flex min-h-12 items-center gap-2 rounded-full bg-kayu-700 px-7 py-3 font-semibold text-white shadow-md transition hover:bg-kayu-800 hover:shadow-lg focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
              >
                Lihat Semua Produk Pilihan
                <ArrowRight />
              </Link>
            </div>
          </>
        ) : (
          <p className="rounded-2xl border border-dashed border-kayu-200 bg-white px-6 py-10 text-center text-stone-600">
            Belum ada produk untuk ditampilkan.
          </p>
        )}
      </section>

      {ulasan.length > 0 ? (
        <section aria-labelledby="judul-ulasan" className="mx-auto max-w-7xl px-4 pt-14 sm:pt-16">
          <div className="rounded-3xl bg-kayu-100/70 px-4 py-10 sm:px-8 sm:py-14">
            <SectionHeading id="judul-ulasan" title="Ulasan Konsumen" />
            <Carousel
              name="ulasan"
              label="Slide ulasan konsumen"
              slides={ulasan.map((u) => (
                <UlasanCard key={u.id} ulasan={u} />
              ))}
              autoplayMs={3000}
              loop
              slidesPerView={1}
              spaceBetween={24}
              breakpoints={ULASAN_BREAKPOINTS}
              navigation
              pagination
            />
          </div>
        </section>
      ) : null}
    </>
  );
}
