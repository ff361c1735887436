/**
 * Statistik WhatsApp's CSV on a real (per-test) SQLite copy: its lines, a deleted branch's and
 * product's clicks, formula-safe names, and that its query reads an index, not the table.
 */
import { describe, expect, it } from "vitest";
import { deleteKantorCabang } from "~/domain/kantor-cabang/kantor-cabang.server";
import { deleteProduk } from "~/domain/produk/produk.server";
import { recordWaKlik } from "~/domain/whatsapp/wa-klik.server";
import { waCsv } from "~/domain/whatsapp/wa-csv.server";
import { LABEL_CABANG_DIHAPUS, LABEL_TOKO } from "~/domain/whatsapp/wa-statistik.server";
import { eachTestDb } from "../../../tests/setup/test-db";
import { cabangBaru, expectIndexed, isiKlik, kosongkan, NOW, waKlikQueries } from "../../../tests/setup/wa-klik";

const each = eachTestDb();

describe("the CSV of Statistik WhatsApp", () => {
  it("the CSV: BOM, header, one line per day × target × product × page, oldest first", () => {
    isiKlik(each.t.db);
    const csv = waCsv(each.t.db, 7, NOW);
    expect(csv.startsWith("\uFEFFhari,tujuan,produk,halaman,klik\r\n")).toBe(true);
    expect(csv.slice(1).split("\r\n").filter(Boolean)).toEqual([
      "hari,tujuan,produk,halaman,klik",
      "2026-03-04,Uji Kudus,Meja Uji,Detail Produk,1",
      `2026-03-04,${LABEL_TOKO},,Beranda,1`,
      "2026-03-10,Uji Jepara,Kursi Uji,Detail Produk,3",
    ]);
  });

  it("a product or branch name that looks like a formula is guarded in the CSV", () => {
    kosongkan(each.t.db);
    const c = cabangBaru(each.t.db, "=HYPERLINK(\"x\")", "081300009999");
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: c.id, id_produk: null }, "kontak-kami", NOW);
    expect(waCsv(each.t.db, 7, NOW)).toContain(`2026-03-10,"'=HYPERLINK(""x"")",,Kontak Kami,1`);
  });

  it("a deleted branch's and product's clicks stay: a deleted branch, no product name", async () => {
    const { kudus, meja } = isiKlik(each.t.db);
    expect(deleteKantorCabang(each.t.db, kudus.id)).toEqual({ ok: true });
    expect(await deleteProduk(each.t.db, meja.id)).toEqual({ ok: true });
    const csv = waCsv(each.t.db, 90, NOW);
    expect(csv).toContain(`2026-01-29,${LABEL_CABANG_DIHAPUS},,Detail Produk,1\r\n`);
    expect(csv).toContain(`2026-03-04,${LABEL_CABANG_DIHAPUS},,Detail Produk,1\r\n`);
  });

  it("its query reads wa_klik through an index (EXPLAIN QUERY PLAN)", () => {
    isiKlik(each.t.db);
    const queries = waKlikQueries(each.t.db, () => waCsv(each.t.db, 90, NOW));
    expect(queries).toHaveLength(1);
    expectIndexed(each.t.db, queries);
  });
});
