import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { eachTestDb } from "../../../tests/setup/test-db";
import { createProduk, getProdukForm } from "./produk.server";
import {
  bacaCsv,
  BERKAS_KOSONG,
  BUKAN_CSV,
  BUKAN_UTF8,
  csvField,
  csvLine,
  CsvFileError,
  DATA_BERUBAH,
  eksporProdukCsv,
  IMPOR_DITOLAK,
  KOLOM,
  rencanaImpor,
  sniffDelimiter,
  TANPA_BARIS,
  terapkanImpor,
  unguard,
} from "./csv.server";

const each = eachTestDb();
const db = () => each.t.db;

/** The seeded shop's branches, in the export's order. */
const CABANG = ["Gudang Jepara", "Cabang Semarang", "Cabang Yogyakarta", "Cabang Surabaya"];
const HEADER = [...KOLOM, ...CABANG].join(",");

/** The export as sent, BOM included (Response.text() would drop it). */
async function exportText(): Promise<string> {
  const bytes = new Uint8Array(await new Response(eksporProdukCsv(db())).arrayBuffer());
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
}

function csv(...lines: string[]): Blob {
  return new Blob([`${lines.join("\r\n")}\r\n`], { type: "text/csv" });
}

async function plan(...lines: string[]) {
  return rencanaImpor(db(), await bacaCsv(csv(...lines)));
}

async function fileError(input: Blob): Promise<CsvFileError> {
  const error = await bacaCsv(input).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CsvFileError);
  return error as CsvFileError;
}

async function headerError(...lines: string[]): Promise<string> {
  const table = await bacaCsv(csv(...lines));
  try {
    rencanaImpor(db(), table);
  } catch (error) {
    expect(error).toBeInstanceOf(CsvFileError);
    return (error as CsvFileError).message;
  }
  throw new Error("the header was accepted");
}

function produkBySlug(slug: string) {
  return db().select().from(schema.produk).where(eq(schema.produk.nama_seo, slug)).get();
}

function counts() {
  const n = (table: string) => (db().$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { produk: n("produk"), gudang: n("produk_gudang"), kategori: n("kategori"), aktivitas: n("aktivitas"), redirect: n("slug_redirect") };
}

/** A product of the test's own, with known values (branches by position in CABANG). */
function addProduk(nama: string, over: { harga?: string; deskripsi?: string; cabang?: number[]; kategori?: number | null } = {}) {
  const result = createProduk(db(), {
    id_kategori: over.kategori === undefined ? 1 : over.kategori,
    nama_produk: nama,
    harga: over.harga ?? "1250000",
    deskripsi: over.deskripsi ?? "Kayu jati.",
    gudang: over.cabang ?? [1],
  });
  if (!result.ok) throw new Error("not saved");
  return result.produk;
}

describe("writing CSV", () => {
  it("quotes a field holding a quote, a comma, a semicolon or a line break, doubling its quotes", () => {
    expect(csvField("Kursi Jati")).toBe("Kursi Jati");
    expect(csvField("Kursi, Jati")).toBe('"Kursi, Jati"');
    expect(csvField('Meja 40" jati')).toBe('"Meja 40"" jati"');
    expect(csvField("a;b")).toBe('"a;b"');
    expect(csvField("baris 1\r\nbaris 2")).toBe('"baris 1\r\nbaris 2"');
    expect(csvField("baris 1\nbaris 2")).toBe('"baris 1\nbaris 2"');
    expect(csvField(null)).toBe("");
    expect(csvLine(["a", "b,c", ""])).toBe('a,"b,c",\r\n');
  });

  it("guards formula starts with a ' (numbers stay numbers), and the import takes exactly one off", () => {
    for (const [value, written] of [
      ["=HYPERLINK(\"http://x\")", `"'=HYPERLINK(""http://x"")"`],
      ["+62 812", "'+62 812"],
      ["-5%", "'-5%"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tTab", "'\tTab"],
      ["'=sudah dikutip", "''=sudah dikutip"],
      ["'biasa", "'biasa"],
    ] as const) {
      expect(csvField(value)).toBe(written);
    }
    expect(csvField(-5)).toBe("-5");
    for (const value of ["=1+1", "+62", "-", "@x", "'=x", "''=y", "'biasa", "biasa"]) {
      const written = csvField(value);
      const unquoted = written.startsWith('"') ? written.slice(1, -1).replace(/""/g, '"') : written;
      expect(unguard(unquoted)).toBe(value);
    }
  });

  it("exports UTF-8 with a BOM: the header, then every product oldest first with 1/0 per branch, CRLF", async () => {
    const text = await exportText();
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines.at(-1)).toBe("");
    expect(lines[0]).toBe(HEADER);
    const table = await bacaCsv(new Blob([text]));
    const stored = db().select({ id: schema.produk.id, slug: schema.produk.nama_seo }).from(schema.produk).orderBy(asc(schema.produk.id)).all();
    expect(table.rows.map((r) => r.cells[0])).toEqual(stored.map((p) => p.slug));
    // Product 1 of the seed is at all four branches, product 2 at Semarang and Yogyakarta.
    const first = table.rows[0]!.cells;
    expect(first.slice(1, 4)).toEqual(["Kursi Tamu Jati Minimalis Ukir", "Kursi Tamu", "8750000"]);
    expect(first.slice(5)).toEqual(["1", "1", "1", "1"]);
    expect(table.rows[1]!.cells.slice(5)).toEqual(["0", "1", "1", "0"]);
  });

  it("streams more products than one batch, each exactly once", async () => {
    const insert = db().$client.prepare("insert into produk (nama_produk, nama_seo, harga, deskripsi) values (?, ?, ?, ?)");
    db().$client.transaction(() => {
      for (let i = 0; i < 1_200; i++) insert.run(`Produk Massal ${i}`, `produk-massal-${i}`, "1000", "Deskripsi, dengan koma");
    })();
    const table = await bacaCsv(new Blob([await exportText()]));
    const total = counts().produk;
    expect(table.rows).toHaveLength(total);
    expect(new Set(table.rows.map((r) => r.cells[0])).size).toBe(total);
    expect(table.rows.at(-1)!.cells.slice(0, 5)).toEqual(["produk-massal-1199", "Produk Massal 1199", "", "1000", "Deskripsi, dengan koma"]);
  });
});

describe("reading a file", () => {
  it("refuses an empty file, a header without rows, a binary file and text that is not UTF-8", async () => {
    expect((await fileError(new Blob([]))).message).toBe(BERKAS_KOSONG);
    expect((await fileError(new Blob(["\r\n\r\n"]))).message).toBe(BERKAS_KOSONG);
    expect((await fileError(csv(HEADER))).message).toBe(TANPA_BARIS);
    expect((await fileError(csv(HEADER, ",,,,,,,,", ""))).message).toBe(TANPA_BARIS);
    const zip = await fileError(new Blob([new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00, 0x06, 0x00])]));
    expect([zip.message, zip.status]).toEqual([BUKAN_CSV, 415]);
    // "Café" written in Windows-1252 (0xE9), as an old spreadsheet saves it.
    const latin1 = await fileError(new Blob([`${HEADER}\r\n,Caf`, new Uint8Array([0xe9]), ",Kursi Tamu,1,x,1,0,0,0\r\n"]));
    expect([latin1.message, latin1.status]).toEqual([BUKAN_UTF8, 415]);
  });

  it("names the row of broken quoting", async () => {
    const unclosed = await fileError(csv(HEADER, ",Kursi,Kursi Tamu,1,ok,1,0,0,0", ',"Meja,Meja Makan,1,x,1,0,0,0'));
    expect(unclosed.message).toBe('Berkas CSV rusak: tanda kutip (") yang dibuka di baris 3 tidak pernah ditutup.');
    const stray = await fileError(csv(HEADER, ',Meja 40" jati,Meja Makan,1,x,1,0,0,0'));
    expect(stray.message).toContain("Berkas CSV rusak di baris 2");
  });

  it("numbers rows as a spreadsheet does: blank lines count, a multi-line cell is one row", async () => {
    const table = await bacaCsv(csv(HEADER, ',A,,1,"dua\r\nbaris",1,0,0,0', "", ",B,,1,x,1,0,0,0"));
    expect(table.rows.map((r) => [r.baris, r.cells[1]])).toEqual([
      [2, "A"],
      [4, "B"],
    ]);
  });

  it("reads a ';' file (a spreadsheet with Indonesian settings) and one with or without a BOM", async () => {
    expect(sniffDelimiter('slug;nama_produk;"a,b";kategori')).toBe(";");
    expect(sniffDelimiter("slug,nama_produk,kategori;x")).toBe(",");
    const semi = await bacaCsv(csv(HEADER.replace(/,/g, ";"), ";Kursi, Jati;Kursi Tamu;1;x;1;0;0;0"));
    expect(semi.delimiter).toBe(";");
    expect(semi.rows[0]!.cells[1]).toBe("Kursi, Jati");
    const bom = await bacaCsv(new Blob([`\uFEFF${HEADER}\r\n,A,,1,x,1,0,0,0\r\n`]));
    expect(bom.header[0]).toBe("slug");
    // Blank lines above the header are skipped (and still counted).
    const blankFirst = await bacaCsv(new Blob([`\r\n,,\r\n${HEADER}\r\n,A,,1,x,1,0,0,0\r\n`]));
    expect([blankFirst.header[0], blankFirst.rows[0]!.baris]).toEqual(["slug", 4]);
  });
});

describe("the header", () => {
  it("needs every fixed column (any order, any case); branch columns are a branch's exact name", async () => {
    expect(await headerError("slug,nama_produk,kategori,deskripsi", ",A,,x")).toBe("Baris judul kolom ditolak. Kolom wajib tidak ada: harga.");
    const rencana = await plan("Deskripsi,HARGA,Nama_Produk,Kategori,Slug,Cabang Semarang", "x,1,Kursi Baru Uji,,,1");
    expect(rencana.ditambah).toHaveLength(1);
    expect(rencana.cabangTanpaKolom).toEqual(["Gudang Jepara", "Cabang Yogyakarta", "Cabang Surabaya"]);
  });

  it("refuses the whole file for an unknown, repeated or blank column", async () => {
    expect(await headerError(`${HEADER},Cabang Kudus`, ",A,,1,x,1,0,0,0,1")).toBe(
      "Baris judul kolom ditolak. Kolom 'Cabang Kudus' tidak dikenal: bukan kolom produk dan bukan nama kantor cabang.",
    );
    expect(await headerError("slug,nama_produk,kategori,harga,deskripsi,gudang jepara", ",A,,1,x,1")).toContain(
      "Kolom 'gudang jepara' (maksudnya 'Gudang Jepara'?) tidak dikenal",
    );
    expect(await headerError(`${HEADER},Gudang Jepara`, ",A,,1,x,1,0,0,0,1")).toContain("Kolom 'Gudang Jepara' muncul lebih dari sekali.");
    expect(await headerError("slug,nama_produk,,kategori,harga,deskripsi", ",A,,,1,x")).toContain("Kolom ke-3 pada baris judul kosong.");
  });

  it("refuses a branch name two branches share (the column would be ambiguous)", async () => {
    db().insert(schema.kantorCabang).values({ kantor_cabang: "Cabang Semarang" }).run();
    expect(await headerError(HEADER, ",A,,1,x,1,0,0,0")).toContain("Nama kantor cabang 'Cabang Semarang' dipakai oleh 2 cabang");
  });

  it("takes trailing blank header cells (a spreadsheet's leftovers) as no column", async () => {
    const rencana = await plan(`${HEADER},,`, ",Meja Baru Uji,,1,x,1,0,0,0,,", ",Meja Lain Uji,,1,x,1,0,0,0,,isi");
    expect(rencana.ditambah.map((r) => r.baris)).toEqual([2]);
    expect(rencana.ditolak[0]!.alasan).toEqual(["Baris ini punya isi di luar 9 kolom yang ada di baris judul."]);
  });
});

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
    const p = addProduk("Meja Uji Sama", { deskripsi: "Baris satu.\r\nBaris dua.", cabang: [1, 2] });
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
    addProduk("=Kursi Rumus", { harga: "+62 Rp. 1.000", deskripsi: "@awal\n-tengah, \"kutip\"; titik koma" });
    const rencana = rencanaImpor(db(), await bacaCsv(new Blob([await exportText()])));
    expect(rencana.ditolak).toEqual([]);
    expect(rencana.diubah).toEqual([]);
    expect(rencana.ditambah).toEqual([]);
    expect(rencana.tidakBerubah).toBe(counts().produk);
  });

  it("matches an old slug (a file from before a rename) and refuses the same product twice", async () => {
    const p = addProduk("Bufet Uji Lama");
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
    addProduk("Rak Uji");
    const rencana = await plan(HEADER, ",Rak Uji,,1,x,0,0,0,0", ",Rak Uji,,1,x,0,0,0,0");
    expect(rencana.ditambah.map((r) => r.slug)).toEqual(["rak-uji-2", "rak-uji-3"]);
    expect(rencana.ditambah[0]!.catatan).toBe("Sudah ada produk bernama sama (slug 'rak-uji'); isi kolom slug bila maksudnya mengubah produk itu.");
  });

  it("a branch without a column keeps the product's availability there", async () => {
    const p = addProduk("Nakas Uji", { cabang: [1, 4] });
    const rencana = await plan("slug,nama_produk,kategori,harga,deskripsi,Cabang Semarang", `${p.nama_seo},Nakas Uji,Kursi Tamu,1250000,Kayu jati.,1`);
    expect(rencana.diubah[0]!.nilai.gudang.sort()).toEqual([1, 2, 4]);
    expect(rencana.diubah[0]!.bidang).toEqual(["gudang"]);
  });
});

describe("applying", () => {
  it("writes every row in one go with ONE activity entry; a rename keeps its old slug redirecting", async () => {
    const p = addProduk("Kursi Uji Terap", { cabang: [1] });
    const before = counts();
    const table = await bacaCsv(
      csv(
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
    const after = counts();
    expect(after.produk).toBe(before.produk + 1);
    expect(after.aktivitas).toBe(before.aktivitas + 1);
    const entry = db().select().from(schema.aktivitas).orderBy(asc(schema.aktivitas.id)).all().at(-1)!;
    expect(entry).toMatchObject({ aksi: "impor", entitas: "produk", ringkasan: "1 ditambah, 1 diubah" });
    expect(each.changes).toContain("produk");
  });

  it("stores nothing when a row is refused, or when the data changed what the dry run showed", async () => {
    const p = addProduk("Lemari Uji Batal");
    const before = counts();
    const bad = terapkanImpor(db(), await bacaCsv(csv(HEADER, ",Baru Uji Batal,,1,x,1,0,0,0", ",Kategori Salah,Tidak Ada,1,x,1,0,0,0")));
    expect(bad).toMatchObject({ ok: false, status: 422, message: IMPOR_DITOLAK });
    expect(counts()).toEqual(before);

    const table = await bacaCsv(csv(HEADER, `${p.nama_seo},Lemari Uji Batal,Kursi Tamu,999,Kayu jati.,1,0,0,0`));
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
    const before = counts();
    const hasil = terapkanImpor(db(), await bacaCsv(new Blob([await exportText()])));
    expect(hasil).toMatchObject({ ok: true, ditambah: 0, diubah: 0 });
    expect(counts()).toEqual(before);
  });

  it("follows the plan's slug order: a product may take a slug another row frees earlier in the file", async () => {
    const a = addProduk("Meja Uji Geser");
    const rencana = await plan(HEADER, `${a.nama_seo},Meja Uji Digeser,Kursi Tamu,1250000,Kayu jati.,1,0,0,0`, ",Meja Uji Geser,,1,x,0,0,0,0");
    expect(rencana.ditambah[0]!.slug).toBe("meja-uji-geser");
    const hasil = terapkanImpor(db(), await bacaCsv(csv(HEADER, `${a.nama_seo},Meja Uji Digeser,Kursi Tamu,1250000,Kayu jati.,1,0,0,0`, ",Meja Uji Geser,,1,x,0,0,0,0")));
    expect(hasil.ok).toBe(true);
    expect(produkBySlug("meja-uji-digeser")!.id).toBe(a.id);
    expect(produkBySlug("meja-uji-geser")!.id).not.toBe(a.id);
    // The old slug now names the new product: it no longer redirects.
    expect(db().select().from(schema.slugRedirect).where(eq(schema.slugRedirect.slug_lama, "meja-uji-geser")).all()).toEqual([]);
  });
});
