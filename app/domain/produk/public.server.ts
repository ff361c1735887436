/**
 * Products as the public sees them: only published products of published (or no) categories
 * (produkTayang), as cards (the lists, newest first, paged; the detail page's other products)
 * and as one product by its slug (an old slug answers with the current one), with its images
 * and the branches that have it; and the operator's preview, which shows any product as its
 * detail page would and says whether, and why not, the public sees it. The back office's table,
 * form and changes are produk.server.ts.
 */
import { and, asc, count, desc, eq, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { kantorCabang, kategori, produk, produkGudang, slugRedirect } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { uploadUrl } from "~/lib/server/uploads.server";
import type { SlugLookup } from "~/domain/kategori/kategori.server";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import { produkImages } from "~/domain/images/collections.server";
import { produkTayang } from "~/domain/tayang/tayang.server";
import type { StatusTayang } from "~/domain/tayang/tayang.schema";

/** What a product card shows: image, name, category, price. */
export type ProdukCard = {
  id: number;
  nama_produk: string;
  nama_seo: string;
  harga: string;
  kategori: string | null;
  gambar: string | null;
};

export type ProdukDetail = {
  id: number;
  id_kategori: number | null;
  kategori: string | null;
  kategori_seo: string | null;
  nama_produk: string;
  nama_seo: string;
  harga: string;
  deskripsi: string;
  gambar: string | null;
};

export type Gudang = { id: number; kantor_cabang: string; alamat: string; kontak: string; maps: string };

// Correlated subquery with explicit aliases: drizzle leaves columns unqualified here. The cover
// is the first image in the product's manual order (index gambar_produk_urutan_idx).
export const firstImage = sql<string | null>`(
  select g.gambar from gambar_produk g
  where g.id_produk = "produk"."id"
  order by g.urutan asc, g.id asc limit 1)`;

const cardColumns = {
  id: produk.id,
  nama_produk: produk.nama_produk,
  nama_seo: produk.nama_seo,
  harga: produk.harga,
  kategori: kategori.kategori,
  gambar: firstImage,
};

function toCard(row: ProdukCard): ProdukCard {
  return { ...row, gambar: uploadUrl(row.gambar) };
}

/**
 * Newest published products first (drafts, and products of a draft category, are
 * not public), paged in SQL (never loads every row).
 */
export function listProdukCards(
  db: Db,
  options: { idKategori?: number; limit: number; offset?: number },
): { items: ProdukCard[]; total: number } {
  const where = and(produkTayang, options.idKategori === undefined ? undefined : eq(produk.id_kategori, options.idKategori));
  const items = db
    .select(cardColumns)
    .from(produk)
    .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
    .where(where)
    .orderBy(desc(produk.id))
    .limit(options.limit)
    .offset(options.offset ?? 0)
    .all()
    .map(toCard);
  const total =
    options.idKategori === undefined
      ? countProdukTayang(db)
      : (db.select({ n: count() }).from(produk).leftJoin(kategori, eq(kategori.id, produk.id_kategori)).where(where).get()?.n ?? 0);
  return { items, total };
}

/**
 * How many products the public sees — produkTayang counted without joining every row: all
 * products, minus the drafts, minus the published products of draft categories. Counting
 * through the join read every product row (3.8 ms at 10,000 products); this reads only the
 * drafts' rows (0.7 ms), or nothing with a partial index on the drafts (`produk (id_kategori)
 * WHERE status <> 'Tayang'`: 0.01 ms).
 */
export function countProdukTayang(db: Db): number {
  return (
    db
      .select({
        n: sql<number>`(select count(*) from ${produk})
          - (select count(*) from ${produk} where ${produk.status} <> 'Tayang')
          - (select count(*) from ${produk} where ${produk.status} = 'Tayang'
               and ${produk.id_kategori} in (select ${kategori.id} from ${kategori} where ${kategori.status} <> 'Tayang'))`,
      })
      .from(sql`(select 1)`)
      .get()?.n ?? 0
  );
}

/**
 * Published product cards, newest first, as one page of a table state (`?q=&page=&size=`); `q`
 * searches the name and the category. The legacy list call passes a state of one page holding
 * every row unless the client asks for paging (apiListState): the card's six fields keep that small.
 */
export function listProdukCardsPage(db: Db, state: TableState, options: { idKategori?: number } = {}): Page<ProdukCard> {
  const where = and(
    produkTayang,
    options.idKategori === undefined ? undefined : eq(produk.id_kategori, options.idKategori),
    searchIn(state, produk.nama_produk, kategori.kategori),
  );
  return paged(
    state,
    () =>
      !state.q && options.idKategori === undefined
        ? countProdukTayang(db)
        : (db.select({ n: count() }).from(produk).leftJoin(kategori, eq(kategori.id, produk.id_kategori)).where(where).get()?.n ?? 0),
    (limit, offset) =>
      db
        .select(cardColumns)
        .from(produk)
        .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
        .where(where)
        .orderBy(desc(produk.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map(toCard),
  );
}

/** Other published products for the detail page: same category first, then the newest of the rest. */
export function listProdukLain(db: Db, current: { id: number; id_kategori: number | null }, limit = 8): ProdukCard[] {
  // Two walks down an index that stop after `limit` rows (the category's products newest first,
  // then everything newest first), instead of sorting every product by "same category" first.
  const newest = (where: SQL | undefined, n: number) =>
    db
      .select(cardColumns)
      .from(produk)
      .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
      .where(and(ne(produk.id, current.id), produkTayang, where))
      .orderBy(desc(produk.id))
      .limit(n)
      .all()
      .map(toCard);
  // Without a category there is no "same category": the newest of the rest.
  if (current.id_kategori === null) return newest(undefined, limit);
  const same = newest(eq(produk.id_kategori, current.id_kategori), limit);
  if (same.length >= limit) return same;
  const rest = newest(or(isNull(produk.id_kategori), ne(produk.id_kategori, current.id_kategori)), limit - same.length);
  return [...same, ...rest];
}

const detailColumns = {
  id: produk.id,
  id_kategori: produk.id_kategori,
  kategori: kategori.kategori,
  kategori_seo: kategori.seo,
  nama_produk: produk.nama_produk,
  nama_seo: produk.nama_seo,
  harga: produk.harga,
  deskripsi: produk.deskripsi,
  gambar: firstImage,
};

/**
 * A published product by slug, or the current slug when an old one was given (301), or null
 * (404): a draft, or a product of a draft category, is as unknown to the public as a missing
 * one, under its old slugs too.
 */
export function findProdukBySeo(db: Db, seo: string): SlugLookup<ProdukDetail> {
  const row = db
    .select(detailColumns)
    .from(produk)
    .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
    .where(and(eq(produk.nama_seo, seo), produkTayang))
    .get();
  if (row) return { found: { ...row, gambar: uploadUrl(row.gambar) } };
  const moved = db
    .select({ seo: produk.nama_seo })
    .from(slugRedirect)
    .innerJoin(produk, eq(produk.id, slugRedirect.target_id))
    .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
    .where(and(eq(slugRedirect.jenis, "produk"), eq(slugRedirect.slug_lama, seo), produkTayang))
    .get();
  return moved ? { redirectTo: moved.seo } : null;
}

/** Whether the public sees a product, and why not: its own status and its category's. */
export type ProdukTampil = { status: StatusTayang; kategori_status: StatusTayang | null; tayang: boolean };

/**
 * The operator's preview (/pratinjau/produk/:id): any product by id, draft or not,
 * as the detail page shows it, with whether (and why not) the public sees it. Null when missing.
 */
export function getProdukPratinjau(db: Db, id: number): { produk: ProdukDetail; tampil: ProdukTampil } | null {
  const row = db
    .select({ ...detailColumns, status: produk.status, kategori_status: kategori.status })
    .from(produk)
    .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
    .where(eq(produk.id, id))
    .get();
  if (!row) return null;
  const { status, kategori_status, ...detail } = row;
  return {
    produk: { ...detail, gambar: uploadUrl(detail.gambar) },
    tampil: { status, kategori_status, tayang: status === "Tayang" && (kategori_status ?? "Tayang") === "Tayang" },
  };
}

/** A product's images (id and public URL), in the manual order: the first is the cover. */
export function listGambarProduk(db: Db, idProduk: number): { id: number; gambar: string }[] {
  return produkImages.list(db, idProduk).map(({ id, src }) => ({ id, gambar: src }));
}

/** Branches where the product is available. */
export function listGudangProduk(db: Db, idProduk: number): Gudang[] {
  return db
    .select({
      id: kantorCabang.id,
      kantor_cabang: kantorCabang.kantor_cabang,
      alamat: kantorCabang.alamat,
      kontak: kantorCabang.kontak,
      maps: kantorCabang.maps,
    })
    .from(produkGudang)
    .innerJoin(kantorCabang, eq(kantorCabang.id, produkGudang.id_kantor_cabang))
    .where(eq(produkGudang.id_produk, idProduk))
    .orderBy(asc(kantorCabang.id))
    .all();
}
