/**
 * Uploaded import files waiting for 'Terapkan' (the products' CSV, the lecturers' CSV or XLSX):
 * kept aside under a random token in a private folder per kind beside the database, for at most
 * an hour. The kind's folder and file ending keep one import's tokens out of the other's.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { getEnv } from "~/lib/server/env.server";
import { ensurePrivateDir } from "~/lib/server/private-files.server";

/** How long an uploaded file waits for 'Terapkan'. */
export const BERKAS_BERLAKU_MS = 60 * 60 * 1000;
export const BERKAS_TIDAK_ADA = "Berkas impor tidak ditemukan atau sudah kedaluwarsa (lebih dari 1 jam). Unggah berkasnya lagi.";

const TOKEN = /^[a-f0-9]{32}$/;

/** What is imported: its folder's name and its files' ending. */
export type JenisImpor = { folder: string; ending: string };
export const IMPOR_PRODUK: JenisImpor = { folder: "impor-produk", ending: ".csv" };

/** A private folder beside the database (0700), or one in the system's temp for :memory:. */
export function folderImpor(jenis: JenisImpor = IMPOR_PRODUK): string {
  const url = getEnv().DATABASE_URL;
  if (url === ":memory:" || url.startsWith("file:")) {
    const own = jenis === IMPOR_PRODUK ? "" : `-${jenis.folder}`;
    return path.join(os.tmpdir(), `etalase-impor${own}-${process.pid}`);
  }
  return path.join(path.dirname(path.resolve(url)), "tmp", jenis.folder);
}

/** The stored file of a token, or null (a malformed token, or gone: applied, cancelled, expired). */
export function berkasImpor(token: string | null | undefined, now = Date.now(), jenis: JenisImpor = IMPOR_PRODUK): string | null {
  if (!token || !TOKEN.test(token)) return null;
  const file = path.join(folderImpor(jenis), `${token}${jenis.ending}`);
  try {
    const stat = fs.statSync(file);
    if (now - stat.mtimeMs > BERKAS_BERLAKU_MS) {
      fs.rmSync(file, { force: true });
      return null;
    }
    return file;
  } catch {
    return null;
  }
}

export function hapusBerkasImpor(token: string | null | undefined, jenis: JenisImpor = IMPOR_PRODUK) {
  const file = token && TOKEN.test(token) ? path.join(folderImpor(jenis), `${token}${jenis.ending}`) : null;
  if (file) fs.rmSync(file, { force: true });
}

/** Removes files older than BERKAS_BERLAKU_MS (run at every upload). */
export function bersihkanBerkasImpor(now = Date.now(), jenis: JenisImpor = IMPOR_PRODUK) {
  const dir = folderImpor(jenis);
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    try {
      if (now - fs.statSync(file).mtimeMs > BERKAS_BERLAKU_MS) fs.rmSync(file, { force: true });
    } catch {
      // Removed meanwhile by another request.
    }
  }
}

/** Keeps an uploaded file aside (0600, random name) until 'Terapkan'; answers its token. */
export async function simpanBerkasImpor(file: Blob, jenis: JenisImpor = IMPOR_PRODUK): Promise<string> {
  bersihkanBerkasImpor(Date.now(), jenis);
  const dir = folderImpor(jenis);
  ensurePrivateDir(dir);
  const token = crypto.randomBytes(16).toString("hex");
  const target = path.join(dir, `${token}${jenis.ending}`);
  await pipeline(Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(target, { mode: 0o600, flags: "wx" }));
  return token;
}
