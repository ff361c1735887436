/**
 * Helpers for the operator integration tests (tests/integration/operator-*.test.ts):
 * - `callOperatorAction` / `callOperatorLoader`: a route module's action or loader the way React
 *   Router calls it below the operator layout, i.e. with `userContext` set by the guard
 *   middleware (or without it, to show the action's own guard).
 * - `snapshot`: every stored row and upload file, to prove that a refused request changed nothing.
 * - `flashOf`: the toast a redirect carries in its flash cookie.
 * - sample uploads: a real JPEG, a text file named .jpg, a file of exactly 2 MB and a body
 *   far over the cap.
 */
import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { findUserRowByUsername } from "../../app/domain/users/users.server";
import { toSessionUser, type SessionUser } from "../../app/domain/users/session-user";
import type { Db, RootDb } from "../../app/lib/server/db.server";
import { userContext } from "../../app/http/guard.server";
import { withActor } from "../../app/domain/aktivitas/aktivitas.server";
import { takeFlash, type Flash } from "../../app/http/session.server";
import { MAX_UPLOAD_BYTES } from "../../app/lib/util/upload-rules";
import { TEST_OPERATOR_USERNAME } from "./constants";
import { runRoute, TEST_ORIGIN, type RouteFn, type RouteModule, type RouteResult } from "./route";

export type OperatorResult = RouteResult;

/** The seeded operator as the guard middleware puts it in the context. */
export function seededOperator(db: Db): SessionUser {
  const row = findUserRowByUsername(db, TEST_OPERATOR_USERNAME);
  if (!row) throw new Error("The seeded operator is missing");
  return toSessionUser(row);
}

type CallOptions = {
  params?: Record<string, string>;
  /** The signed-in user; `null` runs the action as if no guard had set one. */
  user: SessionUser | null;
  headers?: HeadersInit;
};

/** As below the guard: the user in the context, and the activity log's actor (withActor). */
function run(fn: RouteFn, request: Request, options: CallOptions): Promise<OperatorResult> {
  const call = () =>
    runRoute(fn, request, options.params ?? {}, (context) => {
      if (options.user) context.set(userContext, options.user);
    });
  return options.user ? withActor({ id: options.user.id, nama: options.user.name }, call) : call();
}

export type FormFields = Record<string, string | Blob | (string | Blob)[]>;

export function toFormData(fields: FormFields | FormData): FormData {
  if (fields instanceof FormData) return fields;
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item instanceof File) form.append(key, item, item.name);
      else form.append(key, item);
    }
  }
  return form;
}

/** POSTs form fields (or a ready body) to a route module's action, signed in as `options.user`. */
export async function callOperatorAction(
  mod: RouteModule,
  url: string,
  body: FormFields | FormData | { raw: BodyInit; contentType: string },
  options: CallOptions,
): Promise<OperatorResult> {
  if (!mod.action) throw new Error("This route module has no action");
  const headers = new Headers(options.headers);
  headers.set("Origin", TEST_ORIGIN);
  let payload: BodyInit;
  if ("raw" in body && "contentType" in body && !(body instanceof FormData)) {
    payload = body.raw as BodyInit;
    headers.set("Content-Type", String(body.contentType));
  } else {
    payload = toFormData(body as FormFields | FormData);
  }
  const request = new Request(new URL(url, TEST_ORIGIN), { method: "POST", body: payload, headers });
  return run(mod.action, request, options);
}

export async function callOperatorLoader(mod: RouteModule, url: string, options: CallOptions): Promise<OperatorResult> {
  if (!mod.loader) throw new Error("This route module has no loader");
  return run(mod.loader, new Request(new URL(url, TEST_ORIGIN), { headers: options.headers }), options);
}

/** The toast a redirect sets (flash cookie), or null. */
export async function flashOf(result: Pick<OperatorResult, "headers">): Promise<Flash | null> {
  const cookies = result.headers.getSetCookie?.() ?? [];
  const flash = cookies.map((c) => c.split(";")[0]!).find((c) => c.startsWith("etalase_flash="));
  if (!flash) return null;
  return (await takeFlash(new Request(TEST_ORIGIN, { headers: { Cookie: flash } }))).flash;
}

/** Conform's field errors of a refused post: `{ field: [messages] }`. */
export function fieldErrors(result: OperatorResult): Record<string, string[]> {
  const data = result.data as { result?: { error?: Record<string, string[] | null> } } | null;
  const errors = data?.result?.error ?? {};
  return Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, v ?? []]));
}

/**
 * Every row of every table and every upload. Left out: sessions (reading one may touch it)
 * and the throttles' counters (a refused password attempt is counted, by design).
 */
export function snapshot(db: RootDb, uploadsDir: string): { rows: Record<string, unknown[]>; files: string[] } {
  const sqlite = db.$client;
  // Plain tables only: the search index's virtual and shadow tables are derived from `produk`.
  const tables = sqlite
    .prepare("select name, wr from pragma_table_list where schema = 'main' and type = 'table' and name not like 'sqlite_%' order by name")
    .all() as { name: string; wr: number }[];
  const rows: Record<string, unknown[]> = {};
  for (const { name, wr } of tables) {
    if (["sessions", "password_attempts", "rate_limits"].includes(name)) continue;
    rows[name] = sqlite.prepare(`select * from "${name}" order by ${wr ? "1" : "rowid"}`).all();
  }
  return { rows, files: listFiles(uploadsDir) };
}

export function listFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

// ---- Sample uploads -------------------------------------------------------------------------

export async function jpegFile(name = "foto.jpg", width = 64, height = 48): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: "#8a5a2b" } }).jpeg().toBuffer();
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

/** Text that claims to be a JPEG by its name and type: only its content tells. */
export function fakeJpegFile(name = "bukan-gambar.jpg"): File {
  return new File(["ini hanya teks, bukan gambar\n".repeat(20)], name, { type: "image/jpeg" });
}

/** Exactly 2 MB starting with JPEG magic bytes: the body fits the cap, the file is one byte too many. */
export function twoMegabyteFile(name = "besar.jpg"): File {
  const bytes = new Uint8Array(MAX_UPLOAD_BYTES);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: "image/jpeg" });
}

/** A file far over the cap (3 MB): the body itself is refused before the form is read. */
export function hugeFile(name = "raksasa.jpg"): File {
  const bytes = new Uint8Array(3 * 1024 * 1024);
  bytes.set([0xff, 0xd8, 0xff, 0xe0]);
  return new File([bytes], name, { type: "image/jpeg" });
}
