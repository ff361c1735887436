/**
 * Small helpers every operator action uses: read the body safely, answer with a flash toast.
 */
import { data, redirect } from "react-router";
import { flashHeader, type Flash } from "~/http/session.server";
import { BodyError, readFormData } from "~/http/body.server";
import { UploadError } from "~/lib/server/uploads.server";

import { LOAD_FAILED } from "~/lib/util/messages";

export { DELETE_FAILED, DELETED, LOAD_FAILED, SAVE_FAILED, SAVED } from "~/lib/util/messages";

/** The form body; a malformed or oversized body becomes a 400/413 page, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await readFormData(request);
  } catch (error) {
    if (error instanceof BodyError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** A Conform submission's messages by field, only the fields that have one (an action's `fieldErrors`). */
export function fieldErrorsOf(error: Record<string, string[] | null | undefined> | null | undefined): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const [name, messages] of Object.entries(error ?? {})) if (messages?.length) fieldErrors[name] = messages;
  return fieldErrors;
}

/**
 * The body of a form that carries files, or null when it is over the post's limit (a file far
 * too big, possible without JavaScript, where the browser's checks do not run): the screen then
 * says so on its file field instead of showing an error page. Other bad bodies as readForm.
 */
export async function readFormOrTooLarge(request: Request): Promise<FormData | null> {
  try {
    return await readForm(request);
  } catch (error) {
    if (isBodyTooLarge(error)) return null;
    throw error;
  }
}

/**
 * readFormOrTooLarge for the screens that answer `fieldErrors`: an oversized body is answered
 * 413 with `message` on the file field, as the action's reply; the caller returns it as it is.
 */
export async function readFormWithFiles(
  request: Request,
  tooLarge: { intent: string; field: string; message: string },
): Promise<FormData | ReturnType<typeof data<{ intent: string; message: string; fieldErrors: Record<string, string[]> }>>> {
  return (
    (await readFormOrTooLarge(request)) ??
    data({ intent: tooLarge.intent, message: tooLarge.message, fieldErrors: { [tooLarge.field]: [tooLarge.message] } }, { status: 413 })
  );
}

/** Redirect with a toast (a flash cookie read once by the root loader). */
export async function redirectWithToast(to: string, kind: Flash["kind"], message: string) {
  return redirect(to, { headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
}

/**
 * The URL of the page the post came from, without the modal params (where a save returns).
 * Takes the route's normalized `url` (no `.data` suffix, no `index`/`_routes` params).
 */
export function listUrl(url: URL): string {
  const params = new URLSearchParams(url.searchParams);
  for (const key of ["tambah", "ubah", "hapus"]) params.delete(key);
  const search = params.toString();
  return url.pathname + (search ? `?${search}` : "");
}

/** Upload refusals become a field error on the form (the spec's message) with the right status. */
export function uploadFailure(error: unknown, field: string) {
  if (error instanceof UploadError) {
    return data(
      { result: { status: "error" as const, error: { [field]: [error.message] } }, message: error.message },
      { status: error.status === 413 ? 413 : 422 },
    );
  }
  throw error;
}

export function parseId(value: FormDataEntryValue | string | null | undefined): number | null {
  const n = Number(typeof value === "string" ? value : "");
  return Number.isInteger(n) && n > 0 ? n : null;
}

/**
 * What a screen's URL-driven modals need: ?tambah=1, and the records named by ?ubah=ID and
 * ?hapus=ID. An unknown id goes back to the list with the 'Gagal menampilkan data' toast.
 */
export async function modalRecords<U, H = U>(
  url: URL,
  getUbah: (id: number) => U | null | undefined,
  getHapus: (id: number) => H | null | undefined = getUbah as unknown as (id: number) => H | null | undefined,
): Promise<{ tambah: boolean; ubah: U | null; hapus: H | null }> {
  const back = listUrl(url);
  const ubah = await openRecord(url, "ubah", getUbah, back);
  const hapus = await openRecord(url, "hapus", getHapus, back);
  return { tambah: url.searchParams.has("tambah"), ubah, hapus };
}

/**
 * The record `?<param>=ID` names (null without one). An id that names nothing the screen may
 * open goes back to `back` with the 'Gagal menampilkan data' toast, never an error page; with
 * `back` null (the review screens), any value that opens nothing, a non-number too, is a 404.
 */
export async function openRecord<R>(url: URL, param: string, get: (id: number) => R | null | undefined, back: string | null): Promise<R | null> {
  const raw = url.searchParams.get(param);
  const id = parseId(raw);
  const record = id ? (get(id) ?? null) : null;
  if (back === null && raw !== null && !record) throw data(null, { status: 404 });
  if (back !== null && id && !record) throw await redirectWithToast(back, "error", LOAD_FAILED);
  return record;
}

/** True for readForm's refusal of a body over the cap (a file far over 2 MB, without JS). */
export function isBodyTooLarge(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    "init" in error &&
    (error as { init: ResponseInit | null }).init?.status === 413
  );
}
