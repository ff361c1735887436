/**
 * Small helpers every operator action uses: read the body safely, answer with a flash toast.
 */
import { data, redirect } from "react-router";
import { flashHeader, type Flash } from "./session.server";
import { BodyError, readFormData, UploadError } from "./uploads.server";

export const SAVED = "Data berhasil disimpan";
export const SAVE_FAILED = "Gagal menyimpan data";
export const DELETED = "Data berhasil dihapus";
export const DELETE_FAILED = "Gagal menghapus data";

/** The form body; a malformed or oversized body becomes a 400/413 page, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await readFormData(request);
  } catch (error) {
    if (error instanceof BodyError) throw data({ message: error.message }, { status: error.status });
    throw error;
  }
}

/** Redirect with a toast (a flash cookie read once by the root loader). */
export async function redirectWithToast(to: string, kind: Flash["kind"], message: string) {
  return redirect(to, { headers: { "Set-Cookie": await flashHeader({ kind, message }) } });
}

/** The URL of the page the post came from, without the modal params (where a save returns). */
export function listUrl(request: Request): string {
  const url = new URL(request.url);
  for (const key of ["tambah", "ubah", "hapus", "index", "_data"]) url.searchParams.delete(key);
  const search = url.searchParams.toString();
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
