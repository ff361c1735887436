import { and, asc, count as countRows, desc, eq, or, sql } from "drizzle-orm";
import { kategori, produk, slugRedirect } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { uploadUrl } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import { contains, paged, type Page } from "~/domain/paging.server";
import { forgetSlugsOf, rememberOldSlug, uniqueSlug } from "~/domain/slug.server";
import type { KategoriInput } from "~/domain/kategori/kategori.schema";
import { NOT_FOUND } from "~/domain/messages";

export type Kategori = { id: number; kategori: string; seo: string };
export type KategoriCard = Kategori & { gambar: string | null; jumlah: number };

const columns = { id: kategori.id, kategori: kategori.kategori, seo: kategori.seo };

export function listKategori(db: Db): Kategori[] {
  return db.select(columns).from(kategori).orderBy(asc(kategori.kategori)).all();
}

/**
 * Categories with a cover image (first image of their newest product) and a product count,
 * the ones with the most products first (the home carousel shows `limit` of them).
 */
export function listKategoriCards(db: Db, limit = 12): KategoriCard[] {
  // Correlated subqueries use explicit aliases: drizzle leaves columns unqualified here.
  const cover = sql<string | null>`(
    select g.gambar from gambar_produk g
    join produk p on p.id = g.id_produk
    where p.id_kategori = "kategori"."id"
    order by p.id desc, g.id asc limit 1)`;
  const jumlah = sql<number>`(select count(*) from produk p where p.id_kategori = "kategori"."id")`;
  return db
    .select({ ...columns, gambar: cover, jumlah })
    .from(kategori)
    .orderBy(desc(jumlah), asc(kategori.kategori))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, gambar: uploadUrl(row.gambar) }));
}

export type SlugLookup<T> =
  | { found: T }
  | { redirectTo: string }
  | null;

/** A category by slug, or the current slug when an old one was given (301), or null (404). */
export function findKategoriBySeo(db: Db, seo: string): SlugLookup<Kategori> {
  const row = db.select(columns).from(kategori).where(eq(kategori.seo, seo)).get();
  if (row) return { found: row };
  const moved = db
    .select({ seo: kategori.seo })
    .from(slugRedirect)
    .innerJoin(kategori, eq(kategori.id, slugRedirect.target_id))
    .where(and(eq(slugRedirect.jenis, "kategori"), eq(slugRedirect.slug_lama, seo)))
    .get();
  return moved ? { redirectTo: moved.seo } : null;
}

// ---- Back office ---------------------------------------------------------------------------


export function listKategoriPage(db: Db, state: TableState): Page<Kategori> {
  const where = state.q
    ? or(contains(kategori.kategori, state.q), contains(kategori.seo, state.q))
    : undefined;
  return paged(
    state,
    () => db.select({ n: countRows() }).from(kategori).where(where).get()?.n ?? 0,
    (limit, offset) =>
      db.select(columns).from(kategori).where(where).orderBy(asc(kategori.kategori), asc(kategori.id)).limit(limit).offset(offset).all(),
  );
}

export function getKategori(db: Db, id: number): Kategori | null {
  return db.select(columns).from(kategori).where(eq(kategori.id, id)).get() ?? null;
}

export function createKategori(db: Db, input: KategoriInput): Kategori {
  return db.transaction((tx) => {
    const seo = uniqueSlug(tx, kategori, kategori.seo, input.kategori, "kategori");
    const row = tx.insert(kategori).values({ kategori: input.kategori, seo }).returning(columns).get();
    domainChanged(tx, { entity: "kategori", action: "tambah", id: row.id, before: null, after: row });
    return row;
  });
}

export function updateKategori(db: Db, id: number, input: KategoriInput): Kategori | null {
  return db.transaction((tx) => {
    const current = getKategori(tx, id);
    if (!current) return null;
    const seo = uniqueSlug(tx, kategori, kategori.seo, input.kategori, "kategori", id);
    rememberOldSlug(tx, "kategori", current.seo, seo, id);
    const row = tx
      .update(kategori)
      .set({ kategori: input.kategori, seo, updated_at: new Date() })
      .where(eq(kategori.id, id))
      .returning(columns)
      .get() ?? null;
    if (row) domainChanged(tx, { entity: "kategori", action: "ubah", id, before: current, after: row });
    return row;
  });
}

export type DeleteResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

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
