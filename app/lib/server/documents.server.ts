/**
 * The one module that touches private documents (LPPM proposals, reports, templates): checked
 * by content, at most 10 MB, stored under a random name in DOCUMENTS_DIR (by default a
 * `dokumen` folder beside the database, 0700 like it) and never reachable through /uploads.
 * They leave the server only through `documentResponse`, called by a route that has checked
 * who may read the file (DESIGN.md convention 13).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { fileTypeFromBlob, fileTypeFromBuffer } from "file-type";
import { getEnv } from "~/lib/server/env.server";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "~/lib/server/private-files.server";
import { PdfAnonimError, stripPdfMetadata } from "~/lib/server/pdf-anonim.server";
import { UploadError } from "~/lib/server/uploads.server";
import { DOCUMENT_BAD_TYPE, DOCUMENT_TOO_BIG, MAX_DOCUMENT_BYTES, type DocumentType } from "~/lib/util/document-rules";

const MIME: Record<DocumentType, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  jpg: "image/jpeg",
  png: "image/png",
};
/** Types a browser may show in place rather than download. */
const INLINE: readonly DocumentType[] = ["pdf", "jpg", "png"];

/** Where documents live: DOCUMENTS_DIR, else `dokumen` beside the database file. */
export function documentsDir(): string {
  const env = getEnv();
  if (env.DOCUMENTS_DIR) return path.resolve(env.DOCUMENTS_DIR);
  if (env.DATABASE_URL === ":memory:" || env.DATABASE_URL.startsWith("file:")) {
    return path.join(os.tmpdir(), `etalase-dokumen-${process.pid}`);
  }
  return path.join(path.dirname(path.resolve(env.DATABASE_URL)), "dokumen");
}

/** The stored file of a relative path, or null for a path that tries to leave the folder. */
function resolveDocument(relative: string, dir = documentsDir()): string | null {
  if (!/^[a-z0-9-]+\/[a-f0-9]{32}\.(pdf|docx|jpg|png)$/.test(relative)) return null;
  const full = path.resolve(dir, relative);
  return full.startsWith(dir + path.sep) ? full : null;
}

/**
 * What a file's bytes are, among the allowed types, or null. A Blob (an uploaded File, which
 * may live on disk) is read only as far as its type needs.
 */
export async function detectDocumentType(content: Uint8Array | Blob, allowed: readonly DocumentType[]): Promise<DocumentType | null> {
  // A PDF begins with %PDF- (some writers put a few bytes before it; the spec reads the first 1 KB).
  if (allowed.includes("pdf")) {
    const head = content instanceof Blob ? new Uint8Array(await content.slice(0, 1024).arrayBuffer()) : content.subarray(0, 1024);
    if (Buffer.from(head).includes("%PDF-")) return "pdf";
  }
  if (allowed.some((t) => t !== "pdf")) {
    const detected = content instanceof Blob ? await fileTypeFromBlob(content) : await fileTypeFromBuffer(content);
    const type = allowed.find((t) => t !== "pdf" && MIME[t] === detected?.mime);
    if (type) return type;
  }
  return null;
}

/** The name shown and offered on download: the uploaded file's base name, tidied. */
export function cleanFileName(name: string, type: DocumentType): string {
  const base = Array.from(name.split(/[\\/]/).pop() ?? "")
    .filter((ch) => {
      const code = ch.charCodeAt(0);
      return code > 0x1f && code !== 0x7f && !'"<>|*?:'.includes(ch);
    })
    .join("")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);
  const stem = base.replace(/\.[^.]*$/, "") || "dokumen";
  return `${stem}.${type}`;
}

export type StoredDocument = { file: string; nama_file: string; ukuran: number; type: DocumentType };

/**
 * Checks and stores an uploaded document: temp file then rename, 0600. `folder` groups files
 * (usulan, template, …). Throws UploadError (413 too big, 415 wrong type). The file is copied
 * as a stream: an upload the server kept on disk never comes whole into memory.
 */
export async function storeDocument(file: File, folder: string, allowed: readonly DocumentType[] = ["pdf"]): Promise<StoredDocument> {
  // Only such folders are ever served or removed again (resolveDocument): fail loudly, not later.
  if (!/^[a-z0-9-]+$/.test(folder)) throw new Error(`Invalid documents folder: ${folder}`);
  if (file.size > MAX_DOCUMENT_BYTES) throw new UploadError(DOCUMENT_TOO_BIG, 413);
  const type = await detectDocumentType(file, allowed);
  if (!type) throw new UploadError(DOCUMENT_BAD_TYPE(allowed), 415);
  const dir = documentsDir();
  ensurePrivateDir(dir);
  ensurePrivateDir(path.join(dir, folder));
  const relative = `${folder}/${crypto.randomBytes(16).toString("hex")}.${type}`;
  const target = path.join(dir, relative);
  const temp = `${target}.${process.pid}.tmp`;
  try {
    await pipeline(Readable.fromWeb(file.stream() as NodeReadableStream<Uint8Array>), fs.createWriteStream(temp, { mode: PRIVATE_FILE_MODE }));
    await fs.promises.rename(temp, target);
  } catch (error) {
    await fs.promises.rm(temp, { force: true });
    throw error;
  }
  return { file: relative, nama_file: cleanFileName(file.name, type), ukuran: file.size, type };
}

/** Removes a stored document; called only after the database no longer points at it. */
export async function removeDocument(relative: string | null | undefined): Promise<void> {
  if (!relative) return;
  const full = resolveDocument(relative);
  if (full) await fs.promises.rm(full, { force: true });
}

/** RFC 6266 / 5987: an ASCII fallback and the UTF-8 name. */
function contentDisposition(name: string, inline: boolean): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `${inline ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** The 404 of a file that is not there, or not this user's to read (the same answer for both). */
export function fileNotFound(message = "Berkas tidak ditemukan."): Response {
  return new Response(message, { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** The headers of a served document: never cached by anyone, never sniffed, never run as a page (CSP sandbox). */
function documentHeaders(type: DocumentType, size: number, name: string, inline: boolean): HeadersInit {
  return {
    "Content-Type": MIME[type],
    "Content-Length": String(size),
    "Content-Disposition": contentDisposition(name, inline && INLINE.includes(type)),
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "sandbox; default-src 'none'",
  };
}

/**
 * The file as a download, for a route that has already checked who may read it: never cached
 * by anyone, never sniffed, never run as a page (CSP sandbox), PDFs may open in the browser.
 * A file missing on disk answers 404.
 */
export function documentResponse(relative: string, name: string, options: { inline?: boolean } = {}): Response {
  const full = resolveDocument(relative);
  let size: number;
  try {
    if (!full) throw new Error("bad path");
    size = fs.statSync(full).size;
  } catch {
    return fileNotFound();
  }
  const type = path.extname(full).slice(1) as DocumentType;
  const stream = Readable.toWeb(fs.createReadStream(full)) as ReadableStream<Uint8Array>;
  return new Response(stream, { status: 200, headers: documentHeaders(type, size, name, Boolean(options.inline)) });
}

export const PDF_ANONIM_GAGAL =
  "Dokumen ini tidak dapat dibersihkan dari identitas pengusul (PDF rusak atau terenkripsi), sehingga tidak dapat diunduh untuk review buta. Hubungi operator LPPM.";

/**
 * A stored PDF for a reader who must not learn who wrote it (blind review): a copy without the
 * PDF's metadata (pdf-anonim.server.ts), the stored file untouched. Only a PDF is served this way;
 * one that cannot be read closely enough to strip it is not served at all (422, said in
 * Indonesian) — never the original.
 */
export async function anonymousPdfResponse(relative: string, name: string): Promise<Response> {
  const full = resolveDocument(relative);
  if (!full || path.extname(full) !== ".pdf") return fileNotFound();
  let bytes: Uint8Array;
  try {
    // At most 10 MB (the upload limit), read whole: the PDF is parsed whole anyway.
    bytes = await fs.promises.readFile(full);
  } catch {
    return fileNotFound();
  }
  let clean: Uint8Array;
  try {
    clean = await stripPdfMetadata(bytes);
  } catch (error) {
    if (!(error instanceof PdfAnonimError)) throw error;
    return new Response(PDF_ANONIM_GAGAL, { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" } });
  }
  return new Response(clean as Uint8Array<ArrayBuffer>, { status: 200, headers: documentHeaders("pdf", clean.byteLength, name, false) });
}
