/**
 * Daftar Usulan's download (the LPPM office: /operator/lppm/daftar-usulan/unduh/{xlsx|csv} and
 * /kepalalppm/monitoring/daftar-usulan/unduh/{xlsx|csv}): the list as its filters and search in
 * the query string select it, whole (not one page), an attachment never stored by any cache.
 */
import { data } from "react-router";
import type { Route } from "./+types/daftar-usulan-unduh";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";
import { parseTableState } from "~/lib/util/table-state";
import { FORMATS, FORMAT_TYPES, toCsv, toXlsx } from "~/domain/lppm/penetapan/export.server";
import { tabelDaftarUsulan } from "~/domain/lppm/usulan/daftar.server";
import { daftarFilter } from "./__daftar-usulan.server";

export async function loader({ params, url, context }: Route.LoaderArgs) {
  requireUser(context);
  const format = FORMATS.find((f) => f === params.format);
  if (!format) throw data(null, { status: 404 });
  const tabel = tabelDaftarUsulan(getDb(), parseTableState(url.searchParams).q, daftarFilter(url));
  const body = format === "xlsx" ? new Uint8Array(await toXlsx(tabel)) : toCsv(tabel);
  return downloadResponse(body, FORMAT_TYPES[format], `daftar-usulan.${format}`);
}
