/**
 * What the unit tests of the products CSV (app/domain/produk/csv/) share: the seeded shop's
 * branches and header, a file made of lines, a product of the test's own, the export as sent.
 */
import type { Db, RootDb } from "~/lib/server/db.server";
import { createProduk } from "~/domain/produk/produk.server";
import { eksporProdukCsv } from "~/domain/produk/csv/ekspor.server";
import { KOLOM } from "~/domain/produk/csv/format";

/** The seeded shop's branches, in the export's order. */
export const CABANG = ["Gudang Jepara", "Cabang Semarang", "Cabang Yogyakarta", "Cabang Surabaya"];
export const HEADER = [...KOLOM, ...CABANG].join(",");

/** A CSV file of these lines, CRLF after each. */
export function csvBlob(...lines: string[]): Blob {
  return new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" });
}

/** The export as sent, BOM included (Response.text() would drop it). */
export async function exportText(db: Db): Promise<string> {
  const bytes = new Uint8Array(await new Response(eksporProdukCsv(db)).arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

/** A product of the test's own, with known values (branches by position in CABANG). */
export function addProduk(db: Db, nama: string, over: { harga?: string; deskripsi?: string; cabang?: number[]; kategori?: number | null } = {}) {
  const result = createProduk(db, {
    id_kategori: over.kategori === undefined ? 1 : over.kategori,
    nama_produk: nama,
    harga: over.harga ?? "1250000",
    deskripsi: over.deskripsi ?? "Kayu jati.",
    gudang: over.cabang ?? [1],
  });
  if (!result.ok) throw new Error("not saved");
  return result.produk;
}

/** Rows per table the import writes to. */
export function counts(db: RootDb) {
  const n = (table: string) => (db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { produk: n("produk"), gudang: n("produk_gudang"), kategori: n("kategori"), aktivitas: n("aktivitas"), redirect: n("slug_redirect") };
}
