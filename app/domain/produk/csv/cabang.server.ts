/**
 * The branches as the products CSV names them (one column each, oldest first) and the
 * availability of a batch of products: read by the export and by the plan (./format.ts).
 */
import { asc, sql } from "drizzle-orm";
import { kantorCabang, produkGudang } from "../../../../db/schema";
import { inJson, type Db } from "~/lib/server/db.server";

export type Cabang = { id: number; nama: string };

/** Every branch, oldest first: the export's column order. */
export function listCabang(db: Db): Cabang[] {
  return db
    .select({ id: kantorCabang.id, nama: kantorCabang.kantor_cabang })
    .from(kantorCabang)
    .orderBy(asc(kantorCabang.id))
    .all();
}

/** Branch ids per product for a batch of products (one query). */
export function gudangOf(db: Db, ids: number[]): Map<number, Set<number>> {
  const result = new Map<number, Set<number>>();
  if (ids.length === 0) return result;
  const rows = db
    .select({ id_produk: produkGudang.id_produk, id_kantor_cabang: produkGudang.id_kantor_cabang })
    .from(produkGudang)
    .where(sql`${produkGudang.id_produk} in ${inJson(ids)}`)
    .all();
  for (const row of rows) {
    const set = result.get(row.id_produk) ?? new Set<number>();
    set.add(row.id_kantor_cabang);
    result.set(row.id_produk, set);
  }
  return result;
}
