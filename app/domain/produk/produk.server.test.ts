import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { jpegFile } from "../../../tests/setup/operator-helpers";
import { eachTestDb } from "../../../tests/setup/test-db";
import { produkImages } from "~/domain/images/collections.server";
import { bannerImages } from "~/domain/images/collections.server";
import { getHomeData, getProdukApiData, getProdukData, getProdukDetailData, getProdukPratinjauData } from "~/domain/katalog/katalog.server";
import { defaultImage, sitemapEntries } from "~/domain/katalog/seo.server";
import { createKategori, listKategoriCards, updateKategori } from "~/domain/kategori/kategori.server";
import {
  createProduk,
  deleteProduk,
  GUDANG_TIDAK_ADA,
  getProdukForm,
  KATEGORI_TIDAK_ADA,
  listProdukPage,
  updateProduk,
} from "./produk.server";
import { findProdukBySeo, listProdukCards, listProdukCardsPage, listProdukLain } from "./public.server";

const each = eachTestDb();

const firstId = (table: string) => (each.t.db.$client.prepare(`select id from ${table} order by id limit 1`).get() as { id: number }).id;
const input = (over: Partial<Parameters<typeof createProduk>[1]> = {}) => ({
  id_kategori: firstId("kategori"),
  nama_produk: "Meja Makan Trembesi",
  deskripsi: "Meja makan dari kayu trembesi utuh.",
  harga: "Rp. 7.500.000",
  gudang: [firstId("kantor_cabang")],
  ...over,
});

describe("saving a product", () => {
  it("stores it with its branches and a slug of its own, and tells the page cache", () => {
    const one = createProduk(each.t.db, input());
    const two = createProduk(each.t.db, input());
    if (!one.ok || !two.ok) throw new Error("not saved");
    expect(one.produk.gudang).toEqual([firstId("kantor_cabang")]);
    const slugs = [one.produk.id, two.produk.id].map((id) => (each.t.db.$client.prepare("select nama_seo from produk where id = ?").get(id) as { nama_seo: string }).nama_seo);
    expect(slugs[0]).toBe("meja-makan-trembesi");
    expect(slugs[1]).not.toBe(slugs[0]);
    expect(each.changes).toContain("produk");
  });

  it("refuses an unknown category or branch on its field, and stores nothing", () => {
    const before = listProdukPage(each.t.db, { q: "", page: 1, size: 10 }).total;
    expect(createProduk(each.t.db, input({ id_kategori: 999_999 }))).toMatchObject({ ok: false, status: 422, fieldErrors: { id_kategori: [KATEGORI_TIDAK_ADA] } });
    expect(createProduk(each.t.db, input({ gudang: [999_999] }))).toMatchObject({ ok: false, status: 422, fieldErrors: { gudang: [GUDANG_TIDAK_ADA] } });
    expect(listProdukPage(each.t.db, { q: "", page: 1, size: 10 }).total).toBe(before);
  });

  it("a rename keeps the old address working (it redirects to the new slug)", () => {
    const saved = createProduk(each.t.db, input());
    if (!saved.ok) throw new Error("not saved");
    expect(updateProduk(each.t.db, saved.produk.id, input({ nama_produk: "Meja Makan Jati Tua" }))).toMatchObject({ ok: true });
    expect(findProdukBySeo(each.t.db, "meja-makan-jati-tua")).toMatchObject({ found: { id: saved.produk.id } });
    expect(findProdukBySeo(each.t.db, "meja-makan-trembesi")).toEqual({ redirectTo: "meja-makan-jati-tua" });
    expect(updateProduk(each.t.db, 999_999, input())).toMatchObject({ ok: false, status: 404 });
  });
});

describe("the operator's product table", () => {
  it("lists newest first with each row's branches, paged, and searched by name", () => {
    const branches = (each.t.db.$client.prepare("select id, kantor_cabang from kantor_cabang order by id limit 2").all() as { id: number; kantor_cabang: string }[]);
    const a = createProduk(each.t.db, input({ nama_produk: "Kursi Zebrano Uji", gudang: [branches[1]!.id, branches[0]!.id] }));
    const b = createProduk(each.t.db, input({ nama_produk: "Lemari Uji", gudang: [] }));
    if (!a.ok || !b.ok) throw new Error("not saved");
    const first = listProdukPage(each.t.db, { q: "", page: 1, size: 2 });
    expect(first.rows.map((r) => r.id)).toEqual([b.produk.id, a.produk.id]);
    expect(first.rows[0]!.gudang).toEqual([]);
    expect(first.rows[1]!.gudang).toEqual(branches.map((br) => br.kantor_cabang));
    const total = first.total;
    const second = listProdukPage(each.t.db, { q: "", page: 2, size: 2 });
    expect(second.offset).toBe(2);
    expect(second.rows.map((r) => r.id)).not.toContain(a.produk.id);
    expect(second.total).toBe(total);
    const found = listProdukPage(each.t.db, { q: "zebrano", page: 1, size: 10 });
    expect(found.rows.map((r) => r.nama_produk)).toEqual(["Kursi Zebrano Uji"]);
    expect(found.total).toBe(1);
  });
});

describe("deleting a product", () => {
  it("takes its images and their files with it", async () => {
    const saved = createProduk(each.t.db, input());
    if (!saved.ok) throw new Error("not saved");
    const image = await produkImages.add(each.t.db, await jpegFile(), saved.produk.id);
    const file = path.join(each.t.uploadsDir, image!.src.replace(/^\/uploads\//, ""));
    expect(fs.existsSync(file)).toBe(true);
    expect(await deleteProduk(each.t.db, saved.produk.id)).toEqual({ ok: true });
    expect(getProdukForm(each.t.db, saved.produk.id)).toBeNull();
    expect(produkImages.get(each.t.db, image!.id)).toBeNull();
    expect(fs.existsSync(file)).toBe(false);
    expect(await deleteProduk(each.t.db, saved.produk.id)).toMatchObject({ ok: false, status: 404 });
  });

  it("an image of another product is unknown to it", async () => {
    const [withImages, other] = each.t.db.$client
      .prepare("select p.id from produk p where exists (select 1 from gambar_produk g where g.id_produk = p.id) order by p.id limit 1")
      .all()
      .concat(each.t.db.$client.prepare("select id from produk order by id desc limit 1").all()) as { id: number }[];
    const [image] = produkImages.list(each.t.db, withImages!.id);
    expect(image).toBeDefined();
    expect(produkImages.get(each.t.db, image!.id, other!.id)).toBeNull();
    expect(await produkImages.replace(each.t.db, image!.id, await jpegFile(), other!.id)).toBeNull();
    expect(await produkImages.remove(each.t.db, image!.id, other!.id)).toBe(false);
    expect(produkImages.get(each.t.db, image!.id, withImages!.id)).toMatchObject({ id: image!.id, src: image!.src });
  });
});

describe("other products on the detail page", () => {
  it("a product without a category gets the newest of the rest (no SQL error)", () => {
    const lone = createProduk(each.t.db, input({ id_kategori: null, nama_produk: "Kursi Tanpa Kategori" }));
    if (!lone.ok) throw new Error("not saved");
    const others = listProdukLain(each.t.db, { id: lone.produk.id, id_kategori: null });
    expect(others.length).toBe(8);
    expect(others.map((p) => p.id)).not.toContain(lone.produk.id);
    const ids = others.map((p) => p.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it("with a category: that category's products first", () => {
    const kategori = firstId("kategori");
    const mine = createProduk(each.t.db, input({ id_kategori: kategori }));
    if (!mine.ok) throw new Error("not saved");
    const others = listProdukLain(each.t.db, { id: mine.produk.id, id_kategori: kategori });
    const same = each.t.db.$client.prepare("select count(*) as n from produk where id_kategori = ? and id <> ?").get(kategori, mine.produk.id) as { n: number };
    const firstOthers = others.slice(0, Math.min(same.n, 8)).map((p) => p.id);
    const inCategory = firstOthers.map((id) => (each.t.db.$client.prepare("select id_kategori from produk where id = ?").get(id) as { id_kategori: number }).id_kategori);
    expect(inCategory.every((k) => k === kategori)).toBe(true);
  });
});

describe("drafts", () => {
  it("a new product is 'Tayang' unless the form says 'Draf'; an edit without a status keeps it", () => {
    const tayang = createProduk(each.t.db, input());
    const draf = createProduk(each.t.db, input({ status: "Draf" }));
    if (!tayang.ok || !draf.ok) throw new Error("not saved");
    expect(tayang.produk.status).toBe("Tayang");
    expect(draf.produk.status).toBe("Draf");
    expect(updateProduk(each.t.db, draf.produk.id, input({ nama_produk: "Meja Baru" }))).toMatchObject({ ok: true, produk: { status: "Draf" } });
    expect(updateProduk(each.t.db, draf.produk.id, input({ status: "Tayang" }))).toMatchObject({ ok: true, produk: { status: "Tayang" } });
  });

  /** Every public function's output, as the ids and slugs it names. */
  function publicOutput(slug: string, idKategori: number) {
    const db = each.t.db;
    const state = { q: "", page: 1, size: 100_000 };
    const home = getHomeData(db);
    const list = getProdukData(db, { halaman: 20 });
    const seoKategori = (db.$client.prepare("select seo from kategori where id = ?").get(idKategori) as { seo: string }).seo;
    const inKategori = getProdukData(db, { seo: seoKategori, halaman: 20 });
    const api = getProdukApiData(db, { state });
    const lain = listProdukLain(db, { id: 0, id_kategori: idKategori }, 1000);
    return {
      ids: [
        ...home.produk,
        ...(list && !("redirectTo" in list) ? list.produk : []),
        ...(inKategori && !("redirectTo" in inKategori) ? inKategori.produk : []),
        ...(api && !("redirectTo" in api) ? api.data.produk : []),
        ...listProdukCards(db, { limit: 100_000 }).items,
        ...listProdukCards(db, { idKategori, limit: 100_000 }).items,
        ...listProdukCardsPage(db, state).rows,
        ...lain,
      ].map((p) => p.id),
      detail: getProdukDetailData(db, slug),
      found: findProdukBySeo(db, slug),
      sitemap: sitemapEntries(db).map((e) => e.path),
    };
  }

  it("a draft product appears in no public function's output, under its slug or an old one", () => {
    const kategori = firstId("kategori");
    const saved = createProduk(each.t.db, input({ id_kategori: kategori, nama_produk: "Meja Draf Uji", status: "Draf" }));
    if (!saved.ok) throw new Error("not saved");
    const out = publicOutput("meja-draf-uji", kategori);
    expect(out.ids).not.toContain(saved.produk.id);
    expect(out.detail).toBeNull();
    expect(out.found).toBeNull();
    expect(out.sitemap).not.toContain("/detail-produk/meja-draf-uji");
    // Renamed while a draft: the old slug does not lead to it either.
    updateProduk(each.t.db, saved.produk.id, input({ id_kategori: kategori, nama_produk: "Meja Draf Lain" }));
    expect(findProdukBySeo(each.t.db, "meja-draf-uji")).toBeNull();
    expect(getProdukDetailData(each.t.db, "meja-draf-uji")).toBeNull();
    // Published: everywhere, and the old slug redirects.
    updateProduk(each.t.db, saved.produk.id, input({ id_kategori: kategori, nama_produk: "Meja Draf Lain", status: "Tayang" }));
    const shown = publicOutput("meja-draf-lain", kategori);
    expect(shown.ids).toContain(saved.produk.id);
    expect(shown.found).toMatchObject({ found: { id: saved.produk.id } });
    expect(shown.sitemap).toContain("/detail-produk/meja-draf-lain");
    expect(findProdukBySeo(each.t.db, "meja-draf-uji")).toEqual({ redirectTo: "meja-draf-lain" });
  });

  it("a product of a draft category is hidden the same way; the category leaves the sitemap and the cards", () => {
    const kategori = createKategori(each.t.db, { kategori: "Rak Draf Uji" });
    const saved = createProduk(each.t.db, input({ id_kategori: kategori.id, nama_produk: "Rak Buku Uji" }));
    if (!saved.ok) throw new Error("not saved");
    expect(publicOutput("rak-buku-uji", kategori.id).ids).toContain(saved.produk.id);
    updateKategori(each.t.db, kategori.id, { kategori: "Rak Draf Uji", status: "Draf" });
    const out = publicOutput("rak-buku-uji", kategori.id);
    expect(out.ids).not.toContain(saved.produk.id);
    expect(out.found).toBeNull();
    expect(out.sitemap).not.toContain("/detail-produk/rak-buku-uji");
    expect(out.sitemap).not.toContain("/produk/rak-draf-uji");
    expect(getProdukData(each.t.db, { seo: "rak-draf-uji" })).toBeNull();
    expect(getProdukApiData(each.t.db, { seo: "rak-draf-uji", state: { q: "", page: 1, size: 10 } })).toBeNull();
    expect(listKategoriCards(each.t.db, 100).map((k) => k.id)).not.toContain(kategori.id);
  });

  it("the public count (all minus the hidden, without a join per row) is the count of what the lists show", () => {
    const sqlite = each.t.db.$client;
    const shown = () => listProdukCardsPage(each.t.db, { q: "", page: 1, size: 100_000 }).rows.length;
    expect(listProdukCards(each.t.db, { limit: 1 }).total).toBe(shown());
    sqlite.prepare("update produk set status = 'Draf' where id % 3 = 0").run();
    const draftCategory = (sqlite.prepare("select id_kategori as id from produk where id_kategori is not null and status = 'Tayang' limit 1").get() as { id: number }).id;
    sqlite.prepare("update kategori set status = 'Draf' where id = ?").run(draftCategory);
    const total = listProdukCards(each.t.db, { limit: 1 }).total;
    expect(total).toBe(shown());
    expect(listProdukCardsPage(each.t.db, { q: "", page: 1, size: 10 }).total).toBe(total);
    const all = (sqlite.prepare("select count(*) as n from produk").get() as { n: number }).n;
    expect(total).toBeLessThan(all - Math.floor(all / 3));
  });

  it("the preview shows any product by id and says whether, and why not, the public sees it", () => {
    const kategori = createKategori(each.t.db, { kategori: "Pratinjau Uji" });
    const saved = createProduk(each.t.db, input({ id_kategori: kategori.id, nama_produk: "Kursi Pratinjau", status: "Draf" }));
    if (!saved.ok) throw new Error("not saved");
    expect(getProdukPratinjauData(each.t.db, saved.produk.id)).toMatchObject({
      produk: { id: saved.produk.id, nama_produk: "Kursi Pratinjau", kategori: "Pratinjau Uji" },
      tampil: { status: "Draf", kategori_status: "Tayang", tayang: false },
    });
    updateProduk(each.t.db, saved.produk.id, input({ id_kategori: kategori.id, nama_produk: "Kursi Pratinjau", status: "Tayang" }));
    updateKategori(each.t.db, kategori.id, { kategori: "Pratinjau Uji", status: "Draf" });
    expect(getProdukPratinjauData(each.t.db, saved.produk.id)?.tampil).toEqual({ status: "Tayang", kategori_status: "Draf", tayang: false });
    updateKategori(each.t.db, kategori.id, { kategori: "Pratinjau Uji", status: "Tayang" });
    expect(getProdukPratinjauData(each.t.db, saved.produk.id)?.tampil.tayang).toBe(true);
    expect(getProdukPratinjauData(each.t.db, 999_999)).toBeNull();
  });

  it("the default link-preview image is never a draft banner's nor a hidden product's", async () => {
    for (const banner of bannerImages.list(each.t.db)) await bannerImages.replace(each.t.db, banner.id, null, undefined, { status: "Draf" });
    const fallback = defaultImage(each.t.db);
    expect(bannerImages.list(each.t.db).map((b) => b.src)).not.toContain(fallback);
    const added = (await bannerImages.add(each.t.db, await jpegFile()))!;
    expect(defaultImage(each.t.db)).toBe(added.src);
    await bannerImages.replace(each.t.db, added.id, null, undefined, { status: "Draf" });
    // The oldest published product's cover; with that product a draft, another one's.
    const oldest = each.t.db.$client.prepare("select min(id) as id from produk").get() as { id: number };
    const cover = listGambarProdukOf(oldest.id)[0];
    expect(defaultImage(each.t.db)).toBe(cover);
    each.t.db.$client.prepare("update produk set status = 'Draf' where id = ?").run(oldest.id);
    expect(defaultImage(each.t.db)).not.toBe(cover);
    expect(defaultImage(each.t.db)).toMatch(/^\/uploads\/produk\//);
  });
});

function listGambarProdukOf(idProduk: number): string[] {
  return produkImages.list(each.t.db, idProduk).map((g) => g.src);
}
