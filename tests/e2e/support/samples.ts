/**
 * Sample uploads, written once per worker: a JPEG and a PNG made with sharp, a file over 2 MB,
 * a text file named .jpg and a text file named .txt.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";

export type SampleFiles = {
  dir: string;
  jpeg: string;
  jpeg2: string;
  png: string;
  /** 2.5 MB of JPEG: refused in the browser ('Ukuran file harus kurang dari 2MB'). */
  big: string;
  /** Text named .jpg: the browser believes the name, the server reads the content. */
  fakeJpeg: string;
  /** Text named .txt: refused in the browser ('Format file harus JPG, PNG'). */
  text: string;
};

export async function writeSamples(): Promise<SampleFiles> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-operator-e2e-"));
  const image = (color: string, width = 320, height = 240) =>
    sharp({ create: { width, height, channels: 3, background: color } });
  const file = (name: string) => path.join(dir, name);
  fs.writeFileSync(file("kursi-jati.jpg"), await image("#8a5a2b").jpeg().toBuffer());
  fs.writeFileSync(file("meja-jati.jpg"), await image("#3f6b3a", 400, 300).jpeg().toBuffer());
  fs.writeFileSync(file("lemari.png"), await image("#2b4a8a").png().toBuffer());
  // Random pixels do not compress: a real JPEG well over 2 MB.
  const side = 1400;
  const noise = crypto.randomBytes(side * side * 3);
  const big = await sharp(noise, { raw: { width: side, height: side, channels: 3 } }).jpeg({ quality: 100 }).toBuffer();
  if (big.length <= 2 * 1024 * 1024) throw new Error(`sample too small: ${big.length}`);
  fs.writeFileSync(file("foto-besar.jpg"), big);
  fs.writeFileSync(file("bukan-gambar.jpg"), "ini hanya teks, bukan gambar\n".repeat(40));
  fs.writeFileSync(file("catatan.txt"), "catatan biasa\n");
  return {
    dir,
    jpeg: file("kursi-jati.jpg"),
    jpeg2: file("meja-jati.jpg"),
    png: file("lemari.png"),
    big: file("foto-besar.jpg"),
    fakeJpeg: file("bukan-gambar.jpg"),
    text: file("catatan.txt"),
  };
}
