import { desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aktivitas, jamBuka } from "../../../db/schema";
import { eachTestDb } from "../../../tests/setup/test-db";
import type { Minggu } from "~/domain/kantor-cabang/jam-buka";
import {
  countProdukDiKantor,
  createKantorCabang,
  deleteKantorCabang,
  getJamBuka,
  getKantorCabang,
  getKantorCabangUbah,
  jamBukaPublik,
  jamBukaSemua,
  kunciStatusBuka,
  listKantorCabang,
  listKantorCabangPage,
  listKantorCabangPageJam,
  setClockForTests,
  updateKantorCabangNama,
  updateKontakKantorCabang,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { updateSetting } from "~/domain/setting/setting.server";

const each = eachTestDb();

describe("kantor cabang back office", () => {
  it("creates, renames and fills in the contact of a branch", () => {
    const row = createKantorCabang(each.t.db, { kantor_cabang: "Gudang Pati" });
    expect(row).toMatchObject({ kantor_cabang: "Gudang Pati", alamat: "", kontak: "", maps: "" });
    expect(updateKantorCabangNama(each.t.db, row.id, { kantor_cabang: "Gudang Pati Raya" })?.kantor_cabang).toBe("Gudang Pati Raya");
    updateKontakKantorCabang(each.t.db, row.id, { alamat: "Jl. A\nPati", kontak: "081234567890", maps: "https://maps.app.goo.gl/x" });
    expect(getKantorCabang(each.t.db, row.id)).toMatchObject({ alamat: "Jl. A\nPati", kontak: "081234567890" });
    expect(updateKantorCabangNama(each.t.db, 999999, { kantor_cabang: "x" })).toBeNull();
    expect(each.changes).toEqual(["kantor-cabang", "kantor-cabang", "kantor-cabang"]);
  });

  it("searches name, address and number in SQL pages", () => {
    const all = listKantorCabang(each.t.db);
    const first = all[0]!;
    const page = listKantorCabangPage(each.t.db, { q: first.kontak, page: 1, size: 10 });
    expect(page.rows.map((r) => r.id)).toContain(first.id);
    expect(listKantorCabangPage(each.t.db, { q: "", page: 1, size: 10 }).total).toBe(all.length);
    expect(listKantorCabangPage(each.t.db, { q: "tidak-ada-%", page: 1, size: 10 }).total).toBe(0);
  });

  it("refuses to delete a branch products are available at, deletes an unused one", () => {
    const used = listKantorCabang(each.t.db).find((k) => countProdukDiKantor(each.t.db, k.id) > 0)!;
    const refused = deleteKantorCabang(each.t.db, used.id);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toMatch(/masih dipakai oleh \d+ produk/);
    expect(getKantorCabang(each.t.db, used.id)).not.toBeNull();

    const fresh = createKantorCabang(each.t.db, { kantor_cabang: "Sementara" });
    expect(deleteKantorCabang(each.t.db, fresh.id)).toEqual({ ok: true });
    expect(getKantorCabang(each.t.db, fresh.id)).toBeNull();
    expect(deleteKantorCabang(each.t.db, fresh.id)).toMatchObject({ ok: false, status: 404 });
  });
});

/** Senin–Sabtu 08.00–17.00, Minggu libur. */
const BIASA: Minggu = [...[1, 2, 3, 4, 5, 6].map((hari) => ({ hari, buka: "08:00", tutup: "17:00" })), { hari: 7, buka: null, tutup: null }];
/** A wall-clock time in WIB. 2026-03-02 is a Monday. */
const wib = (local: string) => new Date(`${local}:00+07:00`);

function lastLog(id: number) {
  const row = each.t.db.select().from(aktivitas).where(eq(aktivitas.id_entitas, String(id))).orderBy(desc(aktivitas.id)).get();
  return row ? { aksi: row.aksi, perubahan: JSON.parse(row.perubahan ?? "null") as Record<string, [unknown, unknown]> | null } : null;
}

describe("opening hours", () => {
  // Whatever hours the demo seed gives its branches: these tests start from none.
  beforeEach(() => {
    each.t.db.delete(jamBuka).run();
  });
  afterEach(() => setClockForTests(null));

  it("creates a branch with its week, in one write the log shows", () => {
    const row = createKantorCabang(each.t.db, { kantor_cabang: "Gudang Pati", jam_buka: BIASA });
    expect(getJamBuka(each.t.db, row.id)).toEqual(BIASA);
    expect(each.t.db.select().from(jamBuka).where(eq(jamBuka.id_kantor_cabang, row.id)).all()).toHaveLength(7);
    expect(getKantorCabangUbah(each.t.db, row.id)).toMatchObject({ kantor_cabang: "Gudang Pati", jam_buka: BIASA });
    expect(lastLog(row.id)).toEqual({ aksi: "tambah", perubahan: expect.objectContaining({ jam_buka: [null, "Senin–Sabtu 08.00–17.00, Minggu libur"] }) });
    expect(each.changes).toEqual(["kantor-cabang"]);
  });

  it("a rename without hours keeps them; new hours replace them; null removes them — each logged before/after", () => {
    const row = createKantorCabang(each.t.db, { kantor_cabang: "Gudang Pati", jam_buka: BIASA });
    updateKantorCabangNama(each.t.db, row.id, { kantor_cabang: "Gudang Pati Raya" });
    expect(getJamBuka(each.t.db, row.id)).toEqual(BIASA);
    expect(lastLog(row.id)?.perubahan).toEqual({ kantor_cabang: ["Gudang Pati", "Gudang Pati Raya"] });

    const minggu = BIASA.map((d) => (d.hari === 7 ? { hari: 7, buka: "09:00", tutup: "15:00" } : d));
    updateKantorCabangNama(each.t.db, row.id, { kantor_cabang: "Gudang Pati Raya", jam_buka: minggu });
    expect(getJamBuka(each.t.db, row.id)).toEqual(minggu);
    expect(lastLog(row.id)?.perubahan).toEqual({
      jam_buka: ["Senin–Sabtu 08.00–17.00, Minggu libur", "Senin–Sabtu 08.00–17.00, Minggu 09.00–15.00"],
    });

    updateKantorCabangNama(each.t.db, row.id, { kantor_cabang: "Gudang Pati Raya", jam_buka: null });
    expect(getJamBuka(each.t.db, row.id)).toBeNull();
    expect(lastLog(row.id)?.perubahan).toEqual({ jam_buka: ["Senin–Sabtu 08.00–17.00, Minggu 09.00–15.00", null] });
    expect(updateKantorCabangNama(each.t.db, 999999, { kantor_cabang: "x", jam_buka: BIASA })).toBeNull();
    expect(each.t.db.select().from(jamBuka).where(eq(jamBuka.id_kantor_cabang, 999999)).all()).toEqual([]);
    expect(each.changes).toEqual(["kantor-cabang", "kantor-cabang", "kantor-cabang", "kantor-cabang"]);
  });

  it("a deleted branch takes its hours with it", () => {
    const row = createKantorCabang(each.t.db, { kantor_cabang: "Sementara", jam_buka: BIASA });
    expect(deleteKantorCabang(each.t.db, row.id)).toEqual({ ok: true });
    expect(each.t.db.select().from(jamBuka).where(eq(jamBuka.id_kantor_cabang, row.id)).all()).toEqual([]);
    expect(lastLog(row.id)?.perubahan).toMatchObject({ jam_buka: ["Senin–Sabtu 08.00–17.00, Minggu libur", null] });
  });

  it("the table's short line, and every week by branch", () => {
    const row = createKantorCabang(each.t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const page = listKantorCabangPageJam(each.t.db, { q: "Gudang Jam", page: 1, size: 10 });
    expect(page.rows).toEqual([expect.objectContaining({ id: row.id, jam_buka: "Sen–Sab 08.00–17.00, Min libur" })]);
    const others = listKantorCabangPageJam(each.t.db, { q: "", page: 1, size: 100 }).rows.filter((r) => r.id !== row.id);
    expect(others.every((r) => r.jam_buka === null)).toBe(true);
    expect([...jamBukaSemua(each.t.db)]).toEqual([[row.id, BIASA]]);
  });

  it("the public state at a moment in the shop's zone, computed again as the clock moves", () => {
    const row = createKantorCabang(each.t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const other = createKantorCabang(each.t.db, { kantor_cabang: "Tanpa Jam" });
    const before = jamBukaPublik(each.t.db, wib("2026-03-02T07:59"));
    expect(before).toMatchObject({ zona_waktu: "Asia/Jakarta", zona: "WIB", hari_ini: 1 });
    expect(before.cabang).toEqual([{ id_kantor_cabang: row.id, jadwal: BIASA, status: expect.objectContaining({ buka: false, teks: "Tutup sekarang · buka 08.00" }) }]);
    setClockForTests(() => wib("2026-03-02T08:00"));
    expect(jamBukaPublik(each.t.db).cabang[0]?.status.teks).toBe("Buka sekarang · tutup 17.00");
    expect(jamBukaPublik(each.t.db, wib("2026-03-02T08:00"), [other.id]).cabang).toEqual([]);

    updateSetting(each.t.db, { zona_waktu: "Asia/Jayapura" });
    // 08.00 WIB is 10.00 WIT.
    expect(jamBukaPublik(each.t.db, wib("2026-03-02T06:30"))).toMatchObject({ zona: "WIT", cabang: [{ status: { teks: "Buka sekarang · tutup 17.00" } }] });
  });

  it("the page cache's key: the same while every text stays, new when any state or today's line changes, or the hours do", () => {
    const db = each.t.db;
    expect(kunciStatusBuka(db, wib("2026-03-02T07:00"))).toBe("");
    const row = createKantorCabang(db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const early = kunciStatusBuka(db, wib("2026-03-02T06:00"));
    expect(early).toMatch(/^jb:/);
    expect(kunciStatusBuka(db, wib("2026-03-02T07:59"))).toBe(early);
    const open = kunciStatusBuka(db, wib("2026-03-02T08:00"));
    expect(open).not.toBe(early);
    expect(kunciStatusBuka(db, wib("2026-03-02T16:59"))).toBe(open);
    // Closed before opening and after closing: the same open/closed, another text ('buka besok').
    const late = kunciStatusBuka(db, wib("2026-03-02T17:00"));
    expect(new Set([early, open, late]).size).toBe(3);
    // After midnight: closed again, but today's line is another day.
    expect(kunciStatusBuka(db, wib("2026-03-03T06:00"))).not.toBe(early);
    // A write (new hours) is seen at once, without SQL on the way to the cached key.
    updateKantorCabangNama(db, row.id, { kantor_cabang: "Gudang Jam", jam_buka: BIASA.map((d) => ({ ...d, tutup: d.tutup && "18:00" })) });
    const longer = kunciStatusBuka(db, wib("2026-03-02T17:30"));
    expect([early, open, late]).not.toContain(longer);
    expect(kunciStatusBuka(db, wib("2026-03-02T17:59"))).toBe(longer);
  });
});
