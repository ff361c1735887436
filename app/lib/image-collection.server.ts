/**
 * The server half of an image-collection screen (gallery, banners): a grid of uploaded
 * images with add/replace/delete through URL-driven modals. The screens differ only in the
 * domain functions and the form field name ("gambar" or "image", as the API names it).
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { z } from "zod";
import {
  DELETE_FAILED,
  isBodyTooLarge,
  DELETED,
  listUrl,
  modalRecords,
  parseId,
  readForm,
  redirectWithToast,
  SAVE_FAILED,
  SAVED,
  uploadFailure,
} from "./action.server";
import { UPLOAD_TOO_BIG } from "./upload-rules";
import { UploadError } from "./uploads.server";

export type ImageCollectionSpec<Item extends { id: number }> = {
  field: string;
  srcOf: (item: Item) => string;
  schemas: { create: z.ZodType; update: z.ZodType };
  list: () => Item[];
  get: (id: number) => Item | null;
  add: (file: File) => Promise<unknown>;
  replace: (id: number, file: File | null) => Promise<unknown>;
  remove: (id: number) => Promise<boolean>;
};

export type ImageView = { id: number; src: string };

export async function imageCollectionLoader<Item extends { id: number }>(url: URL, spec: ImageCollectionSpec<Item>) {
  const list = spec.list();
  const { tambah, ubah, hapus } = await modalRecords(url, spec.get, (id) => list.find((item) => item.id === id));
  const view = (item: Item): ImageView => ({ id: item.id, src: spec.srcOf(item) });
  return {
    list: list.map(view),
    tambah,
    ubah: ubah ? view(ubah) : null,
    hapus: hapus ? { ...view(hapus), urutan: list.indexOf(hapus) + 1 } : null,
  };
}

export async function imageCollectionAction<Item extends { id: number }>(
  { request, url }: { request: Request; url: URL },
  spec: ImageCollectionSpec<Item>,
) {
  const back = listUrl(url);
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    // A file far over 2 MB (possible without JavaScript) is refused on the form, not on an error page.
    if (!isBodyTooLarge(error)) throw error;
    const failure = uploadFailure(new UploadError(UPLOAD_TOO_BIG, 413), spec.field);
    const intent = url.searchParams.has("ubah") ? "update" : "create";
    return data({ ...failure.data, intent, message: SAVE_FAILED }, failure.init ?? undefined);
  }
  const intent = String(formData.get("intent") ?? "");

  if (intent === "delete") {
    const deleted = await spec.remove(parseId(formData.get("id")) ?? 0);
    return redirectWithToast(back, deleted ? "success" : "error", deleted ? DELETED : DELETE_FAILED);
  }

  const update = intent === "update";
  const submission = parseWithZod(formData, { schema: update ? spec.schemas.update : spec.schemas.create });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  const file = ((submission.value as Record<string, unknown>)[spec.field] as File | undefined) ?? null;
  try {
    if (update) {
      const saved = await spec.replace(parseId(formData.get("id")) ?? 0, file);
      if (!saved) return redirectWithToast(back, "error", SAVE_FAILED);
    } else if (file) {
      // (always set here: the create schema requires the file)
      await spec.add(file);
    }
  } catch (error) {
    const failure = uploadFailure(error, spec.field);
    return data({ ...failure.data, intent, message: SAVE_FAILED }, failure.init ?? undefined);
  }
  return redirectWithToast(back, "success", SAVED);
}
