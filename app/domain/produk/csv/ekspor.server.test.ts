import { asc } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../../../db/schema";
import { eachTestDb } from "../../../../tests/setup/test-db";
import { counts, exportText, HEADER } from "../../../../tests/setup/produk-csv";
import { bacaCsv } from "./baca.server";
import { headerEkspor, namaBerkasEkspor } from "./ekspor.server";

const each = eachTestDb();
const db = () => each.t.db;

describe("the export", () => {
  it("exports UTF-8 with a BOM: the header, then every product oldest first with 1/0 per branch, CRLF", async () => {
    const text = await exportText(db());
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(HEADER);
    expect(headerEkspor(db()).join(",")).toBe(HEADER);
    const table = await bacaCsv(new Blob([text]));
    const stored = db().select({ id: schema.produk.id, slug: schema.produk.nama_seo }).from(schema.produk).orderBy(asc(schema.produk.id)).all();
    expect(table.rows.map((r) => r.cells[0])).toEqual(stored.map((p) => p.slug));
    // Product 1 of the seed is at all four branches, product 2 at Semarang and Yogyakarta.
    const first = table.rows[0]!.cells;
    expect(first.slice(1, 4)).toEqual(["Kursi Tamu Jati Minimalis Ukir", "Kursi Tamu", "8750000"]);
    expect(first.slice(5)).toEqual(["1", "1", "1", "1"]);
    expect(table.rows[1]!.cells.slice(5)).toEqual(["0", "1", "1", "0"]);
  });

  it("streams more products than one batch, each exactly once", async () => {
    const insert = db().$client.prepare("insert into produk (nama_produk, nama_seo, harga, deskripsi) values (?, ?, ?, ?)");
    db().$client.transaction(() => {
      for (let i = 0; i < 1_200; i++) insert.run(`Produk Massal ${i}`, `produk-massal-${i}`, "1000", "Deskripsi, dengan koma");
    })();
    const table = await bacaCsv(new Blob([await exportText(db())]));
    const total = counts(db()).produk;
    expect(table.rows).toHaveLength(total);
    expect(new Set(table.rows.map((r) => r.cells[0])).size).toBe(total);
    expect(table.rows.at(-1)!.cells.slice(0, 5)).toEqual(["produk-massal-1199", "Produk Massal 1199", "", "1000", "Deskripsi, dengan koma"]);
  });

  it("names the file by the WIB date", () => {
    expect(namaBerkasEkspor(new Date("2026-03-10T18:30:00Z"))).toBe("produk-2026-03-11.csv");
  });
});
