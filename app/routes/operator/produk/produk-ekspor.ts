/**
 * GET /operator/produk/produk/ekspor — every product × branch as a CSV download (the
 * format: app/domain/produk/csv/format.ts). The area layout checked the role.
 */
import type { Route } from "./+types/produk-ekspor";
import { eksporProdukCsv, namaBerkasEkspor } from "~/domain/produk/csv/ekspor.server";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";
import { CSV_CONTENT_TYPE } from "~/lib/util/csv";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return downloadResponse(eksporProdukCsv(getDb()), CSV_CONTENT_TYPE, namaBerkasEkspor());
}
