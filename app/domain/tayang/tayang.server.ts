import { sql } from "drizzle-orm";
import { kategori, produk } from "../../../db/schema";

/**
 * The one rule of what the public site and the public API show of a product: it is
 * 'Tayang' and so is its category (a product without a category counts as published). A draft
 * category hides its products too: their breadcrumb and category page would not exist.
 *
 * Used in queries that LEFT JOIN `kategori` on `produk.id_kategori` (every public product query
 * does, for the card's category name). `produkTayangRaw` is the same rule for hand-written SQL
 * whose tables are named `produk` and `kategori`.
 */
export const produkTayang = sql`(${produk.status} = 'Tayang' and coalesce(${kategori.status}, 'Tayang') = 'Tayang')`;
export const produkTayangRaw = `("produk"."status" = 'Tayang' and coalesce("kategori"."status", 'Tayang') = 'Tayang')`;
