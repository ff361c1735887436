/**
 * Request bodies: one limit per kind, enforced in front of every route (server/body.ts reads at
 * most that many bytes off the socket before React Router sees the request, and never reads an
 * oversized body at all) and again by the helpers every action and API route reads its body
 * with, so a route called directly (the integration tests) keeps the same rule. A body is read
 * once; an oversized, unsupported or malformed body is a 4xx with a message, never a 500.
 * The bodies that may carry a document or a CSV file are kept on disk, not in memory
 * (spoolsToDisk; lib/server/body-files.server.ts).
 */
import { isBodyFile, MultipartError, parseMultipartFile } from "~/lib/server/body-files.server";
import { DOCUMENT_TOO_BIG, MAX_DOCUMENT_BYTES } from "~/lib/util/document-rules";
import {
  berkasTerlaluBesar,
  MAX_CSV_IMPORT_BYTES,
  MAX_PHOTOS_PER_POST,
  MAX_UPLOAD_BYTES,
  PHOTOS_TOO_MANY,
  UPLOAD_TOO_BIG,
} from "~/lib/util/upload-rules";

export type BodyKind = "form" | "json" | "multipart";

/** Bytes a body of each kind may have (README, "Request bodies"). */
export const BODY_LIMITS: Readonly<Record<BodyKind, number>> = {
  // Every text field of the largest screen (rich text included), many times over.
  form: 512 * 1024,
  json: 512 * 1024,
  // One image under 2 MB plus the form's text fields.
  multipart: MAX_UPLOAD_BYTES + 512 * 1024,
};

/**
 * The screens whose forms carry a document (a PDF of at most 10 MB): the LPPM areas and the
 * operator's LPPM screens. Their multipart bodies may be that much larger.
 */
const DOCUMENT_PATHS = /^\/(pengusul|reviewer|kepalalppm|sekretarislppm|operatorfakultas|operator\/lppm)(\/|$)/i;

function carriesDocument(pathname: string): boolean {
  return DOCUMENT_PATHS.test(pathname);
}

/** The products CSV import, on the page and the API (`.data`: the page's post with JavaScript). */
const CSV_IMPORT_PATHS = /^\/(?:operator\/produk\/produk\/impor|api\/produkcsv)(?:\.data)?\/?$/i;

function carriesCsv(pathname: string): boolean {
  return CSV_IMPORT_PATHS.test(pathname);
}

/**
 * The product form and a product's image page, whose forms take several photos at once (each
 * under 2 MB) when they are posted without JavaScript (`.data`: the same posts with it).
 */
const PHOTOS_PATHS = /^\/operator\/produk\/(?:produk|gambarproduk\/[^/]+)(?:\.data)?\/?$/i;

function carriesPhotos(pathname: string): boolean {
  return PHOTOS_PATHS.test(pathname);
}

/** The limit of a body of this kind sent to this path. */
export function bodyLimit(kind: BodyKind, pathname: string): number {
  if (kind === "multipart" && carriesCsv(pathname)) return MAX_CSV_IMPORT_BYTES + 64 * 1024;
  if (kind === "multipart" && carriesPhotos(pathname)) return MAX_PHOTOS_PER_POST * MAX_UPLOAD_BYTES + 512 * 1024;
  return kind === "multipart" && carriesDocument(pathname) ? MAX_DOCUMENT_BYTES + 512 * 1024 : BODY_LIMITS[kind];
}

/**
 * True for the bodies read to disk instead of memory: the multipart bodies allowed to be larger
 * than an image upload's (a document, a CSV file, several photos; up to ~20.5 MB).
 */
export function spoolsToDisk(kind: BodyKind, pathname: string): boolean {
  return kind === "multipart" && bodyLimit(kind, pathname) > BODY_LIMITS.multipart;
}

export const BODY_TOO_LARGE = "Data terlalu besar.";
export const BODY_UNSUPPORTED = "Format data tidak didukung. Kirim formulir (x-www-form-urlencoded atau multipart/form-data).";
export const BODY_UNSUPPORTED_API =
  "Content-Type tidak didukung. Gunakan multipart/form-data, x-www-form-urlencoded, atau JSON.";
export const BODY_MALFORMED = "Data formulir tidak valid.";
export const BODY_UNAUTHENTICATED = "Silakan login terlebih dahulu.";
/** Answered by the front of the server (503, 408) before any route runs. */
export const BODY_BUSY = "Server sedang menerima banyak data. Silakan coba lagi sebentar lagi.";
export const BODY_TIMEOUT = "Pengiriman data terhenti terlalu lama. Silakan kirim ulang.";
export const BODY_NOT_STORED = "Data tidak dapat disimpan sementara di server. Silakan coba lagi.";

/** The kind of a body by its Content-Type, or null for anything we do not accept. */
export function bodyKind(contentType: string | null | undefined): BodyKind | null {
  const type = (contentType ?? "").split(";")[0]!.trim().toLowerCase();
  if (type === "application/x-www-form-urlencoded") return "form";
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/json" || /^application\/[\w.+-]+\+json$/.test(type)) return "json";
  return null;
}

/**
 * Set by the front of the server when it refused a body without reading it: `413:<kind>`,
 * `unsupported`, or `unauthenticated` (sent to a page or API call that needs a login or a token,
 * without a valid one: the route's guard answers first). The server strips any `x-etalase-*`
 * header a client sends, so only it can set these.
 */
export const BODY_REFUSED_HEADER = "x-etalase-body-refused";

/** Set by the front of the server on a body it wrote to disk (spoolsToDisk): the file. */
export const BODY_FILE_HEADER = "x-etalase-body-file";

export class BodyError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 401 | 413 | 415,
  ) {
    super(message);
  }
}

function tooLarge(kind: BodyKind, pathname: string): BodyError {
  // A multipart body that large is a file that large: the spec's upload message.
  if (kind !== "multipart") return new BodyError(BODY_TOO_LARGE, 413);
  if (carriesCsv(pathname)) return new BodyError(berkasTerlaluBesar(bodyLimit(kind, pathname)), 413);
  if (carriesPhotos(pathname)) return new BodyError(PHOTOS_TOO_MANY, 413);
  return new BodyError(carriesDocument(pathname) ? DOCUMENT_TOO_BIG : UPLOAD_TOO_BIG, 413);
}

/** The refusal the front of the server recorded, as the error the route answers with. */
function recordedRefusal(request: Request, api: boolean): BodyError | null {
  const refused = request.headers.get(BODY_REFUSED_HEADER);
  if (!refused) return null;
  if (refused === "unauthenticated") return new BodyError(BODY_UNAUTHENTICATED, 401);
  const kind = refused.startsWith("413:") ? (refused.slice(4) as BodyKind) : null;
  if (kind && kind in BODY_LIMITS) return tooLarge(kind, new URL(request.url).pathname);
  return api ? new BodyError(BODY_UNSUPPORTED_API, 415) : new BodyError(BODY_UNSUPPORTED, 400);
}

/** True when the request carries a body at all (a declared length above 0, or a stream). */
function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return Number(length) > 0;
  return request.body !== null;
}

/**
 * The raw body of a known kind, at most its limit. Past the cap the reader is released, not
 * cancelled: the rest stays unread (the stream pauses by backpressure), the 413 still reaches
 * the client, and Node closes the connection after it. A cancel would destroy the socket
 * before the answer is written, and on a Request built from FormData (undici) it leaves a
 * pending enqueue that rejects on Node 24.
 */
async function readCapped(request: Request, kind: BodyKind): Promise<Buffer<ArrayBuffer>> {
  const pathname = new URL(request.url).pathname;
  const limit = bodyLimit(kind, pathname);
  if (Number(request.headers.get("content-length") ?? "0") > limit) throw tooLarge(kind, pathname);
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      reader.releaseLock();
      throw tooLarge(kind, pathname);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** A body read: its bytes, or for a body the front of the server kept on disk, its file. */
export type ReadBody = { kind: BodyKind | null; bytes: Buffer<ArrayBuffer>; file?: string };

/**
 * The body with its kind; `kind` null means an empty body. `api` picks the transport's answer
 * to an unsupported Content-Type (the JSON API's 415, a page's 400).
 */
export async function readBody(request: Request, { api = false } = {}): Promise<ReadBody> {
  const refused = recordedRefusal(request, api);
  if (refused) throw refused;
  const file = request.headers.get(BODY_FILE_HEADER);
  if (file && isBodyFile(file)) return { kind: "multipart", bytes: Buffer.alloc(0), file };
  const kind = bodyKind(request.headers.get("content-type"));
  if (!kind) {
    if (!hasBody(request)) return { kind: null, bytes: Buffer.alloc(0) };
    throw api ? new BodyError(BODY_UNSUPPORTED_API, 415) : new BodyError(BODY_UNSUPPORTED, 400);
  }
  return { kind, bytes: await readCapped(request, kind) };
}

/** Form fields from an urlencoded or multipart body, already read. */
export async function parseForm(request: Request, body: ReadBody): Promise<FormData> {
  if (!body.kind) return new FormData();
  const type = request.headers.get("content-type") ?? "";
  if (body.file) {
    try {
      return await parseMultipartFile(body.file, type, bodyLimit("multipart", new URL(request.url).pathname));
    } catch (error) {
      if (error instanceof MultipartError) throw new BodyError(BODY_MALFORMED, 400);
      throw error;
    }
  }
  const copy = new Request(request.url, {
    method: "POST",
    headers: { "content-type": type },
    body: body.bytes,
  });
  try {
    return await copy.formData();
  } catch {
    throw new BodyError(BODY_MALFORMED, 400);
  }
}

/** A form post's fields (urlencoded or multipart), read once within its limit. */
export async function readFormData(request: Request): Promise<FormData> {
  const body = await readBody(request);
  if (body.kind === "json") throw new BodyError(BODY_UNSUPPORTED, 400);
  return parseForm(request, body);
}
