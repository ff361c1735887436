import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/tentang-kami";
import { ProfilForm } from "../../../components/operator/profil-form";
import { profilSchema } from "../../../domain/profil/profil.schema";
import { getProfilForm, saveProfil, type ProfilJenis } from "../../../domain/profil/profil.server";
import { listUrl, readForm, redirectWithToast, SAVE_FAILED, SAVED, uploadFailure } from "../../../lib/action.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { sanitizeRichText } from "../../../lib/sanitize.server";
import { UPLOAD_TOO_BIG } from "../../../lib/upload-rules";
import { fileFrom, UploadError } from "../../../lib/uploads.server";

const JENIS: ProfilJenis = "tentang-kami";

export const handle = { title: "Tentang Kami" };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return { profil: getProfilForm(getDb(), JENIS) };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  const intent = "save";
  let formData: FormData;
  try {
    formData = await readForm(request);
  } catch (error) {
    // A photo far over 2 MB (possible without JavaScript) is refused on the form, not on an error page.
    if (!isTooLarge(error)) throw error;
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
    await saveProfil(getDb(), JENIS, submission.value, fileFrom(formData, "foto"));
  } catch (error) {
    const failure = uploadFailure(error, "foto");
    return data({ ...failure.data, intent, message: SAVE_FAILED, keterangan }, failure.init ?? undefined);
  }
  return redirectWithToast(listUrl(request), "success", SAVED);
}

function isTooLarge(error: unknown): boolean {
  return typeof error === "object" && error !== null && "init" in error && (error as { init: ResponseInit | null }).init?.status === 413;
}

export default function OperatorTentangKami({ loaderData, actionData }: Route.ComponentProps) {
  const { profil } = loaderData;
  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold text-stone-900">Tentang Kami</h1>
      {/* A new version after each save remounts the form: editor and file input start fresh. */}
      <ProfilForm
        key={profil.versi}
        formId={JENIS}
        record={profil}
        reply={actionData}
        submittedKeterangan={actionData?.keterangan}
        photoLabel="Foto"
      />
    </div>
  );
}
