import { and, asc, count, desc, eq, inArray, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import {
  gambarProduk,
  kantorCabang,
  kategori,
  produk,
  produkGudang,
  slugRedirect,
} from "../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { removeUpload, uploadUrl } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import type { SlugLookup } from "~/domain/kategori/kategori.server";
import { extendRows, paged, type Page, searchIn } from "~/lib/server/paging.server";
import { forgetSlugsOf, rememberOldSlug, uniqueSlug } from "~/domain/slug.server";
import type { ProdukInput } from "~/domain/produk/produk.schema";
import { produkImages } from "~/domain/images/collections.server";
import type { CollectionImage } from "~/domain/images/image-collection.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { produkTayang } from "~/domain/tayang/tayang.server";
import { STATUS_DEFAULT, STATUS_TAYANG, type StatusTayang } from "~/domain/tayang/tayang.schema";

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

/** Branch names per product for a page of products (one query, not one per row). */
export function gudangNamesByProduk(db: Db, ids: number[]): Map<number, string[]> {
  const result = new Map<number, string[]>();
  if (ids.length === 0) return result;
  // Built once: the ids go in as one JSON list (json_each), whatever their number.
  const rows = preparedQuery(db, "produk.gudangNames", (d) =>
    d
      .select({ id_produk: produkGudang.id_produk, nama: kantorCabang.kantor_cabang })
      .from(produkGudang)
      .innerJoin(kantorCabang, eq(kantorCabang.id, produkGudang.id_kantor_cabang))
      .where(sql`${produkGudang.id_produk} in (select value from json_each(${sql.placeholder("ids")}))`)
      .orderBy(asc(kantorCabang.id))
      .prepare(),
  ).all({ ids: JSON.stringify(ids) });
  for (const row of rows) {
    const list = result.get(row.id_produk) ?? [];
    list.push(row.nama);
    result.set(row.id_produk, list);
  }
  return result;
}

// ---- Back office ---------------------------------------------------------------------------

/** One row of the operator's product table. */
export type ProdukRow = {
  id: number;
  id_kategori: number | null;
  kategori: string | null;
  nama_produk: string;
  nama_seo: string;
  harga: string;
  /** 'Tayang' / 'Draf', and the category's (a draft category hides the product too). */
  status: StatusTayang;
  kategori_status: StatusTayang | null;
  /** Branch names where the product is available. */
  gudang: string[];
};

/** The add/edit form's values (gudang as branch ids for the checkboxes). */
export type ProdukForm = {
  id: number;
  id_kategori: number | null;
  nama_produk: string;
  nama_seo: string;
  deskripsi: string;
  harga: string;
  status: StatusTayang;
  gudang: number[];
};

/** What the product-image page (and the legacy getproduk call) shows about a product. */
export type ProdukSummary = {
  id: number;
  nama_produk: string;
  nama_seo: string;
  deskripsi: string;
  harga: string;
  kategori: string | null;
  status: StatusTayang;
  kategori_status: StatusTayang | null;
  gudang: string[];
};

export type GambarProduk = { id: number; id_produk: number; gambar: string };

export type ProdukFieldErrors = Partial<Record<"id_kategori" | "gudang", string[]>>;

export type ProdukSaveResult =
  | { ok: true; produk: ProdukForm }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 422; message: string; fieldErrors: ProdukFieldErrors };

export type ProdukDeleteResult = { ok: true } | { ok: false; status: 404; message: string };

export const KATEGORI_TIDAK_ADA = "Kategori yang dipilih tidak ditemukan.";
export const GUDANG_TIDAK_ADA = "Kantor cabang yang dipilih tidak ditemukan.";

/** A search for "draf" or "tayang" also finds the products of that status (the table's filter). */
function statusOf(q: string): StatusTayang | undefined {
  return STATUS_TAYANG.find((s) => s.toLowerCase() === q.trim().toLowerCase());
}

/**
 * A page of products, drafts included, newest first: one query for the page (search on name,
 * category name and price; "draf" / "tayang" also find that status) plus one for the branch
 * names of just those rows.
 */
export function listProdukPage(db: Db, state: TableState): Page<ProdukRow> {
  const status = state.q ? statusOf(state.q) : undefined;
  const where = or(searchIn(state, produk.nama_produk, kategori.kategori, produk.harga), status ? eq(produk.status, status) : undefined);
  const rowsQuery = (d: Db) =>
    d
      .select({
        id: produk.id,
        id_kategori: produk.id_kategori,
        kategori: kategori.kategori,
        nama_produk: produk.nama_produk,
        nama_seo: produk.nama_seo,
        harga: produk.harga,
        status: produk.status,
        kategori_status: kategori.status,
      })
      .from(produk)
      .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
      .where(where)
      .orderBy(desc(produk.id));
  // Without a search (the table as it opens) both queries are built once; building the
  // select cost more than running it.
  const page = state.q
    ? paged(
        state,
        () => db.select({ n: count() }).from(produk).leftJoin(kategori, eq(kategori.id, produk.id_kategori)).where(where).get()?.n ?? 0,
        (limit, offset) => rowsQuery(db).limit(limit).offset(offset).all(),
      )
    : paged(
        state,
        () => preparedQuery(db, "produk.count", (d) => d.select({ n: count() }).from(produk).prepare()).get()?.n ?? 0,
        (limit, offset) =>
          preparedQuery(db, "produk.page", (d) => rowsQuery(d).limit(sql.placeholder("limit")).offset(sql.placeholder("offset")).prepare()).all({ limit, offset }),
      );
  return extendRows(
    page,
    (ids) => gudangNamesByProduk(db, ids),
    (row, names) => ({ gudang: names.get(row.id) ?? [] }),
  );
}

function gudangIdsOf(db: Db, idProduk: number): number[] {
  return db
    .select({ id: produkGudang.id_kantor_cabang })
    .from(produkGudang)
    .where(eq(produkGudang.id_produk, idProduk))
    .orderBy(asc(produkGudang.id_kantor_cabang))
    .all()
    .map((row) => row.id);
}

export function getProdukForm(db: Db, id: number): ProdukForm | null {
  const row = db
    .select({
      id: produk.id,
      id_kategori: produk.id_kategori,
      nama_produk: produk.nama_produk,
      nama_seo: produk.nama_seo,
      deskripsi: produk.deskripsi,
      harga: produk.harga,
      status: produk.status,
    })
    .from(produk)
    .where(eq(produk.id, id))
    .get();
  return row ? { ...row, gudang: gudangIdsOf(db, id) } : null;
}

export function getProdukSummary(db: Db, id: number): ProdukSummary | null {
  const row = db
    .select({
      id: produk.id,
      nama_produk: produk.nama_produk,
      nama_seo: produk.nama_seo,
      deskripsi: produk.deskripsi,
      harga: produk.harga,
      kategori: kategori.kategori,
      status: produk.status,
      kategori_status: kategori.status,
    })
    .from(produk)
    .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
    .where(eq(produk.id, id))
    .get();
  if (!row) return null;
  return { ...row, gudang: gudangNamesByProduk(db, [id]).get(id) ?? [] };
}

/** How many images a product has (named in the delete confirmation: they go with it). */
export function countGambarProduk(db: Db, idProduk: number): number {
  return db.select({ n: count() }).from(gambarProduk).where(eq(gambarProduk.id_produk, idProduk)).get()?.n ?? 0;
}

/** Unknown category or branch ids become field errors (a stale form, a hand-made post). */
function referenceErrors(db: Db, input: ProdukInput): ProdukFieldErrors | null {
  const errors: ProdukFieldErrors = {};
  if (input.id_kategori !== null) {
    const found = db.select({ id: kategori.id }).from(kategori).where(eq(kategori.id, input.id_kategori)).get();
    if (!found) errors.id_kategori = [KATEGORI_TIDAK_ADA];
  }
  if (input.gudang.length > 0) {
    const found = db
      .select({ n: count() })
      .from(kantorCabang)
      .where(inArray(kantorCabang.id, input.gudang))
      .get()?.n ?? 0;
    if (found !== new Set(input.gudang).size) errors.gudang = [GUDANG_TIDAK_ADA];
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/** Replaces the product's set of branches (inside the caller's transaction). */
function replaceGudang(db: Db, idProduk: number, gudang: number[]) {
  db.delete(produkGudang).where(eq(produkGudang.id_produk, idProduk)).run();
  const ids = [...new Set(gudang)];
  if (ids.length > 0) {
    db.insert(produkGudang).values(ids.map((id) => ({ id_produk: idProduk, id_kantor_cabang: id }))).run();
  }
}

export function createProduk(db: Db, input: ProdukInput): ProdukSaveResult {
  return db.transaction((tx): ProdukSaveResult => {
    const fieldErrors = referenceErrors(tx, input);
    if (fieldErrors) return { ok: false, status: 422, message: "Data tidak valid", fieldErrors };
    const nama_seo = uniqueSlug(tx, produk, produk.nama_seo, input.nama_produk, "produk");
    const row = tx
      .insert(produk)
      .values({
        id_kategori: input.id_kategori,
        nama_produk: input.nama_produk,
        nama_seo,
        deskripsi: input.deskripsi,
        harga: input.harga,
        status: input.status ?? STATUS_DEFAULT,
      })
      .returning({ id: produk.id })
      .get();
    // A new product taking a slug that once redirected to another one: the slug is its now.
    rememberOldSlug(tx, "produk", nama_seo, nama_seo, row.id);
    replaceGudang(tx, row.id, input.gudang);
    const saved = getProdukForm(tx, row.id)!;
    domainChanged(tx, { entity: "produk", action: "tambah", id: row.id, before: null, after: saved });
    return { ok: true, produk: saved };
  });
}

/**
 * A rename gets a new slug; the old one keeps answering with a 301 (slug_redirect). A status
 * left out (an old form, an API client) stays as it is.
 */
export function updateProduk(db: Db, id: number, input: ProdukInput): ProdukSaveResult {
  return db.transaction((tx): ProdukSaveResult => {
    const current = getProdukForm(tx, id);
    if (!current) return { ok: false, status: 404, message: NOT_FOUND };
    const fieldErrors = referenceErrors(tx, input);
    if (fieldErrors) return { ok: false, status: 422, message: "Data tidak valid", fieldErrors };
    const nama_seo = uniqueSlug(tx, produk, produk.nama_seo, input.nama_produk, "produk", id);
    rememberOldSlug(tx, "produk", current.nama_seo, nama_seo, id);
    tx.update(produk)
      .set({
        id_kategori: input.id_kategori,
        nama_produk: input.nama_produk,
        nama_seo,
        deskripsi: input.deskripsi,
        harga: input.harga,
        status: input.status ?? current.status,
        updated_at: new Date(),
      })
      .where(eq(produk.id, id))
      .run();
    replaceGudang(tx, id, input.gudang);
    const saved = getProdukForm(tx, id)!;
    domainChanged(tx, { entity: "produk", action: "ubah", id, before: current, after: saved });
    return { ok: true, produk: saved };
  });
}

/**
 * Deletes a product with its images (rows cascade; files removed after the commit), its
 * branch links and its old slugs.
 */
export async function deleteProduk(db: Db, id: number): Promise<ProdukDeleteResult> {
  const files = db.transaction((tx): string[] | null => {
    const before = getProdukForm(tx, id);
    if (!before) return null;
    const gambar = tx
      .select({ gambar: gambarProduk.gambar })
      .from(gambarProduk)
      .where(eq(gambarProduk.id_produk, id))
      .all()
      .map((row) => row.gambar);
    forgetSlugsOf(tx, "produk", id);
    tx.delete(produk).where(eq(produk.id, id)).run();
    domainChanged(tx, { entity: "produk", action: "hapus", id, before, after: null });
    return gambar;
  });
  if (!files) return { ok: false, status: 404, message: NOT_FOUND };
  for (const file of files) await removeUpload(file);
  return { ok: true };
}

// ---- Product images ------------------------------------------------------------------------

/** A product image as the legacy API shows it. */
export function legacyGambarProduk({ id, src, owner }: CollectionImage): GambarProduk {
  return { id, id_produk: owner ?? 0, gambar: src };
}
