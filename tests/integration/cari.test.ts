/**
 * Product search, on a copy of the seeded demo shop, through the routes with real
 * Requests: the results page (/produk?q= and /produk/<kategori>?q=, its paging, redirects and
 * meta), GET /api/produk?q= (the same search; without q the answer of before), and the header's
 * suggestions (/cari/saran?q=). The search itself: app/domain/katalog/cari.server.test.ts.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as apiProduk from "~/routes/api/produk";
import * as saranRoute from "~/routes/public/cari-saran";
import * as produkRoute from "~/routes/public/produk";
import { PRODUK_PER_HALAMAN } from "~/domain/katalog/katalog.server";
import { listKategori } from "~/domain/kategori/kategori.server";
import { listProdukCardsPage } from "~/domain/produk/public.server";
import { api, type Json } from "../setup/api";
import { callLoader } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

type Card = { id: number; nama_produk: string; nama_seo: string; kategori: string | null };
type Kategori = { id: number; kategori: string; seo: string };
type ProdukData = {
  kategori: Kategori[];
  produk: Card[];
  aktif: Kategori | null;
  q: string;
  total: number;
  halaman: number;
  adaLagi: boolean;
  dibatasi: boolean;
};
type Tag = Record<string, unknown>;

const sqlite = () => t.db.$client;

function kategoriBernama(nama: string): Kategori {
  const row = t.db.select().from(schema.kategori).where(eq(schema.kategori.kategori, nama)).get();
  if (!row) throw new Error(`The demo seed has no category ${nama}`);
  return row;
}

function addProduk(nama: string, idKategori: number | null, deskripsi = "Untuk uji pencarian.") {
  sqlite()
    .prepare("insert into produk (id_kategori, nama_produk, nama_seo, harga, deskripsi) values (?, ?, ?, '1500000', ?)")
    .run(idKategori, nama, `${nama.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`, deskripsi);
}

async function halaman(url: string, params: Record<string, string> = {}) {
  const result = await callLoader<ProdukData>(produkRoute, url, params);
  expect(result.status, url).toBe(200);
  return result.data;
}

function metaOf(data: ProdukData, params: Record<string, string> = {}): Tag[] {
  const setting = t.db.select().from(schema.setting).get()!;
  const layout = { id: "routes/public/layout", loaderData: { setting: { nama_toko: setting.nama_toko, kota: setting.kota } } };
  return produkRoute.meta({ loaderData: data, matches: [layout], params } as never) as Tag[];
}

describe("the results page /produk?q=", () => {
  it("lists the matching products, the most relevant first, with the search text and the count", async () => {
    const data = await halaman("/produk?q=kursi+tamu");
    expect(data.q).toBe("kursi tamu");
    const names = data.produk.map((p) => p.nama_produk);
    expect(names).toContain("Kursi Tamu Jati Minimalis Ukir");
    expect(names).toContain("Kursi Tamu Mahoni Klasik Rahwana");
    // Named after both words before the ones that only belong to the category 'Kursi Tamu'.
    expect(names.indexOf("Kursi Tamu Jati Minimalis Ukir")).toBeLessThan(names.indexOf("Sofa Jati Retro Tiga Dudukan"));
    expect(data.total).toBe(names.length);
    expect(data).toMatchObject({ halaman: 1, adaLagi: false, aktif: null });
    // The categories stay there, for the filter and for an empty result.
    expect(data.kategori.length).toBe(listKategori(t.db).length);
  });

  it("forgives case, accents and a typo of one letter", async () => {
    const base = (await halaman("/produk?q=kursi")).produk.map((p) => p.id);
    expect(base.length).toBeGreaterThan(3);
    for (const q of ["KURSI", "kúrsi", "krusi", "kurso"]) {
      expect((await halaman(`/produk?q=${encodeURIComponent(q)}`)).produk.map((p) => p.id), q).toEqual(base);
    }
  });

  it("within a category (/produk/<kategori>?q=) only that category's products", async () => {
    const kursiTamu = kategoriBernama("Kursi Tamu");
    const all = await halaman("/produk?q=jati");
    const inKategori = await halaman(`/produk/${kursiTamu.seo}?q=jati`, { seo: kursiTamu.seo });
    expect(inKategori.aktif).toMatchObject({ id: kursiTamu.id });
    expect(inKategori.total).toBeGreaterThan(0);
    expect(inKategori.total).toBeLessThan(all.total);
    for (const p of inKategori.produk) expect(p.kategori).toBe("Kursi Tamu");
  });

  it("pages like the list: 'Muat lebih banyak' (halaman=N) shows pages 1…N of the results", async () => {
    const rak = kategoriBernama("Kursi Tamu").id;
    for (let i = 1; i <= PRODUK_PER_HALAMAN + 6; i++) addProduk(`Gantungan Baju Kadenza ${i}`, rak);
    const first = await halaman("/produk?q=kadenza");
    expect(first).toMatchObject({ total: PRODUK_PER_HALAMAN + 6, halaman: 1, adaLagi: true, dibatasi: false });
    expect(first.produk).toHaveLength(PRODUK_PER_HALAMAN);
    const second = await halaman("/produk?q=kadenza&halaman=2");
    expect(second).toMatchObject({ halaman: 2, adaLagi: false });
    expect(second.produk).toHaveLength(PRODUK_PER_HALAMAN + 6);
    expect(second.produk.slice(0, PRODUK_PER_HALAMAN)).toEqual(first.produk);
  });

  it("an empty result is a 200 with the categories; odd, hostile and over-long texts are never an error", async () => {
    const none = await halaman("/produk?q=qwertyuiop");
    expect(none).toMatchObject({ q: "qwertyuiop", total: 0, produk: [] });
    expect(none.kategori.length).toBeGreaterThan(0);
    for (const q of ['"', "*", "AND", "NEAR(", "kursi OR", "kursi\"", "(", "'; drop table produk; --", "%", "\\"]) {
      const result = await callLoader<ProdukData>(produkRoute, `/produk?q=${encodeURIComponent(q)}`);
      expect(result.status, q).toBe(200);
    }
    const long = await halaman(`/produk?q=${"kursi ".repeat(100)}`);
    expect(long.q.length).toBeLessThanOrEqual(100);
    expect(long.q.startsWith("kursi kursi")).toBe(true);
    expect(long.total).toBeGreaterThan(0);
    // Only spaces: the plain list.
    expect(await halaman("/produk?q=%20%20")).toMatchObject({ q: "", total: (await halaman("/produk")).total });
  });

  it("never shows drafts, and follows a change of the data at once", async () => {
    addProduk("Lemari Arsip Kantor Baja", null);
    expect((await halaman("/produk?q=arsip")).produk.map((p) => p.nama_produk)).toEqual(["Lemari Arsip Kantor Baja"]);
    sqlite().prepare("update produk set status = 'Draf' where nama_produk = 'Lemari Arsip Kantor Baja'").run();
    expect((await halaman("/produk?q=arsip")).total).toBe(0);
    sqlite().prepare("update produk set status = 'Tayang', nama_produk = 'Lemari Dokumen Kantor Baja' where nama_produk = 'Lemari Arsip Kantor Baja'").run();
    expect((await halaman("/produk?q=arsip")).total).toBe(0);
    expect((await halaman("/produk?q=dokumen")).produk.map((p) => p.nama_produk)).toEqual(["Lemari Dokumen Kantor Baja"]);
  });

  it("the compact category filter and a renamed category's address keep the search", async () => {
    const kursiTamu = kategoriBernama("Kursi Tamu");
    const pilih = await callLoader(produkRoute, `/produk?kategori=${kursiTamu.seo}&q=jati`);
    expect(pilih.status).toBe(302);
    expect(pilih.location).toBe(`/produk/${kursiTamu.seo}?q=jati`);
    const semua = await callLoader(produkRoute, "/produk?kategori=&q=jati");
    expect(semua.location).toBe("/produk?q=jati");

    sqlite().prepare("update kategori set kategori = 'Kursi Tamu Baru', seo = 'kursi-tamu-baru' where id = ?").run(kursiTamu.id);
    sqlite().prepare("insert into slug_redirect (jenis, slug_lama, target_id) values ('kategori', ?, ?)").run(kursiTamu.seo, kursiTamu.id);
    const moved = await callLoader(produkRoute, `/produk/${kursiTamu.seo}?q=jati&halaman=2`, { seo: kursiTamu.seo });
    expect(moved.status).toBe(301);
    expect(moved.location).toBe("/produk/kursi-tamu-baru?q=jati&halaman=2");
    // The renamed category's products are found by its new name (its own word: "baru").
    expect((await halaman("/produk?q=baru")).total).toBe(t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, kursiTamu.id)).all().length);
  });

  it("says 'Hasil pencarian' and noindex in its meta; the canonical stays the list's address", async () => {
    const kursiTamu = kategoriBernama("Kursi Tamu");
    const tags = metaOf(await halaman("/produk?q=kursi"));
    expect(tags.find((tag) => "title" in tag)?.title).toMatch(/^Hasil pencarian “kursi” - /);
    expect(tags).toContainEqual({ name: "robots", content: "noindex, follow" });
    expect(tags.find((tag) => tag.rel === "canonical")?.href).toBe("http://localhost/produk");
    const inKategori = metaOf(await halaman(`/produk/${kursiTamu.seo}?q=kursi`, { seo: kursiTamu.seo }), { seo: kursiTamu.seo });
    expect(inKategori.find((tag) => "title" in tag)?.title).toMatch(/^Hasil pencarian “kursi” di kategori Kursi Tamu - /);
    expect(inKategori.find((tag) => tag.rel === "canonical")?.href).toBe(`http://localhost/produk/${kursiTamu.seo}`);
    // The list itself stays indexable.
    const list = metaOf(await halaman("/produk"));
    expect(list.some((tag) => tag.name === "robots")).toBe(false);
    expect(list.find((tag) => "title" in tag)?.title).toMatch(/^Produk - /);
  });
});

describe("GET /api/produk?q=", () => {
  it("answers the same search as the page, one page of it (size 10 unless asked)", async () => {
    const page = await halaman("/produk?q=jati&halaman=20");
    expect(page.produk).toHaveLength(page.total);
    const res = await api(apiProduk, "/api/produk?q=jati");
    expect(res.status).toBe(200);
    expect(res.body.meta).toEqual({ total: page.total, page: 1, size: 10 });
    expect(res.body.data.total).toBe(page.total);
    expect(res.body.data.produk.map((p: Json) => p.id)).toEqual(page.produk.slice(0, 10).map((p) => p.id));
    for (const p of res.body.data.produk) expect(Object.keys(p).sort()).toEqual(["gambar", "harga", "id", "kategori", "nama_produk", "nama_seo"]);
    const second = await api(apiProduk, "/api/produk?q=jati&page=2&size=10");
    expect(second.body.data.produk.map((p: Json) => p.id)).toEqual(page.produk.slice(10, 20).map((p) => p.id));
    const typo = await api(apiProduk, "/api/produk?q=jatti&size=100");
    expect(typo.body.data.produk.map((p: Json) => p.id)).toEqual(page.produk.map((p) => p.id));
  });

  it("within a category, and never an error for hostile text", async () => {
    const kursiTamu = kategoriBernama("Kursi Tamu");
    const res = await api(apiProduk, `/api/produk/${kursiTamu.seo}?q=jati&size=100`, { params: { seo: kursiTamu.seo } });
    expect(res.status).toBe(200);
    expect(res.body.data.aktif).toMatchObject({ id: kursiTamu.id });
    expect(res.body.data.produk.length).toBeGreaterThan(0);
    for (const p of res.body.data.produk) expect(p.kategori).toBe("Kursi Tamu");
    for (const q of ['"', "NEAR(", "kursi OR", "*", "x".repeat(500)]) {
      const odd = await api(apiProduk, `/api/produk?q=${encodeURIComponent(q)}`);
      expect(odd.status, q).toBe(200);
    }
    const none = await api(apiProduk, "/api/produk?q=qwertyuiop");
    expect(none.body.meta).toEqual({ total: 0, page: 1, size: 10 });
    expect(none.body.data.produk).toEqual([]);
  });

  it("without q answers exactly as before (every product, newest first, the same bytes)", async () => {
    const res = await api(apiProduk, "/api/produk");
    const every = { q: "", page: 1, size: Number.MAX_SAFE_INTEGER };
    const rows = listProdukCardsPage(t.db, every);
    const expected = {
      data: { kategori: listKategori(t.db), produk: rows.rows, aktif: null, total: rows.total },
      meta: { total: rows.total, page: 1, size: Number.MAX_SAFE_INTEGER },
    };
    expect(res.text).toBe(JSON.stringify(expected));
    const paged = await api(apiProduk, "/api/produk?page=2&size=10");
    const second = listProdukCardsPage(t.db, { q: "", page: 2, size: 10 });
    expect(paged.body.data.produk).toEqual(JSON.parse(JSON.stringify(second.rows)));
  });
});

describe("the suggestions /cari/saran?q=", () => {
  async function saran(q: string) {
    const response = (await saranRoute.loader({ request: new Request(`http://localhost/cari/saran?q=${encodeURIComponent(q)}`) } as never)) as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return (await response.json()) as { q: string; saran: { nama_produk: string; nama_seo: string; kategori: string | null }[] };
  }

  it("answer up to 8 products (name, slug, category) from 2 characters on", async () => {
    expect(await saran("k")).toEqual({ q: "k", saran: [] });
    const ku = await saran("ku");
    expect(ku.saran.length).toBeGreaterThan(0);
    expect(ku.saran.length).toBeLessThanOrEqual(8);
    expect(ku.saran[0]).toEqual({ nama_produk: expect.any(String), nama_seo: expect.any(String), kategori: expect.any(String) });
    const kursi = await saran("kursi tamu jati");
    expect(kursi.saran[0]).toMatchObject({ nama_produk: "Kursi Tamu Jati Minimalis Ukir", kategori: "Kursi Tamu" });
    expect((await saran("  krusi  tamu ")).q).toBe("krusi tamu");
    expect((await saran("krusi tamu")).saran.map((s) => s.nama_produk)).toContain("Kursi Tamu Jati Minimalis Ukir");
    for (const q of ['"', "NEAR(", "*", "kursi OR"]) expect((await saran(q)).saran, q).toEqual(expect.any(Array));
    expect((await saran("x".repeat(400))).q).toHaveLength(100);
  });
});
