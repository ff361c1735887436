/**
 * For categories: a draft is invisible to every public function (and so are its
 * products), the back office sees it; the manual order ('Naik' / 'Turun') is what the public
 * lists follow, new categories go last.
 */
import { describe, expect, it } from "vitest";
import { eachTestDb } from "../../../tests/setup/test-db";
import { createProduk } from "~/domain/produk/produk.server";
import { findProdukBySeo, listProdukCards } from "~/domain/produk/public.server";
import {
  createKategori,
  findKategoriBySeo,
  getKategori,
  listKategori,
  listKategoriCards,
  listKategoriPage,
  listSemuaKategori,
  pindahKategori,
  updateKategori,
} from "./kategori.server";
import { kategoriSchema } from "./kategori.schema";

const each = eachTestDb();

const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe("a draft category", () => {
  it("is absent from every public list and its page is unknown, old slug included; the back office lists it", () => {
    const draf = createKategori(each.t.db, { kategori: "Kursi Rahasia", status: "Draf" });
    expect(draf).toMatchObject({ status: "Draf", seo: "kursi-rahasia" });
    expect(ids(listKategori(each.t.db))).not.toContain(draf.id);
    expect(ids(listKategoriCards(each.t.db, 100))).not.toContain(draf.id);
    expect(findKategoriBySeo(each.t.db, "kursi-rahasia")).toBeNull();
    // Renamed while a draft: neither the new slug nor the old one answers.
    updateKategori(each.t.db, draf.id, { kategori: "Kursi Rahasia Baru" });
    expect(findKategoriBySeo(each.t.db, "kursi-rahasia")).toBeNull();
    expect(findKategoriBySeo(each.t.db, "kursi-rahasia-baru")).toBeNull();
    // The back office sees it, with its status kept by an update that did not name one.
    expect(getKategori(each.t.db, draf.id)).toMatchObject({ status: "Draf", kategori: "Kursi Rahasia Baru" });
    expect(listSemuaKategori(each.t.db).find((k) => k.id === draf.id)).toMatchObject({ status: "Draf" });
    // Published again: back everywhere, and its old slug redirects.
    updateKategori(each.t.db, draf.id, { kategori: "Kursi Rahasia Baru", status: "Tayang" });
    expect(ids(listKategori(each.t.db))).toContain(draf.id);
    expect(findKategoriBySeo(each.t.db, "kursi-rahasia")).toEqual({ redirectTo: "kursi-rahasia-baru" });
  });

  it("hides its published products from the public, and from the category cards' counts and covers", () => {
    const kategori = createKategori(each.t.db, { kategori: "Meja Uji Draf" });
    const saved = createProduk(each.t.db, { id_kategori: kategori.id, nama_produk: "Meja Uji", deskripsi: "d", harga: "1", gudang: [] });
    if (!saved.ok) throw new Error("not saved");
    expect(listKategoriCards(each.t.db, 100).find((k) => k.id === kategori.id)).toMatchObject({ jumlah: 1 });
    expect(findProdukBySeo(each.t.db, saved.produk.nama_seo)).toMatchObject({ found: { id: saved.produk.id } });

    updateKategori(each.t.db, kategori.id, { kategori: "Meja Uji Draf", status: "Draf" });
    expect(findProdukBySeo(each.t.db, saved.produk.nama_seo)).toBeNull();
    expect(ids(listProdukCards(each.t.db, { limit: 1000 }).items)).not.toContain(saved.produk.id);
    expect(listProdukCards(each.t.db, { idKategori: kategori.id, limit: 10 })).toEqual({ items: [], total: 0 });
  });

  it("a category's card counts only its published products", () => {
    const kategori = createKategori(each.t.db, { kategori: "Lemari Hitung" });
    for (const status of ["Tayang", "Draf", "Tayang"] as const) {
      createProduk(each.t.db, { id_kategori: kategori.id, nama_produk: `Lemari ${status}`, deskripsi: "d", harga: "1", gudang: [], status });
    }
    expect(listKategoriCards(each.t.db, 100).find((k) => k.id === kategori.id)).toMatchObject({ jumlah: 2 });
  });
});

describe("the manual order", () => {
  it("a new category goes last; 'Naik' and 'Turun' swap it with its neighbour, the public lists follow", () => {
    const before = ids(listKategori(each.t.db));
    const baru = createKategori(each.t.db, { kategori: "Bangku Taman" });
    expect(ids(listKategori(each.t.db))).toEqual([...before, baru.id]);
    expect(ids(listKategoriCards(each.t.db, 100)).at(-1)).toBe(baru.id);

    expect(pindahKategori(each.t.db, baru.id, "naik")).toBe("pindah");
    const after = ids(listKategori(each.t.db));
    expect(after).toEqual([...before.slice(0, -1), baru.id, before.at(-1)!]);
    expect(ids(listKategoriCards(each.t.db, 100))).toEqual(after);
    expect(each.changes.filter((c) => c === "kategori")).toHaveLength(2);

    expect(pindahKategori(each.t.db, baru.id, "turun")).toBe("pindah");
    expect(ids(listKategori(each.t.db))).toEqual([...before, baru.id]);
  });

  it("the ends: the first cannot go up, the last cannot go down (nothing changes, nothing announced)", () => {
    const all = ids(listSemuaKategori(each.t.db));
    const changes = each.changes.length;
    expect(pindahKategori(each.t.db, all[0]!, "naik")).toBe("ujung");
    expect(pindahKategori(each.t.db, all.at(-1)!, "turun")).toBe("ujung");
    expect(pindahKategori(each.t.db, 999_999, "naik")).toBeNull();
    expect(ids(listSemuaKategori(each.t.db))).toEqual(all);
    expect(each.changes.length).toBe(changes);
  });

  it("drafts keep their place in the order; the public list skips them", () => {
    const a = createKategori(each.t.db, { kategori: "Urut A" });
    const b = createKategori(each.t.db, { kategori: "Urut B", status: "Draf" });
    const c = createKategori(each.t.db, { kategori: "Urut C" });
    expect(ids(listSemuaKategori(each.t.db)).slice(-3)).toEqual([a.id, b.id, c.id]);
    expect(ids(listKategori(each.t.db)).slice(-2)).toEqual([a.id, c.id]);
    pindahKategori(each.t.db, c.id, "naik");
    expect(ids(listSemuaKategori(each.t.db)).slice(-3)).toEqual([a.id, c.id, b.id]);
    expect(ids(listKategori(each.t.db)).slice(-2)).toEqual([a.id, c.id]);
    pindahKategori(each.t.db, c.id, "naik");
    expect(ids(listKategori(each.t.db)).slice(-2)).toEqual([c.id, a.id]);
  });

  it("ties (rows that came in with urutan 0) and gaps never make a move a no-op", () => {
    const sqlite = each.t.db.$client;
    sqlite.prepare("update kategori set urutan = 0").run();
    const byId = ids(listSemuaKategori(each.t.db));
    expect(byId).toEqual([...byId].sort((x, y) => x - y));
    expect(pindahKategori(each.t.db, byId[2]!, "naik")).toBe("pindah");
    expect(ids(listSemuaKategori(each.t.db)).slice(0, 3)).toEqual([byId[0], byId[2], byId[1]]);
    sqlite.prepare("update kategori set urutan = urutan * 10").run();
    expect(pindahKategori(each.t.db, byId[1]!, "naik")).toBe("pindah");
    expect(ids(listSemuaKategori(each.t.db)).slice(0, 3)).toEqual([byId[0], byId[1], byId[2]]);
  });

  it("the operator's table lists in the manual order and says which rows can move; 'draf' finds the drafts", () => {
    const draf = createKategori(each.t.db, { kategori: "Sofa Draf", status: "Draf" });
    const page = listKategoriPage(each.t.db, { q: "", page: 1, size: 100 });
    expect(ids(page.rows)).toEqual(ids(listSemuaKategori(each.t.db)));
    expect(page.rows[0]).toMatchObject({ naik: false, turun: true });
    expect(page.rows.at(-1)).toMatchObject({ id: draf.id, naik: true, turun: false, status: "Draf" });
    const found = listKategoriPage(each.t.db, { q: "draf", page: 1, size: 10 });
    expect(ids(found.rows)).toEqual([draf.id]);
  });
});

describe("the form's status", () => {
  it("is optional ('Tayang' for a new category) and refuses other values in Indonesian", () => {
    expect(kategoriSchema.parse({ kategori: "Kursi" })).toEqual({ kategori: "Kursi" });
    expect(createKategori(each.t.db, kategoriSchema.parse({ kategori: "Kursi Baru" }))).toMatchObject({ status: "Tayang" });
    const refused = kategoriSchema.safeParse({ kategori: "Kursi", status: "Arsip" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Status harus Tayang atau Draf.");
  });
});
