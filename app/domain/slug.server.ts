/**
 * Slugs: generated from names, unique, read-only. A rename keeps the old slug working as a
 * 301 redirect (slug_redirect), so links shared on WhatsApp don't break.
 */
import { and, eq, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { slugRedirect } from "../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { slugify } from "~/lib/util/format";

type SlugTable = SQLiteTable & { id: SQLiteColumn };

/** A free slug for `name`: "meja-makan", then "meja-makan-2", … (ignoring the row itself). */
export function uniqueSlug(
  db: Db,
  table: SlugTable,
  column: SQLiteColumn,
  name: string,
  fallback: string,
  excludeId?: number,
): string {
  const base = slugify(name) || fallback;
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const conditions: SQL[] = [eq(column, candidate)];
    if (excludeId !== undefined) conditions.push(ne(table.id, excludeId));
    const taken = db.select({ id: table.id }).from(table).where(and(...conditions)).get();
    if (!taken) return candidate;
  }
}

/** Records old → target after a rename; a slug reused by its own row stops redirecting. */
export function rememberOldSlug(db: Db, jenis: "kategori" | "produk", oldSlug: string, newSlug: string, targetId: number) {
  db.delete(slugRedirect).where(and(eq(slugRedirect.jenis, jenis), eq(slugRedirect.slug_lama, newSlug))).run();
  if (oldSlug === newSlug) return;
  db.insert(slugRedirect)
    .values({ jenis, slug_lama: oldSlug, target_id: targetId })
    .onConflictDoUpdate({ target: [slugRedirect.jenis, slugRedirect.slug_lama], set: { target_id: targetId } })
    .run();
}

export function forgetSlugsOf(db: Db, jenis: "kategori" | "produk", targetId: number) {
  db.delete(slugRedirect).where(and(eq(slugRedirect.jenis, jenis), eq(slugRedirect.target_id, targetId))).run();
}
