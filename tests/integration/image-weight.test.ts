/**
 * "a 2 MB photo shown on a product card costs ≤ 60 KB". Photos just under the 2 MB
 * upload rule are stored the way the back office and /api store them (storeImage); a product
 * card offers variants up to 640 px wide, so the 640 px AVIF and WebP are the most a card
 * can cost. Every variant must exist at its width and within its byte budget.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VARIANT_FORMATS, VARIANT_WIDTHS, variantPath } from "../../app/lib/util/image-variants";
import { MAX_UPLOAD_BYTES } from "../../app/lib/util/upload-rules";
import { storeImage, variantBudget } from "../../app/lib/server/uploads.server";
import { createTestDb, type TestDb } from "../setup/test-db";

const CARD_BUDGET = 60 * 1024;

/**
 * A photo-like JPEG: octaves of smooth random colour whose amplitude falls by `decay` per
 * octave (natural photos have this 1/f spectrum; a smaller decay means more fine detail).
 */
async function photo(width: number, height: number, { decay, quality }: { decay: number; quality: number }) {
  const acc = new Float32Array(width * height * 3);
  let amplitude = 90;
  for (let scale = 256; scale >= 2; scale /= 2) {
    const w = Math.max(2, Math.round(width / scale));
    const h = Math.max(2, Math.round(height / scale));
    const layer = await sharp(crypto.randomBytes(w * h * 3), { raw: { width: w, height: h, channels: 3 } })
      .resize(width, height, { kernel: "cubic" })
      .raw()
      .toBuffer();
    for (let i = 0; i < acc.length; i++) acc[i]! += ((layer[i]! - 128) / 128) * amplitude;
    amplitude /= decay;
  }
  const pixels = Buffer.alloc(acc.length);
  for (let i = 0; i < acc.length; i++) pixels[i] = Math.max(0, Math.min(255, Math.round(128 + acc[i]!)));
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality }).toBuffer();
  return new File([new Uint8Array(jpeg)], "foto-produk.jpg", { type: "image/jpeg" });
}

let t: TestDb;
beforeAll(() => {
  t = createTestDb();
});
afterAll(() => t.cleanup());

async function storedVariants(file: File) {
  const relative = await storeImage(file, "produk");
  const original = path.join(t.uploadsDir, relative);
  const out: { width: number; format: string; bytes: number; actualWidth: number }[] = [];
  for (const width of VARIANT_WIDTHS) {
    for (const format of VARIANT_FORMATS) {
      const file = variantPath(original, width, format);
      const meta = await sharp(file).metadata();
      out.push({ width, format, bytes: fs.statSync(file).size, actualWidth: meta.width ?? 0 });
    }
  }
  return { original, variants: out };
}

describe("a photo just under 2 MB on a product card", () => {
  it("a detailed photo: the card's 640 px AVIF and WebP weigh ≤ 60 KB; every variant within budget", async () => {
    const file = await photo(3000, 2250, { decay: 1.35, quality: 92 });
    expect(file.size).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(file.size).toBeLessThan(MAX_UPLOAD_BYTES);

    const { variants } = await storedVariants(file);
    for (const v of variants) {
      expect(v.actualWidth, `${v.width} ${v.format}`).toBe(v.width);
      expect(v.bytes, `${v.width} ${v.format}`).toBeLessThanOrEqual(variantBudget(v.width));
    }
    const card = variants.filter((v) => v.width === 640);
    expect(card).toHaveLength(2);
    for (const v of card) expect(v.bytes, v.format).toBeLessThanOrEqual(CARD_BUDGET);
  });

  it("a photo so detailed that its first encode is over budget still costs a card ≤ 60 KB", async () => {
    const file = await photo(3000, 2250, { decay: 1.15, quality: 80 });
    expect(file.size).toBeGreaterThan(1.5 * 1024 * 1024);
    expect(file.size).toBeLessThan(MAX_UPLOAD_BYTES);

    const { original, variants } = await storedVariants(file);
    // The encoder's first quality alone would not do: the budget is what keeps the card light.
    const firstTry = await sharp(original).resize({ width: 640 }).avif({ quality: 50, effort: 2 }).toBuffer();
    expect(firstTry.length).toBeGreaterThan(CARD_BUDGET);

    const avif640 = variants.find((v) => v.width === 640 && v.format === "avif")!;
    expect(avif640.bytes).toBeLessThanOrEqual(CARD_BUDGET);
    // Every AVIF (what current browsers take from <picture>) fits its budget.
    for (const v of variants.filter((v) => v.format === "avif")) {
      expect(v.bytes, `${v.width}`).toBeLessThanOrEqual(variantBudget(v.width));
    }
  });
});
