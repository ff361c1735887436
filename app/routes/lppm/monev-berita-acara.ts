/**
 * A project's monev berita acara (…/usulan/:usulanId/monev-berita-acara), registered in every
 * LPPM area and under /operator/lppm: the area's layout has checked the session and role;
 * beritaAcaraResponse serves it to whoever may see that monev (the LPPM office, its monev
 * reviewer) and answers 404 to everyone else, as for a file that does not exist.
 */
import type { Route } from "./+types/monev-berita-acara";
import { beritaAcaraResponse } from "~/domain/lppm/monev/monev.server";
import { parseId } from "~/lib/http/action.server";
import { requireUser } from "~/lib/http/guard.server";
import { getDb } from "~/lib/server/db.server";

export function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const usulanId = parseId(params.usulanId);
  if (!usulanId) return new Response("Berkas tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return beritaAcaraResponse(getDb(), user, usulanId);
}
