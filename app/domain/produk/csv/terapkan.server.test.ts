import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../../../db/schema";
import { eachTestDb } from "../../../../tests/setup/test-db";
import { addProduk, counts, csvBlob, exportText, HEADER } from "../../../../tests/setup/produk-csv";
import { getProdukForm } from "../produk.server";
import { bacaCsv } from "./baca.server";
import { rencanaImpor } from "./rencana.server";
import { DATA_BERUBAH, IMPOR_DITOLAK, pesanSelesai, terapkanImpor, TIDAK_ADA_PERUBAHAN } from "./terapkan.server";

const each = eachTestDb();
const db = () => each.t.db;

async function plan(...lines: string[]) {
  return rencanaImpor(db(), await bacaCsv(csvBlob(...lines)));
}

function produkBySlug(slug: string) {
  return db().select().from(schema.produk).where(eq(schema.produk.nama_seo, slug)).get();
}

describe("applying", () => {
  it("writes every row in one go with ONE activity entry; a rename keeps its old slug redirecting", async () => {
    const p = addProduk(db(), "Kursi Uji Terap", { cabang: [1] });
    const before = counts(db());
    const table = await bacaCsv(
      csvBlob(
        HEADER,
        `${p.nama_seo},Kursi Uji Terap Baru,Meja Makan,1500000,Kayu jati tua.,0,1,0,1`,
        ",Meja Uji Terap,Meja Makan,2500000,Meja jati.,1,1,0,0",
      ),
    );
    const hasil = terapkanImpor(db(), table);
    expect(hasil).toMatchObject({ ok: true, ditambah: 1, diubah: 1 });
    expect(getProdukForm(db(), p.id)).toMatchObject({
      nama_produk: "Kursi Uji Terap Baru",
      nama_seo: "kursi-uji-terap-baru",
      id_kategori: 2,
      harga: "1500000",
      deskripsi: "Kayu jati tua.",
      gudang: [2, 4],
    });
    const baru = produkBySlug("meja-uji-terap")!;
    expect(getProdukForm(db(), baru.id)!.gudang).toEqual([1, 2]);
    const redirect = db().select().from(schema.slugRedirect).where(eq(schema.slugRedirect.slug_lama, p.nama_seo)).get();
    expect(redirect?.target_id).toBe(p.id);
    const after = counts(db());
    expect(after.produk).toBe(before.produk + 1);
    expect(after.aktivitas).toBe(before.aktivitas + 1);
    const entry = db().select().from(schema.aktivitas).orderBy(asc(schema.aktivitas.id)).all().at(-1)!;
    expect(entry).toMatchObject({ aksi: "impor", entitas: "produk", ringkasan: "1 ditambah, 1 diubah" });
    expect(each.changes).toContain("produk");
  });

  it("stores nothing when a row is refused, or when the data changed what the dry run showed", async () => {
    const p = addProduk(db(), "Lemari Uji Batal");
    const before = counts(db());
    const bad = terapkanImpor(db(), await bacaCsv(csvBlob(HEADER, ",Baru Uji Batal,,1,x,1,0,0,0", ",Kategori Salah,Tidak Ada,1,x,1,0,0,0")));
    expect(bad).toMatchObject({ ok: false, status: 422, message: IMPOR_DITOLAK });
    expect(counts(db())).toEqual(before);

    const table = await bacaCsv(csvBlob(HEADER, `${p.nama_seo},Lemari Uji Batal,Kursi Tamu,999,Kayu jati.,1,0,0,0`));
    const { sidik } = rencanaImpor(db(), table);
    // Someone changes the product's branches meanwhile: the plan is no longer what was shown.
    db().$client.prepare("insert into produk_gudang (id_produk, id_kantor_cabang) values (?, 3)").run(p.id);
    const stale = terapkanImpor(db(), table, { sidik });
    expect(stale).toMatchObject({ ok: false, status: 409, message: DATA_BERUBAH });
    expect(produkBySlug(p.nama_seo)!.harga).toBe("1250000");
    const fresh = terapkanImpor(db(), table, { sidik: rencanaImpor(db(), table).sidik });
    expect(fresh.ok).toBe(true);
    expect(produkBySlug(p.nama_seo)!.harga).toBe("999");
  });

  it("a file with nothing to change writes nothing and logs nothing", async () => {
    const before = counts(db());
    const hasil = terapkanImpor(db(), await bacaCsv(new Blob([await exportText(db())])));
    expect(hasil).toMatchObject({ ok: true, ditambah: 0, diubah: 0 });
    expect(counts(db())).toEqual(before);
  });

  it("follows the plan's slug order: a product may take a slug another row frees earlier in the file", async () => {
    const a = addProduk(db(), "Meja Uji Geser");
    const rencana = await plan(HEADER, `${a.nama_seo},Meja Uji Digeser,Kursi Tamu,1250000,Kayu jati.,1,0,0,0`, ",Meja Uji Geser,,1,x,0,0,0,0");
    expect(rencana.ditambah[0]!.slug).toBe("meja-uji-geser");
    const hasil = terapkanImpor(db(), await bacaCsv(csvBlob(HEADER, `${a.nama_seo},Meja Uji Digeser,Kursi Tamu,1250000,Kayu jati.,1,0,0,0`, ",Meja Uji Geser,,1,x,0,0,0,0")));
    expect(hasil.ok).toBe(true);
    expect(produkBySlug("meja-uji-digeser")!.id).toBe(a.id);
    expect(produkBySlug("meja-uji-geser")!.id).not.toBe(a.id);
    // The old slug now names the new product: it no longer redirects.
    expect(db().select().from(schema.slugRedirect).where(eq(schema.slugRedirect.slug_lama, "meja-uji-geser")).all()).toEqual([]);
  });
});

describe("the message of an applied import", () => {
  it("counts what was added and changed, or says nothing changed", () => {
    expect(pesanSelesai({ ditambah: 3, diubah: 2 })).toBe("Impor selesai: 3 ditambah, 2 diubah.");
    expect(pesanSelesai({ ditambah: 0, diubah: 0 })).toBe(TIDAK_ADA_PERUBAHAN);
  });
});
