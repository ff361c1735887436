/**
 * Removing the demo (app/domain/demo/demo.server.ts, behind the Cadangan page and
 * `npm run demo:hapus`) on a throw-away copy of the seeded demo shop with the LPPM demo added:
 * - every marked row goes — products with their images (rows and files), stock rows and old
 *   slugs, categories, branches, banners, reviews, gallery, profile pages, the demo LPPM accounts
 *   with their proposals, reports, claims, documents (files too), status history and messages,
 *   the LPPM master data — and then every marker;
 * - what the owner added stays, and so does what the owner changed (a demo product with a new
 *   price, with its images, category and branches) or still uses (the category of the owner's
 *   product, the branch that stocks it, the study programme of the owner's user, the demo
 *   lecturer invited to the owner's proposal, with what that lecturer owns);
 * - a backup first, holding the demo; one line in the activity log; a second run changes
 *   nothing and makes no backup;
 * - a database the demo seed filled before the markers existed (tests/fixtures/v0.1.0) is
 *   marked by its migration: the same demo, nothing else.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { count, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { hapusDataDemo, rencanaHapusDemo, ringkasanDemo, TIDAK_ADA_DEMO, type HasilHapusDemo } from "../../app/domain/demo/demo.server";
import { produkImages, bannerImages } from "../../app/domain/images/collections.server";
import { createKategori } from "../../app/domain/kategori/kategori.server";
import { createProduk, getProdukForm, updateProduk } from "../../app/domain/produk/produk.server";
import { appDataPaths, backupsDirOf, type DataPaths } from "../../app/lib/server/backup/files.server";
import { listBackups } from "../../app/lib/server/backup/list.server";
import { migrateDb, openDb, type RootDb } from "../../app/lib/server/db.server";
import { documentsDir } from "../../app/lib/server/documents.server";
import { getEnv, parseEnv } from "../../app/lib/server/env.server";
import { seedLppmDemo } from "../../scripts/seed/lppm-demo/seed";
import { LPPM_DEMO_PEOPLE } from "../../scripts/seed/lppm-demo/tables/people";
import { ROOT } from "../../bench/lib.mjs";
import { addUser } from "../setup/data";
import { jpegFile, listFiles, snapshot } from "../setup/operator-helpers";
import { createTestDb, type TestDb } from "../setup/test-db";

/** The seeded demo shop with the LPPM demo beside it (the template leaves the LPPM part out). */
async function demoShop(): Promise<{ t: TestDb; paths: DataPaths; backupsDir: string }> {
  const t = createTestDb();
  await seedLppmDemo(t.db, parseEnv({ ...process.env, SEED_DEMO_LPPM: "1" }), () => {});
  return { t, paths: appDataPaths(getEnv(), documentsDir()), backupsDir: backupsDirOf(getEnv().BACKUPS_DIR) };
}

const rows = (db: RootDb, table: string) => (db.$client.prepare(`select count(*) as n from "${table}"`).get() as { n: number }).n;
const triggers = (db: RootDb) => (db.$client.prepare("select sql from sqlite_master where type = 'trigger' and tbl_name = 'status_log' order by name").all() as { sql: string }[]).map((r) => r.sql);
const idsOf = (db: RootDb, query: string) => (db.$client.prepare(query).all() as { id: number }[]).map((r) => r.id);

describe("removing the demo", () => {
  let t: TestDb;
  let paths: DataPaths;
  let backupsDir: string;
  let result: Awaited<ReturnType<typeof hapusDataDemo>>;
  /** What was there before, and what the owner added or changed. */
  const before = { produk: [] as number[], demoFiles: [] as string[], demoDocuments: [] as string[], triggers: [] as string[] };
  const owner = { kategori: 0, produk: 0, produkDiKategoriDemo: 0, diubah: 0, gambarPemilik: "", banner: 0, user: 0, usulan: 0, prodi: 0, cabang: 0, kategoriDemo: 0 };
  let sitiId = 0;

  beforeAll(async () => {
    ({ t, paths, backupsDir } = await demoShop());
    const db = t.db;
    before.produk = idsOf(db, "select id from produk");
    before.demoFiles = [
      ...db.select({ f: schema.gambarProduk.gambar }).from(schema.gambarProduk).all().map((r) => r.f),
      ...db.select({ f: schema.banner.image }).from(schema.banner).all().map((r) => r.f),
      ...db.select({ f: schema.galeri.gambar }).from(schema.galeri).all().map((r) => r.f),
    ];
    before.demoDocuments = listFiles(paths.documentsDir);
    before.triggers = triggers(db);

    // The owner's own category and product, stocked at a demo branch, with a picture of its own.
    const [cabang] = db.select().from(schema.kantorCabang).orderBy(schema.kantorCabang.id).all();
    owner.cabang = cabang!.id;
    owner.kategori = createKategori(db, { kategori: "Kursi Kantor" }).id;
    const baru = createProduk(db, { id_kategori: owner.kategori, nama_produk: "Kursi Kerja Ergonomis", deskripsi: "Milik toko.", harga: "1.500.000", gudang: [owner.cabang] });
    if (!baru.ok) throw new Error(baru.message);
    owner.produk = baru.produk.id;
    const gambar = await produkImages.add(db, await jpegFile("kursi.jpg"), owner.produk);
    owner.gambarPemilik = db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id, gambar!.id)).get()!.gambar;
    // The owner's product in a demo category: that category stays.
    const [lemari] = db.select().from(schema.kategori).where(eq(schema.kategori.seo, "lemari")).all();
    owner.kategoriDemo = lemari!.id;
    const lain = createProduk(db, { id_kategori: lemari!.id, nama_produk: "Lemari Arsip Kantor", deskripsi: "Milik toko.", harga: "2.000.000", gudang: [] });
    if (!lain.ok) throw new Error(lain.message);
    owner.produkDiKategoriDemo = lain.produk.id;
    // A demo product the owner made their own: a new price.
    const demo = getProdukForm(db, before.produk[3]!)!;
    owner.diubah = demo.id;
    const diubah = updateProduk(db, demo.id, { id_kategori: demo.id_kategori, nama_produk: demo.nama_produk, deskripsi: demo.deskripsi, harga: "9.999.000", gudang: demo.gudang });
    if (!diubah.ok) throw new Error(diubah.message);
    owner.banner = (await bannerImages.add(db, await jpegFile("banner.jpg", 1920, 620)))!.id;

    // The owner's lecturer in a demo study programme, with a proposal in a demo call that invited
    // a demo lecturer (dosen.siti).
    owner.prodi = db.select().from(schema.prodi).where(eq(schema.prodi.nama, "Manajemen")).get()!.id;
    owner.user = (await addUser(db, ["Pengusul"], { username: "dosen.pemilik", id_prodi: owner.prodi })).id;
    const periode = db.select().from(schema.periode).orderBy(schema.periode.id).get()!;
    owner.usulan = db.insert(schema.usulan).values({ id_periode: periode.id, jenis: "penelitian", id_ketua: owner.user, judul: "Usulan milik pemilik" }).returning().get().id;
    sitiId = db.select().from(schema.users).where(eq(schema.users.username, "dosen.siti")).get()!.id;
    db.insert(schema.usulanAnggota).values({ id_usulan: owner.usulan, id_user: sitiId }).run();

    result = await hapusDataDemo(db, { paths, backupsDir });
  }, 120_000);

  afterAll(() => t?.cleanup());

  it("reports what it removed and the backup it made first", () => {
    expect(result.ok).toBe(true);
    const done = result as HasilHapusDemo;
    expect(done.ringkasan).toMatch(/^35 produk, 5 kategori, 2 kantor cabang, 4 banner, 7 ulasan konsumen, 9 foto galeri, 2 isi halaman Tentang Kami\/Kerja Sama, 14 akun demo LPPM, \d+ usulan LPPM, \d+ klaim insentif, \d+ data master LPPM/);
    expect(done.berkas).toBeGreaterThan(100);
  });

  it("removes every demo product with its images, files, stock rows and old slugs; keeps the owner's and the one the owner changed", () => {
    const db = t.db;
    const left = idsOf(db, "select id from produk order by id");
    expect(left.sort((a, b) => a - b)).toEqual([owner.diubah, owner.produk, owner.produkDiKategoriDemo].sort((a, b) => a - b));
    const gone = before.produk.filter((id) => id !== owner.diubah);
    expect(db.select({ n: count() }).from(schema.gambarProduk).where(inArray(schema.gambarProduk.id_produk, gone)).get()!.n).toBe(0);
    expect(db.select({ n: count() }).from(schema.produkGudang).where(inArray(schema.produkGudang.id_produk, gone)).get()!.n).toBe(0);
    expect(rows(db, "slug_redirect")).toBe(0);
    // The changed product keeps its pictures; the owner's keeps its own.
    const kept = db.select({ f: schema.gambarProduk.gambar }).from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, owner.diubah)).all().map((r) => r.f);
    expect(kept.length).toBeGreaterThanOrEqual(2);
    for (const file of [...kept, owner.gambarPemilik]) expect(fs.existsSync(path.join(t.uploadsDir, file)), file).toBe(true);
    // Every other demo picture is gone from the disk (and nothing is left that no row names).
    for (const file of before.demoFiles.filter((f) => !kept.includes(f))) expect(fs.existsSync(path.join(t.uploadsDir, file)), file).toBe(false);
    const named = [...db.select({ f: schema.gambarProduk.gambar }).from(schema.gambarProduk).all().map((r) => r.f), ...db.select({ f: schema.banner.image }).from(schema.banner).all().map((r) => r.f)];
    expect(listFiles(t.uploadsDir).filter((f) => !/\.w\d+\.(avif|webp)$|\.og\.jpg$/.test(f)).sort()).toEqual(named.sort());
  });

  it("keeps the categories and branches that stay in use; removes the rest with the banners, reviews, gallery and profile pages", () => {
    const db = t.db;
    const kategori = db.select({ id: schema.kategori.id }).from(schema.kategori).all().map((r) => r.id);
    const diubahKategori = getProdukForm(db, owner.diubah)!.id_kategori!;
    expect(kategori.sort()).toEqual([...new Set([owner.kategori, owner.kategoriDemo, diubahKategori])].sort());
    const cabang = db.select({ id: schema.kantorCabang.id }).from(schema.kantorCabang).all().map((r) => r.id);
    expect(cabang.sort()).toEqual([...new Set([owner.cabang, ...getProdukForm(db, owner.diubah)!.gudang])].sort());
    expect(db.select({ id: schema.banner.id }).from(schema.banner).all()).toEqual([{ id: owner.banner }]);
    for (const table of ["ulasan", "galeri", "profil"]) expect(rows(db, table), table).toBe(0);
  });

  it("removes the demo's proposals and claims with their documents and history, and the demo accounts but the one the owner's proposal needs", () => {
    const db = t.db;
    const usernames = db.select({ u: schema.users.username }).from(schema.users).all().map((r) => r.u);
    expect(usernames.sort()).toEqual(["dosen.pemilik", "dosen.siti", "operator"]);
    expect(db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, "dosen.siti")).get()!.id).toBe(sitiId);
    expect(idsOf(db, "select id from usulan")).toEqual([owner.usulan]);
    expect(rows(db, "insentif")).toBe(0);
    // No status history, message or document of a removed proposal, claim or account is left.
    const orphans = db.$client
      .prepare(
        `select count(*) as n from status_log s where
           (s.entity = 'usulan' and s.entity_id not in (select id from usulan)) or
           (s.entity = 'insentif' and s.entity_id not in (select id from insentif)) or
           (s.entity in ('laporan_kemajuan', 'laporan_akhir') and s.entity_id not in (select id from laporan)) or
           (s.entity = 'monev' and s.entity_id not in (select id from monev))`,
      )
      .get() as { n: number };
    expect(orphans.n).toBe(0);
    expect(rows(db, "status_log")).toBe(0);
    const namedDocuments = new Set(
      (db.$client.prepare("select file as f from usulan_dokumen union select file from catatan_harian_bukti union select berita_acara_file from monev where berita_acara_file is not null union select file from insentif_bukti").all() as { f: string }[]).map((r) => r.f),
    );
    expect(namedDocuments.size).toBe(0);
    expect(before.demoDocuments.length).toBeGreaterThan(40);
    expect(listFiles(paths.documentsDir)).toEqual([]);
    // The guards of the history are back, as they were.
    expect(triggers(db)).toEqual(before.triggers);
    db.insert(schema.statusLog).values({ entity: "usulan", entity_id: owner.usulan, to_status: "DRAF", actor_name: "Uji", created_at: new Date() }).run();
    expect(() => db.$client.prepare("delete from status_log").run()).toThrow(/append-only/);
    expect(db.$client.pragma("foreign_key_check")).toEqual([]);
  });

  it("keeps the study programme (and its faculty) of the owner's lecturer and the call of the owner's proposal", () => {
    const db = t.db;
    const prodi = db.select().from(schema.prodi).all();
    expect(prodi.map((p) => p.id)).toContain(owner.prodi);
    expect(db.select().from(schema.fakultas).all().map((f) => f.id)).toContain(prodi.find((p) => p.id === owner.prodi)!.id_fakultas);
    const periode = db.select().from(schema.usulan).where(eq(schema.usulan.id, owner.usulan)).get()!.id_periode;
    expect(db.select().from(schema.periode).where(eq(schema.periode.id, periode)).get()).toBeTruthy();
  });

  it("leaves no marker: what stays is the owner's, and there is nothing more to remove", () => {
    expect(rows(t.db, "demo_data")).toBe(0);
    expect(ringkasanDemo(rencanaHapusDemo(t.db))).toEqual({ hapus: [], dibiarkan: [] });
  });

  it("made a backup first that still holds the demo, and wrote one line in the activity log", async () => {
    const backups = await listBackups(backupsDir);
    expect(backups).toHaveLength(1);
    expect(backups[0]).toMatchObject({ nama: (result as HasilHapusDemo).cadangan, asal: "sebelum-hapus-demo" });
    const copy = new Database(path.join(backupsDir, backups[0]!.nama, "etalase.db"), { readonly: true });
    try {
      expect((copy.prepare("select count(*) as n from produk").get() as { n: number }).n).toBe(before.produk.length + 2);
      expect((copy.prepare("select count(*) as n from demo_data where tabel = 'users'").get() as { n: number }).n).toBe(LPPM_DEMO_PEOPLE.length);
    } finally {
      copy.close();
    }
    const log = t.db.select().from(schema.aktivitas).where(eq(schema.aktivitas.aksi, "hapus-demo")).all();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ entitas: "data demo", nama_user: "Sistem", ringkasan: `${(result as HasilHapusDemo).ringkasan}; cadangan sebelumnya: ${(result as HasilHapusDemo).cadangan}` });
  });

  it("keeps the demo accounts' shared password file while some of those accounts stay", () => {
    expect(fs.existsSync(path.join(t.dir, "lppm-demo-password.txt"))).toBe(true);
  });

  it("run again: nothing to remove (409), no backup, nothing changed", async () => {
    const snap = snapshot(t.db, t.uploadsDir);
    const again = await hapusDataDemo(t.db, { paths, backupsDir });
    expect(again).toEqual({ ok: false, status: 409, message: TIDAK_ADA_DEMO });
    expect(await listBackups(backupsDir)).toHaveLength(1);
    expect(snapshot(t.db, t.uploadsDir)).toEqual(snap);
  });
});

describe("removing the whole demo of a shop the owner has not touched", () => {
  it("leaves the operator, the Setting and the default rubrics; every demo table empty, every demo file gone", async () => {
    const { t, paths, backupsDir } = await demoShop();
    try {
      const setting = t.db.select().from(schema.setting).get();
      const rubrik = rows(t.db, "rubrik_kriteria");
      const result = await hapusDataDemo(t.db, { paths, backupsDir });
      expect(result.ok).toBe(true);
      for (const table of ["produk", "gambar_produk", "produk_gudang", "kategori", "kantor_cabang", "jam_buka", "banner", "ulasan", "galeri", "profil", "fakultas", "prodi", "skema", "periode", "penetapan", "usulan", "usulan_dokumen", "laporan", "monev", "insentif", "insentif_bukti", "jenis_insentif", "periode_insentif", "penetapan_insentif", "status_log", "demo_data"]) {
        expect(rows(t.db, table), table).toBe(0);
      }
      expect(t.db.select({ u: schema.users.username }).from(schema.users).all()).toEqual([{ u: "operator" }]);
      expect(t.db.select().from(schema.setting).get()).toEqual(setting);
      expect(rows(t.db, "rubrik_kriteria")).toBe(rubrik);
      expect(listFiles(t.uploadsDir)).toEqual([]);
      expect(listFiles(paths.documentsDir)).toEqual([]);
      expect(fs.existsSync(path.join(t.dir, "lppm-demo-password.txt"))).toBe(false);
    } finally {
      t.cleanup();
    }
  }, 120_000);
});

describe("a database seeded before the markers existed", () => {
  it("gets them from its migration: exactly the demo the old seed wrote", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-demo-lama-"));
    try {
      const file = path.join(dir, "etalase.db");
      fs.copyFileSync(path.join(ROOT, "tests/fixtures/v0.1.0/etalase.db"), file);
      const db = openDb(file);
      try {
        // The owner's rows, added after the demo (outside the minutes the seed ran).
        db.$client.exec("insert into kategori (kategori, seo) values ('Kursi Tamu Baru', 'kursi-tamu-baru')");
        db.$client.exec("insert into banner (image) values ('banner/milik-pemilik.jpg')");
        migrateDb(db);
        const marked = Object.fromEntries((db.$client.prepare("select tabel, count(*) as n from demo_data group by tabel").all() as { tabel: string; n: number }[]).map((r) => [r.tabel, r.n]));
        const demoUsers = (db.$client.prepare("select count(*) as n from users where username <> 'operator'").get() as { n: number }).n;
        expect(marked).toEqual({
          kantor_cabang: 4,
          kategori: 7,
          produk: 36,
          gambar_produk: rows(db, "gambar_produk"),
          banner: 4,
          ulasan: 7,
          galeri: 9,
          profil: 2,
          users: demoUsers,
          usulan: rows(db, "usulan"),
          insentif: rows(db, "insentif"),
          fakultas: rows(db, "fakultas"),
          prodi: rows(db, "prodi"),
          skema: rows(db, "skema"),
          periode: rows(db, "periode"),
          penetapan: rows(db, "penetapan"),
          jenis_insentif: rows(db, "jenis_insentif"),
          periode_insentif: rows(db, "periode_insentif"),
          penetapan_insentif: rows(db, "penetapan_insentif"),
        });
        // The plan takes all of it, the rows the owner added after it not.
        const rencana = rencanaHapusDemo(db);
        expect(rencana.hapus.usulan).toHaveLength(rows(db, "usulan"));
        expect(rencana.hapus.insentif).toHaveLength(rows(db, "insentif"));
        expect(rencana.hapus.kategori).toHaveLength(7);
        expect(rencana.hapus.banner).toHaveLength(4);
        expect(db.get<{ n: number }>(sql`select count(*) as n from demo_data where tabel = 'kategori' and id_baris = (select id from kategori where seo = 'kursi-tamu-baru')`)!.n).toBe(0);
      } finally {
        db.$client.close();
      }
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
