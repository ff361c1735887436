/**
 * Uploaded import files waiting for 'Terapkan': kept aside under a random token in a private
 * folder beside the database, for at most an hour.
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

/** A private folder beside the database (0700), or one in the system's temp for :memory:. */
export function folderImpor(): string {
  const url = getEnv().DATABASE_URL;
  if (url === ":memory:" || url.startsWith("file:")) return path.join(os.tmpdir(), `etalase-impor-${process.pid}`);
  return path.join(path.dirname(path.resolve(url)), "tmp", "impor-produk");
}

/** The stored file of a token, or null (a malformed token, or gone: applied, cancelled, expired). */
export function berkasImpor(token: string | null | undefined, now = Date.now()): string | null {
  if (!token || !TOKEN.test(token)) return null;
  const file = path.join(folderImpor(), `${token}.csv`);
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

export function hapusBerkasImpor(token: string | null | undefined) {
  const file = token && TOKEN.test(token) ? path.join(folderImpor(), `${token}.csv`) : null;
  if (file) fs.rmSync(file, { force: true });
}

/** Removes files older than BERKAS_BERLAKU_MS (run at every upload). */
export function bersihkanBerkasImpor(now = Date.now()) {
  const dir = folderImpor();
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
export async function simpanBerkasImpor(file: Blob): Promise<string> {
  bersihkanBerkasImpor();
  const dir = folderImpor();
  ensurePrivateDir(dir);
  const token = crypto.randomBytes(16).toString("hex");
  const target = path.join(dir, `${token}.csv`);
  await pipeline(Readable.fromWeb(file.stream() as WebReadableStream<Uint8Array>), fs.createWriteStream(target, { mode: 0o600, flags: "wx" }));
  return token;
}
