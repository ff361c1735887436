import { type ComponentType, type CSSProperties, type ReactNode, useEffect, useState } from "react";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/detail-produk.$seo";
import { MapPinIcon, StarIcon, WhatsAppIcon } from "~/components/public/icons";
import { GaleriGambar } from "~/components/public/galeri-gambar";
import { BrokenImage } from "~/components/public/broken-image";
import { useLightbox } from "~/components/public/lightbox";
import type { LightboxImage } from "~/components/public/lightbox-types";
import type { ProdukSliderProps } from "~/components/public/produk-slider-impl";
import { ProdukGrid } from "~/components/public/produk-card";
import { JadwalBuka, MultiLine, StatusBukaLine } from "~/components/public/public-footer";
import { jamBukaOf, urutkanBukaDulu, type JamBukaData } from "~/domain/kantor-cabang/jam-buka";
import { PratinjauNotice } from "~/components/public/pratinjau-notice";
import { getProdukDetailData, getProdukPratinjauData } from "~/domain/katalog/katalog.server";
import { parseId } from "~/http/action.server";
import { loginRedirect } from "~/http/guard.server";
import { getCurrentUser } from "~/http/session.server";
import { getDb } from "~/lib/server/db.server";
import { formatHarga, waHref } from "~/lib/util/format";
import { produkSeo } from "~/domain/katalog/seo.server";
import { publicMeta } from "~/lib/util/meta";

/** A product page reads no query parameter: the page cache keeps one copy whatever the query says. */
export const handle = { queryParams: [] };

export async function loader({ params, request, url }: Route.LoaderArgs) {
  const db = getDb();
  // /pratinjau/produk/:produkId (route ProdukPratinjau) is an operator's preview of
  // any product, draft or not: no session → the login (back here after), another role → 404.
  // Never cached (page-cache PRIVATE_PREFIXES), noindex, no canonical or JSON-LD (seo undefined).
  if ("produkId" in params) {
    const user = await getCurrentUser(request);
    if (!user) throw loginRedirect(url);
    if (!user.roles.includes("Operator")) throw data(null, { status: 404 });
    const id = parseId(params.produkId);
    const pratinjau = id ? getProdukPratinjauData(db, id) : null;
    if (!pratinjau) throw data(null, { status: 404 });
    return { ...pratinjau, seo: undefined };
  }
  const result = getProdukDetailData(db, params.seo);
  if (!result) throw data(null, { status: 404 });
  if ("redirectTo" in result) {
    if (!result.redirectTo) throw data(null, { status: 404 });
    throw redirect(`/detail-produk/${encodeURIComponent(result.redirectTo)}`, 301);
  }
  return { ...result, seo: produkSeo(db, request, result) };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { produk } = loaderData;
  // The operator's preview: never indexed, no canonical, no preview card data.
  if (!loaderData.seo) return [...publicMeta(matches, `Pratinjau: ${produk.nama_produk}`), { name: "robots", content: "noindex, nofollow" }];
  const deskripsi = ringkas(produk.deskripsi, 150);
  return publicMeta(matches, produk.nama_produk, deskripsi || undefined, null, loaderData.seo);
}

/** First ~`max` characters of plain text on one line, cut at a word boundary. */
function ringkas(text: string | null | undefined, max: number) {
  const flat = (text ?? "").replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export default function DetailProduk({ loaderData }: Route.ComponentProps) {
  const { produk, gambar, gudang, produklain } = loaderData;
  const tampil = "tampil" in loaderData ? loaderData.tampil : null;

  const images: LightboxImage[] = (gambar.length > 0 ? gambar.map((g) => g.gambar) : [produk.gambar])
    .filter((src): src is string => Boolean(src))
    .map((src, i, all) => ({
      src,
      alt: all.length > 1 ? `${produk.nama_produk} — gambar ${i + 1}` : produk.nama_produk,
      width: 1024,
      height: 1024,
    }));

  return (
    // Keyed by product: a new slug starts with a fresh slider and a closed lightbox.
    <article key={produk.id} className="mx-auto max-w-7xl px-4 pt-6 pb-4 sm:pt-8">
      {tampil ? <PratinjauNotice tampil={tampil} /> : null}
      <nav aria-label="Breadcrumb" className="mb-6 text-sm text-stone-600">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <li>
            <Link to="/" className="rounded hover:text-kayu-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-kayu-500">
              Beranda
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link to="/produk" className="rounded hover:text-kayu-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-kayu-500">
              Produk
            </Link>
          </li>
          {produk.kategori && produk.kategori_seo ? (
            <>
              <li aria-hidden="true">/</li>
              <li>
                <Link
                  to={`/produk/${produk.kategori_seo}`}
                  prefetch="intent"
                  className="rounded hover:text-kayu-700 hover:underline focus:outline-none focus-visible:ring-2 focus-visible:ring-kayu-500"
                >
                  {produk.kategori}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="line-clamp-1 font-medium text-stone-700">
            {produk.nama_produk}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-2 lg:gap-12">
        <ProdukGaleri images={images} />

        <div className="flex flex-col gap-6">
          <header className="flex flex-col gap-3">
            {produk.kategori && produk.kategori_seo ? (
              <Link
                to={`/produk/${produk.kategori_seo}`}
                className="w-fit rounded-full bg-kayu-100 px-3 py-1 text-xs font-semibold tracking-wide text-kayu-700 uppercase hover:bg-kayu-200 focus:outline-none focus-visible:ring-2 focus-visible:ring-kayu-500"
              >
                {produk.kategori}
              </Link>
            ) : null}
            <h1 className="text-3xl font-extrabold tracking-tight text-kayu-900 sm:text-4xl">{produk.nama_produk}</h1>
            <p className="text-3xl font-bold text-kayu-700">{formatHarga(produk.harga)}</p>
            <p className="flex items-center gap-2 text-sm text-stone-600">
              <span className="flex text-amber-500" role="img" aria-label="Rating 5 dari 5">
                {[0, 1, 2, 3, 4].map((i) => (
                  <StarIcon key={i} className="h-5 w-5" />
                ))}
              </span>
              <span className="font-medium">( Terlaris )</span>
            </p>
          </header>

          <KartuBagian id="deskripsi-produk" judul="Deskripsi Produk :">
            <div className="leading-relaxed text-stone-700">
              {produk.deskripsi ? <MultiLine text={produk.deskripsi} /> : <span className="text-stone-600">-</span>}
            </div>
          </KartuBagian>

          <TersediaDiGudang
            gudang={gudang}
            lainnya={loaderData.cabang_lain}
            jamBuka={loaderData.jam_buka}
            // The preview of a product the public does not see: /wa/ knows only published
            // products, so its chat links name the branch alone.
            produkSeo={tampil && !tampil.tayang ? null : produk.nama_seo}
          />
        </div>
      </div>

      {produklain.length > 0 ? (
        <section aria-labelledby="produk-lainnya" className="mt-14">
          <h2 id="produk-lainnya" className="mb-6 text-2xl font-bold text-kayu-900">
            Produk Lainnya
          </h2>
          <ProdukGrid items={produklain} />
        </section>
      ) : null}
    </article>
  );
}

/** A white card of the product's details, a section named by its heading `judul`. */
function KartuBagian({ id, judul, judulClass = "mb-3", children }: { id: string; judul: string; judulClass?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-kayu-100 sm:p-6">
      <h2 id={id} className={`${judulClass} text-lg font-bold text-kayu-900`}>
        {judul}
      </h2>
      {children}
    </section>
  );
}

type CabangBaris = { id: number; kantor_cabang: string; kontak: string };

/**
 * 'Tersedia di Gudang:' — the branches that stock the product — then, in a section of their
 * own, the other branches (a visitor may still ask there): the ones open now first in each
 *, each with its state, its week and its WhatsApp link.
 */
function TersediaDiGudang({
  gudang,
  lainnya,
  jamBuka,
  produkSeo,
}: {
  gudang: readonly CabangBaris[];
  lainnya: readonly CabangBaris[];
  jamBuka: JamBukaData;
  produkSeo: string | null;
}) {
  const others = urutkanBukaDulu(lainnya, jamBuka);
  return (
    <>
      <KartuBagian id="tersedia-gudang" judul="Tersedia di Gudang:">
        {gudang.length > 0 ? (
          <CabangList rows={urutkanBukaDulu(gudang, jamBuka)} jamBuka={jamBuka} produkSeo={produkSeo} />
        ) : (
          <p className="text-stone-600">
            Belum ada gudang yang mencatat stok produk ini. Silakan{" "}
            <Link to="/kontak-kami" className="font-semibold text-kayu-700 underline hover:text-kayu-900">
              hubungi kami
            </Link>{" "}
            untuk menanyakan ketersediaannya.
          </p>
        )}
      </KartuBagian>
      {others.length > 0 ? (
        <KartuBagian id="cabang-lain" judul="Cabang lain" judulClass="mb-1">
          <p className="mb-3 text-sm text-stone-600">Stok produk ini belum tercatat di cabang berikut; tanyakan ketersediaannya lewat WhatsApp.</p>
          <CabangList rows={others} jamBuka={jamBuka} produkSeo={produkSeo} />
        </KartuBagian>
      ) : null}
    </>
  );
}

function CabangList({ rows, jamBuka, produkSeo }: { rows: readonly CabangBaris[]; jamBuka: JamBukaData; produkSeo: string | null }) {
  return (
    <ul className="divide-y divide-kayu-100">
      {rows.map((g) => {
        // The redirect counts the click and prefills the message with the product's URL.
        const chat = waHref(g.kontak, g.id, { dari: "detail-produk", produk: produkSeo });
        const jam = jamBukaOf(jamBuka, g.id);
        return (
          <li key={g.id} className="flex flex-wrap items-start justify-between gap-3 py-3 first:pt-0 last:pb-0">
            <div className="flex min-w-0 flex-col gap-1">
              <span className="flex items-center gap-2 font-semibold text-stone-800">
                <MapPinIcon className="h-4 w-4 shrink-0 text-kayu-500" />
                {g.kantor_cabang}
              </span>
              {jam ? (
                <>
                  <StatusBukaLine status={jam.status} className="ml-6 text-sm" />
                  <details className="ml-6 text-sm">
                    <summary className="w-fit cursor-pointer rounded font-medium text-kayu-700 hover:text-kayu-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-kayu-500">
                      Lihat jam buka<span className="sr-only"> {g.kantor_cabang}</span>
                    </summary>
                    <JadwalBuka jadwal={jam.jadwal} hariIni={jamBuka.hari_ini} zona={jamBuka.zona} className="mt-2" />
                  </details>
                </>
              ) : null}
            </div>
            {chat ? (
              <a
                href={chat}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex items-center gap-2 rounded-full bg-wa px-4 py-2 text-sm font-bold text-white shadow-sm transition hover:bg-wa-dark focus:outline-none focus-visible:ring-4 focus-visible:ring-wa/40"
              >
                <WhatsAppIcon className="h-4 w-4" />
                <span>
                  Tanya stok<span className="sr-only"> di {g.kantor_cabang} lewat WhatsApp</span>
                </span>
              </a>
            ) : (
              <span className="text-sm text-stone-600">Kontak belum tersedia</span>
            )}
          </li>
        );
      })}
    </ul>
  );
}

let sliderPromise: Promise<{ default: ComponentType<ProdukSliderProps> }> | null = null;
function loadSlider() {
  sliderPromise ??= import("~/components/public/produk-slider-impl").catch((error: unknown) => {
    sliderPromise = null;
    throw error;
  });
  return sliderPromise;
}

/**
 * Server / no JavaScript: the first image (eager, high priority) and a scrollable row of
 * thumbnail links to the full images. After hydration Swiper (main slider + 4-up thumbnail
 * strip + arrows) takes over and the root gets data-enhanced="true". Either way a click on the
 * main image opens the lightbox at that image.
 */
function ProdukGaleri({ images }: { images: LightboxImage[] }) {
  const lightbox = useLightbox(images);
  const [Slider, setSlider] = useState<ComponentType<ProdukSliderProps> | null>(null);
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    if (images.length === 0) return;
    let active = true;
    loadSlider().then(
      (mod) => {
        if (active) setSlider(() => mod.default);
      },
      (error: unknown) => console.error(error), // the static gallery keeps working
    );
    return () => {
      active = false;
    };
  }, [images.length]);

  const first = images[0];
  return (
    <div
      className="min-w-0"
      data-produk-galeri=""
      data-enhanced={mounted && (Slider || images.length === 0) ? "true" : undefined}
    >
      {!first ? (
        <BrokenImage className="aspect-square w-full rounded-2xl" />
      ) : Slider ? (
        <Slider images={images} linkProps={lightbox.linkProps} />
      ) : (
        <div className="flex flex-col gap-[10px]">
          <a
            {...lightbox.linkProps(0)}
            className="block aspect-square cursor-zoom-in overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-kayu-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-500"
          >
            <GaleriGambar src={first.src} alt={first.alt} ukuran="utama" eager />
          </a>
          {images.length > 1 ? (
            <ul
              aria-label="Gambar produk lainnya"
              className="snap-row pb-1"
              style={{ "--gap": "10px", "--slide": "calc((100% - 30px) / 4)" } as CSSProperties}
            >
              {images.map((image, index) => (
                <li key={`${image.src}-${index}`}>
                  <a
                    {...lightbox.linkProps(index)}
                    className="block aspect-square overflow-hidden rounded-lg bg-white ring-1 ring-kayu-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-500"
                  >
                    <GaleriGambar src={image.src} alt={image.alt} ukuran="kecil" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      )}
      {lightbox.element}
    </div>
  );
}
