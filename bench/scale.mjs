// Fills a (copied, seeded) Etalase database up to benchmark scale: 10,000 products,
// 50,000 product images, 200 categories and 50 branches, with availability rows; and, when
// it holds the LPPM demo, 5,000 proposals, 1,000 lecturers and 100 reviewers (scale-lppm.mjs);
// and a year of the activity log: 200,000 entries (a busy shop and institute, ~550 a day).
// One transaction of prepared statements: a few seconds. Image rows reuse the image files
// the demo seed already wrote (no new files), cloning every other column of an existing row
// so columns added later (e.g. image variants) stay valid.
//
//   node bench/scale.mjs <db file> [--products N] [--images N] [--categories N] [--branches N]
//
// Totals are targets: rows already present (the demo shop) count towards them.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { slugify } from "../app/lib/util/slugify.mjs";
import { rng } from "../scripts/seed/rng.mjs";
import { scaleLppm } from "./scale-lppm.mjs";

export const SCALE_DEFAULTS = { products: 10_000, images: 50_000, categories: 200, branches: 50, activity: 200_000 };

const JENIS = ["Kursi", "Meja", "Lemari", "Bufet", "Rak", "Sofa", "Dipan", "Nakas", "Bangku", "Cermin", "Kabinet", "Meja Rias"];
const BAHAN = ["Jati", "Mahoni", "Trembesi", "Rotan", "Sungkai", "Mindi", "Suar", "Bambu"];
const GAYA = ["Minimalis", "Ukir Jepara", "Retro", "Klasik", "Modern", "Skandinavia", "Industrial", "Kolonial", "Rustic"];
const KOTA = ["Bandung", "Surabaya", "Yogyakarta", "Solo", "Malang", "Medan", "Makassar", "Denpasar", "Bogor", "Bekasi"];

/**
 * A year of the activity log: entries spread over the last 365 days, by the shop's users, over
 * the shop's entities, with a field change each (as the domain hook writes them).
 */
function scaleActivity(db, target, random, now) {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'aktivitas'").get();
  if (!hasTable) return;
  const have = db.prepare("SELECT COUNT(*) AS n FROM aktivitas").get().n;
  const users = db.prepare("SELECT id, name FROM users ORDER BY id LIMIT 50").all();
  const produkIds = db.prepare("SELECT id FROM produk ORDER BY id").all().map((r) => r.id);
  const insert = db.prepare(
    "INSERT INTO aktivitas (waktu, id_user, nama_user, aksi, entitas, id_entitas, ringkasan, perubahan) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
  );
  const ENTITAS = ["produk", "produk", "produk", "kategori", "kantor-cabang", "gambar-produk", "banner", "users", "usulan", "insentif"];
  const AKSI = ["ubah", "ubah", "ubah", "tambah", "hapus", "masuk", "keluar", "status"];
  const YEAR = 365 * 24 * 60 * 60 * 1000;
  db.transaction(() => {
    for (let i = have; i < target; i++) {
      const user = users[Math.floor(random() * users.length)];
      const entitas = ENTITAS[Math.floor(random() * ENTITAS.length)];
      const aksi = AKSI[Math.floor(random() * AKSI.length)];
      const id = produkIds[Math.floor(random() * produkIds.length)];
      const harga = (Math.floor(random() * 400) + 5) * 50_000;
      insert.run(
        now - Math.floor(((target - i) / target) * YEAR),
        user.id,
        user.name,
        aksi,
        entitas,
        String(id),
        aksi === "status" ? "DIAJUKAN → DITERIMA" : null,
        aksi === "ubah" ? JSON.stringify({ harga: [String(harga), String(harga + 50_000)] }) : null,
      );
    }
  })();
}

/**
 * WhatsApp clicks over the last 90 days (Statistik WhatsApp's longest period): ~330 a
 * day, ten times what a busy furniture shop gets. (At 300,000 the 90-day statistics take ~250 ms
 * of one core: past that, a daily roll-up table is the next step.)
 */
export const WA_KLIK_DEFAULT = 30_000;

/**
 * 90 days of WhatsApp clicks: a quarter to the shop's own number, the rest to
 * branches; about two thirds ask about a product (a few popular ones more often), over the
 * public pages. Days in WIB, as the redirect writes them.
 */
function scaleWaKlik(db, target, random, now) {
  const hasTable = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'wa_klik'").get();
  if (!hasTable) return;
  const have = db.prepare("SELECT COUNT(*) AS n FROM wa_klik").get().n;
  const cabangIds = db.prepare("SELECT id FROM kantor_cabang ORDER BY id").all().map((r) => r.id);
  const produkIds = db.prepare("SELECT id FROM produk ORDER BY id").all().map((r) => r.id);
  const HALAMAN = ["beranda", "produk", "detail-produk", "detail-produk", "detail-produk", "kontak-kami", "tentang-kami", "kerja-sama"];
  const insert = db.prepare("INSERT INTO wa_klik (tujuan, id_kantor_cabang, id_produk, halaman, hari, created_at) VALUES (?, ?, ?, ?, ?, ?)");
  const SPAN = 90 * 24 * 60 * 60 * 1000;
  const WIB = 7 * 60 * 60 * 1000;
  db.transaction(() => {
    for (let i = have; i < target; i++) {
      const at = now - Math.floor(random() * SPAN);
      const toko = random() < 0.25 || cabangIds.length === 0;
      const halaman = HALAMAN[Math.floor(random() * HALAMAN.length)];
      const withProduk = halaman === "detail-produk" || random() < 0.1;
      // Squared: the low ids (the popular products) are asked about more often.
      const produk = withProduk && produkIds.length > 0 ? produkIds[Math.floor(random() ** 2 * produkIds.length)] : null;
      insert.run(
        toko ? "toko" : "cabang",
        toko ? null : cabangIds[Math.floor(random() * cabangIds.length)],
        produk,
        halaman,
        new Date(at + WIB).toISOString().slice(0, 10),
        at,
      );
    }
  })();
}

/** Builds an INSERT for `table` that copies every column of a template row except `override` keys. */
function cloner(db, table, overrides) {
  const cols = db.prepare(`PRAGMA table_info(${table})`).all().map((c) => c.name);
  const template = db.prepare(`SELECT * FROM ${table} ORDER BY rowid LIMIT 1`).get();
  const insertCols = cols.filter((c) => c !== "id" || overrides.includes("id"));
  const stmt = db.prepare(
    `INSERT INTO ${table} (${insertCols.map((c) => `"${c}"`).join(", ")}) VALUES (${insertCols.map((c) => `@${c}`).join(", ")})`,
  );
  return (values) => stmt.run({ ...template, ...values });
}

export async function scaleDatabase(dbFile, options = {}) {
  const target = { ...SCALE_DEFAULTS, ...options };
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(dbFile, { fileMustExist: true });
  const started = Date.now();
  const random = rng(20250101);
  const pick = (list) => list[Math.floor(random() * list.length)];
  db.pragma("journal_mode = WAL");
  db.pragma("foreign_keys = ON");
  const count = (table) => db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get().n;
  const before = {
    products: count("produk"),
    images: count("gambar_produk"),
    categories: count("kategori"),
    branches: count("kantor_cabang"),
    availability: count("produk_gudang"),
  };
  if (before.products === 0 || before.images === 0 || before.categories === 0 || before.branches === 0) {
    db.close();
    throw new Error("scale.mjs butuh database yang sudah berisi toko demo (produk, gambar, kategori, cabang)");
  }
  const imageFiles = db.prepare("SELECT DISTINCT gambar FROM gambar_produk").all().map((r) => r.gambar);
  const now = Date.now();

  const insertKategori = cloner(db, "kategori", ["kategori", "seo", "created_at", "updated_at"]);
  const insertCabang = cloner(db, "kantor_cabang", ["kantor_cabang", "alamat", "kontak", "maps", "created_at", "updated_at"]);
  const insertProduk = cloner(db, "produk", ["id_kategori", "nama_produk", "nama_seo", "harga", "deskripsi", "created_at", "updated_at"]);
  const insertGambar = cloner(db, "gambar_produk", ["id_produk", "gambar", "created_at", "updated_at"]);
  const insertGudang = db.prepare("INSERT OR IGNORE INTO produk_gudang (id_produk, id_kantor_cabang) VALUES (?, ?)");
  const seoTaken = db.prepare("SELECT 1 FROM kategori WHERE seo = ?");

  const run = db.transaction(() => {
    const demoKategori = db.prepare("SELECT id FROM kategori ORDER BY id").all().map((r) => r.id);
    for (let i = before.categories; i < target.categories; i++) {
      const name = `${pick(JENIS)} ${pick(BAHAN)} ${pick(GAYA)} Seri ${i + 1}`;
      let seo = slugify(name);
      while (seoTaken.get(seo)) seo += "-x";
      insertKategori({ kategori: name, seo, created_at: now, updated_at: now });
    }
    for (let i = before.branches; i < target.branches; i++) {
      const kota = pick(KOTA);
      insertCabang({
        kantor_cabang: `Cabang ${kota} ${i + 1}`,
        alamat: `Jl. Pahlawan No. ${10 + i}, ${kota}`,
        kontak: `0812${String(10_000_000 + i * 7919).slice(0, 8)}`,
        maps: `https://maps.google.com/?q=${encodeURIComponent(`Jl. Pahlawan ${10 + i} ${kota}`)}`,
        created_at: now,
        updated_at: now,
      });
    }
    const kategoriIds = db.prepare("SELECT id FROM kategori ORDER BY id").all().map((r) => r.id);
    const newKategori = kategoriIds.filter((id) => !demoKategori.includes(id));
    const cabangIds = db.prepare("SELECT id FROM kantor_cabang ORDER BY id").all().map((r) => r.id);

    const toAdd = Math.max(0, target.products - before.products);
    let imagesLeft = Math.max(0, target.images - before.images);
    let availability = 0;
    for (let i = 0; i < toAdd; i++) {
      // 30% of the new products land in the demo categories (so the category page the
      // benchmark visits grows to hundreds of products), the rest spread over the new ones.
      const idKategori = random() < 0.3 || newKategori.length === 0 ? pick(demoKategori) : pick(newKategori);
      const nama = `${pick(JENIS)} ${pick(BAHAN)} ${pick(GAYA)} ${before.products + i + 1}`;
      const created = now - (toAdd - i) * 60_000;
      const harga = String((Math.floor(random() * 400) + 5) * 50_000);
      const info = insertProduk({
        id_kategori: idKategori,
        nama_produk: nama,
        nama_seo: `${slugify(nama)}-${i + 1}`,
        harga,
        deskripsi: `${nama} dari kayu pilihan dengan finishing rapi.\nUkuran ${80 + (i % 120)} x ${40 + (i % 60)} x ${70 + (i % 50)} cm. Bisa pesan warna dan ukuran khusus.`,
        created_at: created,
        updated_at: created,
      });
      const idProduk = Number(info.lastInsertRowid);
      // Spread the remaining images evenly over the remaining products.
      const n = Math.round(imagesLeft / (toAdd - i));
      for (let k = 0; k < n; k++) {
        insertGambar({ id_produk: idProduk, gambar: imageFiles[(i * 7 + k) % imageFiles.length], created_at: created, updated_at: created });
      }
      imagesLeft -= n;
      const branches = 1 + Math.floor(random() * 4);
      for (let b = 0; b < branches; b++) availability += insertGudang.run(idProduk, pick(cabangIds)).changes;
    }
    return availability;
  });
  run();
  scaleActivity(db, target.activity, random, now);
  scaleWaKlik(db, target.waKlik ?? WA_KLIK_DEFAULT, random, now);
  const after = {
    products: count("produk"),
    images: count("gambar_produk"),
    categories: count("kategori"),
    branches: count("kantor_cabang"),
    availability: count("produk_gudang"),
  };
  const hasLppm = db.prepare("SELECT COUNT(*) AS n FROM usulan").get().n > 0;
  db.pragma("wal_checkpoint(TRUNCATE)");
  db.close();
  const lppm = hasLppm ? await scaleLppm(dbFile) : null;
  return { before, after, lppm, seconds: (Date.now() - started) / 1000 };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const file = args.find((a, i) => !a.startsWith("--") && !(args[i - 1] ?? "").startsWith("--"));
  if (!file) {
    console.error("pakai: node bench/scale.mjs <db file> [--products N] [--images N] [--categories N] [--branches N]");
    process.exit(2);
  }
  const opts = {};
  for (const key of Object.keys(SCALE_DEFAULTS)) {
    const i = args.indexOf(`--${key}`);
    if (i >= 0) opts[key] = Number(args[i + 1]);
  }
  try {
    const r = await scaleDatabase(path.resolve(file), opts);
    console.log(`scale selesai dalam ${r.seconds.toFixed(2)} s`);
    console.table({ sebelum: r.before, sesudah: r.after });
    if (r.lppm) console.table({ "LPPM sebelum": r.lppm.before, "LPPM sesudah": r.lppm.after });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}
