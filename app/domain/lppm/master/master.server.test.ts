/**
 * The one save and delete of the LPPM master rows, on a real (per-test) SQLite copy: the order
 * of its checks (404, the parent, the taken name), that a refusal stores nothing, and that each
 * write is logged once with the row before and after.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { aktivitas, fakultas, prodi } from "../../../../db/schema";
import { deleteMaster, parentExists, sameName, saveMaster } from "~/domain/lppm/master/master.server";
import { eachTestDb } from "../../../../tests/setup/test-db";

const each = eachTestDb();
const FAKULTAS = { table: fakultas, entity: "fakultas" };
const PRODI = { table: prodi, entity: "prodi" };
const lastLog = () => each.t.db.select().from(aktivitas).orderBy(desc(aktivitas.id)).get();
const logCount = () => each.t.db.select().from(aktivitas).all().length;
const taken = (nama: string) => ({ match: [sameName(fakultas.nama, nama)], message: "Nama fakultas sudah dipakai.", field: "nama" });

describe("saveMaster", () => {
  it("adds a row, then changes it (stamping updated_at), each logged with the row before and after", () => {
    const { db } = each.t;
    const added = saveMaster(db, FAKULTAS, { nama: "Fakultas Kehutanan", kode: "FK" }, undefined, { unique: taken("Fakultas Kehutanan") });
    if ("ok" in added) throw new Error("refused");
    expect(lastLog()).toMatchObject({ aksi: "tambah", entitas: "fakultas", id_entitas: String(added.id) });
    const changed = saveMaster(db, FAKULTAS, { nama: "Fakultas Kehutanan", kode: "FHT" }, added.id, { unique: taken("Fakultas Kehutanan") });
    expect(changed).toEqual({ id: added.id });
    const row = db.select().from(fakultas).where(eq(fakultas.id, added.id)).get()!;
    expect(row.kode).toBe("FHT");
    expect(row.updated_at).not.toBeNull();
    expect(lastLog()).toMatchObject({ aksi: "ubah", entitas: "fakultas", id_entitas: String(added.id) });
    expect(lastLog()!.perubahan).toContain("FHT");
  });

  it("refuses in order — an unknown id (404), a missing parent (422), a taken name (409) — storing and logging nothing", () => {
    const { db } = each.t;
    const first = saveMaster(db, FAKULTAS, { nama: "Fakultas Teknik", kode: "FT" }, undefined);
    if ("ok" in first) throw new Error("refused");
    const one = db.select().from(fakultas).where(eq(fakultas.id, first.id)).get()!;
    const other = saveMaster(db, FAKULTAS, { nama: "Fakultas Lain", kode: "" }, undefined, { unique: taken("Fakultas Lain") });
    if ("ok" in other) throw new Error("refused");
    const before = { rows: db.select().from(fakultas).all(), logs: logCount() };

    expect(saveMaster(db, FAKULTAS, { nama: "X", kode: "" }, 999_999, { unique: taken("X") })).toMatchObject({ ok: false, status: 404 });
    const noParent = parentExists(fakultas, 999_999, "Fakultas tidak ditemukan.", "id_fakultas");
    expect(saveMaster(db, PRODI, { nama: "Prodi Baru", kode: "", id_fakultas: 999_999 }, undefined, { check: noParent })).toEqual({
      ok: false,
      status: 422,
      message: "Fakultas tidak ditemukan.",
      field: "id_fakultas",
    });
    // Another row's name, in other letter case, is taken; the row's own name is not.
    expect(saveMaster(db, FAKULTAS, { nama: one.nama.toUpperCase(), kode: "" }, other.id, { unique: taken(one.nama.toUpperCase()) })).toEqual({
      ok: false,
      status: 409,
      message: "Nama fakultas sudah dipakai.",
      field: "nama",
    });
    expect({ rows: db.select().from(fakultas).all(), logs: logCount() }).toEqual(before);
    expect(saveMaster(db, FAKULTAS, { nama: one.nama, kode: "Z" }, one.id, { unique: taken(one.nama) })).toEqual({ id: one.id });
  });
});

describe("deleteMaster", () => {
  it("answers 404 for an unknown id and 409 with the in-use message, deleting nothing; an unused row goes, logged", () => {
    const { db } = each.t;
    expect(deleteMaster(db, FAKULTAS, 999_999, () => null)).toMatchObject({ ok: false, status: 404 });
    const saved = saveMaster(db, FAKULTAS, { nama: "Fakultas Dipakai", kode: "" }, undefined);
    if ("ok" in saved) throw new Error("refused");
    const used = db.select().from(fakultas).where(eq(fakultas.id, saved.id)).get()!;
    const logs = logCount();
    expect(deleteMaster(db, FAKULTAS, used.id, () => "Fakultas masih dipakai.")).toEqual({ ok: false, status: 409, message: "Fakultas masih dipakai." });
    expect(db.select().from(fakultas).where(eq(fakultas.id, used.id)).get()).toBeDefined();
    expect(logCount()).toBe(logs);

    const added = saveMaster(db, FAKULTAS, { nama: "Fakultas Sementara", kode: "" }, undefined);
    if ("ok" in added) throw new Error("refused");
    expect(deleteMaster(db, FAKULTAS, added.id, () => null)).toEqual({ ok: true });
    expect(db.select().from(fakultas).where(eq(fakultas.id, added.id)).get()).toBeUndefined();
    expect(lastLog()).toMatchObject({ aksi: "hapus", entitas: "fakultas", id_entitas: String(added.id) });
  });
});
