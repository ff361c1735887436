/**
 * The public loaders on a copy of the seeded demo shop: what each page gets to render, the
 * 404s for unknown slugs and the 301s for renamed ones.
 */
import fs from "node:fs";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as detailRoute from "~/routes/public/detail-produk.$seo";
import * as homeRoute from "~/routes/public/home";
import * as kerjaSamaRoute from "~/routes/public/kerja-sama";
import * as kontakKamiRoute from "~/routes/public/kontak-kami";
import * as layoutRoute from "~/routes/public/layout";
import * as produkRoute from "~/routes/public/produk";
import * as tentangKamiRoute from "~/routes/public/tentang-kami";
import { PRODUK_PER_HALAMAN } from "~/domain/katalog/katalog.server";
import { callLoader } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addProduk } from "../setup/data";

type Card = { id: number; nama_produk: string; nama_seo: string; harga: string; kategori: string | null; gambar: string | null };
type Kategori = { id: number; kategori: string; seo: string };
type Gudang = { id: number; kantor_cabang: string; kontak: string };
type ProdukData = { kategori: Kategori[]; produk: Card[]; aktif: Kategori | null; total: number; adaLagi: boolean };
type DetailData = {
  produk: { id: number; nama_produk: string; nama_seo: string; harga: string; deskripsi: string };
  gambar: { id: number; gambar: string }[];
  gudang: Gudang[];
  produklain: Card[];
};

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

/** An /uploads/… URL must name a file that exists in the test's uploads folder. */
function expectUploadExists(url: string | null | undefined) {
  expect(url).toMatch(/^\/uploads\/[^/]/);
  const relative = decodeURIComponent(String(url).replace(/^\/uploads\//, ""));
  expect(fs.existsSync(path.join(t.uploadsDir, relative)), `${url} exists`).toBe(true);
}

function firstKategoriWithProduk(): { kategori: typeof schema.kategori.$inferSelect; jumlah: number } {
  const rows = t.db.select().from(schema.kategori).all();
  for (const kategori of rows) {
    const jumlah = t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, kategori.id)).all().length;
    if (jumlah > 0) return { kategori, jumlah };
  }
  throw new Error("The demo seed has no category with products");
}

function newestProduk() {
  const row = t.db.select().from(schema.produk).orderBy(desc(schema.produk.id)).get();
  if (!row) throw new Error("The demo seed has no products");
  return row;
}


describe("layout loader", () => {
  it("returns the store setting and the branch offices", async () => {
    const result = await callLoader<{
      setting: { nama_toko: string; kota: string; alamat: string; email: string; whatsapp: string };
      kantorcabang: Gudang[];
    }>(layoutRoute, "/");
    expect(result.status).toBe(200);
    const { setting, kantorcabang } = result.data;
    expect(setting.nama_toko).not.toBe("");
    expect(setting.kota).not.toBe("");
    expect(setting.alamat).not.toBe("");
    expect(setting.whatsapp).toMatch(/\d{9,}/);
    expect(kantorcabang.length).toBeGreaterThanOrEqual(3);
    for (const cabang of kantorcabang) {
      expect(cabang.kantor_cabang).not.toBe("");
      expect(cabang.kontak).toMatch(/\d{9,}/);
    }
  });

  it("carries only the footer's 8 branches and the total, however many branches there are", async () => {
    for (let i = 0; i < 20; i++) {
      t.db.insert(schema.kantorCabang).values({ kantor_cabang: `Cabang Uji ${i}`, kontak: "081234567890", alamat: "Jl. Uji" }).run();
    }
    const total = t.db.select().from(schema.kantorCabang).all().length;
    const result = await callLoader<{ kantorcabang: Gudang[]; jumlahCabang: number }>(layoutRoute, "/");
    expect(result.data.kantorcabang).toHaveLength(8);
    expect(result.data.jumlahCabang).toBe(total);
  });
});

describe("home loader", () => {
  it("returns banners, categories, chosen products and reviews", async () => {
    const result = await callLoader<{
      banner: { id: number; image: string }[];
      kategori: (Kategori & { gambar: string | null })[];
      produk: Card[];
      ulasan: { id: number; ulasan: string; oleh: string }[];
    }>(homeRoute, "/");
    expect(result.status).toBe(200);
    const { banner, kategori, produk, ulasan } = result.data;
    expect(banner.length).toBeGreaterThanOrEqual(2);
    for (const b of banner) expectUploadExists(b.image);
    expect(kategori.length).toBeGreaterThanOrEqual(5);
    for (const k of kategori) expect(k.seo).toMatch(/^[a-z0-9-]+$/);
    expect(produk.length).toBeGreaterThan(0);
    expect(produk.length).toBeLessThanOrEqual(8);
    for (const p of produk) {
      expect(p.nama_produk).not.toBe("");
      expect(p.harga).not.toBe("");
      expectUploadExists(p.gambar);
    }
    expect(ulasan.length).toBeGreaterThan(0);
    for (const u of ulasan) {
      expect(u.ulasan).not.toBe("");
      expect(u.oleh).not.toBe("");
    }
  });
});

describe("produk loader", () => {
  it("lists every category and the newest products first", async () => {
    const result = await callLoader<ProdukData>(produkRoute, "/produk");
    expect(result.status).toBe(200);
    const { kategori, produk, aktif, total } = result.data;
    expect(aktif).toBeNull();
    expect(kategori.length).toBe(t.db.select().from(schema.kategori).all().length);
    expect(total).toBe(t.db.select().from(schema.produk).all().length);
    expect(produk[0]?.id).toBe(newestProduk().id);
    const ids = produk.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("pages with 'Muat lebih banyak': ?halaman=2 shows more, the last page says there is no more", async () => {
    addProduk(t.db, PRODUK_PER_HALAMAN * 2, null);
    const total = t.db.select().from(schema.produk).all().length;
    expect(total).toBeGreaterThan(PRODUK_PER_HALAMAN * 2);

    const first = await callLoader<ProdukData>(produkRoute, "/produk");
    expect(first.data.produk).toHaveLength(PRODUK_PER_HALAMAN);
    expect(first.data.adaLagi).toBe(true);

    const second = await callLoader<ProdukData>(produkRoute, "/produk?halaman=2");
    expect(second.status).toBe(200);
    expect(second.data.produk).toHaveLength(PRODUK_PER_HALAMAN * 2);
    expect(second.data.produk.slice(0, PRODUK_PER_HALAMAN)).toEqual(first.data.produk);
    expect(second.data.adaLagi).toBe(true);

    const pages = Math.ceil(total / PRODUK_PER_HALAMAN);
    const last = await callLoader<ProdukData>(produkRoute, `/produk?halaman=${pages}`);
    expect(last.data.produk).toHaveLength(total);
    expect(last.data.adaLagi).toBe(false);
  });

  it("treats a nonsense ?halaman as the first page", async () => {
    addProduk(t.db, PRODUK_PER_HALAMAN + 1, null);
    for (const halaman of ["abc", "-3", "0"]) {
      const result = await callLoader<ProdukData>(produkRoute, `/produk?halaman=${halaman}`);
      expect(result.status).toBe(200);
      expect(result.data.produk).toHaveLength(PRODUK_PER_HALAMAN);
    }
  });

  it("filters by a category slug", async () => {
    const { kategori, jumlah } = firstKategoriWithProduk();
    const result = await callLoader<ProdukData>(produkRoute, `/produk/${kategori.seo}`, { seo: kategori.seo });
    expect(result.status).toBe(200);
    expect(result.data.aktif).toMatchObject({ id: kategori.id, seo: kategori.seo, kategori: kategori.kategori });
    expect(result.data.total).toBe(jumlah);
    expect(result.data.produk.length).toBe(Math.min(jumlah, PRODUK_PER_HALAMAN));
    for (const p of result.data.produk) expect(p.kategori).toBe(kategori.kategori);
    // The category buttons still list every category.
    expect(result.data.kategori.length).toBe(t.db.select().from(schema.kategori).all().length);
  });

  it("pages inside a category", async () => {
    const { kategori, jumlah } = firstKategoriWithProduk();
    addProduk(t.db, PRODUK_PER_HALAMAN + 5, kategori.id);
    const first = await callLoader<ProdukData>(produkRoute, `/produk/${kategori.seo}`, { seo: kategori.seo });
    expect(first.data.produk).toHaveLength(PRODUK_PER_HALAMAN);
    expect(first.data.adaLagi).toBe(true);
    const second = await callLoader<ProdukData>(produkRoute, `/produk/${kategori.seo}?halaman=2`, { seo: kategori.seo });
    expect(second.data.produk).toHaveLength(jumlah + PRODUK_PER_HALAMAN + 5);
    expect(second.data.adaLagi).toBe(false);
  });

  it("answers 404 for an unknown category slug", async () => {
    const result = await callLoader(produkRoute, "/produk/tidak-ada-kategori-ini", { seo: "tidak-ada-kategori-ini" });
    expect(result.status).toBe(404);
  });

  it("answers 301 to the new slug for a renamed category", async () => {
    const { kategori } = firstKategoriWithProduk();
    t.db.insert(schema.slugRedirect).values({ jenis: "kategori", slug_lama: "nama-lama-kategori", target_id: kategori.id }).run();
    const result = await callLoader(produkRoute, "/produk/nama-lama-kategori", { seo: "nama-lama-kategori" });
    expect(result.status).toBe(301);
    expect(new URL(result.location ?? "", "http://localhost").pathname).toBe(`/produk/${kategori.seo}`);
  });

  it("does not follow a product redirect row for a category path", async () => {
    const produk = newestProduk();
    t.db.insert(schema.slugRedirect).values({ jenis: "produk", slug_lama: "hanya-produk", target_id: produk.id }).run();
    const result = await callLoader(produkRoute, "/produk/hanya-produk", { seo: "hanya-produk" });
    expect(result.status).toBe(404);
  });
});

describe("detail produk loader", () => {
  it("returns the product, its images, its warehouses and other products without itself", async () => {
    const produk = newestProduk();
    const result = await callLoader<DetailData>(detailRoute, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo });
    expect(result.status).toBe(200);
    const data = result.data;
    expect(data.produk).toMatchObject({
      id: produk.id,
      nama_produk: produk.nama_produk,
      nama_seo: produk.nama_seo,
      harga: produk.harga,
    });
    expect(data.produk.deskripsi).not.toBe("");

    const images = t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, produk.id)).all();
    expect(images.length).toBeGreaterThan(0);
    expect(data.gambar).toHaveLength(images.length);
    for (const g of data.gambar) expectUploadExists(g.gambar);

    const gudangIds = t.db
      .select()
      .from(schema.produkGudang)
      .where(eq(schema.produkGudang.id_produk, produk.id))
      .all()
      .map((row) => row.id_kantor_cabang)
      .sort((a, b) => a - b);
    expect(gudangIds.length).toBeGreaterThan(0);
    expect(data.gudang.map((g) => g.id)).toEqual(gudangIds);
    for (const g of data.gudang) {
      expect(g.kantor_cabang).not.toBe("");
      expect(g.kontak).not.toBe("");
    }

    expect(data.produklain.length).toBeGreaterThan(0);
    expect(data.produklain.map((p) => p.id)).not.toContain(produk.id);
  });

  it("puts products of the same category first in 'Produk Lainnya'", async () => {
    const { kategori, jumlah } = firstKategoriWithProduk();
    const produk = t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, kategori.id)).get();
    if (!produk) throw new Error("unreachable");
    const result = await callLoader<DetailData>(detailRoute, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo });
    const sameCategory = Math.min(jumlah - 1, result.data.produklain.length);
    for (const p of result.data.produklain.slice(0, sameCategory)) expect(p.kategori).toBe(kategori.kategori);
  });

  it("answers 404 for an unknown product slug", async () => {
    const result = await callLoader(detailRoute, "/detail-produk/tidak-ada-produk-ini", { seo: "tidak-ada-produk-ini" });
    expect(result.status).toBe(404);
  });

  it("answers 301 to the new slug for a renamed product", async () => {
    const produk = newestProduk();
    t.db.insert(schema.slugRedirect).values({ jenis: "produk", slug_lama: "nama-lama-produk", target_id: produk.id }).run();
    const result = await callLoader(detailRoute, "/detail-produk/nama-lama-produk", { seo: "nama-lama-produk" });
    expect(result.status).toBe(301);
    expect(new URL(result.location ?? "", "http://localhost").pathname).toBe(`/detail-produk/${produk.nama_seo}`);
  });
});

describe("tentang kami, kerja sama, kontak kami loaders", () => {
  it("tentang-kami returns the about text and the gallery", async () => {
    const result = await callLoader<{
      profil: { keterangan: string; foto: string | null };
      galeri: { id: number; gambar: string }[];
    }>(tentangKamiRoute, "/tentang-kami");
    expect(result.status).toBe(200);
    expect(result.data.profil.keterangan).toMatch(/<p[ >]/);
    expect(result.data.profil.keterangan).not.toMatch(/<script/i);
    expect(result.data.galeri.length).toBeGreaterThanOrEqual(3);
    for (const g of result.data.galeri) expectUploadExists(g.gambar);
  });

  it("kerja-sama returns the cooperation text", async () => {
    const result = await callLoader<{ profil: { keterangan: string; foto: string | null } }>(kerjaSamaRoute, "/kerja-sama");
    expect(result.status).toBe(200);
    expect(result.data.profil.keterangan).toMatch(/<p[ >]/);
  });

  it("kontak-kami returns the head-office contact and the branches", async () => {
    const result = await callLoader<{
      profil: { maps: string; alamat: string; email: string; whatsapp: string };
      gudang: Gudang[];
    }>(kontakKamiRoute, "/kontak-kami");
    expect(result.status).toBe(200);
    const setting = t.db.select().from(schema.setting).where(eq(schema.setting.id, 1)).get();
    expect(result.data.profil).toMatchObject({
      alamat: setting?.alamat,
      email: setting?.email,
      whatsapp: setting?.whatsapp,
    });
    expect(result.data.profil.maps).not.toBe("");
    expect(result.data.gudang.length).toBeGreaterThanOrEqual(3);
  });

  it("reflects an edit of the store setting on the next request", async () => {
    t.db.update(schema.setting).set({ email: "baru@contoh.id" }).where(eq(schema.setting.id, 1)).run();
    const result = await callLoader<{ profil: { email: string } }>(kontakKamiRoute, "/kontak-kami");
    expect(result.data.profil.email).toBe("baru@contoh.id");
  });
});
