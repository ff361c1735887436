/**
 * The text operator resources of the legacy /api/* contract (spec section 7
 * "Operator"): category, branch office, reviews, setting, contact, product, user. For each:
 * the list and one-record shapes with the spec's keys, create (201), update as POST +
 * `_method=PATCH` in the body, delete as DELETE and as POST + `_method=DELETE`, `_method` in a
 * query string ignored (405), 422 bodies, 404 for unknown ids.
 */
import { eq, isNotNull } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as formsetting from "~/routes/api/formsetting";
import * as getproduk from "~/routes/api/getproduk";
import * as kantorcabangform from "~/routes/api/kantorcabangform";
import * as kategoriprodukform from "~/routes/api/kategoriprodukform";
import * as kontakkamiId from "~/routes/api/kontakkami.$id";
import * as kontakkamiform from "~/routes/api/kontakkamiform";
import * as link from "~/routes/api/link";
import * as login from "~/routes/api/login";
import * as produkdetail from "~/routes/api/produkdetail";
import * as produkform from "~/routes/api/produkform";
import * as ulasankonsumenform from "~/routes/api/ulasankonsumenform";
import * as userform from "~/routes/api/userform";
import {
  api,
  type ApiModule,
  expectValidation,
  type Json,
  operatorToken,
  resourceClient,
  uploadExists,
  userIdByUsername,
} from "../setup/api";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
let token: string;
beforeEach(() => {
  t = createTestDb();
  token = operatorToken(t.db);
});
afterEach(() => t.cleanup());

// ---- The shared behaviour of the simple CRUD resources ---------------------------------------

type Simple = {
  name: string;
  mod: ApiModule;
  table: typeof schema.kategori | typeof schema.kantorCabang | typeof schema.ulasan;
  keys: string[];
  valid: Record<string, string>;
  changed: Record<string, string>;
  /** Invalid bodies and the fields their 422 must name. */
  invalid: [Record<string, string>, string[]][];
};

const SIMPLE: Simple[] = [
  {
    name: "kategoriprodukform",
    mod: kategoriprodukform,
    table: schema.kategori,
    keys: ["id", "kategori", "seo", "status"],
    valid: { kategori: "Kasur Lipat" },
    changed: { kategori: "Kasur Busa" },
    invalid: [
      [{ kategori: "" }, ["kategori"]],
      [{ kategori: "   " }, ["kategori"]],
      [{}, ["kategori"]],
      [{ kategori: "x".repeat(101) }, ["kategori"]],
    ],
  },
  {
    name: "kantorcabangform",
    mod: kantorcabangform,
    table: schema.kantorCabang,
    keys: ["id", "kantor_cabang", "alamat", "kontak", "maps"],
    valid: { kantor_cabang: "Cabang Kudus" },
    changed: { kantor_cabang: "Cabang Pati" },
    invalid: [
      [{ kantor_cabang: "" }, ["kantor_cabang"]],
      [{}, ["kantor_cabang"]],
    ],
  },
  {
    name: "ulasankonsumenform",
    mod: ulasankonsumenform,
    table: schema.ulasan,
    keys: ["id", "ulasan", "oleh"],
    valid: { ulasan: "Kursinya kokoh dan rapi.", oleh: "Bu Sari, Semarang" },
    changed: { ulasan: "Pengiriman cepat.", oleh: "Pak Budi" },
    invalid: [
      [{ ulasan: "", oleh: "" }, ["ulasan", "oleh"]],
      [{ ulasan: "Bagus" }, ["oleh"]],
      [{ oleh: "Budi", ulasan: "x".repeat(1001) }, ["ulasan"]],
    ],
  },
];

for (const r of SIMPLE) {
  describe(`/api/${r.name}`, () => {
    const client = resourceClient(r.mod, `/api/${r.name}`);
    const count = () => t.db.select().from(r.table).all().length;

    it("lists every record under data with the spec's keys", async () => {
      const res = await client.list(token);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(count());
      for (const row of res.body.data) expect(Object.keys(row).sort()).toEqual([...r.keys].sort());
    });

    it("creates (201), reads, updates via POST + _method=PATCH, and deletes via DELETE", async () => {
      const before = count();
      const created = await client.create(r.valid, token);
      expect(created.status).toBe(201);
      expect(created.body.message).toEqual(expect.any(String));
      expect(created.body.data).toMatchObject({ id: expect.any(Number), ...r.valid });
      const id = created.body.data.id as number;
      expect(count()).toBe(before + 1);

      const read = await client.get(id, token);
      expect(read.status).toBe(200);
      expect(read.body.data).toMatchObject({ id, ...r.valid });
      expect(Object.keys(read.body.data).sort()).toEqual([...r.keys].sort());

      const updated = await client.update(id, r.changed, token);
      expect(updated.status).toBe(200);
      expect(updated.body.data).toMatchObject({ id, ...r.changed });
      expect((await client.get(id, token)).body.data).toMatchObject(r.changed);

      const removed = await client.remove(id, token);
      expect(removed.status).toBe(200);
      expect(removed.body.message).toEqual(expect.any(String));
      expect(count()).toBe(before);
      expect((await client.get(id, token)).status).toBe(404);
      expect((await client.remove(id, token)).status).toBe(404);
    });

    it("deletes via POST + _method=DELETE, and updates via PUT and _method=PUT too", async () => {
      const id = (await client.create(r.valid, token)).body.data.id as number;
      const one = { token, params: { id: String(id) } };
      const put = await api(r.mod, `/api/${r.name}/${id}`, { ...one, method: "PUT", form: r.changed });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject(r.changed);
      const spoofedPut = await api(r.mod, `/api/${r.name}/${id}`, { ...one, form: { ...r.valid, _method: "put" } });
      expect(spoofedPut.status).toBe(200);
      expect(spoofedPut.body.data).toMatchObject(r.valid);
      const removed = await client.removeViaPost(id, token);
      expect(removed.status).toBe(200);
      expect((await client.get(id, token)).status).toBe(404);
    });

    it("ignores _method in the query string (405) and on a GET; POST on an id without _method is 405", async () => {
      const id = (await client.create(r.valid, token)).body.data.id as number;
      const one = { token, params: { id: String(id) } };
      const queryPatch = await api(r.mod, `/api/${r.name}/${id}?_method=PATCH`, { ...one, form: r.changed });
      expect(queryPatch.status).toBe(405);
      const queryDelete = await api(r.mod, `/api/${r.name}/${id}?_method=DELETE`, { ...one, form: r.valid });
      expect(queryDelete.status).toBe(405);
      const noMethod = await api(r.mod, `/api/${r.name}/${id}`, { ...one, form: r.changed });
      expect(noMethod.status).toBe(405);
      const unknownMethod = await api(r.mod, `/api/${r.name}/${id}`, { ...one, form: { ...r.changed, _method: "GET" } });
      expect(unknownMethod.status).toBe(405);
      const getWithDelete = await api(r.mod, `/api/${r.name}/${id}?_method=DELETE`, one);
      expect(getWithDelete.status).toBe(200);
      // Nothing above changed or removed the record.
      const after = await client.get(id, token);
      expect(after.status).toBe(200);
      expect(after.body.data).toMatchObject(r.valid);
    });

    it("answers 422 {message, errors: {field: [text]}} for invalid input and stores nothing", async () => {
      const before = count();
      for (const [body, fields] of r.invalid) {
        expectValidation(await client.create(body, token), ...fields);
      }
      const existing = t.db.select().from(r.table).get()!;
      for (const [body, fields] of r.invalid) {
        expectValidation(await client.update(existing.id, body, token), ...fields);
      }
      expect(count()).toBe(before);
      expect(t.db.select().from(r.table).where(eq(r.table.id, existing.id)).get()).toEqual(existing);
    });

    it("answers 404 JSON for unknown or malformed ids", async () => {
      for (const id of ["999999", "abc", "0", "-1", "1.5"]) {
        expect((await client.get(id, token)).status, `GET ${id}`).toBe(404);
        expect((await client.update(id, r.changed, token)).status, `PATCH ${id}`).toBe(404);
        expect((await client.remove(id, token)).status, `DELETE ${id}`).toBe(404);
        expect((await client.removeViaPost(id, token)).status, `_method=DELETE ${id}`).toBe(404);
      }
    });

    it("accepts JSON and urlencoded bodies as well as multipart", async () => {
      const json = await api(r.mod, `/api/${r.name}`, { token, json: r.valid });
      expect(json.status).toBe(201);
      expect(json.body.data).toMatchObject(r.valid);
      const urlencoded = await api(r.mod, `/api/${r.name}`, { token, body: new URLSearchParams(r.changed) });
      expect(urlencoded.status).toBe(201);
      expect(urlencoded.body.data).toMatchObject(r.changed);
      const id = json.body.data.id as number;
      const patched = await api(r.mod, `/api/${r.name}/${id}`, { token, params: { id: String(id) }, json: { ...r.changed, _method: "PATCH" } });
      expect(patched.status).toBe(200);
      expect(patched.body.data).toMatchObject(r.changed);
    });
  });
}

// ---- Category and branch specifics -----------------------------------------------------------

describe("category and branch rules", () => {
  it("a new category gets a generated seo slug", async () => {
    const res = await api(kategoriprodukform, "/api/kategoriprodukform", { token, form: { kategori: "Meja & Kursi Makan" } });
    expect(res.status).toBe(201);
    expect(res.body.data.seo).toMatch(/^[a-z0-9-]+$/);
    expect(res.body.data.seo).toContain("meja");
  });

  it("refuses to delete a category or a branch still used by products (409)", async () => {
    const used = t.db.select().from(schema.produk).where(isNotNull(schema.produk.id_kategori)).get()!;
    const kategori = t.db.select().from(schema.kategori).where(eq(schema.kategori.id, used.id_kategori!)).get()!;
    const k = await api(kategoriprodukform, `/api/kategoriprodukform/${kategori.id}`, { token, method: "DELETE", params: { id: String(kategori.id) } });
    expect(k.status).toBe(409);
    expect(t.db.select().from(schema.kategori).where(eq(schema.kategori.id, kategori.id)).get()).toBeDefined();

    const link = t.db.select().from(schema.produkGudang).get()!;
    const c = await api(kantorcabangform, `/api/kantorcabangform/${link.id_kantor_cabang}`, {
      token,
      form: { _method: "DELETE" },
      params: { id: String(link.id_kantor_cabang) },
    });
    expect(c.status).toBe(409);
    expect(t.db.select().from(schema.kantorCabang).where(eq(schema.kantorCabang.id, link.id_kantor_cabang)).get()).toBeDefined();
  });
});

// ---- Contact (kontakkami/{id}, kontakkamiform/{id}) ------------------------------------------

describe("/api/kontakkami/{id} and /api/kontakkamiform/{id}", () => {
  const contact = { alamat: "Jl. Pemuda 12\nKudus", kontak: "0812-3456 7891", maps: "https://maps.google.com/?q=Kudus", _method: "PATCH" };

  it("GET nests the branch under data.gudang", async () => {
    const cabang = t.db.select().from(schema.kantorCabang).get()!;
    const res = await api(kontakkamiId, `/api/kontakkami/${cabang.id}`, { token, params: { id: String(cabang.id) } });
    expect(res.status).toBe(200);
    expect(res.body.data.gudang).toEqual({ id: cabang.id, kantor_cabang: cabang.kantor_cabang, alamat: cabang.alamat, kontak: cabang.kontak, maps: cabang.maps });
    const missing = await api(kontakkamiId, "/api/kontakkami/999999", { token, params: { id: "999999" } });
    expect(missing.status).toBe(404);
  });

  it("POST + _method=PATCH updates the contact record (shown by /api/link), and normalises it", async () => {
    const cabang = t.db.select().from(schema.kantorCabang).get()!;
    const res = await api(kontakkamiform, `/api/kontakkamiform/${cabang.id}`, { token, params: { id: String(cabang.id) }, form: contact });
    expect(res.status).toBe(200);
    expect(res.body.data.gudang).toMatchObject({ id: cabang.id, kantor_cabang: cabang.kantor_cabang, alamat: "Jl. Pemuda 12\nKudus", kontak: "081234567891" });
    expect(res.body.data.gudang.maps).toContain("maps.google.com");
    const linked = await api(link, "/api/link");
    expect(linked.body.data.kantorcabang.find((g: Json) => g.id === cabang.id)).toMatchObject({ kontak: "081234567891" });
  });

  it("answers 422 for invalid contact data, 404 for an unknown branch, 405 without _method", async () => {
    const cabang = t.db.select().from(schema.kantorCabang).get()!;
    const one = { token, params: { id: String(cabang.id) } };
    const invalid = await api(kontakkamiform, `/api/kontakkamiform/${cabang.id}`, {
      ...one,
      form: { alamat: "", kontak: "nomor saya", maps: "https://evil.example.com/maps", _method: "PATCH" },
    });
    expectValidation(invalid, "alamat", "kontak", "maps");
    const unknown = await api(kontakkamiform, "/api/kontakkamiform/999999", { token, params: { id: "999999" }, form: contact });
    expect(unknown.status).toBe(404);
    const { _method: _ignored, ...withoutMethod } = contact;
    const noMethod = await api(kontakkamiform, `/api/kontakkamiform/${cabang.id}`, { ...one, form: withoutMethod });
    expect(noMethod.status).toBe(405);
    const inQuery = await api(kontakkamiform, `/api/kontakkamiform/${cabang.id}?_method=PATCH`, { ...one, form: withoutMethod });
    expect(inQuery.status).toBe(405);
    expect(t.db.select().from(schema.kantorCabang).where(eq(schema.kantorCabang.id, cabang.id)).get()).toEqual(cabang);
  });
});

// ---- Setting (formsetting/1) -----------------------------------------------------------------

describe("/api/formsetting/{id}", () => {
  const legacy = { nama_toko: "Mebel Baru", alamat: "Jl. Baru 2, Jepara", instagram: "@mebelbaru", whatsapp: "+62 812-3456-7899", facebook: "mebelbaru" };

  it("GET /1 answers the setting fields; /2 answers 404", async () => {
    const res = await api(formsetting, "/api/formsetting/1", { token, params: { id: "1" } });
    expect(res.status).toBe(200);
    for (const key of ["nama_toko", "alamat", "instagram", "whatsapp", "facebook", "kota", "email", "maps"]) {
      expect(res.body.data, key).toHaveProperty(key);
    }
    expect(res.body.data.nama_toko).not.toBe("");
    // The backup schedule is the Cadangan page's, not part of the legacy contract.
    expect(Object.keys(res.body.data).filter((key) => key.startsWith("cadangan_"))).toEqual([]);
    expect((await api(formsetting, "/api/formsetting/2", { token, params: { id: "2" } })).status).toBe(404);
    expect((await api(formsetting, "/api/formsetting/2", { token, params: { id: "2" }, form: { ...legacy, _method: "PATCH" } })).status).toBe(404);
  });

  it("POST /1 + _method=PATCH from the legacy client (no kota, email, maps) keeps those fields", async () => {
    const before = t.db.select().from(schema.setting).get()!;
    const res = await api(formsetting, "/api/formsetting/1", { token, params: { id: "1" }, form: { ...legacy, _method: "PATCH" } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      nama_toko: "Mebel Baru",
      whatsapp: "6281234567899",
      instagram: "https://instagram.com/mebelbaru",
      facebook: "https://facebook.com/mebelbaru",
      kota: before.kota,
      email: before.email,
      maps: before.maps,
    });
    const after = await api(link, "/api/link");
    expect(after.body.data.setting).toMatchObject({ nama_toko: "Mebel Baru", kota: before.kota, email: before.email, maps: before.maps });
  });

  it("the spec's exact fields save on a shop whose stored kota is empty; kota, email and maps stay", async () => {
    t.db.update(schema.setting).set({ kota: "", email: "", maps: "" }).run();
    const before = t.db.select().from(schema.setting).get()!;
    // Exactly the fields of spec section 7 — multipart, as the legacy client sends them.
    const res = await api(formsetting, "/api/formsetting/1", { token, params: { id: "1" }, form: { ...legacy, _method: "PATCH" } });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ nama_toko: "Mebel Baru", alamat: legacy.alamat, kota: "", email: "", maps: "" });
    const after = t.db.select().from(schema.setting).get()!;
    expect(after).toMatchObject({ nama_toko: "Mebel Baru", kota: "", email: "", maps: "" });
    expect(after.updated_at.getTime()).toBeGreaterThanOrEqual(before.updated_at.getTime());
  });

  it("a field left out keeps its stored value; a field sent empty or invalid is refused", async () => {
    const before = t.db.select().from(schema.setting).get()!;
    const partial = await api(formsetting, "/api/formsetting/1", {
      token,
      params: { id: "1" },
      json: { nama_toko: "Hanya Nama", _method: "PATCH" },
    });
    expect(partial.status, partial.text).toBe(200);
    const { updated_at: _u, ...kept } = before;
    expect(t.db.select().from(schema.setting).get()).toMatchObject({ ...kept, nama_toko: "Hanya Nama" });

    const now = t.db.select().from(schema.setting).get()!;
    for (const [field, value, message] of [
      ["kota", "", "Kota wajib diisi."],
      ["nama_toko", "  ", "Nama toko wajib diisi."],
      ["whatsapp", "", "No Whatsapp wajib diisi."],
    ] as const) {
      const res = await api(formsetting, "/api/formsetting/1", {
        token,
        params: { id: "1" },
        form: { ...legacy, [field]: value, _method: "PATCH" },
      });
      expectValidation(res, field);
      expect(res.body.errors[field]).toEqual([message]);
      expect(Object.keys(res.body.errors)).toEqual([field]);
    }
    expect(t.db.select().from(schema.setting).get()).toEqual(now);
  });

  it("answers 422 for invalid values and 405 without _method", async () => {
    const before = t.db.select().from(schema.setting).get()!;
    const invalid = await api(formsetting, "/api/formsetting/1", {
      token,
      params: { id: "1" },
      form: { nama_toko: "", alamat: "Jl. X", instagram: "https://evil.example.com/x", whatsapp: "12", facebook: "tokox", email: "bukan-email", _method: "PATCH" },
    });
    expectValidation(invalid, "nama_toko", "instagram", "whatsapp", "email");
    const noMethod = await api(formsetting, "/api/formsetting/1", { token, params: { id: "1" }, form: legacy });
    expect(noMethod.status).toBe(405);
    expect(t.db.select().from(schema.setting).get()).toEqual(before);
  });
});

// ---- Product (produkform, getproduk) ---------------------------------------------------------

describe("/api/produkform and /api/getproduk/{kode}", () => {
  const products = resourceClient(produkform, "/api/produkform");

  function twoBranches() {
    const rows = t.db.select().from(schema.kantorCabang).all();
    expect(rows.length).toBeGreaterThanOrEqual(2);
    return [rows[0]!, rows[1]!] as const;
  }

  function produkFields(extra: Record<string, string> = {}) {
    const kategori = t.db.select().from(schema.kategori).get()!;
    const [a, b] = twoBranches();
    return { id_kategori: String(kategori.id), nama_produk: "Lemari Jati Tiga Pintu", deskripsi: "Kayu jati perhutani.", harga: "Rp 4.500.000", gudang: `${b.id},${a.id}`, ...extra };
  }

  it("lists every product with gudang as comma-separated branch names", async () => {
    const res = await products.list(token);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(t.db.select().from(schema.produk).all().length);
    const names = new Map(t.db.select().from(schema.kantorCabang).all().map((c) => [c.id, c.kantor_cabang]));
    const withGudang = res.body.data.find((row: Json) => row.gudang !== "");
    expect(withGudang).toBeDefined();
    for (const row of res.body.data) {
      expect(row).toMatchObject({ id: expect.any(Number), nama_produk: expect.any(String), harga: expect.any(String), gudang: expect.any(String) });
      const expected = t.db
        .select()
        .from(schema.produkGudang)
        .where(eq(schema.produkGudang.id_produk, row.id))
        .all()
        .map((l) => names.get(l.id_kantor_cabang));
      expect(row.gudang === "" ? [] : row.gudang.split(",").sort()).toEqual(expected.sort());
    }
  });

  it("creates with gudang as comma-separated ids (201); the form read answers ids, the list names", async () => {
    const [a, b] = twoBranches();
    const created = await products.create(produkFields(), token);
    expect(created.status).toBe(201);
    const id = created.body.data.id as number;
    expect(created.body.data).toMatchObject({ nama_produk: "Lemari Jati Tiga Pintu", harga: "Rp 4.500.000", nama_seo: expect.stringMatching(/^lemari-jati/) });
    expect(created.body.data.gudang.split(",").map(Number).sort()).toEqual([a.id, b.id].sort());

    const read = await products.get(id, token);
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ id, nama_produk: "Lemari Jati Tiga Pintu", deskripsi: "Kayu jati perhutani.", harga: "Rp 4.500.000" });
    expect(typeof read.body.data.gudang).toBe("string");
    expect(read.body.data.gudang).toMatch(/^\d+(,\d+)*$/);
    expect(read.body.data.gudang.split(",").map(Number).sort()).toEqual([a.id, b.id].sort());

    const row = (await products.list(token)).body.data.find((p: Json) => p.id === id);
    expect(row.gudang.split(",").sort()).toEqual([a.kantor_cabang, b.kantor_cabang].sort());

    const summary = await api(getproduk, `/api/getproduk/${id}`, { token, params: { produkId: String(id) } });
    expect(summary.status).toBe(200);
    expect(summary.body.data).toMatchObject({ nama_produk: "Lemari Jati Tiga Pintu", deskripsi: "Kayu jati perhutani.", harga: "Rp 4.500.000" });
    expect(summary.body.data.gudang.split(",").sort()).toEqual([a.kantor_cabang, b.kantor_cabang].sort());
  });

  it("updates via POST + _method=PATCH (branches replaced) and deletes with its images", async () => {
    const [a] = twoBranches();
    const id = (await products.create(produkFields(), token)).body.data.id as number;
    const updated = await products.update(id, produkFields({ nama_produk: "Lemari Dua Pintu", gudang: String(a.id), id_kategori: "" }), token);
    expect(updated.status).toBe(200);
    expect(updated.body.data).toMatchObject({ id, nama_produk: "Lemari Dua Pintu", gudang: String(a.id), id_kategori: null });
    expect((await products.get(id, token)).body.data.gudang).toBe(String(a.id));

    // An existing product with images: deleting it removes the image files too.
    const withImages = t.db.select().from(schema.gambarProduk).get()!;
    const files = t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, withImages.id_produk)).all();
    for (const f of files) expect(uploadExists(t.uploadsDir, `/uploads/${f.gambar}`)).toBe(true);
    const removed = await products.removeViaPost(withImages.id_produk, token);
    expect(removed.status).toBe(200);
    for (const f of files) expect(uploadExists(t.uploadsDir, `/uploads/${f.gambar}`)).toBe(false);
    expect((await products.get(withImages.id_produk, token)).status).toBe(404);
    expect((await api(getproduk, `/api/getproduk/${withImages.id_produk}`, { token, params: { produkId: String(withImages.id_produk) } })).status).toBe(404);
    expect((await products.remove(id, token)).status).toBe(200);
  });

  it("answers 422 for missing fields, unknown or malformed branch and category ids, and stores nothing", async () => {
    const before = t.db.select().from(schema.produk).all().length;
    expectValidation(await products.create({}, token), "nama_produk", "deskripsi", "harga");
    expectValidation(await products.create(produkFields({ gudang: "999999" }), token), "gudang");
    expectValidation(await products.create(produkFields({ gudang: "1,abc" }), token), "gudang");
    expectValidation(await products.create(produkFields({ gudang: "0" }), token), "gudang");
    expectValidation(await products.create(produkFields({ id_kategori: "999999" }), token), "id_kategori");
    expectValidation(await products.create(produkFields({ id_kategori: "dua" }), token), "id_kategori");
    const existing = t.db.select().from(schema.produk).get()!;
    expectValidation(await products.update(existing.id, produkFields({ gudang: "999999" }), token), "gudang");
    expect(t.db.select().from(schema.produk).all()).toHaveLength(before);
    expect(t.db.select().from(schema.produk).where(eq(schema.produk.id, existing.id)).get()).toEqual(existing);
  });

  it("answers 404 for unknown ids, 405 for _method in the query", async () => {
    expect((await products.get(999999, token)).status).toBe(404);
    expect((await products.update(999999, produkFields(), token)).status).toBe(404);
    expect((await products.remove(999999, token)).status).toBe(404);
    expect((await api(getproduk, "/api/getproduk/999999", { token, params: { produkId: "999999" } })).status).toBe(404);
    expect((await api(getproduk, "/api/getproduk/abc", { token, params: { produkId: "abc" } })).status).toBe(404);
    const existing = t.db.select().from(schema.produk).get()!;
    const inQuery = await api(produkform, `/api/produkform/${existing.id}?_method=PATCH`, { token, params: { id: String(existing.id) }, form: produkFields() });
    expect(inQuery.status).toBe(405);
    expect(t.db.select().from(schema.produk).where(eq(schema.produk.id, existing.id)).get()).toEqual(existing);
  });

  it("a created product is visible on the public detail call", async () => {
    const created = await products.create(produkFields({ nama_produk: "Meja Rias Minimalis" }), token);
    const seo = created.body.data.nama_seo as string;
    const res = await api(produkdetail, `/api/produkdetail/${seo}`, { params: { seo } });
    expect(res.status).toBe(200);
    expect(res.body.data.produk.nama_produk).toBe("Meja Rias Minimalis");
    expect(res.body.data.gudang).toHaveLength(2);
  });
});

// ---- User (userform) -------------------------------------------------------------------------

describe("/api/userform", () => {
  const users = resourceClient(userform, "/api/userform");
  const STRONG = "SandiBaru123";
  const newUser = (extra: Record<string, string> = {}) => ({
    username: "kasir1",
    name: "Kasir Satu",
    email: "kasir1@contoh.id",
    no_hp: "0852-1111-2222",
    password: STRONG,
    hak_akses: JSON.stringify(["Operator", "Reviewer-Internal"]),
    status_aktif: "Aktif",
    ...extra,
  });
  const apiLogin = (username: string, password: string) => api(login, "/api/login", { json: { username, password } });

  it("lists data.user with hak_akses as a JSON string and no password anywhere", async () => {
    const res = await users.list(token);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toHaveLength(t.db.select().from(schema.users).all().length);
    for (const u of res.body.data.user) {
      expect(u).toMatchObject({ id: expect.any(Number), username: expect.any(String), name: expect.any(String), status_aktif: expect.any(String) });
      expect(typeof u.hak_akses).toBe("string");
      expect(Array.isArray(JSON.parse(u.hak_akses))).toBe(true);
      expect(Object.keys(u).some((k) => k.includes("password"))).toBe(false);
    }
    expect(res.text).not.toContain("password");
  });

  it("creates (201) from a multipart body with hak_akses as a JSON list; the user can log in", async () => {
    const created = await users.create(newUser(), token);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ username: "kasir1", name: "Kasir Satu", email: "kasir1@contoh.id", no_hp: "085211112222", status_aktif: "Aktif" });
    expect(JSON.parse(created.body.data.hak_akses).sort()).toEqual(["Operator", "Reviewer-Internal"]);
    expect(created.text).not.toContain(STRONG);
    const id = created.body.data.id as number;
    const read = await users.get(id, token);
    expect(read.status).toBe(200);
    expect(typeof read.body.data.hak_akses).toBe("string");
    expect(JSON.parse(read.body.data.hak_akses).sort()).toEqual(["Operator", "Reviewer-Internal"]);
    expect(Object.keys(read.body.data).some((k) => k.includes("password"))).toBe(false);
    const logged = await apiLogin("kasir1", STRONG);
    expect(logged.status).toBe(200);
    expect(logged.body.id_user).toBe(id);
  });

  it("creates from a JSON body with hak_akses as an array", async () => {
    const created = await api(userform, "/api/userform", { token, json: { ...newUser({ username: "kasir2" }), hak_akses: ["Pengusul"] } });
    expect(created.status).toBe(201);
    expect(JSON.parse(created.body.data.hak_akses)).toEqual(["Pengusul"]);
  });

  it("answers 422 for a weak password and bad fields, 409 for a duplicate username", async () => {
    const before = t.db.select().from(schema.users).all().length;
    expectValidation(await users.create(newUser({ password: "lemah" }), token), "password");
    expectValidation(await users.create(newUser({ password: "tanpaangkaBesar" }), token), "password");
    expectValidation(await users.create(newUser({ hak_akses: "[]" }), token), "hak_akses");
    expectValidation(await users.create(newUser({ email: "bukan-email", status_aktif: "Mungkin", username: "ada spasi" }), token), "email", "status_aktif", "username");
    expectValidation(await users.create({}, token), "username", "name", "email", "password", "no_hp");
    const duplicate = await users.create(newUser({ username: TEST_OPERATOR_USERNAME }), token);
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toMatch(/username/i);
    expect(t.db.select().from(schema.users).all()).toHaveLength(before);
  });

  it("reports an unknown role on the hak_akses field itself (as the product form does for gudang)", async () => {
    const res = await users.create(newUser({ hak_akses: '["Operator","Raja"]' }), token);
    expectValidation(res, "hak_akses");
    expect(Object.keys(res.body.errors)).toEqual(["hak_akses"]);
    expect(t.db.select().from(schema.users).where(eq(schema.users.username, "kasir1")).get()).toBeUndefined();
  });

  it("updates via POST + _method=PATCH: an empty password keeps the old one, a new one replaces it", async () => {
    const id = (await users.create(newUser(), token)).body.data.id as number;
    const kept = await users.update(id, newUser({ name: "Kasir Utama", password: "", hak_akses: '["Operator"]' }), token);
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ id, name: "Kasir Utama", hak_akses: '["Operator"]' });
    expect((await apiLogin("kasir1", STRONG)).status).toBe(200);

    const weak = await users.update(id, newUser({ password: "lemah" }), token);
    expectValidation(weak, "password");

    const changed = await users.update(id, newUser({ password: "SandiLain456" }), token);
    expect(changed.status).toBe(200);
    expect((await apiLogin("kasir1", STRONG)).status).toBe(401);
    expect((await apiLogin("kasir1", "SandiLain456")).status).toBe(200);
  });

  it("deletes via DELETE and via POST + _method=DELETE; refuses to delete or deactivate oneself", async () => {
    const a = (await users.create(newUser(), token)).body.data.id as number;
    const b = (await users.create(newUser({ username: "kasir2", email: "kasir2@contoh.id" }), token)).body.data.id as number;
    expect((await users.remove(a, token)).status).toBe(200);
    expect((await users.get(a, token)).status).toBe(404);
    expect((await users.removeViaPost(b, token)).status).toBe(200);
    expect((await users.get(b, token)).status).toBe(404);

    const self = userIdByUsername(t.db, TEST_OPERATOR_USERNAME);
    expect((await users.remove(self, token)).status).toBe(422);
    const deactivate = await users.update(self, newUser({ username: TEST_OPERATOR_USERNAME, status_aktif: "Tidak-Aktif", password: "" }), token);
    expect(deactivate.status).toBe(422);
    expect((await apiLogin(TEST_OPERATOR_USERNAME, TEST_OPERATOR_PASSWORD)).status).toBe(200);
  });

  it("answers 404 for unknown ids and 405 for _method in the query", async () => {
    expect((await users.get(999999, token)).status).toBe(404);
    expect((await users.update(999999, newUser({ password: "" }), token)).status).toBe(404);
    expect((await users.remove(999999, token)).status).toBe(404);
    const self = userIdByUsername(t.db, TEST_OPERATOR_USERNAME);
    const inQuery = await api(userform, `/api/userform/${self}?_method=DELETE`, { token, params: { id: String(self) }, form: newUser() });
    expect(inQuery.status).toBe(405);
  });
});
