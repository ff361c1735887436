/**
 * What each public page shows, composed from the entity modules. The HTML loaders and the
 * legacy /api/* routes both call these, so the two transports can never drift apart.
 */
import { readThrough, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { cariProduk, cariProdukPage, normalizeCari } from "~/domain/katalog/cari.server";
import { bannerImages, galeriImages } from "~/domain/images/collections.server";
import { jamBukaPublik, jamSekarang, listKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { findKategoriBySeo, listKategori, listKategoriCards } from "~/domain/kategori/kategori.server";
import {
  findProdukBySeo,
  getProdukPratinjau,
  listGambarProduk,
  listGudangProduk,
  listProdukCards,
  listProdukCardsPage,
  listProdukLain,
  type ProdukDetail,
} from "~/domain/produk/public.server";
import { getProfil } from "~/domain/profil/profil.server";
import { getSetting } from "~/domain/setting/setting.server";
import { listUlasan } from "~/domain/ulasan/ulasan.server";

/** Products per "page" of the public lists; more arrive through 'Muat lebih banyak'. */
export const PRODUK_PER_HALAMAN = 24;
const PRODUK_PILIHAN = 8;

/**
 * Header/footer data (GET /api/link). `jam_buka`: the branches' opening hours and
 * whether each is open at `now` — worked out outside readThrough, whose answers outlive the clock.
 */
export function getLinkData(db: Db, now: Date = jamSekarang()) {
  const data = readThrough(db, "link", () => {
    const setting = getSetting(db);
    return {
      setting: {
        id: setting.id,
        nama_toko: setting.nama_toko,
        kota: setting.kota,
        alamat: setting.alamat,
        email: setting.email,
        whatsapp: setting.whatsapp,
        instagram: setting.instagram,
        facebook: setting.facebook,
        maps: setting.maps,
      },
      kantorcabang: listKantorCabang(db),
    };
  });
  return { ...data, jam_buka: jamBukaPublik(db, now) };
}

/**
 * The home page (and GET /api/home): the published banners and categories in their manual
 * order, the newest published products, the reviews.
 */
export function getHomeData(db: Db) {
  return readThrough(db, "home", () => {
    return {
      banner: bannerImages.listTayang(db).map(({ id, src }) => ({ id, image: src })),
      kategori: listKategoriCards(db),
      produk: listProdukCards(db, { limit: PRODUK_PILIHAN }).items,
      ulasan: listUlasan(db),
    };
  });
}

/**
 * What a product page shows of one product, for the public page and the operator's preview
 * alike: its images, the branches that stock it (`gudang`), the other branches (`cabang_lain`,
 * listed after them: a visitor may still ask there) and other products.
 */
function detailOf(db: Db, produk: ProdukDetail) {
  const gudang = listGudangProduk(db, produk.id);
  const stok = new Set(gudang.map((g) => g.id));
  return {
    produk,
    gambar: listGambarProduk(db, produk.id),
    gudang,
    cabang_lain: listKantorCabang(db)
      .filter((b) => !stok.has(b.id))
      .map(({ id, kantor_cabang, kontak }) => ({ id, kantor_cabang, kontak })),
    produklain: listProdukLain(db, produk),
  };
}

/** The listed branches' opening hours at `now`: outside readThrough, the state follows the clock. */
function withJamBuka<T extends ReturnType<typeof detailOf>>(db: Db, data: T, now: Date) {
  return { ...data, jam_buka: jamBukaPublik(db, now, [...data.gudang, ...data.cabang_lain].map((g) => g.id)) };
}

/**
 * The operator's preview of a product page (/pratinjau/produk/:id): any product,
 * draft or not, as the detail page shows it, and whether the public sees it (`tampil`). Never
 * kept by readThrough: the public's entries must not hold a draft. Null for an unknown product.
 */
export function getProdukPratinjauData(db: Db, id: number, now: Date = jamSekarang()) {
  const found = getProdukPratinjau(db, id);
  if (!found) return null;
  return { ...withJamBuka(db, detailOf(db, found.produk), now), tampil: found.tampil };
}

export function getTentangKamiData(db: Db) {
  return readThrough(db, "tentang-kami", () => {
    return { profil: getProfil(db, "tentang-kami"), galeri: galeriImages.list(db).map(({ id, src }) => ({ id, gambar: src })) };
  });
}

export function getKerjaSamaData(db: Db) {
  return readThrough(db, "kerja-sama", () => {
    const { foto, keterangan, id } = getProfil(db, "kerja-sama");
    return { profil: { id, foto, keterangan } };
  });
}

/** Kontak Kami (and GET /api/kontakkami); `jam_buka` as in getLinkData. */
export function getKontakKamiData(db: Db, now: Date = jamSekarang()) {
  const data = readThrough(db, "kontak-kami", () => {
    const setting = getSetting(db);
    return {
      profil: {
        maps: setting.maps,
        alamat: setting.alamat,
        email: setting.email,
        whatsapp: setting.whatsapp,
      },
      gudang: listKantorCabang(db),
    };
  });
  return { ...data, jam_buka: jamBukaPublik(db, now) };
}

/**
 * 'Muat lebih banyak' shows pages 1…N together; N stops here (480 cards), so no URL can make
 * one request render thousands of cards. Categories narrow the list beyond that.
 */
export const MAX_HALAMAN = 20;

/** Clamp a "halaman" (page) URL value to 1…maxPages; anything odd becomes 1. */
export function parseHalaman(value: string | null, maxPages = MAX_HALAMAN): number {
  const n = Number.parseInt(value ?? "", 10);
  if (!Number.isFinite(n) || n < 1) return 1;
  return Math.min(n, maxPages);
}

type KategoriAktif = { id: number; kategori: string; seo: string };

/** The category of a list URL: none (all products), found, renamed ({ redirectTo }) or unknown (null). */
function kategoriOf(db: Db, seo: string | undefined): { aktif: KategoriAktif | null } | { redirectTo: string } | null {
  if (seo === undefined) return { aktif: null };
  const lookup = findKategoriBySeo(db, seo);
  if (!lookup) return null;
  if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo };
  return { aktif: lookup.found };
}

/**
 * The product list page, optionally for one category slug and a search text `q`
 * (trimmed, cut to 100 characters; empty = the plain list). Returns null for an unknown slug and
 * { redirectTo } for a renamed one. `halaman` N shows the first N pages (progressive "load more").
 * The list (category, categories, products) is kept by readThrough per page; a search takes the
 * category and the categories from the list's first page and its results from cariProduk, which
 * keeps them in a bounded cache of its own (cari.server.ts: arbitrary `q` values get no
 * readThrough keys).
 */
export function getProdukData(db: Db, options: { seo?: string; halaman?: number; q?: string } = {}) {
  const halaman = options.halaman ?? 1;
  const q = normalizeCari(options.q);
  const page = q ? 1 : halaman;
  const list = readThrough(db, `produk:${page}:${options.seo ?? ""}`, () => produkList(db, options.seo, page));
  if (!q || !list || "redirectTo" in list) return list;
  const { items, total } = cariProduk(db, { q, idKategori: list.aktif?.id, limit: PRODUK_PER_HALAMAN * halaman });
  return { ...list, q, produk: items, total, halaman, ...lebihBanyak(items.length, total, halaman) };
}

/** 'Muat lebih banyak' while more remain; past MAX_HALAMAN, a hint to choose a category instead. */
function lebihBanyak(shown: number, total: number, halaman: number) {
  /** More products exist but the page limit is reached: choose a category to see them. */
  return { adaLagi: shown < total, dibatasi: shown < total && halaman >= MAX_HALAMAN };
}

function produkList(db: Db, seo: string | undefined, halaman: number) {
  const lookup = kategoriOf(db, seo);
  if (!lookup) return null;
  if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo } as const;
  const { aktif } = lookup;
  const { items, total } = listProdukCards(db, { idKategori: aktif?.id, limit: PRODUK_PER_HALAMAN * halaman });
  return {
    kategori: listKategori(db),
    produk: items,
    aktif,
    /** The search text ("" for the plain list). */
    q: "" as string,
    total,
    halaman,
    ...lebihBanyak(items.length, total, halaman),
  };
}

/**
 * GET /api/produk[/{seo}] (spec section 7: data.kategori[], data.produk[]): the legacy clients
 * list every product, so `state` is one page of all rows unless the client asked for a page.
 * With `?q=` the page is the product search's, the most relevant first.
 * Null for an unknown slug, { redirectTo } for a renamed one.
 */
export function getProdukApiData(db: Db, options: { seo?: string; state: TableState }) {
  const lookup = kategoriOf(db, options.seo);
  if (!lookup) return null;
  if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo } as const;
  const { aktif } = lookup;
  const page = options.state.q
    ? cariProdukPage(db, options.state, { idKategori: aktif?.id })
    : listProdukCardsPage(db, options.state, { idKategori: aktif?.id });
  return {
    data: { kategori: listKategori(db), produk: page.rows, aktif, total: page.total },
    meta: { total: page.total, page: page.page, size: page.size },
  };
}

/**
 * A product page (and GET /api/produkdetail/{seo}). `jam_buka`: the opening hours
 * and state at `now` of the branches it lists, outside readThrough as in getLinkData.
 */
export function getProdukDetailData(db: Db, seo: string, now: Date = jamSekarang()) {
  const data = readThrough(db, `detail:${seo}`, () => {
    const lookup = findProdukBySeo(db, seo);
    if (!lookup) return null;
    if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo } as const;
    return detailOf(db, lookup.found);
  });
  if (!data || "redirectTo" in data) return data;
  return withJamBuka(db, data, now);
}
