/**
 * A revised proposal PDF (usulan_dokumen ronde 'perbaikan'), for whoever may see its proposal
 * (usulanAccess: the team, the LPPM office, …): /pengusul/perbaikan-usulan/dokumen/:id,
 * /operator/lppm/perbaikan-usulan/dokumen/:id and /kepalalppm/monitoring/perbaikan-usulan/dokumen/:id.
 * Anyone else gets the same 404 as for a document that does not exist.
 */
import { data } from "react-router";
import type { Route } from "./+types/perbaikan-dokumen";
import { requireUser } from "~/lib/http/guard.server";
import { getDb } from "~/lib/server/db.server";
import { parseId } from "~/lib/http/action.server";
import { dokumenPerbaikan } from "~/domain/lppm/perbaikan/perbaikan.server";
import { documentResponse } from "~/lib/server/documents.server";

export function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const id = parseId(params.id);
  const doc = id ? dokumenPerbaikan(getDb(), user, id) : null;
  if (!doc) throw data(null, { status: 404 });
  return documentResponse(doc.file, doc.nama_file);
}

