import { count } from "drizzle-orm";
import type { SQLiteTable } from "drizzle-orm/sqlite-core";
import { banner, galeri, kantorCabang, kategori, produk, ulasan } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";

/** Counts for the operator's welcome card. */
export function getOperatorDashboard(db: Db) {
  const n = (table: SQLiteTable) => db.select({ n: count() }).from(table).get()?.n ?? 0;
  return {
    produk: n(produk),
    kategori: n(kategori),
    kantorCabang: n(kantorCabang),
    ulasan: n(ulasan),
    banner: n(banner),
    galeri: n(galeri),
  };
}
