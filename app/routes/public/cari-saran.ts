import type { Route } from "./+types/cari-saran";
import { normalizeCari, saranProduk } from "~/domain/katalog/cari.server";
import { getDb } from "~/lib/server/db.server";

/** The suggestions read `q` alone: the page cache keys them by it. */
export const handle = { queryParams: ["q"] };

/**
 * GET /cari/saran?q=: the header search box's suggestions as JSON,
 * `{ q, saran: [{ nama_produk, nama_seo, kategori }] }` — at most 8 published products, none
 * below 2 characters. Inside the public layout, so its middleware marks the answer public and
 * the page cache keeps it per `q` (handle.queryParams) like any public answer (bounded in bytes, emptied by every
 * domain write); q is cut to 100 characters, as on the results page.
 */
export function loader({ request }: Route.LoaderArgs) {
  const q = normalizeCari(new URL(request.url).searchParams.get("q"));
  return Response.json({ q, saran: saranProduk(getDb(), q) });
}
