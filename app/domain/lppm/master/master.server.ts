/**
 * What the LPPM master-data domains share: their answers to a save or a delete, in the shape the
 * back-office screens read (crud-screen.server.ts `Outcome`), and the count of rows that still
 * use a record.
 */
import { count, eq, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/lib/server/db.server";
import { NOT_FOUND } from "~/domain/messages";

export type Refused = { ok: false; status: 404 | 409 | 422; message: string; field?: string };
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
