/**
 * The About and Cooperation editors: one form (rich text + photo) over one domain function;
 * the two screens differ only in which page they edit.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { profilSchema } from "../domain/profil/profil.schema";
import { getProfilForm, saveProfil, type ProfilJenis } from "../domain/profil/profil.server";
import { isBodyTooLarge, listUrl, readForm, redirectWithToast, SAVE_FAILED, SAVED, uploadFailure } from "./action.server";
import { getDb } from "./db.server";
import { sanitizeRichText } from "./sanitize.server";
import { UPLOAD_TOO_BIG } from "./upload-rules";
import { fileFrom, UploadError } from "./uploads.server";

export function profilScreenLoader(jenis: ProfilJenis) {
  return { profil: getProfilForm(getDb(), jenis) };
}

export async function profilScreenAction({ request, url }: { request: Request; url: URL }, jenis: ProfilJenis) {
  const intent = "save";
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    // A photo far over 2 MB (possible without JavaScript) is refused on the form, not on an error page.
    if (!isBodyTooLarge(error)) throw error;
    const failure = uploadFailure(new UploadError(UPLOAD_TOO_BIG, 413), "foto");
    return data({ ...failure.data, intent, message: SAVE_FAILED, keterangan: undefined }, failure.init ?? undefined);
  }
  // Without JavaScript a refused save re-renders the page: it shows what was typed, not the stored text.
  const keterangan = sanitizeRichText(String(formData.get("keterangan") ?? ""));
  const submission = parseWithZod(formData, { schema: profilSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), message: SAVE_FAILED, keterangan }, { status: 400 });
  }
  try {
    await saveProfil(getDb(), jenis, submission.value, fileFrom(formData, "foto"));
  } catch (error) {
    const failure = uploadFailure(error, "foto");
    return data({ ...failure.data, intent, message: SAVE_FAILED, keterangan }, failure.init ?? undefined);
  }
  return redirectWithToast(listUrl(url), "success", SAVED);
}
