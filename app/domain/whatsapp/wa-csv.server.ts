/**
 * Statistik WhatsApp's CSV download: the period's clicks, one line per day × target × product ×
 * page. Not kept in memory like the page's counts (wa-statistik.server.ts says why): one grouped
 * read per download.
 */
import { asc, eq, gte, sql } from "drizzle-orm";
import { kantorCabang, produk, waKlik } from "../../../db/schema";
import { BOM, csvLine } from "~/lib/util/csv";
import type { Db } from "~/lib/server/db.server";
import { toWibDateInput } from "~/lib/util/wib";
import { parseHalaman } from "~/domain/whatsapp/wa-klik.server";
import { HALAMAN_LABEL, hariPeriode, LABEL_CABANG_DIHAPUS, LABEL_TOKO, type WaPeriode } from "~/domain/whatsapp/wa-statistik.server";

export const WA_CSV_KOLOM = ["hari", "tujuan", "produk", "halaman", "klik"] as const;

export function namaBerkasWaCsv(periode: WaPeriode, now = new Date()): string {
  return `statistik-whatsapp-${periode}-hari-${toWibDateInput(now)}.csv`;
}

/**
 * The period's clicks as CSV (UTF-8 with BOM, CRLF, formula-safe fields as the product export):
 * one line per day × target × product × page, with its count; days oldest first.
 */
export function waCsv(db: Db, periode: WaPeriode, now = new Date()): string {
  const dari = hariPeriode(periode, now)[0]!;
  const rows = db
    .select({
      hari: waKlik.hari,
      tujuan: waKlik.tujuan,
      cabang: kantorCabang.kantor_cabang,
      produk: produk.nama_produk,
      halaman: waKlik.halaman,
      klik: sql<number>`count(*)`,
    })
    .from(waKlik)
    .leftJoin(kantorCabang, eq(kantorCabang.id, waKlik.id_kantor_cabang))
    .leftJoin(produk, eq(produk.id, waKlik.id_produk))
    .where(gte(waKlik.hari, dari))
    .groupBy(waKlik.hari, waKlik.tujuan, waKlik.id_kantor_cabang, waKlik.id_produk, waKlik.halaman)
    .orderBy(asc(waKlik.hari), asc(waKlik.tujuan), asc(waKlik.id_kantor_cabang), asc(waKlik.id_produk), asc(waKlik.halaman))
    .all();
  const lines = rows.map((r) => {
    const tujuan = r.tujuan === "toko" ? LABEL_TOKO : (r.cabang ?? LABEL_CABANG_DIHAPUS);
    const halaman = HALAMAN_LABEL[parseHalaman(r.halaman)];
    return csvLine([r.hari, tujuan, r.produk ?? "", halaman, r.klik]);
  });
  return BOM + [csvLine(WA_CSV_KOLOM), ...lines].join("");
}

