/**
 * GET /operator/produk/produk/ekspor — every product × branch as a CSV download (the
 * format: app/domain/produk/csv.server.ts). The area layout checked the role.
 */
import type { Route } from "./+types/produk-ekspor";
import { CSV_CONTENT_TYPE, eksporProdukCsv, namaBerkasEkspor } from "~/domain/produk/csv.server";
import { requireUser } from "~/http/guard.server";
import { downloadResponse } from "~/http/download.server";
import { getDb } from "~/lib/server/db.server";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return downloadResponse(eksporProdukCsv(getDb()), CSV_CONTENT_TYPE, namaBerkasEkspor());
}
