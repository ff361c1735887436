/**
 * GET /operator/lppm/impor-dosen/templat/{xlsx|csv}: the lecturers import's template (the header
 * and an example row), an attachment never stored by any cache. The area layout checked the role.
 */
import { data } from "react-router";
import type { Route } from "./+types/impor-dosen-templat";
import { NAMA_TEMPLAT, templatImporDosen } from "~/domain/lppm/dosen/templat.server";
import { FORMAT_TYPES } from "~/domain/lppm/penetapan/export.server";
import { FORMATS } from "~/domain/lppm/penetapan/penetapan";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  requireUser(context);
  const format = FORMATS.find((f) => f === params.format);
  if (!format) throw data(null, { status: 404 });
  return downloadResponse(await templatImporDosen(getDb(), format), FORMAT_TYPES[format], `${NAMA_TEMPLAT}.${format}`);
}
