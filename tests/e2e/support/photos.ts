/**
 * Product photos as a phone makes them, and what the server stored of them: the photo specs'
 * helpers (foto-produk.*.spec.ts).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { produk } from "../../../db/schema";
import type { Db } from "../../../app/lib/server/db.server";
import { produkImages } from "../../../app/domain/images/collections.server";
import { createProduk } from "../../../app/domain/produk/produk.server";
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantPath } from "../../../app/lib/util/image-variants";
import { MAX_UPLOAD_BYTES } from "../../../app/lib/util/upload-rules";

export const PHONE_PHOTO = { width: 4000, height: 3000, minBytes: 3 * 1024 * 1024, maxBytes: 5 * 1024 * 1024 };

/**
 * A 12 MP phone photo (4000×3000, 3–5 MB): a colour gradient with a sensor's fine grain, saved
 * at a phone camera's high quality, so that it does not compress to a few hundred KB as a flat
 * picture would (a coarser grain would make it as costly to encode as no real photo is), and the
 * EXIF orientation 6 a phone held upright writes (the pixels lie on their side; shown turned 90°
 * clockwise, 3000×4000).
 * Made in the test, never committed. Written as `name` in `dir`.
 */
export async function writePhonePhoto(dir: string, name = "IMG_20250101_101010.jpg"): Promise<string> {
  const { width, height } = PHONE_PHOTO;
  const grain = crypto.randomBytes(width * height);
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const n = (grain[y * width + x]! / 255) * 16 - 8;
      const i = (y * width + x) * 3;
      raw[i] = Math.max(0, Math.min(255, (x / width) * 200 + 30 + n));
      raw[i + 1] = Math.max(0, Math.min(255, (y / height) * 180 + 40 + n));
      raw[i + 2] = Math.max(0, Math.min(255, 120 + n));
    }
  }
  const photo = await sharp(raw, { raw: { width, height, channels: 3 } }).withMetadata({ orientation: 6 }).jpeg({ quality: 95 }).toBuffer();
  if (photo.length < PHONE_PHOTO.minBytes || photo.length > PHONE_PHOTO.maxBytes) throw new Error(`phone photo of ${photo.length} bytes`);
  const file = path.join(dir, name);
  fs.writeFileSync(file, photo);
  return file;
}

/** A product of the test's own (no images yet), through the domain as the form saves one. */
export function seedProduk(db: Db, nama: string): number {
  const saved = createProduk(db, { id_kategori: null, nama_produk: nama, deskripsi: "Untuk foto dari ponsel.", harga: "1500000", gudang: [], status: "Tayang" });
  if (!saved.ok) throw new Error(`seedProduk: ${saved.message}`);
  return saved.produk.id;
}

/** The id of the product named `nama` (one the test made through a screen). */
export function produkIdByName(db: Db, nama: string): number {
  const row = db.select({ id: produk.id }).from(produk).where(eq(produk.nama_produk, nama)).get();
  if (!row) throw new Error(`no product named ${nama}`);
  return row.id;
}

/** Whether a product of that name exists. */
export function produkExists(db: Db, nama: string): boolean {
  return db.select({ id: produk.id }).from(produk).where(eq(produk.nama_produk, nama)).get() !== undefined;
}

/** A stored product image as the disk has it: its original's size and orientation, and its variants. */
export type StoredPhoto = { src: string; bytes: number; width: number; height: number; orientation: number | undefined; variants: number };

/** The images stored for a product, in their order, read from the server's uploads folder. */
export async function storedPhotos(db: Db, serverDir: string, produkId: number): Promise<StoredPhoto[]> {
  const uploads = path.join(serverDir, "uploads");
  return Promise.all(
    produkImages.list(db, produkId).map(async ({ src }) => {
      const file = path.join(uploads, decodeURIComponent(src.replace(/^\/uploads\//, "")));
      const meta = await sharp(file).metadata();
      const variants = VARIANT_WIDTHS.flatMap((w) => VARIANT_FORMATS.map((f) => variantPath(file, w, f))).filter((v) => fs.existsSync(v)).length;
      return { src, bytes: fs.statSync(file).size, width: meta.width, height: meta.height, orientation: meta.orientation, variants };
    }),
  );
}

/** Every variant a stored image gets at upload time. */
export const VARIANTS_PER_IMAGE = VARIANT_WIDTHS.length * VARIANT_FORMATS.length;
export { MAX_UPLOAD_BYTES };
