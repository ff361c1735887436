/**
 * What each public page shows, composed from the entity modules. The HTML loaders and the
 * legacy /api/* routes both call these, so the two transports can never drift apart.
 */
import { readThrough, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { bannerImages, galeriImages } from "~/domain/images/collections.server";
import { listKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { findKategoriBySeo, listKategori, listKategoriCards } from "~/domain/kategori/kategori.server";
import {
  findProdukBySeo,
  listGambarProduk,
  listGudangProduk,
  listProdukCards,
  listProdukCardsPage,
  listProdukLain,
} from "~/domain/produk/produk.server";
import { getProfil } from "~/domain/profil/profil.server";
import { getSetting } from "~/domain/setting/setting.server";
import { listUlasan } from "~/domain/ulasan/ulasan.server";

/** Products per "page" of the public lists; more arrive through 'Muat lebih banyak'. */
export const PRODUK_PER_HALAMAN = 24;
const PRODUK_PILIHAN = 8;

/** Header/footer data (GET /api/link). */
export function getLinkData(db: Db) {
  return readThrough(db, "link", () => {
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
}

export function getHomeData(db: Db) {
  return readThrough(db, "home", () => {
    return {
      banner: bannerImages.list(db).map(({ id, src }) => ({ id, image: src })),
      kategori: listKategoriCards(db),
      produk: listProdukCards(db, { limit: PRODUK_PILIHAN }).items,
      ulasan: listUlasan(db),
    };
  });
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

export function getKontakKamiData(db: Db) {
  return readThrough(db, "kontak-kami", () => {
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
 * The product list page, optionally for one category slug. Returns null for an unknown slug and
 * { redirectTo } for a renamed one. `halaman` N shows the first N pages (progressive "load more").
 */
export function getProdukData(db: Db, options: { seo?: string; halaman?: number } = {}) {
  return readThrough(db, `produk:${options.halaman ?? 1}:${options.seo ?? ""}`, () => {
    const halaman = options.halaman ?? 1;
    const lookup = kategoriOf(db, options.seo);
    if (!lookup) return null;
    if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo } as const;
    const { aktif } = lookup;
    const { items, total } = listProdukCards(db, {
      idKategori: aktif?.id,
      limit: PRODUK_PER_HALAMAN * halaman,
    });
    return {
      kategori: listKategori(db),
      produk: items,
      aktif,
      total,
      halaman,
      adaLagi: items.length < total,
      /** More products exist but the page limit is reached: choose a category to see them. */
      dibatasi: items.length < total && halaman >= MAX_HALAMAN,
    };
  });
}

/**
 * GET /api/produk[/{seo}] (spec section 7: data.kategori[], data.produk[]): the legacy clients
 * list every product, so `state` is one page of all rows unless the client asked for a page.
 * Null for an unknown slug, { redirectTo } for a renamed one.
 */
export function getProdukApiData(db: Db, options: { seo?: string; state: TableState }) {
  const lookup = kategoriOf(db, options.seo);
  if (!lookup) return null;
  if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo } as const;
  const { aktif } = lookup;
  const page = listProdukCardsPage(db, options.state, { idKategori: aktif?.id });
  return {
    data: { kategori: listKategori(db), produk: page.rows, aktif, total: page.total },
    meta: { total: page.total, page: page.page, size: page.size },
  };
}

export function getProdukDetailData(db: Db, seo: string) {
  return readThrough(db, `detail:${seo}`, () => {
    const lookup = findProdukBySeo(db, seo);
    if (!lookup) return null;
    if ("redirectTo" in lookup) return { redirectTo: lookup.redirectTo } as const;
    const produk = lookup.found;
    return {
      produk,
      gambar: listGambarProduk(db, produk.id),
      gudang: listGudangProduk(db, produk.id),
      produklain: listProdukLain(db, produk),
    };
  });
}
