/**
 * POST /operator/produk/gambarproduk/:produkId/unggah — one photo of the product, sent by the
 * image page and the product form with JavaScript (XHR, so each photo shows its progress),
 * after the browser made it smaller than 2 MB. Stored as the page's own add stores it (last in
 * the order); answers JSON (http/image-collection: imageUploadAction). The operator area's
 * middleware checked the session and the role, the root's the origin.
 */
import type { Route } from "./+types/gambarproduk.$produkId.unggah";
import { produkImages } from "~/domain/images/collections.server";
import { getProdukSummary } from "~/domain/produk/produk.server";
import { parseId } from "~/http/action.server";
import { json, METHOD_NOT_ALLOWED } from "~/http/api.server";
import { requireUser } from "~/http/guard.server";
import { imageUploadAction } from "~/http/image-collection.server";
import { getDb } from "~/lib/server/db.server";

export const PRODUK_TIDAK_ADA = "Produk tidak ditemukan";

export function loader({ context }: Route.LoaderArgs) {
  requireUser(context);
  return json({ message: METHOD_NOT_ALLOWED }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  requireUser(context);
  const id = parseId(params.produkId);
  if (!id || !getProdukSummary(getDb(), id)) return json({ message: PRODUK_TIDAK_ADA }, { status: 404 });
  return imageUploadAction(request, { images: produkImages, field: "gambar" }, id);
}
