import { useEffect, useRef } from "react";
import { data, Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/produk";
import { ProdukGrid } from "~/components/public/produk-card";
import { AppLink } from "~/components/ui/app-link";
import { normalizeCari } from "~/domain/katalog/cari.server";
import { getProdukData, parseHalaman, PRODUK_PER_HALAMAN } from "~/domain/katalog/katalog.server";
import { getDb } from "~/lib/server/db.server";
import { unslugify } from "~/lib/util/format";
import { defaultImage, kategoriPath, pageSeo } from "~/domain/katalog/seo.server";
import { publicMeta } from "~/lib/util/meta";

/** "?q=…&halaman=N" (each left out when empty / 1), for the links and redirects of a list. */
function listSearch(q: string, halaman = 1): string {
  const params = new URLSearchParams();
  if (q) params.set("q", q);
  if (halaman > 1) params.set("halaman", String(halaman));
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** What the list reads of its query (the search, the page, the compact filter; the header's search box shows `q` too): the page cache keys it by these alone. */
export const handle = { queryParams: ["q", "halaman", "kategori"] };

/**
 * /produk and /produk/:seo (routes Produk and ProdukKategori share this module), with
 * ?q= the product search (the header's search box is a GET form to /produk).
 */
export function loader({ request, params }: Route.LoaderArgs) {
  const search = new URL(request.url).searchParams;
  const q = normalizeCari(search.get("q"));
  // The compact filter (shops with many categories) is a GET form: ?kategori=<seo> (and the search).
  const pilihan = search.get("kategori");
  if (pilihan !== null) throw redirect(`${pilihan ? `/produk/${encodeURIComponent(pilihan)}` : "/produk"}${listSearch(q)}`);
  const halaman = parseHalaman(search.get("halaman"));
  const seo = "seo" in params ? params.seo : undefined;
  const db = getDb();
  const result = getProdukData(db, { seo, halaman, q });
  if (!result) throw data(null, { status: 404 });
  if ("redirectTo" in result) {
    throw redirect(`/produk/${result.redirectTo}${listSearch(q, halaman)}`, 301);
  }
  // The page size travels with the data: the component may not import the .server module.
  // Canonical: the list without ?halaman (page N repeats page 1's first products) and without
  // ?q= (a search result is not a page of its own for search engines: its meta says noindex).
  const path = result.aktif ? kategoriPath(result.aktif.seo) : "/produk";
  const seoData = pageSeo(request, path, { image: result.produk.find((p) => p.gambar)?.gambar ?? defaultImage(db) });
  return { ...result, perHalaman: PRODUK_PER_HALAMAN, seo: seoData };
}

/**
 * One button per category (the spec's filter) for a normal shop; past this many, a compact
 * select keeps the page light (a GET form, so it works without JavaScript).
 */
const MAX_FILTER_BUTTONS = 16;

function KategoriSelect({ kategori, aktif, q }: { kategori: { id: number; kategori: string; seo: string }[]; aktif?: string; q: string }) {
  const navigate = useNavigate();
  return (
    <form method="get" action="/produk" className="mt-3 flex flex-wrap items-center gap-2">
      {q ? <input type="hidden" name="q" value={q} /> : null}
      <label htmlFor="pilih-kategori" className="text-sm font-semibold text-stone-700">
        Pilih kategori
      </label>
      <select
        id="pilih-kategori"
        name="kategori"
        defaultValue={aktif ?? ""}
        onChange={(event) => void navigate(`${event.currentTarget.value ? `/produk/${event.currentTarget.value}` : "/produk"}${listSearch(q)}`)}
        className="min-h-11 rounded-full border border-kayu-200 bg-white px-4 text-sm"
      >
        <option value="">Semua Kategori</option>
        {kategori.map((k) => (
          <option key={k.id} value={k.seo}>{k.kategori}</option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="min-h-11 rounded-full bg-kayu-700 px-4 text-sm font-semibold text-white">Tampilkan</button>
      </noscript>
    </form>
  );
}

function judul(seo: string | undefined) {
  return seo ? `Produk ${unslugify(seo)}` : "Produk";
}

export function meta({ matches, params, loaderData }: Route.MetaArgs) {
  const seo = "seo" in params ? params.seo : undefined;
  const nama = loaderData?.aktif?.kategori;
  const q = loaderData?.q;
  if (q) {
    // Search results: for the visitor, not for search engines (they follow the products' links).
    const dalam = seo ? ` di kategori ${nama ?? unslugify(seo)}` : "";
    return [
      ...publicMeta(matches, `Hasil pencarian “${q}”${dalam}`, `Produk mebel yang cocok dengan “${q}”${dalam}.`, null, loaderData.seo),
      { name: "robots", content: "noindex, follow" },
    ];
  }
  const page = seo ? `Produk ${nama ?? unslugify(seo)}` : "Produk";
  const description = seo
    ? `Pilihan produk kategori ${nama ?? unslugify(seo)} lengkap dengan harga.`
    : "Katalog lengkap produk mebel kami lengkap dengan harga.";
  return publicMeta(matches, page, description, null, loaderData?.seo);
}

function FilterLink({ to, active, children }: { to: string; active: boolean; children: React.ReactNode }) {
  return (
    <AppLink
      to={to}
      prefetch="intent"
      aria-current={active ? "page" : undefined}
      className={`inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-5 text-sm font-semibold transition focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300 ${
        active
          ? "border-kayu-700 bg-kayu-700 text-white shadow-sm"
          : "border-kayu-200 bg-white text-stone-700 hover:border-kayu-300 hover:bg-kayu-100 hover:text-kayu-800"
      }`}
    >
      {children}
    </AppLink>
  );
}

type ProdukData = Route.ComponentProps["loaderData"];

/** The grid in page-sized chunks, each an anchor (#halaman-N) for 'Muat lebih banyak'. */
function ProdukList({ data: list }: { data: ProdukData }) {
  const { produk, total, halaman, adaLagi, dibatasi, aktif, perHalaman, q } = list;
  const focusNext = useRef(false);

  // After 'Muat lebih banyak' move keyboard focus to the first newly loaded chunk.
  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    document.getElementById(`halaman-${halaman}`)?.focus({ preventScroll: true });
  }, [halaman]);

  if (total === 0 && q) return <TidakDitemukan data={list} />;
  if (total === 0) {
    return (
      <div className="rounded-2xl border border-dashed border-kayu-200 bg-white px-6 py-14 text-center">
        <p className="text-lg font-semibold text-kayu-900">
          {aktif ? `Belum ada produk di kategori ${aktif.kategori}.` : "Belum ada produk untuk ditampilkan."}
        </p>
        <p className="mt-2 text-stone-600">
          {aktif ? "Silakan lihat kategori lainnya atau kembali ke semua kategori." : "Silakan kembali lagi nanti."}
        </p>
        {aktif ? (
          <Link
            to="/produk"
            className="mt-6 inline-flex min-h-11 items-center rounded-full bg-kayu-700 px-6 font-semibold text-white shadow hover:bg-kayu-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
          >
            Semua Kategori
          </Link>
        ) : null}
      </div>
    );
  }

  const chunks: (typeof produk)[] = [];
  for (let i = 0; i < produk.length; i += perHalaman) {
    chunks.push(produk.slice(i, i + perHalaman));
  }
  const next = halaman + 1;

  return (
    <>
      {/* Product cards carry <h3> names; keep the outline h1 → h2 → h3. */}
      <h2 className="sr-only">Daftar produk</h2>
      <p aria-live="polite" className="mb-5 text-sm text-stone-600">
        Menampilkan <strong className="font-semibold text-stone-900">{produk.length}</strong> dari{" "}
        <strong className="font-semibold text-stone-900">{total}</strong> produk
      </p>
      <div className="flex flex-col gap-4 sm:gap-6">
        {chunks.map((items, i) => (
          <div
            key={i}
            id={`halaman-${i + 1}`}
            tabIndex={-1}
            aria-label={i > 0 ? `Halaman ${i + 1}` : undefined}
            role={i > 0 ? "group" : undefined}
            className="scroll-mt-36 focus:outline-none xl:scroll-mt-24"
          >
            <ProdukGrid items={items} eagerCount={i === 0 ? 4 : 0} />
          </div>
        ))}
      </div>
      {dibatasi ? (
        <p className="mt-10 text-center text-stone-600">
          {q
            ? "Perjelas kata kunci atau pilih kategori di atas untuk melihat hasil lainnya."
            : "Pilih kategori di atas untuk melihat produk lainnya."}
        </p>
      ) : adaLagi ? (
        <div className="mt-10 flex justify-center">
          <Link
            to={{ search: listSearch(q, next), hash: `halaman-${next}` }}
            preventScrollReset
            onClick={() => {
              focusNext.current = true;
            }}
            className="inline-flex min-h-12 items-center gap-2 rounded-full border-2 border-kayu-700 bg-white px-7 py-3 font-semibold text-kayu-800 shadow-sm transition hover:bg-kayu-700 hover:text-white focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
          >
            Muat lebih banyak
          </Link>
        </div>
      ) : null}
    </>
  );
}

/** A search without results: say so kindly, and offer the categories and the whole catalogue. */
function TidakDitemukan({ data: list }: { data: ProdukData }) {
  const { q, aktif, kategori } = list;
  return (
    <div className="rounded-2xl border border-dashed border-kayu-200 bg-white px-6 py-14 text-center">
      <p className="text-lg font-semibold text-kayu-900">
        Maaf, tidak ada produk yang cocok dengan “{q}”{aktif ? ` di kategori ${aktif.kategori}` : ""}.
      </p>
      <p className="mt-2 text-stone-600">
        Periksa ejaan kata kuncinya, coba kata lain yang lebih umum, atau lihat produk kami per kategori:
      </p>
      {kategori.length ? (
        <ul aria-label="Kategori produk" className="mx-auto mt-6 flex max-w-3xl flex-wrap justify-center gap-2">
          {kategori.slice(0, MAX_FILTER_BUTTONS).map((k) => (
            <li key={k.id}>
              <FilterLink to={`/produk/${k.seo}`} active={false}>
                {k.kategori}
              </FilterLink>
            </li>
          ))}
        </ul>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {aktif ? (
          <Link
            to={`/produk${listSearch(q)}`}
            className="inline-flex min-h-11 items-center rounded-full border-2 border-kayu-700 bg-white px-6 font-semibold text-kayu-800 hover:bg-kayu-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
          >
            Cari di semua kategori
          </Link>
        ) : null}
        <Link
          to="/produk"
          className="inline-flex min-h-11 items-center rounded-full bg-kayu-700 px-6 font-semibold text-white shadow hover:bg-kayu-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
        >
          Lihat semua produk
        </Link>
      </div>
    </div>
  );
}

export default function Produk({ loaderData, params }: Route.ComponentProps) {
  const seo = "seo" in params ? params.seo : undefined;
  const { kategori, aktif, q, total } = loaderData;
  const filterRef = useRef<HTMLElement>(null);

  // Phones scroll the filter row sideways: bring the highlighted button into view.
  useEffect(() => {
    const nav = filterRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [aktif?.seo]);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
      <header className="mb-8">
        <h1 className="text-3xl font-bold tracking-tight text-kayu-900 sm:text-4xl">
          {q ? <>Hasil pencarian untuk “{q}”</> : judul(seo)}
        </h1>
        <span aria-hidden="true" className="mt-3 block h-1 w-14 rounded-full bg-kayu-500" />
        {q && total > 0 ? (
          <p className="mt-4 text-stone-600">
            <strong className="font-semibold text-stone-900">{total}</strong> produk ditemukan
            {aktif ? ` di kategori ${aktif.kategori}` : ""}.
          </p>
        ) : null}
      </header>

      <nav ref={filterRef} aria-label="Filter kategori" className="relative -mx-4 mb-8 overflow-x-auto px-4 pb-2 sm:mx-0 sm:overflow-visible sm:px-0">
        <ul className="flex gap-2 sm:flex-wrap">
          <li>
            <FilterLink to={`/produk${listSearch(q)}`} active={!aktif}>
              Semua Kategori
            </FilterLink>
          </li>
          {(kategori.length > MAX_FILTER_BUTTONS ? kategori.filter((k) => k.seo === aktif?.seo) : kategori).map((k) => (
            <li key={k.id}>
              <FilterLink to={`/produk/${k.seo}${listSearch(q)}`} active={aktif?.seo === k.seo}>
                {k.kategori}
              </FilterLink>
            </li>
          ))}
        </ul>
        {kategori.length > MAX_FILTER_BUTTONS ? <KategoriSelect kategori={kategori} aktif={aktif?.seo} q={q} /> : null}
      </nav>

      {/* Keyed by category and search so per-list state (focus bookkeeping) starts fresh on a new list. */}
      <ProdukList key={`${aktif?.seo ?? ""}?${q}`} data={loaderData} />
    </div>
  );
}
