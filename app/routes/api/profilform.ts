import type { Route } from "./+types/profilform";
import { profilSchema } from "~/domain/profil/profil.schema";
import { saveProfil, type ProfilJenis } from "~/domain/profil/profil.server";
import { SAVED } from "~/http/action.server";
import { ApiError, handleApi, json, METHOD_NOT_ALLOWED, readApiBody, requireApiOperator, validate } from "~/http/api.server";
import { getDb } from "~/lib/server/db.server";
import { fileFrom } from "~/lib/server/uploads.server";

/**
 * POST /api/tentangkamiform and /api/kerjasamaform {keterangan, foto optional}: keterangan is
 * sanitized before it is stored; no new foto keeps the old one. Answers data.profil.
 */
export async function action({ request }: Route.ActionArgs) {
  return handleApi(async () => {
    requireApiOperator(request);
    if (request.method !== "POST") throw new ApiError(405, METHOD_NOT_ALLOWED);
    const jenis: ProfilJenis = new URL(request.url).pathname.includes("kerjasama") ? "kerja-sama" : "tentang-kami";
    const form = await readApiBody(request);
    const input = validate(form, profilSchema);
    const profil = await saveProfil(getDb(), jenis, input, fileFrom(form, "foto"));
    return json({ message: SAVED, data: { profil } });
  });
}
