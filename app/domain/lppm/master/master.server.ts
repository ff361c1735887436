/**
 * What the LPPM master-data domains share: their answers to a save or a delete, in the shape the
 * back-office screens read (crud-screen.server.ts `Outcome`), the count of rows that still
 * use a record, and the save and delete of a master row (fakultas, prodi, skema, periode, the
 * incentives' kinds and calls): one transaction each, checked and logged the same way.
 */
import { and, count, eq, ne, sql, type InferInsertModel, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/lib/server/db.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { domainChanged } from "~/domain/changes.server";
import type { Refusal } from "~/domain/refusal";

export type Refused = Refusal<404 | 409 | 422>;
export type Saved<T> = T | Refused;
export type Deleted = { ok: true } | Refused;

export const notFound = (): Refused => ({ ok: false, status: 404, message: NOT_FOUND });
export const conflict = (message: string, field?: string): Refused => ({ ok: false, status: 409, message, ...(field ? { field } : {}) });

/** How many rows of `table` point at `id` through `column`. */
export function countUsing(db: Db, table: SQLiteTable, column: SQLiteColumn, id: number): number {
  return db.select({ n: count() }).from(table).where(eq(column, id)).get()?.n ?? 0;
}

/** Case- and space-insensitive equality for names ("Fakultas  teknik" is "Fakultas Teknik"). */
export function sameName(column: SQLiteColumn, value: string): SQL {
  return sql`lower(${column}) = lower(${value.replace(/\s+/g, " ")})`;
}

/** A master table: an integer id and an updated_at stamp. */
type MasterTable = SQLiteTable & { id: SQLiteColumn; updated_at: SQLiteColumn };

/** A master table and the name the activity log gives its rows. */
export type Master<T extends MasterTable> = { table: T; entity: string };

/**
 * Adds a master row (no `id`) or changes row `id`: 404 when `id` names nothing; then `check`
 * (a missing parent: its refusal is the answer); then `unique`, the conditions no row other
 * than this one may meet (a taken name: 409 on its field); then the insert or the update (stamping
 * updated_at), logged with the row before and after.
 */
export function saveMaster<T extends MasterTable>(
  db: Db,
  { table, entity }: Master<T>,
  values: InferInsertModel<T>,
  id: number | undefined,
  rules: { check?: (tx: Db) => Refused | null; unique?: { match: SQL[]; message: string; field: string } } = {},
): Saved<{ id: number }> {
  return db.transaction((tx) => {
    const before = id ? rowOf(tx, table, id) : undefined;
    if (id && !before) return notFound();
    const refused = rules.check?.(tx);
    if (refused) return refused;
    const { unique } = rules;
    if (unique && tx.select({ id: table.id }).from(table as SQLiteTable).where(and(...unique.match, id ? ne(table.id, id) : undefined)).get()) {
      return conflict(unique.message, unique.field);
    }
    if (id) {
      const after = tx.update(table as SQLiteTable).set({ ...values, updated_at: new Date() } as never).where(eq(table.id, id)).returning().get();
      domainChanged(tx, { entity, action: "ubah", id, before, after });
      return { id };
    }
    const row = tx.insert(table as SQLiteTable).values(values as never).returning().get() as { id: number };
    domainChanged(tx, { entity, action: "tambah", id: row.id, before: null, after: row });
    return { id: row.id };
  });
}

/** Deletes master row `id`: 404 when it names nothing, 409 with `inUse`'s message while something still uses it; logged. */
export function deleteMaster<T extends MasterTable>(
  db: Db,
  { table, entity }: Master<T>,
  id: number,
  inUse: (tx: Db) => string | null,
): Deleted {
  return db.transaction((tx): Deleted => {
    if (!rowOf(tx, table, id)) return notFound();
    const message = inUse(tx);
    if (message) return conflict(message);
    const before = tx.delete(table as SQLiteTable).where(eq(table.id, id)).returning().get();
    domainChanged(tx, { entity, action: "hapus", id, before, after: null });
    return { ok: true };
  });
}

/** A `check` for a parent the form names (the prodi's fakultas, the periode's skema): 422 on `field` when it does not exist. */
export function parentExists(table: SQLiteTable & { id: SQLiteColumn }, id: number, message: string, field: string) {
  return (tx: Db): Refused | null => (rowOf(tx, table, id) ? null : { ok: false, status: 422, message, field });
}

function rowOf(tx: Db, table: SQLiteTable & { id: SQLiteColumn }, id: number): Record<string, unknown> | undefined {
  return tx.select().from(table).where(eq(table.id, id)).get();
}
