/**
 * One evidence file of a project's Catatan Harian (…/usulan/:usulanId/catatan-bukti/:buktiId),
 * registered in every LPPM area and under /operator/lppm: the area's layout has checked the
 * session and role; buktiFile checks that this user may read this project's notes and that the
 * file is one of its own (404 otherwise, never a hint that it exists).
 */
import type { Route } from "./+types/catatan-bukti";
import { buktiFile } from "~/domain/lppm/catatan/catatan.server";
import { parseId } from "~/lib/http/action.server";
import { requireUser } from "~/lib/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { documentResponse } from "~/lib/server/documents.server";

const notFound = () => new Response("Berkas tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

export function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const usulanId = parseId(params.usulanId);
  const buktiId = parseId(params.buktiId);
  if (!usulanId || !buktiId) return notFound();
  const bukti = buktiFile(getDb(), user, usulanId, buktiId);
  return bukti ? documentResponse(bukti.file, bukti.nama_file, { inline: true }) : notFound();
}
