import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setting } from "../../../db/schema";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { onDomainChange } from "../changes.server";
import { getSetting, updateSetting } from "./setting.server";

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
    expect(updateSetting(t.db, input)).toMatchObject({ id: 1, ...input });
    expect(getSetting(t.db)).toMatchObject(input);
    t.db.delete(setting).run();
    expect(updateSetting(t.db, { ...input, nama_toko: "Baru" })).toMatchObject({ id: 1, nama_toko: "Baru" });
    expect(changes).toEqual(["setting", "setting"]);
  });
});
