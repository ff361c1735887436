import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { onDomainChange } from "~/domain/changes.server";
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

let t: TestDb;
let changes: string[];
let stop: () => void;
beforeEach(() => {
  t = createTestDb();
  changes = [];
  stop = onDomainChange((entity) => changes.push(entity));
});
afterEach(() => {
  stop();
  t.cleanup();
});

describe("kantor cabang back office", () => {
  it("creates, renames and fills in the contact of a branch", () => {
    const row = createKantorCabang(t.db, { kantor_cabang: "Gudang Pati" });
    expect(row).toMatchObject({ kantor_cabang: "Gudang Pati", alamat: "", kontak: "", maps: "" });
    expect(updateKantorCabangNama(t.db, row.id, { kantor_cabang: "Gudang Pati Raya" })?.kantor_cabang).toBe("Gudang Pati Raya");
    updateKontakKantorCabang(t.db, row.id, { alamat: "Jl. A\nPati", kontak: "081234567890", maps: "https://maps.app.goo.gl/x" });
    expect(getKantorCabang(t.db, row.id)).toMatchObject({ alamat: "Jl. A\nPati", kontak: "081234567890" });
    expect(updateKantorCabangNama(t.db, 999999, { kantor_cabang: "x" })).toBeNull();
    expect(changes).toEqual(["kantor-cabang", "kantor-cabang", "kantor-cabang"]);
  });

  it("searches name, address and number in SQL pages", () => {
    const all = listKantorCabang(t.db);
    const first = all[0]!;
    const page = listKantorCabangPage(t.db, { q: first.kontak, page: 1, size: 10 });
    expect(page.rows.map((r) => r.id)).toContain(first.id);
    expect(listKantorCabangPage(t.db, { q: "", page: 1, size: 10 }).total).toBe(all.length);
    expect(listKantorCabangPage(t.db, { q: "tidak-ada-%", page: 1, size: 10 }).total).toBe(0);
  });

  it("refuses to delete a branch products are available at, deletes an unused one", () => {
    const used = listKantorCabang(t.db).find((k) => countProdukDiKantor(t.db, k.id) > 0)!;
    const refused = deleteKantorCabang(t.db, used.id);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(refused.ok ? "" : refused.message).toMatch(/masih dipakai oleh \d+ produk/);
    expect(getKantorCabang(t.db, used.id)).not.toBeNull();

    const fresh = createKantorCabang(t.db, { kantor_cabang: "Sementara" });
    expect(deleteKantorCabang(t.db, fresh.id)).toEqual({ ok: true });
    expect(getKantorCabang(t.db, fresh.id)).toBeNull();
    expect(deleteKantorCabang(t.db, fresh.id)).toMatchObject({ ok: false, status: 404 });
  });
});
