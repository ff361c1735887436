import type { Route } from "./+types/robots[.]txt";
import { robotsTxt, siteOrigin } from "~/domain/katalog/seo.server";

/** GET /robots.txt: what crawlers may visit, and where the sitemap is. */
export function loader({ request }: Route.LoaderArgs) {
  return new Response(robotsTxt(siteOrigin(request)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
