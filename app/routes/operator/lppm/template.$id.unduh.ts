/** /operator/lppm/template/:id/unduh — a template's file for the operator (the area layout checked the role). */
import type { Route } from "./+types/template.$id.unduh";
import { templateFile } from "~/domain/lppm/master/template.server";
import { parseId } from "~/lib/http/action.server";
import { requireUser } from "~/lib/http/guard.server";
import { documentResponse } from "~/lib/server/documents.server";
import { getDb } from "~/lib/server/db.server";

export function loader({ params, context }: Route.LoaderArgs) {
  requireUser(context);
  const id = parseId(params.id);
  const found = id ? templateFile(getDb(), id, { aktifSaja: false }) : null;
  if (!found) throw new Response("Template tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  return documentResponse(found.file, found.nama_file);
}
