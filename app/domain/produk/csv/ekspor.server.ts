/**
 * The products CSV export (the format: ./format.ts): every product with one 1/0 column
 * per branch, streamed in batches.
 */
import { asc, eq, gt, sql } from "drizzle-orm";
import { kategori, produk } from "../../../../db/schema";
import { gudangOf, listCabang, type Cabang } from "~/domain/produk/csv/cabang.server";
import { KOLOM } from "~/domain/produk/csv/format";
import { preparedQuery, type Db } from "~/lib/server/db.server";
import { BOM, csvLine } from "~/lib/util/csv";
import { toWibDateInput } from "~/lib/util/wib";

/** The export's header: the fixed columns, then every branch by name (oldest branch first). */
export function headerEkspor(db: Db): string[] {
  return [...KOLOM, ...listCabang(db).map((c) => c.nama)];
}

export function namaBerkasEkspor(now = new Date()): string {
  return `produk-${toWibDateInput(now)}.csv`;
}

const EKSPOR_BATCH = 500;

/**
 * Every product as CSV, oldest first, streamed in batches of 500 (keyset paging on the id): the
 * BOM and the header first, then one batch per pull, so 10,000 products never become one string.
 * The branches are read once, at the start; a product added while the download runs may or may
 * not be in it.
 */
export function eksporProdukCsv(db: Db): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cabang: Cabang[] | null = null;
  let lastId = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (!cabang) {
        cabang = listCabang(db);
        controller.enqueue(encoder.encode(BOM + csvLine([...KOLOM, ...cabang.map((c) => c.nama)])));
        return;
      }
      const rows = preparedQuery(db, "produkCsv.batch", (d) =>
        d
          .select({
            id: produk.id,
            slug: produk.nama_seo,
            nama_produk: produk.nama_produk,
            kategori: kategori.kategori,
            harga: produk.harga,
            deskripsi: produk.deskripsi,
          })
          .from(produk)
          .leftJoin(kategori, eq(kategori.id, produk.id_kategori))
          .where(gt(produk.id, sql.placeholder("after")))
          .orderBy(asc(produk.id))
          .limit(sql.placeholder("limit"))
          .prepare(),
      ).all({ after: lastId, limit: EKSPOR_BATCH });
      if (rows.length === 0) {
        controller.close();
        return;
      }
      lastId = rows[rows.length - 1]!.id;
      const gudang = gudangOf(db, rows.map((r) => r.id));
      let chunk = "";
      for (const row of rows) {
        const ada = gudang.get(row.id);
        chunk += csvLine([
          row.slug,
          row.nama_produk,
          row.kategori ?? "",
          row.harga,
          row.deskripsi,
          ...cabang.map((c) => (ada?.has(c.id) ? "1" : "0")),
        ]);
      }
      controller.enqueue(encoder.encode(chunk));
    },
  });
}
