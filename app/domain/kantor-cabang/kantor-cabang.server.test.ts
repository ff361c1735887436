import { describe, expect, it } from "vitest";
import { eachTestDb } from "../../../tests/setup/test-db";
import {
  countProdukDiKantor,
  createKantorCabang,
  deleteKantorCabang,
  getKantorCabang,
  listKantorCabang,
  listKantorCabangPage,
  updateKantorCabangNama,
  updateKontakKantorCabang,
} from "~/domain/kantor-cabang/kantor-cabang.server";

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
