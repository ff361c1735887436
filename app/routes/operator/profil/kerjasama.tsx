import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Route } from "./+types/kerjasama";
import { ProfilForm } from "../../../components/operator/profil-form";
import { profilSchema } from "../../../domain/profil/profil.schema";
import { getProfilForm, saveProfil } from "../../../domain/profil/profil.server";
import { listUrl, readForm, redirectWithToast, SAVE_FAILED, SAVED, uploadFailure } from "../../../lib/action.server";
import { getDb } from "../../../lib/db.server";
import { requireUser } from "../../../lib/guard.server";
import { fileFrom } from "../../../lib/uploads.server";

export const handle = { title: "Kerja Sama" };

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return { profil: getProfilForm(getDb(), "kerja-sama") };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireUser(context);
  const formData = await readForm(request);
  const intent = "save";
  const submission = parseWithZod(formData, { schema: profilSchema });
  if (submission.status !== "success") {
    return data({ intent, result: submission.reply(), message: SAVE_FAILED }, { status: 400 });
  }
  try {
    await saveProfil(getDb(), "kerja-sama", submission.value, fileFrom(formData, "foto"));
  } catch (error) {
    const failure = uploadFailure(error, "foto");
    return data({ ...failure.data, intent, message: SAVE_FAILED }, failure.init ?? undefined);
  }
  return redirectWithToast(listUrl(request), "success", SAVED);
}

export default function OperatorKerjaSama({ loaderData, actionData }: Route.ComponentProps) {
  const { profil } = loaderData;
  return (
    <div>
      <h1 className="mb-5 text-2xl font-bold text-stone-900">Kerja Sama</h1>
      {/* A new version after each save remounts the form: editor and file input start fresh. */}
      <ProfilForm key={profil.versi} formId="kerja-sama" record={profil} reply={actionData} photoLabel="Gambar" />
    </div>
  );
}
