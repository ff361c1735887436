import { and, asc, count as countRows, desc, eq, or, sql } from "drizzle-orm";
import { kategori, produk, slugRedirect } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { uploadUrl } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import { forgetSlugsOf, rememberOldSlug, uniqueSlug } from "~/domain/slug.server";
import type { KategoriInput } from "~/domain/kategori/kategori.schema";
import { pindahUrutan, urutanBaru, type Arah, type PindahHasil, type UrutanTable } from "~/domain/urutan/urutan.server";
import { STATUS_DEFAULT, STATUS_TAYANG, type StatusTayang } from "~/domain/tayang/tayang.schema";
import { NOT_FOUND } from "~/lib/util/messages";
import type { Refusal } from "~/domain/refusal";

/**
 * Categories. Each is 'Tayang' (published) or 'Draf' and has a manual order
 * (`urutan`, then id). The public functions (listKategori, listKategoriCards, findKategoriBySeo)
 * see only published categories, in that order; a draft's page is a 404 and its products are
 * hidden too (produkTayang, app/domain/tayang/tayang.server.ts). The back office sees them all.
 */
export type Kategori = { id: number; kategori: string; seo: string };
export type KategoriCard = Kategori & { gambar: string | null; jumlah: number };
/** A category as the back office and the operator's API show it (listed in the manual order). */
export type KategoriRow = Kategori & { status: StatusTayang };
/** A row of the operator's table: whether it can move up / down in the manual order. */
export type KategoriTableRow = KategoriRow & { naik: boolean; turun: boolean };

const columns = { id: kategori.id, kategori: kategori.kategori, seo: kategori.seo };
const rowColumns = { ...columns, status: kategori.status };
const manualOrder = [asc(kategori.urutan), asc(kategori.id)];
const tayang = eq(kategori.status, "Tayang");

const URUTAN: UrutanTable = { entity: "kategori", table: kategori, id: kategori.id, urutan: kategori.urutan };

/** The published categories in the manual order (the public filter, the legacy API's list). */
export function listKategori(db: Db): Kategori[] {
  return db.select(columns).from(kategori).where(tayang).orderBy(...manualOrder).all();
}

/** Every category, drafts included, in the manual order (the product form's select, the operator's API). */
export function listSemuaKategori(db: Db): KategoriRow[] {
  return db.select(rowColumns).from(kategori).orderBy(...manualOrder).all();
}

/**
 * The published categories in the manual order, each with a cover image (the first image of
 * its newest published product) and its count of published products (the home carousel shows
 * `limit` of them).
 */
export function listKategoriCards(db: Db, limit = 12): KategoriCard[] {
  // Correlated subqueries use explicit aliases: drizzle leaves columns unqualified here. The
  // category is published (the where below), so its products show when they are.
  const cover = sql<string | null>`(
    select g.gambar from gambar_produk g
    join produk p on p.id = g.id_produk
    where p.id_kategori = "kategori"."id" and p.status = 'Tayang'
    order by p.id desc, g.urutan asc, g.id asc limit 1)`;
  // All its products minus its drafts: the first count reads only the index; the second reads
  // the drafts' rows (none with a partial index on the drafts, see countProdukTayang).
  const jumlah = sql<number>`((select count(*) from produk p where p.id_kategori = "kategori"."id")
    - (select count(*) from produk p where p.id_kategori = "kategori"."id" and p.status <> 'Tayang'))`;
  return db
    .select({ ...columns, gambar: cover, jumlah })
    .from(kategori)
    .where(tayang)
    .orderBy(...manualOrder)
    .limit(limit)
    .all()
    .map((row) => ({ ...row, gambar: uploadUrl(row.gambar) }));
}

export type SlugLookup<T> =
  | { found: T }
  | { redirectTo: string }
  | null;

/**
 * A published category by slug, or the current slug when an old one was given (301), or null
 * (404): a draft is as unknown to the public as a missing one, under its old slugs too.
 */
export function findKategoriBySeo(db: Db, seo: string): SlugLookup<Kategori> {
  const row = db.select(columns).from(kategori).where(and(eq(kategori.seo, seo), tayang)).get();
  if (row) return { found: row };
  const moved = db
    .select({ seo: kategori.seo })
    .from(slugRedirect)
    .innerJoin(kategori, eq(kategori.id, slugRedirect.target_id))
    .where(and(eq(slugRedirect.jenis, "kategori"), eq(slugRedirect.slug_lama, seo), tayang))
    .get();
  return moved ? { redirectTo: moved.seo } : null;
}

// ---- Back office ---------------------------------------------------------------------------

/** A search for "draf" or "tayang" also finds the categories of that status (the table's filter). */
function statusOf(q: string): StatusTayang | undefined {
  return STATUS_TAYANG.find((s) => s.toLowerCase() === q.trim().toLowerCase());
}

/** The operator's table, in the manual order; each row says whether it can move up or down. */
export function listKategoriPage(db: Db, state: TableState): Page<KategoriTableRow> {
  const status = state.q ? statusOf(state.q) : undefined;
  const where = or(searchIn(state, kategori.kategori, kategori.seo), status ? eq(kategori.status, status) : undefined);
  const page = paged(
    state,
    () => db.select({ n: countRows() }).from(kategori).where(where).get()?.n ?? 0,
    (limit, offset) => db.select(rowColumns).from(kategori).where(where).orderBy(...manualOrder).limit(limit).offset(offset).all(),
  );
  const first = db.select({ id: kategori.id }).from(kategori).orderBy(...manualOrder).limit(1).get()?.id;
  const last = db.select({ id: kategori.id }).from(kategori).orderBy(desc(kategori.urutan), desc(kategori.id)).limit(1).get()?.id;
  return { ...page, rows: page.rows.map((row) => ({ ...row, naik: row.id !== first, turun: row.id !== last })) };
}

export function getKategori(db: Db, id: number): KategoriRow | null {
  return db.select(rowColumns).from(kategori).where(eq(kategori.id, id)).get() ?? null;
}

/** A new category: 'Tayang' unless the form says otherwise, last in the manual order. */
export function createKategori(db: Db, input: KategoriInput): KategoriRow {
  return db.transaction((tx) => {
    const seo = uniqueSlug(tx, kategori, kategori.seo, input.kategori, "kategori");
    const row = tx
      .insert(kategori)
      .values({ kategori: input.kategori, seo, status: input.status ?? STATUS_DEFAULT, urutan: urutanBaru(tx, URUTAN) })
      .returning(rowColumns)
      .get();
    domainChanged(tx, { entity: "kategori", action: "tambah", id: row.id, before: null, after: row });
    return row;
  });
}

/** A rename gets a new slug (the old one redirects); a status left out stays as it is. */
export function updateKategori(db: Db, id: number, input: KategoriInput): KategoriRow | null {
  return db.transaction((tx) => {
    const current = getKategori(tx, id);
    if (!current) return null;
    const seo = uniqueSlug(tx, kategori, kategori.seo, input.kategori, "kategori", id);
    rememberOldSlug(tx, "kategori", current.seo, seo, id);
    const row = tx
      .update(kategori)
      .set({ kategori: input.kategori, seo, status: input.status ?? current.status, updated_at: new Date() })
      .where(eq(kategori.id, id))
      .returning(rowColumns)
      .get() ?? null;
    if (row) domainChanged(tx, { entity: "kategori", action: "ubah", id, before: current, after: row });
    return row;
  });
}

/** 'Naik' / 'Turun': swaps the category with its neighbour in the manual order. */
export function pindahKategori(db: Db, id: number, arah: Arah): PindahHasil {
  return pindahUrutan(db, URUTAN, id, arah);
}

export type DeleteResult = { ok: true } | Refusal<404 | 409>;

/** A category in use is never deleted silently: the operator moves its products first. */
export function deleteKategori(db: Db, id: number): DeleteResult {
  return db.transaction((tx): DeleteResult => {
    const before = getKategori(tx, id);
    if (!before) return { ok: false, status: 404, message: NOT_FOUND };
    const used = tx.select({ n: countRows() }).from(produk).where(eq(produk.id_kategori, id)).get()?.n ?? 0;
    if (used > 0) {
      return {
        ok: false,
        status: 409,
        message: `Kategori masih dipakai oleh ${used} produk. Pindahkan produk tersebut ke kategori lain dulu.`,
      };
    }
    forgetSlugsOf(tx, "kategori", id);
    tx.delete(kategori).where(eq(kategori.id, id)).run();
    domainChanged(tx, { entity: "kategori", action: "hapus", id, before, after: null });
    return { ok: true };
  });
}

/** How many products use a category (shown in the delete confirmation). */
export function countProdukInKategori(db: Db, id: number): number {
  return db.select({ n: countRows() }).from(produk).where(eq(produk.id_kategori, id)).get()?.n ?? 0;
}
