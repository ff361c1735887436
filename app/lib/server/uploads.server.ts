/**
 * The one module that touches UPLOADS_DIR. Serving: only files inside the folder, with their
 * image content type, nosniff and a long cache lifetime (names are random and never reused).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Request as ExpressRequest, Response as ExpressResponse } from "express";
import { fileTypeFromBuffer } from "file-type";
import type { Sharp } from "sharp";
import { loadSharp } from "~/lib/server/sharp-limits.server";
import { getEnv } from "~/lib/server/env.server";
import {
  OG_IMAGE_HEIGHT,
  OG_IMAGE_WIDTH,
  ogImagePath,
  parseOgImagePath,
  parseVariantPath,
  VARIANT_FORMATS,
  VARIANT_WIDTHS,
  variantPath,
  type VariantFormat,
} from "~/lib/util/image-variants";
import { MAX_UPLOAD_BYTES, PHOTO_MAX_SIDE, UPLOAD_BAD_TYPE, UPLOAD_TOO_BIG } from "~/lib/util/upload-rules";

const CONTENT_TYPES: Record<string, string> = {
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".webp": "image/webp",
  ".avif": "image/avif",
};

export function uploadsDir(): string {
  return path.resolve(getEnv().UPLOADS_DIR);
}

/** Public URL of a stored relative path ("produk/x.jpg" → "/uploads/produk/x.jpg"). */
export function uploadUrl(relative: string | null | undefined): string | null {
  if (!relative) return null;
  return `/uploads/${relative.split("/").map(encodeURIComponent).join("/")}`;
}

/**
 * Resolves a request path below /uploads/ to a file inside UPLOADS_DIR, or null for anything
 * that tries to leave it (`..`, encoded or doubly encoded, absolute paths, NUL bytes, dotfiles).
 */
export function resolveUploadPath(requestPath: string, dir = uploadsDir()): string | null {
  let decoded = requestPath;
  try {
    // Decode until stable so %252e%252e cannot sneak a ".." past one decode.
    for (let i = 0; i < 3; i++) {
      const next = decodeURIComponent(decoded);
      if (next === decoded) break;
      decoded = next;
    }
  } catch {
    return null;
  }
  if (decoded.includes("\0") || decoded.includes("\\")) return null;
  const segments = decoded.split("/").filter(Boolean);
  if (segments.length === 0) return null;
  if (segments.some((s) => s === ".." || s === "." || s.startsWith("."))) return null;
  const full = path.resolve(dir, ...segments);
  if (!full.startsWith(dir + path.sep)) return null;
  return full;
}

export async function serveUpload(req: ExpressRequest, res: ExpressResponse) {
  const raw = req.originalUrl.split("?")[0] ?? "";
  const relative = raw.replace(/^\/uploads\/?/, "");
  const full = resolveUploadPath(relative);
  const type = full ? CONTENT_TYPES[path.extname(full).toLowerCase()] : undefined;
  if (!full || !type) return notFound(res);
  // A variant not made yet (images stored before variants existed, or the demo seed) is
  // made once, on its first request, and served from disk afterwards.
  if (!fs.existsSync(full)) {
    const made = await ensureVariant(full).catch(() => false);
    if (!made) return notFound(res);
  }
  fs.stat(full, (err, stat) => {
    if (err || !stat.isFile()) return notFound(res);
    res.setHeader("Content-Type", type);
    res.setHeader("Content-Length", String(stat.size));
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Last-Modified", stat.mtime.toUTCString());
    if (req.method === "HEAD") return res.end();
    fs.createReadStream(full).pipe(res);
  });
}

function notFound(res: ExpressResponse) {
  res.status(404).type("text/plain; charset=utf-8").send("Tidak ditemukan");
}

// ---- Storing uploads ----------------------------------------------------------------------


export type UploadKind = "banner" | "produk" | "galeri" | "profil" | "kop";

/** A rejected upload: the spec's message and the HTTP status the API answers with. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 413 | 415,
  ) {
    super(message);
  }
}

/** A File from a form field, or null when the field is absent or empty (no new image). */
export function fileFrom(formData: FormData, name: string): File | null {
  const value = formData.get(name);
  if (!value || typeof value === "string" || value.size === 0) return null;
  return value;
}

/** Largest side kept on disk; larger photos are scaled down (never up). */
const MAX_SIDE = PHOTO_MAX_SIDE;
const MAX_INPUT_PIXELS = 50_000_000;

/** An upload that passed the checks, and what it is by its content. */
type CheckedImage = { file: File; mime: "image/jpeg" | "image/png" };

/** The bytes file-type needs to tell a file's type (its own `minimumBytes`). */
const TYPE_SAMPLE_BYTES = 4100;

/**
 * The checks every upload passes before anything is stored: under 2 MB, and a JPEG or PNG by
 * content (magic bytes, not the browser's MIME type). Throws UploadError.
 */
async function checkImage(file: File): Promise<CheckedImage> {
  if (file.size >= MAX_UPLOAD_BYTES) throw new UploadError(UPLOAD_TOO_BIG, 413);
  // Only the start of the file: several photos are checked before any is read whole.
  const detected = await fileTypeFromBuffer(new Uint8Array(await file.slice(0, TYPE_SAMPLE_BYTES).arrayBuffer()));
  if (!detected || (detected.mime !== "image/jpeg" && detected.mime !== "image/png")) {
    throw new UploadError(UPLOAD_BAD_TYPE, 415);
  }
  return { file, mime: detected.mime };
}

/**
 * Checks an uploaded image by content (magic bytes, not the browser's MIME type), re-encodes it
 * (metadata stripped, bounded size) and stores it under a random name: temp file, then rename.
 * Returns the path relative to UPLOADS_DIR.
 */
export async function storeImage(file: File, kind: UploadKind): Promise<string> {
  return storeChecked(await checkImage(file), kind);
}

async function storeChecked({ file, mime }: CheckedImage, kind: UploadKind): Promise<string> {
  const input = Buffer.from(await file.arrayBuffer());
  const sharp = await loadSharp();
  let output: Buffer;
  try {
    const image = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true });
    output =
      mime === "image/png"
        ? await image.png({ compressionLevel: 9, palette: false }).toBuffer()
        : await image.jpeg({ quality: 82, mozjpeg: true }).toBuffer();
  } catch {
    throw new UploadError(UPLOAD_BAD_TYPE, 415);
  }
  const ext = mime === "image/png" ? "png" : "jpg";
  const relative = `${kind}/${crypto.randomBytes(12).toString("hex")}.${ext}`;
  const target = path.join(uploadsDir(), relative);
  await fs.promises.mkdir(path.dirname(target), { recursive: true });
  const temp = `${target}.${process.pid}.tmp`;
  await fs.promises.writeFile(temp, output);
  await fs.promises.rename(temp, target);
  try {
    await makeAllVariants(target);
  } catch (error) {
    // The original is stored; a missing variant is made on its first request instead.
    console.warn("[uploads] varian gambar gagal dibuat:", error);
  }
  return relative;
}

/**
 * A stored image's bytes and kind, to embed in a generated paper (the letterhead's logo), or null
 * when the file is gone or is not a JPEG or PNG stored by storeImage.
 */
export function readUploadedImage(relative: string): { bytes: Uint8Array; type: "png" | "jpg" } | null {
  const full = resolveUploadPath(relative);
  const type = full?.endsWith(".png") ? "png" : full?.endsWith(".jpg") ? "jpg" : null;
  if (!full || !type) return null;
  try {
    return { bytes: fs.readFileSync(full), type };
  } catch {
    return null;
  }
}

/** Removes a stored file and its variants; called only after the database no longer points at it. */
export async function removeUpload(relative: string | null | undefined) {
  if (!relative) return;
  const full = resolveUploadPath(relative);
  if (!full) return;
  await fs.promises.rm(full, { force: true });
  await Promise.all([
    ...VARIANT_WIDTHS.flatMap((w) =>
      VARIANT_FORMATS.map((f) => fs.promises.rm(variantPath(full, w, f), { force: true })),
    ),
    fs.promises.rm(ogImagePath(full), { force: true }),
  ]);
}

// ---- Responsive variants --------------------------------------------------------------------

/**
 * The most a variant may weigh: 60 KB at 640 px wide (a product card on a phone: a 2 MB
 * photo on a product card costs at most 60 KB), scaled by area for the other widths.
 */
export function variantBudget(width: number): number {
  return Math.round(60 * 1024 * (width / 640) ** 2);
}

/**
 * Encoder qualities, tried in order until the variant fits its budget: small files for slow
 * phones, quick enough to make at upload time. Ordinary photos fit at the first quality; a
 * very detailed one steps down (the last step is kept even if it is still over).
 */
const QUALITY_STEPS: Record<VariantFormat, readonly number[]> = {
  avif: [50, 40, 30, 22],
  webp: [72, 60, 48, 36],
};

function encode(image: Sharp, format: VariantFormat, quality: number) {
  return format === "avif" ? image.avif({ quality, effort: 2 }) : image.webp({ quality, effort: 4 });
}

async function encodeVariant(source: string | Buffer, width: number, format: VariantFormat): Promise<Buffer> {
  const sharp = await loadSharp();
  const resized = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
  let output = Buffer.alloc(0);
  for (const quality of QUALITY_STEPS[format]) {
    output = await encode(resized.clone(), format, quality).toBuffer();
    if (output.length <= variantBudget(width)) break;
  }
  return output;
}

async function writeVariant(source: string, width: number, format: VariantFormat, target: string) {
  const output = await encodeVariant(source, width, format);
  const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.promises.writeFile(temp, output);
  await fs.promises.rename(temp, target);
}

/** Every variant of a freshly stored image, made at upload time. */
async function makeAllVariants(source: string) {
  for (const width of VARIANT_WIDTHS) {
    for (const format of VARIANT_FORMATS) await writeVariant(source, width, format, variantPath(source, width, format));
  }
}

const pendingVariants = new Map<string, Promise<boolean>>();
let running = 0;
const queue: (() => void)[] = [];
/** At most two encodes at once: the machine has two cores and pages keep being served. */
async function withEncodeSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= 2) await new Promise<void>((resolve) => queue.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    queue.shift()?.();
  }
}

/** The link preview: 1200×630, cover-cropped around the image's centre, JPEG. */
export async function encodeOgImage(source: string | Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(source, { limitInputPixels: MAX_INPUT_PIXELS })
    .resize({ width: OG_IMAGE_WIDTH, height: OG_IMAGE_HEIGHT, fit: "cover", position: "centre" })
    .flatten({ background: "#ffffff" })
    .jpeg({ quality: 80, mozjpeg: true })
    .toBuffer();
}

async function writeOgImage(source: string, target: string) {
  const output = await encodeOgImage(source);
  const temp = `${target}.${process.pid}.${crypto.randomBytes(4).toString("hex")}.tmp`;
  await fs.promises.writeFile(temp, output);
  await fs.promises.rename(temp, target);
}

/**
 * Makes one missing variant (a responsive width, or the og:image) from its source (.jpg or
 * .png beside it); false for any other name or when there is no source.
 */
export function ensureVariant(full: string): Promise<boolean> {
  const variant = parseVariantPath(full);
  const og = variant ? null : parseOgImagePath(full);
  const stem = variant?.stem ?? og?.stem;
  if (!stem) return Promise.resolve(false);
  const existing = pendingVariants.get(full);
  if (existing) return existing;
  const work = (async () => {
    const source = [".jpg", ".png", ".jpeg"].map((ext) => stem + ext).find((file) => fs.existsSync(file));
    if (!source) return false;
    await withEncodeSlot(() => (variant ? writeVariant(source, variant.width, variant.format, full) : writeOgImage(source, full)));
    return true;
  })().finally(() => pendingVariants.delete(full));
  pendingVariants.set(full, work);
  return work;
}

/**
 * Replace-an-image pattern: store the new file, run the database change, then delete the old
 * file. If the database change throws, the new file is removed and the old one stays.
 */
export async function withStoredImage<T>(
  file: File | null,
  kind: UploadKind,
  commit: (stored: string | null) => { result: T; oldFiles: (string | null | undefined)[] },
): Promise<T> {
  return withStoredImages(file ? [file] : [], kind, (stored) => commit(stored[0] ?? null));
}

/**
 * The same for several files at once, all or nothing: every file is checked (size, content)
 * before any is stored, then each is stored; if one cannot be stored, or the database change
 * throws, the ones already stored are removed again. `commit` answers the files to remove
 * afterwards: the old ones it replaced, or stored ones it did not use (a refused save).
 */
export async function withStoredImages<T>(
  files: readonly File[],
  kind: UploadKind,
  commit: (stored: string[]) => { result: T; oldFiles: (string | null | undefined)[] },
): Promise<T> {
  const checked: CheckedImage[] = [];
  for (const file of files) checked.push(await checkImage(file));
  const stored: string[] = [];
  let outcome: ReturnType<typeof commit>;
  try {
    for (const image of checked) stored.push(await storeChecked(image, kind));
    outcome = commit(stored);
  } catch (error) {
    for (const file of stored) await removeUpload(file);
    throw error;
  }
  for (const old of outcome.oldFiles) await removeUpload(old);
  return outcome.result;
}
