/**
 * The manual order of banners, categories and a product's images: each table has
 * an `urutan` column (ascending, then id), optionally within a scope (a product's images). Written
 * once here; the image collections (collections.server.ts) and the categories use it.
 *
 * - A new row goes last: max(urutan) + 1 within its scope.
 * - 'Naik' / 'Turun' swap a row with its neighbour in (urutan, id) order, in one transaction with
 *   one domainChanged. The scope is renumbered 1…n on the way, so ties (rows that came in with
 *   the column's default 0) and gaps left by deletes never make a move a no-op.
 */
import { asc, eq, max } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { SAVE_FAILED } from "~/lib/util/messages";

export const ARAH = ["naik", "turun"] as const;
export type Arah = (typeof ARAH)[number];

/** 'naik' / 'turun' (any case) from a form or JSON value, else null. */
export function parseArah(value: unknown): Arah | null {
  const text = typeof value === "string" ? value.trim().toLowerCase() : "";
  return (ARAH as readonly string[]).includes(text) ? (text as Arah) : null;
}

export const PINDAH_TIDAK_VALID = "Pindah harus naik atau turun.";

/** The API's optional `pindah` field (naik / turun, any case): a move with an update. */
export const pindahSchema = z.object({
  pindah: z.preprocess(
    (value) => (value === undefined || value === null || value === "" ? undefined : (parseArah(value) ?? value)),
    z.enum(ARAH, { error: PINDAH_TIDAK_VALID }).optional(),
  ),
});

export type UrutanTable = {
  /** The entity name the write announces ("banner", "kategori", "gambar-produk"). */
  entity: string;
  table: SQLiteTable;
  id: SQLiteColumn;
  urutan: SQLiteColumn;
  /** The column that splits the order into groups (a product's images), if any. */
  scope?: SQLiteColumn;
};

/**
 * What a move did: moved, nothing to do at the end of the order ('ujung': the first row cannot
 * go up, the last cannot go down), or null when the row does not exist (or is not `owner`'s).
 */
export type PindahHasil = "pindah" | "ujung" | null;

/** The position a new row takes: after the last one of its scope. */
export function urutanBaru(db: Db, spec: UrutanTable, scopeValue: number | null = null): number {
  const where = spec.scope && scopeValue !== null ? eq(spec.scope, scopeValue) : undefined;
  const row = db.select({ n: max(spec.urutan) }).from(spec.table).where(where).get();
  return Number(row?.n ?? 0) + 1;
}

/** Moves row `id` one place up ('naik') or down ('turun'); `owner` limits it to one scope value. */
export function pindahUrutan(db: Db, spec: UrutanTable, id: number, arah: Arah, owner?: number | null): PindahHasil {
  return db.transaction((tx): PindahHasil => {
    const row = tx
      .select({ id: spec.id, scope: spec.scope ?? spec.id })
      .from(spec.table)
      .where(eq(spec.id, id))
      .get();
    if (!row) return null;
    const scopeValue = spec.scope ? Number(row.scope) : null;
    if (spec.scope && owner !== undefined && owner !== null && scopeValue !== owner) return null;
    const rows = tx
      .select({ id: spec.id, urutan: spec.urutan })
      .from(spec.table)
      .where(spec.scope && scopeValue !== null ? eq(spec.scope, scopeValue) : undefined)
      .orderBy(asc(spec.urutan), asc(spec.id))
      .all()
      .map((r) => ({ id: Number(r.id), urutan: Number(r.urutan) }));
    const from = rows.findIndex((r) => r.id === id);
    const to = arah === "naik" ? from - 1 : from + 1;
    if (from < 0 || to < 0 || to >= rows.length) return "ujung";
    const order = rows.slice();
    [order[from], order[to]] = [order[to]!, order[from]!];
    order.forEach((r, index) => {
      if (r.urutan !== index + 1) {
        tx.update(spec.table).set({ [spec.urutan.name]: index + 1 }).where(eq(spec.id, r.id)).run();
      }
    });
    domainChanged(tx, {
      entity: spec.entity,
      action: "ubah",
      id,
      before: { urutan: from + 1 },
      after: { urutan: to + 1 },
      summary: `Urutan ${from + 1} → ${to + 1}`,
    });
    return "pindah";
  });
}

/** The toasts of a move (the back office's screens). */
export const URUTAN_DIUBAH = "Urutan berhasil diubah";
export const URUTAN_UJUNG: Record<Arah, string> = {
  naik: "Sudah di urutan pertama.",
  turun: "Sudah di urutan terakhir.",
};

/** The toast a screen shows after a move: done, already at the end, or the row is gone. */
export function toastPindah(hasil: PindahHasil, arah: Arah): { kind: "success" | "error"; message: string } {
  if (hasil === "pindah") return { kind: "success", message: URUTAN_DIUBAH };
  if (hasil === "ujung") return { kind: "error", message: URUTAN_UJUNG[arah] };
  return { kind: "error", message: SAVE_FAILED };
}
