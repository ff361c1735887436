/**
 * One evidence file of a publication-incentive claim (…/insentif/:insentifId/bukti/:buktiId),
 * registered in every LPPM area and under /operator/lppm: the area's layout has checked the
 * session and role; buktiKlaim checks that this user may read the claim (its claimant, its
 * reviewer, the LPPM office) and that the file is its own — 404 otherwise.
 */
import type { Route } from "./+types/bukti";
import { buktiKlaim } from "~/domain/lppm/insentif/insentif.server";
import { parseId } from "~/lib/http/action.server";
import { requireUser } from "~/lib/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { documentResponse } from "~/lib/server/documents.server";

export function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const id = parseId(params.insentifId);
  const buktiId = parseId(params.buktiId);
  const bukti = id && buktiId ? buktiKlaim(getDb(), user, id, buktiId) : null;
  if (!bukti) return new Response("Berkas tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return documentResponse(bukti.file, bukti.nama_file, { inline: true });
}
