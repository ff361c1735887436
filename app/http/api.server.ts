/**
 * The legacy /api/* transport: JSON answers, Bearer tokens, bodies of every shape the old
 * clients send, `_method` spoofing, and one error format. Route modules stay thin: they read
 * the body, validate with the same zod schema as the HTML form, and call the same domain code.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "zod";
import { setActor, withActivityScope } from "~/domain/aktivitas/aktivitas.server";
import { getTokenOperator } from "~/domain/api-tokens/api-tokens.server";
import type { SessionUser } from "~/domain/users/session-user";
import { getDb } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { BodyError, parseForm, readBody } from "~/http/body.server";
import { PRIVATE_CACHE_CONTROL } from "~/lib/server/page-cache.server";
import { UploadError } from "~/lib/server/uploads.server";
import { NOT_FOUND, SERVER_ERROR } from "~/lib/util/messages";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: HeadersInit,
  ) {
    super(message);
  }
}

export function json(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json; charset=utf-8");
  headers.set("Cache-Control", headers.get("Cache-Control") ?? PRIVATE_CACHE_CONTROL);
  return new Response(JSON.stringify(body), { ...init, headers });
}

export const NOT_FOUND_MESSAGE = NOT_FOUND;
export const METHOD_NOT_ALLOWED = "Metode tidak didukung untuk alamat ini.";

export function notFound(message = NOT_FOUND_MESSAGE): never {
  throw new ApiError(404, message);
}

// ---- Authentication ------------------------------------------------------------------------

/** Only the Authorization header counts: a token in the query string is ignored. */
export function bearerToken(request: Request): string | null {
  return bearerOf(request.headers.get("authorization"));
}

function bearerOf(header: string | null | undefined): string | null {
  const match = (header ?? "").match(/^Bearer\s+(\S+)\s*$/i);
  return match?.[1] ?? null;
}

/**
 * The active operator an Authorization header's Bearer token names, or null: the check of
 * requireApiOperator, also made by the front of the server before it reads a body sent to /api.
 */
export function apiOperatorOf(authorization: string | null | undefined): SessionUser | null {
  const token = bearerOf(authorization);
  return token ? getTokenOperator(getDb(), token) : null;
}

export function requireApiOperator(request: Request): SessionUser {
  const token = bearerToken(request);
  const user = apiOperatorOf(request.headers.get("authorization"));
  if (!user) {
    throw new ApiError(
      401,
      token ? "Token tidak valid atau sudah kedaluwarsa. Silakan login kembali." : "Token tidak ditemukan. Silakan login.",
      undefined,
      { "WWW-Authenticate": 'Bearer realm="etalase"' },
    );
  }
  setActor({ id: user.id, nama: user.name });
  return user;
}

// ---- Bodies --------------------------------------------------------------------------------

/**
 * Appends a JSON value to form data the way the HTML form would have sent it: a list becomes
 * repeated fields (kantor_cabang: [1, 2]), an object one JSON text field. A list inside a list
 * is no form's shape: refused rather than recursed into.
 */
function appendJson(form: FormData, key: string, value: unknown, inList = false) {
  if (value === null || value === undefined) return;
  if (Array.isArray(value)) {
    if (inList) throw new ApiError(400, "Body JSON terlalu bersarang: daftar di dalam daftar tidak didukung.");
    for (const item of value) appendJson(form, key, item, true);
  } else if (typeof value === "object") {
    form.append(key, JSON.stringify(value));
  } else {
    form.append(key, String(value));
  }
}

function jsonToForm(bytes: Buffer): FormData {
  const text = bytes.toString("utf8");
  let parsed: unknown;
  try {
    // A deeply nested text fails here (RangeError) like any other malformed one.
    parsed = text.trim() === "" ? {} : JSON.parse(text);
  } catch {
    throw new ApiError(400, "Format JSON tidak valid.");
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ApiError(400, "Body JSON harus berupa objek.");
  }
  const form = new FormData();
  for (const [key, value] of Object.entries(parsed)) appendJson(form, key, value);
  return form;
}

/**
 * The request body as FormData, whatever the client sent: multipart, urlencoded or JSON,
 * each within its limit (body.server.ts). Malformed bodies answer 400, oversized 413,
 * unknown content types 415.
 */
export async function readApiBody(request: Request): Promise<FormData> {
  try {
    const body = await readBody(request, { api: true });
    return body.kind === "json" ? jsonToForm(body.bytes) : await parseForm(request, body);
  } catch (error) {
    if (error instanceof BodyError) throw new ApiError(error.status, error.message);
    throw error;
  }
}

const SPOOFABLE = new Set(["PATCH", "PUT", "DELETE"]);

/** POST with `_method` (PATCH/PUT/DELETE) in the BODY counts as that method; never from the query. */
export function effectiveMethod(request: Request, body: FormData | null): string {
  const method = request.method.toUpperCase();
  if (method !== "POST" || !body) return method;
  const spoofed = String(body.get("_method") ?? "").toUpperCase();
  return SPOOFABLE.has(spoofed) ? spoofed : method;
}

/** Same zod schema as the HTML form; a failure answers 422 with field messages in Indonesian. */
export function validate<Schema extends z.ZodType>(form: FormData, schema: Schema): z.output<Schema> {
  const submission = parseWithZod(form, { schema });
  if (submission.status === "success") return submission.value as z.output<Schema>;
  const errors: Record<string, string[]> = {};
  for (const [field, messages] of Object.entries(submission.error ?? {})) {
    if (messages?.length) errors[field || "form"] = messages;
  }
  throw new ApiError(422, "Data tidak valid.", errors);
}

export function parseIdParam(value: string | undefined): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) notFound();
  return n;
}

// ---- Errors and CORS ------------------------------------------------------------------------

/** Turns anything thrown in an API handler into a JSON answer — never a stack trace. */
export function toApiResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ApiError) {
    return json(
      error.errors ? { message: error.message, errors: error.errors } : { message: error.message },
      { status: error.status, headers: error.headers },
    );
  }
  if (error instanceof UploadError) return json({ message: error.message }, { status: error.status });
  if (error instanceof BodyError) return json({ message: error.message }, { status: error.status });
  console.error("[api]", error);
  return json({ message: SERVER_ERROR }, { status: 500 });
}

/** Runs one API call in an activity scope of its own: the Bearer check names its user. */
export async function handleApi(fn: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await withActivityScope(fn);
  } catch (error) {
    return toApiResponse(error);
  }
}

function allowedOrigins(): Set<string> {
  return new Set(
    getEnv()
      .CORS_ORIGINS.split(",")
      .map((o) => o.trim().replace(/\/$/, ""))
      .filter((o) => o && o !== "*"),
  );
}

/** CORS for allow-listed origins only (no wildcard; tokens travel in a header, not cookies). */
/** CORS for an allow-listed origin (CORS_ORIGINS, no wildcard); `Vary: Origin` always. */
export function corsHeadersFor(origin: string | null | undefined): Record<string, string> {
  if (!origin || !allowedOrigins().has(origin)) return { Vary: "Origin" };
  return {
    "Access-Control-Allow-Origin": origin,
    "Access-Control-Allow-Methods": "GET, POST, PUT, PATCH, DELETE, OPTIONS",
    "Access-Control-Allow-Headers": "Authorization, Content-Type, Accept",
    "Access-Control-Max-Age": "600",
    Vary: "Origin",
  };
}

export function corsHeaders(request: Request): Record<string, string> {
  return corsHeadersFor(request.headers.get("origin"));
}
