import { count, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteSelect, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";

/** One page of a table, counted and sliced in SQL (never by loading every row). */
export type Page<T> = {
  rows: T[];
  total: number;
  page: number;
  size: number;
  offset: number;
  q: string;
  /** The count stopped at `total` (a large filtered log): there are at least that many. */
  atLeast?: boolean;
};

export function paged<T>(
  state: TableState,
  count: () => number,
  rows: (limit: number, offset: number) => T[],
): Page<T> {
  const total = count();
  const pages = Math.max(1, Math.ceil(total / state.size));
  const page = Math.min(state.page, pages);
  const offset = (page - 1) * state.size;
  return { rows: total === 0 ? [] : rows(state.size, offset), total, page, size: state.size, offset, q: state.q };
}

/** LIKE pattern for a search term, with %, _ and \ escaped (use with ESCAPE '\'). */
export function likePattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Case-insensitive "contains" search on a column (SQLite LIKE with an explicit escape). */
export function contains(column: SQLiteColumn, q: string): SQL {
  return sql`${column} like ${likePattern(q)} escape '\\'`;
}

/** A table's search: its term contained in any of `columns` (no condition without a term). */
export function searchIn(state: TableState, ...columns: SQLiteColumn[]): SQL | undefined {
  const { q } = state;
  return q ? or(...columns.map((column) => contains(column, q))) : undefined;
}

/**
 * A page whose rows gain columns read for the page's own ids only — one query for the page,
 * never one per row nor one over the whole table. `read` gets the ids (it is not called for an
 * empty page) and answers what it found; `extend` gives each row its columns from that.
 */
export function extendRows<T extends { id: number }, R, X>(page: Page<T>, read: (ids: number[]) => R, extend: (row: T, found: R) => X): Page<T & X> {
  if (page.rows.length === 0) return { ...page, rows: [] };
  const found = read(page.rows.map((row) => row.id));
  return { ...page, rows: page.rows.map((row) => ({ ...row, ...extend(row, found) })) };
}

/**
 * A page of one table's rows under `where`, in `order`: counted on the table, then the slice
 * read by `query` (`db.select(…).from(table).$dynamic()`, the columns it shows).
 */
export function pageOfTable<Q extends SQLiteSelect>(
  db: Db,
  state: TableState,
  table: SQLiteTable,
  where: SQL | undefined,
  query: Q,
  ...order: (SQLiteColumn | SQL)[]
): Page<Q["_"]["result"][number]> {
  return paged(
    state,
    () => db.select({ n: count() }).from(table).where(where).get()?.n ?? 0,
    (limit, offset) => query.where(where).orderBy(...order).limit(limit).offset(offset).all() as Q["_"]["result"],
  );
}
