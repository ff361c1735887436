/**
 * Calls the legacy /api/* route modules the way React Router does (a real Request, the route
 * params, a context) and checks what every API answer must satisfy, whatever the test:
 * a Response, never a 5xx, JSON (except 204 and redirects), and no password or hash in it.
 *
 *   const res = await api(kategori, "/api/kategoriprodukform/3", { token, params: { id: "3" } });
 *   expect(res.status).toBe(200); res.body.data.kategori …
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import * as schema from "../../db/schema";
import { issueToken } from "../../app/domain/api-tokens/api-tokens.server";
import type { Db } from "../../app/lib/server/db.server";
import { TEST_OPERATOR_USERNAME } from "./constants";
import { toFormData } from "./operator-helpers";
import { routeArgs } from "./route";

export const API_ORIGIN = "http://localhost";

type Handler = (args: never) => unknown;
export type ApiModule = { loader?: Handler; action?: Handler };

/** Parsed JSON bodies are read loosely: each test asserts the shape it cares about. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export type ApiResult = {
  status: number;
  headers: Headers;
  /** The JSON body (null for an empty body). */
  body: Json;
  text: string;
};

export type ApiInit = {
  /** Default: GET without a body, POST with one. GET/HEAD go to the loader, the rest to the action. */
  method?: string;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | null;
  /** Multipart body from plain fields (strings or Files). */
  form?: Record<string, string | Blob>;
  /** A ready body: FormData (multipart), URLSearchParams (urlencoded), or raw text/bytes. */
  body?: FormData | URLSearchParams | string | Uint8Array;
  /** A JSON body (Content-Type: application/json). */
  json?: unknown;
  headers?: Record<string, string>;
  params?: Record<string, string | undefined>;
};

/** Strings no answer may ever contain: the password column or an argon2 hash. */
export const SECRET_MARKERS = ["password_hash", "$argon2", "reset_password_hash"];


export function buildRequest(url: string, init: ApiInit = {}): Request {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body: BodyInit | undefined;
  if (init.json !== undefined) {
    body = JSON.stringify(init.json);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  } else if (init.form) {
    body = toFormData(init.form);
  } else if (init.body !== undefined) {
    body = init.body as BodyInit;
  }
  const method = init.method ?? (body === undefined ? "GET" : "POST");
  return new Request(new URL(url, API_ORIGIN), { method, headers, body });
}

/** Checks every API answer must pass, then parses it. */
export async function readApiResponse(response: unknown): Promise<ApiResult> {
  expect(response, "API handlers always return a Response").toBeInstanceOf(Response);
  const res = response as Response;
  const text = res.body ? await res.text() : "";
  // Never a server error; 503 is the one deliberate answer (a service this install has not
  // configured, e.g. no WhatsApp gateway for password resets).
  if (res.status !== 503) expect(res.status, `no 5xx (body: ${text.slice(0, 300)})`).toBeLessThan(500);
  for (const marker of SECRET_MARKERS) expect(text, `answer must not contain ${marker}`).not.toContain(marker);
  const isRedirect = res.status >= 300 && res.status < 400;
  let body: Json = null;
  if (res.status !== 204 && !isRedirect) {
    expect(res.headers.get("Content-Type") ?? "").toContain("application/json");
    body = text ? JSON.parse(text) : null;
  }
  if (res.status >= 400) {
    // Every refusal is a clear JSON message, never a stack trace.
    expect(typeof body?.message, `error body has a message: ${text}`).toBe("string");
    expect(body.message).not.toBe("");
    expect(text).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  }
  return { status: res.status, headers: res.headers, body, text };
}

/** Calls a route module with a real Request; GET/HEAD → loader, anything else → action. */
export async function api(mod: ApiModule, url: string, init: ApiInit = {}): Promise<ApiResult> {
  const request = buildRequest(url, init);
  return callWith(mod, request, init.params ?? {});
}

/** Same checks, for a Request built by hand (odd headers, streams, …). */
export async function callWith(
  mod: ApiModule,
  request: Request,
  params: Record<string, string | undefined> = {},
): Promise<ApiResult> {
  const useLoader = request.method === "GET" || request.method === "HEAD";
  const fn = useLoader ? mod.loader : mod.action;
  if (!fn) throw new Error(`This route module has no ${useLoader ? "loader" : "action"}`);
  return readApiResponse(await fn(routeArgs(request, params)));
}

/**
 * The five calls of one operator resource (spec section 7): list, one, create, update as
 * POST + `_method=PATCH` in the body, delete as DELETE (or POST + `_method=DELETE`).
 */
export function resourceClient(mod: ApiModule, base: string, idParam = "id") {
  const one = (id: number | string) => ({ url: `${base}/${id}`, params: { [idParam]: String(id) } });
  return {
    list: (token: string | null, query = "") => api(mod, `${base}${query}`, { token }),
    get: (id: number | string, token: string | null) => api(mod, one(id).url, { token, params: one(id).params }),
    create: (fields: Record<string, string | Blob>, token: string | null) => api(mod, base, { token, form: fields }),
    update: (id: number | string, fields: Record<string, string | Blob>, token: string | null) =>
      api(mod, one(id).url, { token, params: one(id).params, form: { ...fields, _method: "PATCH" } }),
    remove: (id: number | string, token: string | null) =>
      api(mod, one(id).url, { token, params: one(id).params, method: "DELETE" }),
    removeViaPost: (id: number | string, token: string | null) =>
      api(mod, one(id).url, { token, params: one(id).params, form: { _method: "DELETE" } }),
  };
}

// ---- Tokens -----------------------------------------------------------------------------------

export function userIdByUsername(db: Db, username: string): number {
  const row = db.select({ id: schema.users.id }).from(schema.users).where(eq(schema.users.username, username)).get();
  if (!row) throw new Error(`No user ${username}`);
  return row.id;
}

/** A fresh Bearer token of the seeded operator, issued straight on the test database. */
export function operatorToken(db: Db): string {
  return issueToken(db, userIdByUsername(db, TEST_OPERATOR_USERNAME)).token;
}

/** Expects the 401 of a protected endpoint: JSON message and `WWW-Authenticate: Bearer`. */
export function expectUnauthorized(res: ApiResult) {
  expect(res.status).toBe(401);
  expect(res.headers.get("WWW-Authenticate") ?? "").toMatch(/^Bearer\b/);
  expect(res.body.message).toMatch(/token/i);
}

/** Expects a 422 answer with a message and field errors naming `fields`. */
export function expectValidation(res: ApiResult, ...fields: string[]) {
  expect(res.status, res.text).toBe(422);
  expect(typeof res.body.message).toBe("string");
  expect(typeof res.body.errors).toBe("object");
  for (const field of fields) {
    expect(Array.isArray(res.body.errors[field]), `errors.${field} in ${res.text}`).toBe(true);
    expect(res.body.errors[field].length).toBeGreaterThan(0);
    for (const message of res.body.errors[field]) expect(typeof message).toBe("string");
  }
}

// ---- Files ------------------------------------------------------------------------------------

/** A small real JPEG. */
export async function jpegFile(name = "foto.jpg", color = { r: 200, g: 120, b: 40 }): Promise<File> {
  const bytes = await sharp({ create: { width: 64, height: 48, channels: 3, background: color } })
    .jpeg({ quality: 80 })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

/** A small real PNG. */
export async function pngFile(name = "gambar.png"): Promise<File> {
  const bytes = await sharp({ create: { width: 40, height: 30, channels: 3, background: { r: 10, g: 90, b: 160 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

/** An uncompressed PNG of random noise, side × side pixels (≈ 3·side² bytes). */
export async function noisePngFile(side: number, name = "besar.png"): Promise<File> {
  const raw = crypto.randomBytes(side * side * 3);
  const bytes = await sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/png" });
}

/** Text pretending to be a photo: right name and MIME type, wrong content. */
export function textFileNamedJpg(name = "bukan-gambar.jpg"): File {
  return new File(["ini bukan gambar, hanya teks biasa.\n".repeat(20)], name, { type: "image/jpeg" });
}

/** The file an /uploads/… URL names inside the test's uploads folder. */
export function uploadFile(uploadsDir: string, url: string): string {
  expect(url).toMatch(/^\/uploads\/[^/]/);
  return path.join(uploadsDir, decodeURIComponent(url.replace(/^\/uploads\//, "")));
}

export function uploadExists(uploadsDir: string, url: string): boolean {
  return fs.existsSync(uploadFile(uploadsDir, url));
}
