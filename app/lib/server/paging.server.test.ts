import Database from "better-sqlite3";
import { asc, desc } from "drizzle-orm";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { extendRows, pageOfTable, searchIn, type Page } from "~/lib/server/paging.server";
import type { Db } from "~/lib/server/db.server";

const page = (ids: number[]): Page<{ id: number; nama: string }> => ({
  rows: ids.map((id) => ({ id, nama: `n${id}` })),
  total: 40,
  page: 2,
  size: 10,
  offset: 10,
  q: "",
});

describe("extendRows", () => {
  it("reads once for the page's own ids and gives each row its columns, keeping the page's place", () => {
    const asked: number[][] = [];
    const out = extendRows(
      page([11, 12]),
      (ids) => {
        asked.push(ids);
        return new Map([[12, 3]]);
      },
      (row, found) => ({ jumlah: found.get(row.id) ?? 0 }),
    );
    expect(asked).toEqual([[11, 12]]);
    expect(out).toEqual({ ...page([]), rows: [{ id: 11, nama: "n11", jumlah: 0 }, { id: 12, nama: "n12", jumlah: 3 }] });
  });

  it("reads nothing for an empty page", () => {
    let read = false;
    const out = extendRows(page([]), () => (read = true), () => ({ x: 1 }));
    expect(read).toBe(false);
    expect(out.rows).toEqual([]);
  });
});

describe("searchIn and pageOfTable", () => {
  // A table of its own on an in-memory database: the helpers know nothing of the app's schema.
  const barang = sqliteTable("barang", { id: integer("id").primaryKey(), nama: text("nama").notNull(), kota: text("kota").notNull() });
  const open = () => {
    const sqlite = new Database(":memory:");
    sqlite.exec("create table barang (id integer primary key, nama text not null, kota text not null)");
    const db = drizzle(sqlite);
    const rows = Array.from({ length: 23 }, (_, i) => ({ id: i + 1, nama: `Kursi ${i + 1}`, kota: i % 2 ? "Jepara" : "Solo" }));
    db.insert(barang).values([...rows, { id: 24, nama: "Meja 100%_jati", kota: "Kudus" }]).run();
    return db as unknown as Db;
  };
  const state = (q: string, page = 1, size = 10) => ({ q, page, size });
  const query = (db: Db) => db.select({ id: barang.id, nama: barang.nama }).from(barang).$dynamic();

  it("no search term is no condition; a term is found in any named column, case aside", () => {
    const db = open();
    expect(searchIn(state(""), barang.nama, barang.kota)).toBeUndefined();
    const ids = (q: string) => pageOfTable(db, state(q, 1, 100), barang, searchIn(state(q), barang.nama, barang.kota), query(db), asc(barang.id)).rows.map((r) => r.id);
    expect(ids("JEPARA")).toEqual([2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22]);
    expect(ids("kursi 2")).toEqual([2, 20, 21, 22, 23]);
    // LIKE's own characters are plain text in a search.
    expect(ids("100%_")).toEqual([24]);
    expect(ids("%")).toEqual([24]);
  });

  it("counts on the table and reads only the asked slice, in the asked order; a page past the end is the last", () => {
    const db = open();
    const second = pageOfTable(db, state("", 2), barang, undefined, query(db), desc(barang.id));
    expect(second).toMatchObject({ total: 24, page: 2, size: 10, offset: 10 });
    expect(second.rows.map((r) => r.id)).toEqual([14, 13, 12, 11, 10, 9, 8, 7, 6, 5]);
    const past = pageOfTable(db, state("", 9), barang, undefined, query(db), asc(barang.id));
    expect(past).toMatchObject({ page: 3, offset: 20 });
    expect(past.rows.map((r) => r.id)).toEqual([21, 22, 23, 24]);
    const none = pageOfTable(db, state("tidak ada"), barang, searchIn(state("tidak ada"), barang.nama), query(db), asc(barang.id));
    expect(none).toMatchObject({ total: 0, page: 1, rows: [] });
  });
});
