import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../../../db/schema";
import { eachTestDb } from "../../../../tests/setup/test-db";
import { addProduk, counts, csvBlob, exportText, HEADER } from "../../../../tests/setup/produk-csv";
import { bacaCsv } from "./baca.server";
import { rencanaImpor, rencanaJson } from "./rencana.server";

const each = eachTestDb();
const db = () => each.t.db;

async function plan(...lines: string[]) {
  return rencanaImpor(db(), await bacaCsv(csvBlob(...lines)));
}

describe("the rows", () => {
  it("refuses each bad row with its number and reasons (several at once), in Indonesian", async () => {
    const rencana = await plan(
      HEADER,
      "tidak-ada-slug,Kursi,Kursi Tamu,1,x,1,0,0,0",
      ",Kursi Uji,Kategori Baru,1,x,1,0,0,0",
      ",Kursi Uji,Kursi Tamu,1,x,ya,2,,0",
      ",,Kursi Tamu,,,1,0,0,0",
      `,${"N".repeat(151)},,1,x,0,0,0,0`,
      ",Pendek,,1",
    );
    expect(rencana.ditolak.map((r) => [r.baris, r.alasan])).toEqual([
      [2, ["Slug 'tidak-ada-slug' tidak ditemukan. Kosongkan kolom slug untuk menambah produk baru."]],
      [3, ["Kategori 'Kategori Baru' tidak ditemukan. Tambahkan dulu di menu Kategori Produk."]],
      [
        4,
        [
          "Kolom 'Gudang Jepara' harus berisi 1 atau 0 (kosong = 0), bukan 'ya'.",
          "Kolom 'Cabang Semarang' harus berisi 1 atau 0 (kosong = 0), bukan '2'.",
        ],
      ],
      [5, ["Nama produk wajib diisi.", "Deskripsi wajib diisi.", "Harga wajib diisi."]],
      [6, ["Nama produk maksimal 150 karakter."]],
      [7, ["Baris ini hanya punya 4 kolom, seharusnya 9."]],
    ]);
    expect(rencana.ditambah).toEqual([]);
    // Refusing is not creating: no category appeared.
    expect(db().select().from(schema.kategori).where(eq(schema.kategori.kategori, "Kategori Baru")).all()).toEqual([]);
  });

  it("names a category case-insensitively, and takes an empty branch cell as 0", async () => {
    const rencana = await plan(HEADER, ",Lemari Uji Kapital,lemari,2000000,Lemari jati.,1,,0,");
    expect(rencana.ditolak).toEqual([]);
    expect(rencana.ditambah[0]!.nilai).toMatchObject({ id_kategori: 3, gudang: [1] });
  });

  it("a row equal to the stored product is 'tidak berubah' (CRLF or LF line breaks alike), a changed one names its fields", async () => {
    const p = addProduk(db(), "Meja Uji Sama", { deskripsi: "Baris satu.\r\nBaris dua.", cabang: [1, 2] });
    const same = `${p.nama_seo},Meja Uji Sama,Kursi Tamu,1250000,"Baris satu.\nBaris dua.",1,1,0,0`;
    const rencana = await plan(HEADER, same);
    expect([rencana.tidakBerubah, rencana.diubah.length, rencana.ditambah.length]).toEqual([1, 0, 0]);

    const changed = await plan(HEADER, `${p.nama_seo},Meja Uji Sama,meja makan,1300000,"Baris satu.\nBaris dua.",0,1,1,0`);
    expect(changed.diubah).toHaveLength(1);
    expect(changed.diubah[0]).toMatchObject({
      baris: 2,
      slug: p.nama_seo,
      slug_baru: p.nama_seo,
      bidang: ["kategori", "harga", "gudang"],
      gudang_tambah: ["Cabang Yogyakarta"],
      gudang_hapus: ["Gudang Jepara"],
    });
  });

  it("the whole seeded shop exported and read back changes nothing, formula-like texts included", async () => {
    addProduk(db(), "=Kursi Rumus", { harga: "+62 Rp. 1.000", deskripsi: "@awal\n-tengah, \"kutip\"; titik koma" });
    const rencana = rencanaImpor(db(), await bacaCsv(new Blob([await exportText(db())])));
    expect(rencana.ditolak).toEqual([]);
    expect(rencana.diubah).toEqual([]);
    expect(rencana.ditambah).toEqual([]);
    expect(rencana.tidakBerubah).toBe(counts(db()).produk);
  });

  it("matches an old slug (a file from before a rename) and refuses the same product twice", async () => {
    const p = addProduk(db(), "Bufet Uji Lama");
    db().$client.prepare("update produk set nama_produk = ?, nama_seo = ? where id = ?").run("Bufet Uji Baru", "bufet-uji-baru", p.id);
    db().insert(schema.slugRedirect).values({ jenis: "produk", slug_lama: p.nama_seo, target_id: p.id }).run();
    const rencana = await plan(
      HEADER,
      `${p.nama_seo},Bufet Uji Baru,Kursi Tamu,999,Kayu jati.,1,0,0,0`,
      `bufet-uji-baru,Bufet Uji Baru,Kursi Tamu,1250000,Kayu jati.,1,0,0,0`,
    );
    expect(rencana.diubah[0]).toMatchObject({ baris: 2, id: p.id, slug: "bufet-uji-baru", bidang: ["harga"], lewat_slug_lama: true });
    expect(rencana.ditolak).toEqual([{ baris: 3, slug: "bufet-uji-baru", nama_produk: "Bufet Uji Baru", alasan: ["Produk yang sama sudah ada di baris 2."] }]);
  });

  it("gives new products slugs as the form does (unique within the file too), and notes a twin name", async () => {
    addProduk(db(), "Rak Uji");
    const rencana = await plan(HEADER, ",Rak Uji,,1,x,0,0,0,0", ",Rak Uji,,1,x,0,0,0,0");
    expect(rencana.ditambah.map((r) => r.slug)).toEqual(["rak-uji-2", "rak-uji-3"]);
    expect(rencana.ditambah[0]!.catatan).toBe("Sudah ada produk bernama sama (slug 'rak-uji'); isi kolom slug bila maksudnya mengubah produk itu.");
  });

  it("a branch without a column keeps the product's availability there", async () => {
    const p = addProduk(db(), "Nakas Uji", { cabang: [1, 4] });
    const rencana = await plan("slug,nama_produk,kategori,harga,deskripsi,Cabang Semarang", `${p.nama_seo},Nakas Uji,Kursi Tamu,1250000,Kayu jati.,1`);
    expect(rencana.diubah[0]!.nilai.gudang.sort()).toEqual([1, 2, 4]);
    expect(rencana.diubah[0]!.bidang).toEqual(["gudang"]);
  });
});

describe("old → new", () => {
  it("gives every changed field's stored value and the file's: category and branches by name, none as null", async () => {
    const p = addProduk(db(), "Meja Uji Lama Baru", { harga: "1250000", deskripsi: "Jati tua.\r\nUkir.", cabang: [1, 2] });
    const rencana = await plan(HEADER, `${p.nama_seo},Meja Uji Lama Baru Dua,,1300000,"Jati muda.\nUkir.",0,1,1,0`);
    const diubah = rencana.diubah[0]!;
    expect(diubah.bidang).toEqual(["nama_produk", "kategori", "harga", "deskripsi", "gudang", "slug"]);
    expect(diubah.perubahan).toEqual({
      nama_produk: { lama: "Meja Uji Lama Baru", baru: "Meja Uji Lama Baru Dua" },
      kategori: { lama: "Kursi Tamu", baru: null },
      harga: { lama: "1250000", baru: "1300000" },
      deskripsi: { lama: "Jati tua.\r\nUkir.", baru: "Jati muda.\nUkir." },
      gudang: { lama: "Gudang Jepara, Cabang Semarang", baru: "Cabang Semarang, Cabang Yogyakarta" },
      slug: { lama: "meja-uji-lama-baru", baru: "meja-uji-lama-baru-dua" },
    });
    // The API's answer carries it too, in the order of `bidang`.
    const json = rencanaJson(rencana).diubah[0]!;
    expect(Object.keys(json.perubahan)).toEqual(json.bidang);
    expect(json.perubahan.harga).toEqual({ lama: "1250000", baru: "1300000" });
  });

  it("names only what changed: a category given, branches from none; an unchanged field is not there", async () => {
    const p = addProduk(db(), "Rak Uji Lama Baru", { kategori: null, cabang: [] });
    const rencana = await plan(HEADER, `${p.nama_seo},Rak Uji Lama Baru,lemari,1250000,Kayu jati.,0,0,0,1`);
    expect(rencana.diubah[0]!.perubahan).toEqual({
      kategori: { lama: null, baru: "Lemari" },
      gudang: { lama: null, baru: "Cabang Surabaya" },
    });
  });

  it("the dry run's digest covers old → new: a stored value changed since gives another plan", async () => {
    const p = addProduk(db(), "Lemari Uji Sidik", { harga: "100" });
    const lines = [HEADER, `${p.nama_seo},Lemari Uji Sidik,Kursi Tamu,300,Kayu jati.,1,0,0,0`];
    const first = await plan(...lines);
    db().$client.prepare("update produk set harga = '200' where id = ?").run(p.id);
    const second = await plan(...lines);
    expect(second.diubah[0]!.perubahan.harga).toEqual({ lama: "200", baru: "300" });
    expect(second.sidik).not.toBe(first.sidik);
  });
});
