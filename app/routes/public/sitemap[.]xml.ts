import type { Route } from "./+types/sitemap[.]xml";
import { siteOrigin, sitemapEntries, sitemapXml } from "~/domain/katalog/seo.server";
import { getDb } from "~/lib/server/db.server";
import { publicCacheControl } from "~/lib/server/page-cache.server";

/**
 * GET /sitemap.xml: every public page, category and product with its lastmod.
 * Cheap: the entries are read once per data change (readThrough), only the origin is per request.
 * It names the site's address: shared caches may keep it only when SITE_URL says which that is.
 */
export function loader({ request }: Route.LoaderArgs) {
  const xml = sitemapXml(siteOrigin(request), sitemapEntries(getDb()));
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": publicCacheControl("max-age=300") },
  });
}
