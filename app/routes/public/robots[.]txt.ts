import type { Route } from "./+types/robots[.]txt";
import { robotsTxt, siteOrigin } from "~/domain/katalog/seo.server";
import { publicCacheControl } from "~/lib/server/page-cache.server";

/**
 * GET /robots.txt: what crawlers may visit, and where the sitemap is (at the site's address:
 * shared caches may keep it only when SITE_URL says which that is).
 */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": publicCacheControl("max-age=3600") },
  });
}
