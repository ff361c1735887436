/**
 * Start-up seeding (DESIGN.md runtime contract): the first operator when no user exists, and
 * the demo shop (SEED_DEMO) when the shop is empty. Safe to run on every start: each part only
 * acts on an empty table, so a second run changes nothing.
 */
import path from "node:path";
import { count } from "drizzle-orm";
import type { Db } from "../../app/lib/server/db.server";
import type { Env } from "../../app/lib/server/env.server";
import { slugify } from "../../app/lib/util/format";
import { generatePassword, hashPassword } from "../../app/lib/server/password.server";
import { isStrongPassword } from "../../app/domain/users/password.schema";
import { catatDataDemo } from "../../app/domain/demo/demo.server";
import { stagePrivateFile } from "../../app/lib/server/private-files.server";
import { sanitizeRichText } from "../../app/lib/server/sanitize.server";
import * as schema from "../../db/schema";
import { BANNERS, BRANCHES, CATEGORIES, GALLERY, mapsLink, OPERATOR_PROFILE, PROFIL, REVIEWS, SHOP } from "./data";
import { seedLppmDemo } from "./lppm-demo/seed";
import { seedLppmRubrik } from "./lppm-rubrik";
import { bannerSvg, gallerySvg, productSvg, profilSvg, removeFiles, writeImages, type ImageJob } from "./images";

type Log = (message: string) => void;

export async function seedDatabase(db: Db, env: Env, log: Log = console.log): Promise<void> {
  await seedOperator(db, env, log);
  // The LPPM's default rubrics (LPPM.md), quietly: only on a database without any rubric, and
  // before the demo, which scores by them.
  seedLppmRubrik(db);
  // The LPPM demo only beside a demo shop made in this run: an existing shop never gets demo accounts.
  if (await seedShop(db, env, log)) await seedLppmDemo(db, env, log);
}

/** Where a generated first-operator password goes: beside the database, e.g. data/operator-password.txt. */
export function operatorPasswordFile(env: Pick<Env, "DATABASE_URL">): string | null {
  if (env.DATABASE_URL === ":memory:" || env.DATABASE_URL.startsWith("file:")) return null;
  return path.join(path.dirname(path.resolve(env.DATABASE_URL)), "operator-password.txt");
}

function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith("..") || path.isAbsolute(relative) ? file : relative;
}

async function seedOperator(db: Db, env: Env, log: Log) {
  const users = db.select({ n: count() }).from(schema.users).get();
  if ((users?.n ?? 0) > 0) return;
  const given = env.OPERATOR_PASSWORD;
  const password = given ?? generatePassword();
  if (given && !isStrongPassword(given)) {
    log("[etalase] Peringatan: OPERATOR_PASSWORD lemah (minimal 8 karakter dengan huruf besar, huruf kecil dan angka).");
  }
  const passwordHash = await hashPassword(password);
  // A generated password goes to a file only the owner can read, never to the log (logs are
  // kept, shipped and shown to whoever can read the journal). It is written before the user
  // exists, so an operator whose password nobody can learn is never created.
  const file = given ? null : operatorPasswordFile(env);
  const staged = file
    ? stagePrivateFile(
        file,
        [
          "Etalase: operator pertama",
          `username: ${env.OPERATOR_USERNAME}`,
          `password: ${password}`,
          "",
          `Dibuat ${new Date().toISOString()}. Simpan password ini di tempat aman, lalu hapus berkas ini.`,
          "Ganti password setelah masuk (menu Ubah Password).",
          "",
        ].join("\n"),
      )
    : null;
  let inserted: { id: number }[] = [];
  try {
    // onConflictDoNothing: another process starting at the same moment may have won the race.
    inserted = db
      .insert(schema.users)
      .values({
        username: env.OPERATOR_USERNAME,
        name: OPERATOR_PROFILE.name,
        email: env.SEED_DEMO ? OPERATOR_PROFILE.email : "",
        no_hp: env.SEED_DEMO ? OPERATOR_PROFILE.no_hp : "",
        password_hash: passwordHash,
        hak_akses: JSON.stringify(["Operator"]),
        status_aktif: "Aktif",
      })
      .onConflictDoNothing()
      .returning({ id: schema.users.id })
      .all();
  } finally {
    if (inserted.length === 0) staged?.discard();
  }
  if (inserted.length === 0) return;
  if (given) {
    log(`[etalase] Operator pertama dibuat: username "${env.OPERATOR_USERNAME}" (password dari OPERATOR_PASSWORD).`);
  } else if (staged && file) {
    staged.commit();
    log(
      `[etalase] Operator pertama dibuat: username "${env.OPERATOR_USERNAME}"; password-nya ada di ${shownPath(file)} ` +
        "(hanya bisa dibaca pemilik berkas) — simpan, lalu hapus berkas itu.",
    );
  } else {
    // An in-memory database (tests) has no folder to write into, and dies with the process.
    log(`[etalase] Operator pertama dibuat: username "${env.OPERATOR_USERNAME}", password "${password}" (database sementara di memori).`);
  }
}

/**
 * The demo branches' opening hours, in BRANCHES order: Senin–Sabtu 08.00–17.00 and
 * Minggu libur; Gudang Jepara closes Sabtu at 14.00; Cabang Yogyakarta also opens Minggu 09.00–15.00.
 */
const jam = (buka: string | null, tutup: string | null) => ({ buka, tutup });
const BIASA = [1, 2, 3, 4, 5, 6].map(() => jam("08:00", "17:00"));
const JAM_BUKA_DEMO = [
  [...BIASA.slice(0, 5), jam("08:00", "14:00"), jam(null, null)], // Gudang Jepara
  [...BIASA, jam(null, null)], // Cabang Semarang
  [...BIASA, jam("09:00", "15:00")], // Cabang Yogyakarta
  [...BIASA, jam(null, null)], // Cabang Surabaya
];

/** A category's place (1…n) when the demo's categories are sorted by name. */
function urutanAbjad(nama: string): number {
  return [...CATEGORIES].map((c) => c.kategori).sort().indexOf(nama) + 1;
}

function shopIsEmpty(db: Pick<Db, "select">): boolean {
  return !db.select({ id: schema.setting.id }).from(schema.setting).limit(1).get();
}

/** Catalogue rows without a setting row (e.g. imported data): never mix the demo into them. */
function hasCatalogue(db: Pick<Db, "select">): boolean {
  return [schema.kategori, schema.produk, schema.kantorCabang, schema.banner, schema.profil].some(
    (table) => (db.select({ n: count() }).from(table).get()?.n ?? 0) > 0,
  );
}

/** Fills an empty shop: the demo (SEED_DEMO) or a bare setting row. True when the demo was made now. */
async function seedShop(db: Db, env: Env, log: Log): Promise<boolean> {
  if (!shopIsEmpty(db)) return false;
  if (!env.SEED_DEMO || hasCatalogue(db)) {
    // A bare setting row so the public site renders before the operator fills it in.
    db.insert(schema.setting).values({ id: 1, nama_toko: "Toko Mebel", kota: "" }).onConflictDoNothing().run();
    return false;
  }
  const started = Date.now();
  const uploadsDir = path.resolve(env.UPLOADS_DIR);

  // 1. Pictures first (async, outside the synchronous transaction).
  const products = CATEGORIES.flatMap((c, ci) => c.produk.map((p) => ({ ...p, ci })));
  const jobs: ImageJob[] = [];
  const bannerJobs = BANNERS.map((b, i) => jobs.push({ folder: "banner", svg: () => bannerSvg(SHOP.nama_toko, b.text, b.pieces, i) }) - 1);
  const productJobs = products.map((p, gi) => {
    const shots = 2 + (gi % 3); // 2–4 pictures per product
    return Array.from({ length: shots }, (_, shot) =>
      jobs.push({ folder: "produk", svg: () => productSvg(p.art, shot + gi, gi * 31 + shot * 7) }) - 1,
    );
  });
  const galleryJobs = GALLERY.map((g, i) => jobs.push({ folder: "galeri", svg: () => gallerySvg(g, i + 1) }) - 1);
  const profilJobs = PROFIL.map((p) => jobs.push({ folder: "profil", svg: () => profilSvg(p.jenis, SHOP.nama_toko, SHOP.kota) }) - 1);
  const files = await writeImages(jobs, uploadsDir, 2);
  const file = (i: number) => files[i]!;

  // 2. All rows in one transaction; IMMEDIATE so the emptiness check and the inserts are atomic.
  let inserted = false;
  try {
    inserted = db.transaction(
      (tx) => {
        if (!shopIsEmpty(tx) || hasCatalogue(tx)) return false;
        tx.insert(schema.setting).values({ id: 1, ...SHOP }).run();
        // Every row but the setting is the demo's, marked as such (the setting is the owner's to edit).
        catatDataDemo(tx, () => {
          const branchIds = tx
            .insert(schema.kantorCabang)
            .values(BRANCHES.map((b) => ({ ...b, maps: mapsLink(b.alamat) })))
            .returning({ id: schema.kantorCabang.id })
            .all()
            .map((r) => r.id);
          tx.insert(schema.jamBuka)
            .values(branchIds.flatMap((id, i) => (JAM_BUKA_DEMO[i] ?? []).map((d, h) => ({ id_kantor_cabang: id, hari: h + 1, ...d }))))
            .run();

          const categoryIds = tx
            .insert(schema.kategori)
            // The manual order starts alphabetical, as the site listed categories before it had one.
            .values(CATEGORIES.map((c) => ({ kategori: c.kategori, seo: slugify(c.kategori), urutan: urutanAbjad(c.kategori) })))
            .returning({ id: schema.kategori.id })
            .all()
            .map((r) => r.id);

          // Staggered creation times so "newest first" lists look like a shop that grew over time.
          const now = Date.now();
          products.forEach((p, gi) => {
            const createdAt = new Date(now - (products.length - gi) * 3_600_000);
            const row = tx
              .insert(schema.produk)
              .values({
                id_kategori: categoryIds[p.ci],
                nama_produk: p.nama,
                nama_seo: slugify(p.nama),
                harga: p.harga,
                deskripsi: p.deskripsi,
                created_at: createdAt,
                updated_at: createdAt,
              })
              .returning({ id: schema.produk.id })
              .get();
            tx.insert(schema.gambarProduk)
              .values((productJobs[gi] ?? []).map((j, i) => ({ id_produk: row.id, gambar: file(j), urutan: i + 1, created_at: createdAt, updated_at: createdAt })))
              .run();
            // Every fifth product is stocked everywhere, the rest at 1–3 branches.
            const k = gi % 5 === 0 ? branchIds.length : 1 + (gi % 3);
            const at = new Set(Array.from({ length: k }, (_, j) => branchIds[(gi + j) % branchIds.length]!));
            tx.insert(schema.produkGudang)
              .values([...at].map((id) => ({ id_produk: row.id, id_kantor_cabang: id })))
              .run();
          });

          tx.insert(schema.banner).values(bannerJobs.map((j, i) => ({ image: file(j), urutan: i + 1 }))).run();
          tx.insert(schema.ulasan).values(REVIEWS).run();
          tx.insert(schema.galeri).values(galleryJobs.map((j) => ({ gambar: file(j) }))).run();
          tx.insert(schema.profil)
            .values(PROFIL.map((p, i) => ({ jenis: p.jenis, keterangan: sanitizeRichText(p.html), foto: file(profilJobs[i]!) })))
            .run();
        });
        return true;
      },
      { behavior: "immediate" },
    );
  } finally {
    // Rolled back or lost the race to another process: the pictures belong to nobody.
    if (!inserted) await removeFiles(files.map((f) => path.join(uploadsDir, f)));
  }
  if (inserted) {
    log(
      `[etalase] Toko demo "${SHOP.nama_toko}" diisi: ${products.length} produk, ${files.length} gambar (${((Date.now() - started) / 1000).toFixed(1)} dtk).`,
    );
  }
  return inserted;
}
