/**
 * For the image collections: banners are 'Tayang' or 'Draf' (only published ones on
 * the home page), banners and product images have a manual order (new ones last, 'Naik' /
 * 'Turun' swap with the neighbour, ends and deletes handled), the first product image is the
 * cover everywhere; the gallery keeps its order by id and has no move.
 */
import { describe, expect, it } from "vitest";
import { jpegFile } from "../../../tests/setup/operator-helpers";
import { eachTestDb } from "../../../tests/setup/test-db";
import { bannerImages, galeriImages, produkImages } from "~/domain/images/collections.server";
import { getHomeData } from "~/domain/katalog/katalog.server";
import { createProduk } from "~/domain/produk/produk.server";
import { findProdukBySeo, listGambarProduk, listProdukCards } from "~/domain/produk/public.server";
import { parseArah, pindahSchema } from "./urutan.server";

const each = eachTestDb();
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

describe("banners", () => {
  it("a new banner goes last, 'Tayang' unless added as 'Draf'; drafts stay off the home page", async () => {
    const before = ids(bannerImages.list(each.t.db));
    const tayang = (await bannerImages.add(each.t.db, await jpegFile()))!;
    const draf = (await bannerImages.add(each.t.db, await jpegFile(), null, { status: "Draf" }))!;
    expect(tayang.status).toBe("Tayang");
    expect(draf.status).toBe("Draf");
    expect(ids(bannerImages.list(each.t.db))).toEqual([...before, tayang.id, draf.id]);
    expect(ids(bannerImages.listTayang(each.t.db))).toEqual([...before, tayang.id]);
    expect(ids(getHomeData(each.t.db).banner)).toEqual([...before, tayang.id]);
  });

  it("an edit without a file changes only the status; without a status keeps it", async () => {
    const [first] = bannerImages.list(each.t.db);
    const changes = each.changes.length;
    expect(await bannerImages.replace(each.t.db, first!.id, null, undefined, { status: "Draf" })).toMatchObject({ id: first!.id, src: first!.src, status: "Draf" });
    expect(each.changes.length).toBe(changes + 1);
    expect(ids(getHomeData(each.t.db).banner)).not.toContain(first!.id);
    expect(await bannerImages.replace(each.t.db, first!.id, null)).toMatchObject({ status: "Draf" });
    expect(each.changes.length).toBe(changes + 1);
    const replaced = await bannerImages.replace(each.t.db, first!.id, await jpegFile(), undefined, { status: "Tayang" });
    expect(replaced).toMatchObject({ id: first!.id, status: "Tayang" });
    expect(replaced!.src).not.toBe(first!.src);
    expect(ids(getHomeData(each.t.db).banner)).toContain(first!.id);
  });

  it("'Naik' / 'Turun' swap with the neighbour; the ends do nothing; after a delete the neighbour is the next one still there", async () => {
    for (let i = 0; i < 3; i++) await bannerImages.add(each.t.db, await jpegFile());
    const order = ids(bannerImages.list(each.t.db));
    expect(order.length).toBeGreaterThanOrEqual(4);
    const [a, b, c] = order;
    expect(bannerImages.move(each.t.db, b!, "naik")).toBe("pindah");
    expect(ids(bannerImages.list(each.t.db)).slice(0, 3)).toEqual([b, a, c]);
    expect(ids(getHomeData(each.t.db).banner).slice(0, 3)).toEqual([b, a, c]);
    expect(bannerImages.move(each.t.db, b!, "naik")).toBe("ujung");
    expect(bannerImages.move(each.t.db, order.at(-1)!, "turun")).toBe("ujung");
    expect(bannerImages.move(each.t.db, 999_999, "turun")).toBeNull();

    // Delete the middle one: `a` (now second) going down lands after `c`, its new neighbour.
    const removed = order[3]!;
    expect(await bannerImages.remove(each.t.db, removed)).toBe(true);
    expect(bannerImages.move(each.t.db, a!, "turun")).toBe("pindah");
    expect(ids(bannerImages.list(each.t.db)).slice(0, 3)).toEqual([b, c, a]);
    expect(ids(bannerImages.list(each.t.db))).not.toContain(removed);
  });
});

describe("a product's images", () => {
  async function produkWithImages(n: number) {
    const saved = createProduk(each.t.db, { id_kategori: null, nama_produk: "Kursi Urut", deskripsi: "d", harga: "1", gudang: [] });
    if (!saved.ok) throw new Error("not saved");
    const images = [];
    for (let i = 0; i < n; i++) images.push((await produkImages.add(each.t.db, await jpegFile(), saved.produk.id))!);
    return { produk: saved.produk, images };
  }

  it("are listed in the manual order; the first is the cover on the card and the detail page", async () => {
    const { produk, images } = await produkWithImages(3);
    const [x, y, z] = images;
    expect(ids(listGambarProduk(each.t.db, produk.id))).toEqual([x!.id, y!.id, z!.id]);
    const cover = () => listProdukCards(each.t.db, { limit: 1000 }).items.find((p) => p.id === produk.id)!.gambar;
    expect(cover()).toBe(x!.src);

    expect(produkImages.move(each.t.db, z!.id, "naik", produk.id)).toBe("pindah");
    expect(produkImages.move(each.t.db, z!.id, "naik", produk.id)).toBe("pindah");
    expect(ids(listGambarProduk(each.t.db, produk.id))).toEqual([z!.id, x!.id, y!.id]);
    expect(cover()).toBe(z!.src);
    expect(findProdukBySeo(each.t.db, produk.nama_seo)).toMatchObject({ found: { gambar: z!.src } });
    expect(each.changes.filter((c) => c === "gambar-produk").length).toBe(3 + 2);
  });

  it("a move stays within the product: another product's image is unknown, other products keep their order", async () => {
    const one = await produkWithImages(2);
    const two = await produkWithImages(2);
    expect(produkImages.move(each.t.db, one.images[1]!.id, "naik", two.produk.id)).toBeNull();
    expect(produkImages.move(each.t.db, two.images[0]!.id, "naik", two.produk.id)).toBe("ujung");
    expect(produkImages.move(each.t.db, one.images[0]!.id, "turun", one.produk.id)).toBe("pindah");
    expect(ids(listGambarProduk(each.t.db, one.produk.id))).toEqual([one.images[1]!.id, one.images[0]!.id]);
    expect(ids(listGambarProduk(each.t.db, two.produk.id))).toEqual(ids(two.images));
  });

  it("a new image goes after the others, even after a move and a delete", async () => {
    const { produk, images } = await produkWithImages(3);
    produkImages.move(each.t.db, images[2]!.id, "naik", produk.id);
    await produkImages.remove(each.t.db, images[0]!.id, produk.id);
    const added = (await produkImages.add(each.t.db, await jpegFile(), produk.id))!;
    expect(ids(listGambarProduk(each.t.db, produk.id))).toEqual([images[2]!.id, images[1]!.id, added.id]);
  });
});

describe("the gallery", () => {
  it("keeps its order by id and has no manual order", async () => {
    const list = ids(galeriImages.list(each.t.db));
    expect(list).toEqual([...list].sort((a, b) => a - b));
    expect(galeriImages.move(each.t.db, list[1]!, "naik")).toBeNull();
    expect(ids(galeriImages.list(each.t.db))).toEqual(list);
  });
});

describe("the API's `pindah`", () => {
  it("reads naik / turun in any case, nothing when left out, refuses the rest", () => {
    expect(parseArah(" Naik ")).toBe("naik");
    expect(parseArah("atas")).toBeNull();
    expect(pindahSchema.parse({ pindah: "TURUN" })).toEqual({ pindah: "turun" });
    expect(pindahSchema.parse({})).toEqual({});
    expect(pindahSchema.safeParse({ pindah: "atas" }).error?.issues[0]?.message).toBe("Pindah harus naik atau turun.");
  });
});
