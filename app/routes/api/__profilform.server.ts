/**
 * POST /api/tentangkamiform and /api/kerjasamaform {keterangan, foto optional} (tentangkamiform.ts
 * and kerjasamaform.ts name which page): keterangan is sanitized before it is stored; no new foto
 * keeps the old one. Answers data.profil.
 */
import type { ActionFunctionArgs } from "react-router";
import { profilSchema } from "~/domain/profil/profil.schema";
import { saveProfil, type ProfilJenis } from "~/domain/profil/profil.server";
import { SAVED } from "~/http/action.server";
import { ApiError, handleApi, json, METHOD_NOT_ALLOWED, readApiBody, requireApiOperator, validate } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";
import { fileFrom } from "~/lib/server/uploads.server";

export async function profilApiAction({ request }: ActionFunctionArgs, jenis: ProfilJenis) {
  return handleApi(async () => {
    requireApiOperator(request);
    if (request.method !== "POST") throw new ApiError(405, METHOD_NOT_ALLOWED);
    const form = await readApiBody(request);
    const input = validate(form, profilSchema);
    const profil = await saveProfil(getDb(), jenis, input, fileFrom(form, "foto"));
    return json({ message: SAVED, data: { profil } });
  });
}
