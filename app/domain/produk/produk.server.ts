/**
 * Products in the back office (the operator's pages and the legacy API): the table of every
 * product, drafts included, with its branches; one product's form and summary; creating,
 * updating (a rename keeps the old slug answering) and deleting a product with its images and
 * branch links; and a product image as the legacy API shows it. What the public sees of the
 * products is public.server.ts.
 */
import { asc, count, desc, eq, inArray, or, sql } from "drizzle-orm";
import { gambarProduk, kantorCabang, kategori, produk, produkGudang } from "../../../db/schema";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { removeUpload, withStoredImages } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import { extendRows, paged, type Page, searchIn } from "~/lib/server/paging.server";
import { forgetSlugsOf, rememberOldSlug, uniqueSlug } from "~/domain/slug.server";
import type { ProdukInput } from "~/domain/produk/produk.schema";
import type { CollectionImage } from "~/domain/images/image-collection.server";
import { produkImages } from "~/domain/images/collections.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { STATUS_DEFAULT, STATUS_TAYANG, type StatusTayang } from "~/domain/tayang/tayang.schema";

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
 * Saves the product form with the photos posted in it (the form without JavaScript): a new
 * product (`id` null) or an edited one, its photos added after its images. All or nothing:
 * every photo is checked before anything is stored, and a refused photo (UploadError, thrown)
 * or a refused form stores neither the product nor any photo.
 */
export async function simpanProdukDenganFoto(db: Db, id: number | null, input: ProdukInput, photos: readonly File[]): Promise<ProdukSaveResult> {
  return withStoredImages(photos, "produk", (stored) =>
    db.transaction((tx): { result: ProdukSaveResult; oldFiles: string[] } => {
      const result = id === null ? createProduk(tx, input) : updateProduk(tx, id, input);
      if (!result.ok) return { result, oldFiles: stored };
      produkImages.attach(tx, stored, result.produk.id);
      return { result, oldFiles: [] };
    }),
  );
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
