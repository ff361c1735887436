import { describe, expect, it } from "vitest";
import { setting } from "../../../db/schema";
import { eachTestDb } from "../../../tests/setup/test-db";
import { settingSchemaFor } from "~/domain/setting/setting.schema";
import { getSetting, mergeSetting, updateSetting } from "~/domain/setting/setting.server";

const each = eachTestDb();

describe("updateSetting", () => {
  const input = {
    nama_toko: "Mebel Uji",
    kota: "Kudus",
    alamat: "Jl. B",
    email: "",
    whatsapp: "081200001111",
    instagram: "https://instagram.com/uji",
    facebook: "https://facebook.com/uji",
    maps: "",
  };

  it("updates row 1, and creates it when the shop has none", () => {
    expect(updateSetting(each.t.db, input)).toMatchObject({ id: 1, ...input });
    expect(getSetting(each.t.db)).toMatchObject(input);
    each.t.db.delete(setting).run();
    expect(updateSetting(each.t.db, { ...input, nama_toko: "Baru" })).toMatchObject({ id: 1, nama_toko: "Baru" });
    expect(each.changes).toEqual(["setting", "setting"]);
  });
});

describe("partial saves (the legacy client sends five of the eight fields)", () => {
  const stored = {
    nama_toko: "Mebel Lama",
    kota: "",
    alamat: "Jl. Lama 1",
    email: "lama@toko.id",
    whatsapp: "081200002222",
    instagram: "https://instagram.com/lama",
    facebook: "https://facebook.com/lama",
    maps: "https://www.google.com/maps/embed?pb=lama",
  };
  const legacy = { nama_toko: "Mebel Baru", alamat: "Jl. Baru 2", instagram: "@baru", whatsapp: "0812 3333 4444", facebook: "baru" };

  function form(fields: Record<string, string>) {
    const body = new FormData();
    for (const [key, value] of Object.entries(fields)) body.set(key, value);
    return body;
  }

  it("mergeSetting takes each field given and the stored value of each one not given", () => {
    const row = updateSetting(each.t.db, stored);
    const naskah = { kop_institusi: "", kop_alamat: "", ttd_kepala_nama: "", ttd_kepala_nip: "", ttd_kepala_jabatan: "Kepala LPPM", ttd_sekretaris_nama: "", ttd_sekretaris_nip: "", ttd_sekretaris_jabatan: "Sekretaris LPPM" };
    const kept = { ...stored, modul_lppm: true, zona_waktu: "Asia/Jakarta", nama_lppm: "", ...naskah };
    expect(mergeSetting(row, { nama_toko: "Baru", email: "" })).toEqual({ ...kept, nama_toko: "Baru", email: "" });
    expect(mergeSetting(row, {})).toEqual(kept);
    expect(mergeSetting(row, { modul_lppm: false })).toEqual({ ...kept, modul_lppm: false });
    expect(mergeSetting(row, { zona_waktu: "Asia/Makassar" })).toEqual({ ...kept, zona_waktu: "Asia/Makassar" });
    expect(mergeSetting(row, { nama_lppm: "LPPM Universitas Contoh" })).toEqual({ ...kept, nama_lppm: "LPPM Universitas Contoh" });
  });

  it("the spec's five fields save on a shop whose kota is empty, and kota, email and maps stay", () => {
    updateSetting(each.t.db, stored);
    const body = form(legacy);
    const parsed = settingSchemaFor(body).safeParse(Object.fromEntries(body));
    expect(parsed.success).toBe(true);
    const row = updateSetting(each.t.db, parsed.data ?? {});
    expect(row).toMatchObject({
      nama_toko: "Mebel Baru",
      alamat: "Jl. Baru 2",
      instagram: "https://instagram.com/baru",
      whatsapp: "081233334444",
      facebook: "https://facebook.com/baru",
      kota: "",
      email: stored.email,
      maps: stored.maps,
    });
  });

  it("a field that is sent is checked as on the full form, also when it is sent empty", () => {
    const messages = (fields: Record<string, string>) => {
      const r = settingSchemaFor(form(fields)).safeParse(fields);
      return Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    };
    expect(messages({ ...legacy, kota: "" })).toEqual({ kota: "Kota wajib diisi." });
    expect(messages({ kota: "Kudus", nama_toko: "" })).toEqual({ nama_toko: "Nama toko wajib diisi." });
    expect(Object.keys(messages({ email: "bukan-email", maps: "https://example.com/" })).sort()).toEqual(["email", "maps"]);
  });

  it("the shop's zone: one of WIB, WITA, WIT when sent, kept when not", () => {
    const row = updateSetting(each.t.db, { ...stored, zona_waktu: "Asia/Jayapura" });
    expect(row.zona_waktu).toBe("Asia/Jayapura");
    const body = form(legacy);
    const parsed = settingSchemaFor(body).parse(Object.fromEntries(body));
    expect(updateSetting(each.t.db, parsed).zona_waktu).toBe("Asia/Jayapura");
    const bad = settingSchemaFor(form({ zona_waktu: "Europe/Berlin" })).safeParse({ zona_waktu: "Europe/Berlin" });
    expect(bad.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["zona_waktu", "Zona waktu tidak valid. Pilih WIB, WITA, atau WIT."]]);
    expect(getSetting(each.t.db).zona_waktu).toBe("Asia/Jayapura");
  });

  it("a save on a shop without a row starts from empty values", () => {
    each.t.db.delete(setting).run();
    expect(updateSetting(each.t.db, { nama_toko: "Baru" })).toMatchObject({ id: 1, nama_toko: "Baru", kota: "", alamat: "" });
  });
});
