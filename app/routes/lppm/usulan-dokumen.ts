/**
 * A proposal's private document (…/usulan/:usulanId/dokumen/:dokumenId), registered in every
 * LPPM area and under /operator/lppm: the area's layout has checked the session and role; usulanDocumentResponse checks
 * that this user may see this proposal and that the document is its own (404 otherwise).
 */
import type { Route } from "./+types/usulan-dokumen";
import { usulanDocumentResponse } from "~/domain/lppm/usulan/read.server";
import { parseId } from "~/lib/http/action.server";
import { requireUser } from "~/lib/http/guard.server";
import { getDb } from "~/lib/server/db.server";

export function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const usulanId = parseId(params.usulanId);
  const dokumenId = parseId(params.dokumenId);
  if (!usulanId || !dokumenId) return new Response("Berkas tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return usulanDocumentResponse(getDb(), user, usulanId, dokumenId);
}
