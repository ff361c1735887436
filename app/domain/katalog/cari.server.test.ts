import Database from "better-sqlite3";
import { SQLiteSyncDialect } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import { eachTestDb } from "../../../tests/setup/test-db";
import { bacaCsv } from "~/domain/produk/csv/baca.server";
import { eksporProdukCsv } from "~/domain/produk/csv/ekspor.server";
import { terapkanImpor } from "~/domain/produk/csv/terapkan.server";
import { createProduk, deleteProduk, updateProduk } from "~/domain/produk/produk.server";
import { updateKategori } from "~/domain/kategori/kategori.server";
import type { Db, RootDb } from "~/lib/server/db.server";
import {
  CARI_MAX,
  cariProduk,
  cariProdukPage,
  cardsQuery,
  matchOf,
  normalizeCari,
  saranProduk,
  termsOf,
  withinOneEdit,
} from "./cari.server";

const each = eachTestDb();
const db = (): RootDb => each.t.db;
const sqlite = () => db().$client;

function addKategori(nama: string): number {
  const seo = `${nama.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${Math.random().toString(36).slice(2, 7)}`;
  return Number(sqlite().prepare("insert into kategori (kategori, seo) values (?, ?)").run(nama, seo).lastInsertRowid);
}

let seq = 0;
function addProduk(nama: string, options: { deskripsi?: string; idKategori?: number | null } = {}): number {
  seq++;
  return Number(
    sqlite()
      .prepare("insert into produk (id_kategori, nama_produk, nama_seo, harga, deskripsi) values (?, ?, ?, '1000000', ?)")
      .run(options.idKategori ?? null, nama, `uji-cari-${seq}-${Math.random().toString(36).slice(2, 7)}`, options.deskripsi ?? "Tanpa keterangan.")
      .lastInsertRowid,
  );
}

const names = (q: string, options: { idKategori?: number; limit?: number; offset?: number } = {}) =>
  cariProduk(db(), { q, limit: 100, ...options }).items.map((p) => p.nama_produk);

/** The products that match every term of `q` (a search finds any term; these rank first). */
const allTerms = (q: string) => {
  const found = cariProduk(db(), { q, limit: 100 }).items.map((p) => p.nama_produk);
  return found.filter((name) => names(name).length > 0 && termsOf(q).every((t) => names(t).includes(name)));
};

/**
 * The index holds exactly what the products and categories say: every token of every product
 * (name, category name, description) at its column and position, nothing else. Compared with
 * a fresh FTS5 table built from the rows by the same tokenizer, through fts5vocab 'instance'.
 */
function expectIndexInStep(database: Db & { $client: RootDb["$client"] }) {
  const s = database.$client;
  s.exec(`
    drop table if exists temp.cek_asli;
    drop table if exists temp.cek_kata;
    drop table if exists temp.cek;
    create virtual table temp.cek using fts5(nama_produk, kategori, deskripsi, tokenize='unicode61 remove_diacritics 2');
    insert into temp.cek (rowid, nama_produk, kategori, deskripsi)
      select p.id, p.nama_produk, coalesce(k.kategori, ''), p.deskripsi from produk p left join kategori k on k.id = p.id_kategori;
    create virtual table temp.cek_kata using fts5vocab(temp, cek, instance);
    create virtual table temp.cek_asli using fts5vocab(main, produk_cari, instance);
  `);
  const read = (table: string) =>
    s.prepare(`select term, doc, col, offset from temp.${table} order by doc, col, offset, term`).raw().all() as unknown[][];
  const expected = read("cek_kata");
  const actual = read("cek_asli");
  expect(expected.length).toBeGreaterThan(0);
  expect(actual.length).toBe(expected.length);
  expect(actual).toEqual(expected);
  const rows = (s.prepare("select count(*) as n from produk").get() as { n: number }).n;
  expect((s.prepare("select count(*) as n from produk_cari").get() as { n: number }).n).toBe(rows);
  s.exec("drop table temp.cek_asli; drop table temp.cek_kata; drop table temp.cek;");
}

describe("the index is in step with the products", () => {
  it("after the seed (the demo shop every test starts from)", () => {
    expect((sqlite().prepare("select count(*) as n from produk").get() as { n: number }).n).toBeGreaterThan(20);
    expectIndexInStep(db());
  });

  it("after plain SQL: insert, update of name, description and category, delete, category rename and delete", () => {
    const kursi = addKategori("Kursi Santai");
    const id = addProduk("Bangku Kurcaci", { deskripsi: "Dari kayu sonokeling.", idKategori: kursi });
    expectIndexInStep(db());
    expect(names("sonokeling")).toEqual(["Bangku Kurcaci"]);
    expect(names("santai")).toContain("Bangku Kurcaci");

    sqlite().prepare("update produk set nama_produk = 'Bangku Tinggi', deskripsi = 'Dari kayu ulin.' where id = ?").run(id);
    expect(names("kurcaci")).toEqual([]);
    expect(names("sonokeling")).toEqual([]);
    expect(names("ulin")).toEqual(["Bangku Tinggi"]);

    const teras = addKategori("Perabot Teras");
    sqlite().prepare("update produk set id_kategori = ? where id = ?").run(teras, id);
    expect(names("santai")).not.toContain("Bangku Tinggi");
    expect(names("perabot teras")).toContain("Bangku Tinggi");

    sqlite().prepare("update kategori set kategori = 'Mebel Serambi' where id = ?").run(teras);
    expect(names("perabot")).not.toContain("Bangku Tinggi");
    expect(names("serambi")).toContain("Bangku Tinggi");
    expectIndexInStep(db());

    // A category in use cannot be deleted (the foreign key); an unused one goes without a trace.
    expect(() => sqlite().prepare("delete from kategori where id = ?").run(teras)).toThrow(/FOREIGN KEY/);
    sqlite().prepare("delete from kategori where id = ?").run(kursi);
    sqlite().prepare("delete from produk where id = ?").run(id);
    expect(names("ulin")).toEqual([]);
    expect(names("serambi")).toEqual([]);
    expectIndexInStep(db());
  });

  it("after the domain's writes: create, update, delete a product, rename a category", async () => {
    const kategori = addKategori("Meja Belajar");
    const cabang = (sqlite().prepare("select id from kantor_cabang order by id limit 1").get() as { id: number }).id;
    const input = (over: Record<string, unknown>) =>
      ({ id_kategori: kategori, nama_produk: "Meja Tulis Anak", deskripsi: "Laci dua.", harga: "900000", gudang: [cabang], ...over }) as Parameters<typeof createProduk>[1];
    const saved = createProduk(db(), input({}));
    if (!saved.ok) throw new Error("not saved");
    expect(names("tulis anak")[0]).toBe("Meja Tulis Anak");
    expect(updateProduk(db(), saved.produk.id, input({ nama_produk: "Meja Gambar Anak", deskripsi: "Laci tiga, bidang condong." }))).toMatchObject({ ok: true });
    expect(names("tulis")).toEqual([]);
    expect(names("condong")).toEqual(["Meja Gambar Anak"]);
    expect(updateKategori(db(), kategori, { kategori: "Meja Sekolah" } as Parameters<typeof updateKategori>[2])).not.toBeNull();
    expect(names("belajar")).toEqual([]);
    expect(names("sekolah")).toEqual(["Meja Gambar Anak"]);
    expectIndexInStep(db());
    expect(await deleteProduk(db(), saved.produk.id)).toEqual({ ok: true });
    expect(names("condong")).toEqual([]);
    expectIndexInStep(db());
  });

  it("after the CSV import (new rows, changed rows, in one transaction of its own statements)", async () => {
    const text = await new Response(eksporProdukCsv(db())).text();
    const lines = text.replace(/^\uFEFF/, "").trimEnd().split(/\r\n/);
    const header = lines[0]!;
    const branches = header.split(",").length - 5;
    const first = lines[1]!.split(",");
    // Row 1 changed (same slug, new name); one new product in a category that exists.
    const kategori = (sqlite().prepare("select kategori from kategori order by id limit 1").get() as { kategori: string }).kategori;
    const changed = [first[0], "Kursi Impor Bergoyang", kategori, "1500000", "Diimpor dari berkas CSV.", ...Array(branches).fill("1")].join(",");
    const added = ["", "Rak Impor Serbaguna", kategori, "750000", "Rak gantung berlapis melamin.", ...Array(branches).fill("0")].join(",");
    const result = terapkanImpor(db(), await bacaCsv(new Blob([`${header}\r\n${changed}\r\n${added}\r\n`])));
    expect(result).toMatchObject({ ok: true });
    expect(names("bergoyang")).toEqual(["Kursi Impor Bergoyang"]);
    expect(names("melamin serbaguna")).toEqual(["Rak Impor Serbaguna"]);
    expectIndexInStep(db());
  });
});

describe("what a search finds", () => {
  it("the product name, whatever the case and accents ('kúrsi tamu' finds 'Kursi Tamu …')", () => {
    const found = names("kursi tamu");
    expect(found).toContain("Kursi Tamu Jati Minimalis Ukir");
    for (const q of ["KURSI TAMU", "Kúrsi Tämu", "  kursi   TAMU  "]) expect(names(q)).toEqual(found);
    addProduk("Lémari Kâca Antík");
    expect(names("lemari kaca antik")[0]).toBe("Lémari Kâca Antík");
  });

  it("words that start with the term: 2-letter prefixes, Indonesian suffixes (meja → Mejanya)", () => {
    addProduk("Mejanya Pak Lurah");
    expect(names("meja")).toContain("Mejanya Pak Lurah");
    expect(names("meja")).toContain("Meja Makan Bundar Jati Solid");
    expect(names("ku")).toContain("Kursi Tamu Jati Minimalis Ukir");
    expect(names("kurs")).toContain("Kursi Tamu Jati Minimalis Ukir");
    // A one-character term is a whole token: '2' is not every number starting with 2.
    addProduk("Lemari Serba 2 Pintu");
    addProduk("Lemari Serba 24 Pintu");
    expect(names("serba 2").slice(0, 2)).toEqual(["Lemari Serba 2 Pintu", "Lemari Serba 24 Pintu"]);
    expect(allTerms("serba 2")).toEqual(["Lemari Serba 2 Pintu"]);
  });

  it("a term with one letter wrong, missing, added or two swapped (≥ 4 letters)", () => {
    const target = "Kursi Tamu Jati Minimalis Ukir";
    for (const typo of ["kurso tamu", "krusi tamu", "kusi tamu", "kurrsi tamu", "kursi tmau"]) {
      expect(names(typo), typo).toContain(target);
    }
    // Still typing, with a typo in the part typed so far.
    expect(names("minimlai")).toEqual(names("minimalis"));
    expect(names("lemri")).toEqual(names("lemari"));
    // The words a typo may stand for follow the index: a new word, even written by another
    // connection (a CLI script, a restore), is guessed at once; a word no product has any more is not.
    expect(names("wastafle")).toEqual([]);
    const other = new Database(each.t.dbFile);
    other.prepare("insert into produk (nama_produk, nama_seo, harga, deskripsi) values ('Kabinet Wastafel', 'kabinet-wastafel-uji', '1', 'x')").run();
    other.close();
    expect(names("wastafle")).toEqual(["Kabinet Wastafel"]);
    sqlite().prepare("update produk set nama_produk = 'Kabinet Cermin' where nama_seo = 'kabinet-wastafel-uji'").run();
    expect(names("wastafle")).toEqual([]);
    expect(names("cermni")).toContain("Kabinet Cermin");
    // Two edits away, or a short term: no guess ('kruso' finds nothing; 'tamu' still finds its own).
    expect(names("kruso")).toEqual([]);
    expect(names("kruso tamu")).toEqual(names("tamu"));
    expect(names("xyzzy")).toEqual([]);
  });

  it("finds any of the words ('sofa murah' finds the sofas), every word before some, the words as typed before that", () => {
    // The demo's sofas, and whatever says "murah" (a word no sofa has): all of them, none lost.
    const sofas = names("sofa");
    expect(sofas.length).toBeGreaterThan(0);
    const either = [...new Set([...sofas, ...names("murah")])].sort();
    expect([...names("sofa murah")].sort()).toEqual(either);
    // A word no demo product holds, to see the order: the name holding "sofa hemat" as typed,
    // then the name holding both, then both anywhere, then either.
    expect(names("hemat")).toEqual([]);
    addProduk("Meja Hemat", { deskripsi: "Cocok di samping sofa." });
    addProduk("Sofa Besar Harga Hemat");
    addProduk("Sofa Hemat Meriah");
    const found = names("sofa hemat");
    expect(found.slice(0, 3)).toEqual(["Sofa Hemat Meriah", "Sofa Besar Harga Hemat", "Meja Hemat"]);
    expect(found.slice(3).sort()).toEqual([...sofas].sort());
    expect(cariProduk(db(), { q: "sofa hemat", limit: 2 }).total).toBe(sofas.length + 3);
  });

  it("the category name and the description", () => {
    const kategori = addKategori("Perabot Pusaka");
    addProduk("Bangku Kecil", { idKategori: kategori, deskripsi: "Polos." });
    addProduk("Peti Tua", { deskripsi: "Peti simpan berukir naga dari kayu cendana." });
    expect(names("pusaka")).toEqual(["Bangku Kecil"]);
    expect(names("cendana naga")).toEqual(["Peti Tua"]);
    // Any term finds a product (name, category or description); one holding every term comes first.
    expect(names("pusaka cendana").sort()).toEqual(["Bangku Kecil", "Peti Tua"]);
    addProduk("Kotak Pusaka", { deskripsi: "Dari kayu cendana." });
    expect(names("pusaka cendana")[0]).toBe("Kotak Pusaka");
  });

  it("ranks a match in the name before one in the category, before one in the description; then by name", () => {
    const kategori = addKategori("Gebyok Jepara");
    addProduk("Sekat Ruang Polos", { deskripsi: "Cocok dipadu gebyok." });
    addProduk("Pintu Ukir", { idKategori: kategori });
    addProduk("Gebyok Rumah Joglo");
    addProduk("Gebyok Kecil");
    expect(names("gebyok")).toEqual(["Gebyok Kecil", "Gebyok Rumah Joglo", "Pintu Ukir", "Sekat Ruang Polos"]);
  });

  it("one category only, when asked; paging with limit and offset and the total", () => {
    const kategori = addKategori("Rak Uji");
    const other = addKategori("Lain Uji");
    for (let i = 1; i <= 7; i++) addProduk(`Rak Kadenza Sorbet ${i}`, { idKategori: i <= 5 ? kategori : other });
    expect(cariProduk(db(), { q: "kadenza sorbet", limit: 100 }).total).toBe(7);
    const inKategori = cariProduk(db(), { q: "kadenza sorbet", idKategori: kategori, limit: 100 });
    expect(inKategori.total).toBe(5);
    expect(inKategori.items.map((p) => p.kategori)).toEqual(Array(5).fill("Rak Uji"));
    const all = names("kadenza sorbet");
    const first = cariProduk(db(), { q: "kadenza sorbet", limit: 3 });
    const rest = cariProduk(db(), { q: "kadenza sorbet", limit: 3, offset: 3 });
    expect(first).toMatchObject({ total: 7 });
    expect([...first.items, ...rest.items].map((p) => p.nama_produk)).toEqual(all.slice(0, 6));

    const page = cariProdukPage(db(), { q: "kadenza sorbet", page: 3, size: 3 });
    expect(page).toMatchObject({ total: 7, page: 3, size: 3 });
    expect(page.rows.map((p) => p.nama_produk)).toEqual(all.slice(6));
  });

  it("answers cards: id, name, slug, price, category, cover image URL", () => {
    const [card] = cariProduk(db(), { q: "Kursi Tamu Jati Minimalis Ukir", limit: 1 }).items;
    expect(Object.keys(card!).sort()).toEqual(["gambar", "harga", "id", "kategori", "nama_produk", "nama_seo"]);
    expect(card).toMatchObject({ nama_produk: "Kursi Tamu Jati Minimalis Ukir", kategori: "Kursi Tamu" });
    expect(card!.gambar).toMatch(/^\/uploads\/produk\//);
  });

  it("never shows drafts, nor the products of a draft category", () => {
    const kategori = addKategori("Kategori Rahasia");
    const draf = addProduk("Almari Rahasia Satu");
    addProduk("Almari Rahasia Dua", { idKategori: kategori });
    addProduk("Almari Rahasia Tiga");
    expect(names("almari rahasia")).toHaveLength(3);
    sqlite().prepare("update produk set status = 'Draf' where id = ?").run(draf);
    sqlite().prepare("update kategori set status = 'Draf' where id = ?").run(kategori);
    expect(names("almari rahasia")).toEqual(["Almari Rahasia Tiga"]);
    expect(cariProduk(db(), { q: "almari rahasia", limit: 10 }).total).toBe(1);
    expect(saranProduk(db(), "almari rahasia").map((s) => s.nama_produk)).toEqual(["Almari Rahasia Tiga"]);
  });

  it("hostile or odd input is never FTS5 syntax and never an error", () => {
    const hostile = [
      '"', '""', "'", "*", "AND", "OR", "NOT", "NEAR(", "NEAR(kursi tamu, 2)", "kursi OR", "kursi AND", "kursi NOT tamu",
      "(kursi", "kursi)", "nama_produk:kursi", "^kursi", "-kursi", "+kursi", "kursi*", '"kursi', "kursi\"tamu", "{nama_produk}: x",
      "'; drop table produk; --", "\u0000", "🪑 kursi", "\\", "%_", "x".repeat(5000), "ku rs i ".repeat(30),
    ];
    for (const q of hostile) {
      expect(() => cariProduk(db(), { q, limit: 24 }), q).not.toThrow();
      expect(() => saranProduk(db(), q), q).not.toThrow();
      expect(() => cariProdukPage(db(), { q, page: 1, size: 10 }), q).not.toThrow();
    }
    // The operators are plain words: 'kursi OR' asks for kursi AND a word starting with "or".
    expect(names("kursi OR")).toEqual(names("kursi or"));
    expect(names("NEAR(kursi tamu, 2)")).toEqual(names("near kursi tamu 2"));
    // Punctuation only: nothing to search for, nothing found.
    expect(cariProduk(db(), { q: '"*()', limit: 24 })).toEqual({ items: [], total: 0 });
    // Not a column filter: three plain words.
    expect(names("nama_produk:kursi")).toEqual(names("nama produk kursi"));
    expect(names('"kursi')).toEqual(names("kursi"));
    expect(names("🪑 kursi")).toEqual(names("kursi"));
    expect((sqlite().prepare("select count(*) as n from produk").get() as { n: number }).n).toBeGreaterThan(0);
  });

  it("uses the FTS index (the query plan): the index drives the join, no table is scanned", () => {
    const kategori = (sqlite().prepare("select id from kategori order by id limit 1").get() as { id: number }).id;
    // The statement as it runs: drizzle's SQL, through the connection's prepare (withStablePlans).
    const { sql: text, params } = new SQLiteSyncDialect().sqlToQuery(cardsQuery(matchOf(db(), "kursi jati")!, kategori, 24, 0));
    const plan = (sqlite().prepare(`explain query plan ${text}`).all(...params) as { detail: string }[]).map((r) => r.detail);
    expect(plan[0]).toMatch(/^SCAN produk_cari VIRTUAL TABLE INDEX \d+:M/);
    expect(plan).toContain("SEARCH produk USING INTEGER PRIMARY KEY (rowid=?)");
    expect(plan).toContain("SEARCH kategori USING INTEGER PRIMARY KEY (rowid=?) LEFT-JOIN");
    expect(plan.filter((d) => /^SCAN /.test(d)).every((d) => d.startsWith("SCAN produk_cari VIRTUAL TABLE INDEX"))).toBe(true);
    expect(plan.some((d) => /gambar_produk_urutan_idx/.test(d))).toBe(true);
  });
});

describe("answers kept for the data as it is", () => {
  it("a repeated search is the same (frozen) answer until any write; arbitrary texts only recycle the oldest", () => {
    const first = cariProduk(db(), { q: "kursi", limit: 24 });
    expect(first.items.length).toBeGreaterThan(0);
    expect(cariProduk(db(), { q: "  KÚRSI ", limit: 24 })).toBe(first);
    expect(Object.isFrozen(first.items[0])).toBe(true);
    expect(saranProduk(db(), "kursi")).toBe(saranProduk(db(), "kursi"));

    addProduk("Kursi Baru Sekali");
    const after = cariProduk(db(), { q: "kursi", limit: 24 });
    expect(after).not.toBe(first);
    expect(after.total).toBe(first.total + 1);

    // 2,500 different texts (each a card's worth at least): the oldest answer is gone, the newest kept.
    for (let i = 0; i < 2_500; i++) cariProduk(db(), { q: `zz${i}`, limit: 24 });
    const newest = cariProduk(db(), { q: "zz2499", limit: 24 });
    expect(cariProduk(db(), { q: "zz2499", limit: 24 })).toBe(newest);
    expect(cariProduk(db(), { q: "kursi", limit: 24 })).not.toBe(after);
    expect(cariProduk(db(), { q: "kursi", limit: 24 })).toEqual(after);
  });
});

describe("the suggestions", () => {
  it("start at two characters and answer name, slug and category, at most `limit`", () => {
    expect(saranProduk(db(), "")).toEqual([]);
    expect(saranProduk(db(), " k ")).toEqual([]);
    const saran = saranProduk(db(), "ku");
    expect(saran.length).toBeGreaterThan(0);
    expect(saran.length).toBeLessThanOrEqual(8);
    expect(Object.keys(saran[0]!).sort()).toEqual(["kategori", "nama_produk", "nama_seo"]);
    expect(saran.map((s) => s.nama_produk)).toContain("Kursi Tamu Jati Minimalis Ukir");
    expect(saranProduk(db(), "jati", 3)).toHaveLength(3);
    expect(saranProduk(db(), "krusi tamu").map((s) => s.nama_produk)).toContain("Kursi Tamu Jati Minimalis Ukir");
  });
});

describe("the search text", () => {
  it("is trimmed, its spaces collapsed, cut to 100 characters", () => {
    expect(normalizeCari("  kursi \n\t tamu  ")).toBe("kursi tamu");
    expect(normalizeCari(null)).toBe("");
    expect(normalizeCari("a".repeat(250))).toHaveLength(CARI_MAX);
  });

  it("becomes the tokenizer's terms: accents off, lower case, split on anything but letters and digits", () => {
    expect(termsOf("Kúrsi-Tamu 3-1-1, ÇAFÉ")).toEqual(["kursi", "tamu", "3", "1", "1", "cafe"]);
    expect(termsOf('"*():^')).toEqual([]);
  });

  it("one edit: a letter changed, missing, added, or two neighbours swapped", () => {
    expect(withinOneEdit("kursi", "kursi")).toBe(true);
    expect(withinOneEdit("kurso", "kursi")).toBe(true);
    expect(withinOneEdit("krusi", "kursi")).toBe(true);
    expect(withinOneEdit("kusi", "kursi")).toBe(true);
    expect(withinOneEdit("kurrsi", "kursi")).toBe(true);
    expect(withinOneEdit("kruso", "kursi")).toBe(false);
    expect(withinOneEdit("kur", "kursi")).toBe(false);
    expect(withinOneEdit("iksru", "kursi")).toBe(false);
  });
});
