/**
 * GET /wa/toko[/<product-seo>] and /wa/<branch-id>[/<product-seo>]: every
 * WhatsApp link of the public site. Counts the click (one INSERT, nothing about the visitor; not
 * for bots, HEAD requests or browser prefetches, nor past a client network's limit) and always
 * answers 302 to the chat, with a prefilled message naming the product and its URL when there is
 * one: a visitor is never kept from chatting, whatever happens to the counting. Works without JavaScript (a plain
 * link); never cached (`no-store`, and a 302 is never kept by the page cache). An unknown
 * branch or product, or a target without a WhatsApp number, is the 404 page.
 */
import { data, redirect } from "react-router";
import type { Route } from "./+types/wa";
import { siteOrigin } from "~/domain/katalog/seo.server";
import { isBot, parseHalaman, recordWaKlik, resolveWaTujuan, waKlikDihitung } from "~/domain/whatsapp/wa-klik.server";
import { getDb } from "~/lib/server/db.server";

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const db = getDb();
  // The product's address in the message: the site's own (SITE_URL) as every page names it.
  const target = resolveWaTujuan(db, params.tujuan, params.seo, siteOrigin(request));
  if (!target) throw data(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  const prefetch = /prefetch|prerender/i.test(request.headers.get("sec-purpose") ?? request.headers.get("purpose") ?? "");
  if (request.method === "GET" && !prefetch && !isBot(request.headers.get("user-agent"))) {
    try {
      if (await waKlikDihitung(request, target)) recordWaKlik(db, target, parseHalaman(url.searchParams.get("dari")));
    } catch (error) {
      // A click not counted (a busy or full disk) must not cost the visitor the chat.
      console.error("[wa] klik tidak tercatat:", error instanceof Error ? error.message : error);
    }
  }
  throw redirect(target.chat, { status: 302, headers: { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
}

/** Never rendered: the loader always redirects or throws a 404 (the root's NotFound page). */
export default function WaKlik() {
  return null;
}
