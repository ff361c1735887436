/**
 * Every screen one signed-in user (or a visitor) can open, found the way they find them: from
 * the first page on, every link a page shows (sidebar, list rows, detail links, the `?tambah=` /
 * `?ubah=` dialog URLs, paging) is followed, over the BUILT server. A new screen or a new link
 * is walked without anyone listing it.
 *
 * A screen is a route with the query parameters it is opened with (a dialog, a section, a page
 * of a list); records of one screen (`/usulan/7`, `/usulan/8`, `?ubah=3`, `?ubah=4`) share its
 * markup, so a screen is walked on its first few records only: enough for the states in which
 * a record's page differs (a draft, a returned proposal, …), without walking every product.
 */
import { CHANGE_PASSWORD_PARAM } from "~/lib/util/modal-params";
import { matchedRouteIds } from "./app-routes";
import { send } from "./http-client";

export type WalkedPage = { url: string; status: number; html: string };

export type WalkOptions = {
  /** Session cookie ("name=value"), none for a visitor. */
  cookie?: string;
  /** Whether a link is followed. */
  follows: (url: URL) => boolean;
};

/** Records walked per screen. */
const RECORDS_PER_SCREEN = 3;

/**
 * The screen a URL shows, or null when it is not one of its own: a link that adds a second
 * query parameter (a dialog over a page of a list, over a section) shows two states that are
 * each walked alone. The password dialog opens over every page of an area: one screen.
 */
function screenOf(url: URL): string | null {
  const params = [...url.searchParams];
  if (params.length > 1) return null;
  if (params[0]?.[0] === CHANGE_PASSWORD_PARAM) return CHANGE_PASSWORD_PARAM;
  const query = params.map(([key, value]) => `${key}=${/^\d+$/.test(value) ? "#" : value}`);
  return `${matchedRouteIds(url.pathname).at(-1)}?${query.join("")}`;
}

/** The same-origin links of a page (`href` of `a` elements), as URLs without their fragment. */
function linksOf(html: string, base: string): URL[] {
  const links: URL[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)) {
    const url = new URL(match[1]!.replaceAll("&amp;", "&"), base);
    if (url.origin !== base) continue;
    url.hash = "";
    links.push(url);
  }
  return links;
}

/**
 * Walks from `start` and returns every HTML page reached (200 or 404) in the order found.
 * Redirects are followed like links; other answers (files, JSON) are not pages.
 */
export async function walkSite(base: string, start: string[], { cookie, follows }: WalkOptions): Promise<WalkedPage[]> {
  const headers: Record<string, string> = cookie ? { Cookie: cookie } : {};
  const visited = new Set<string>();
  const records = new Map<string, number>();
  const queue = start.map((path) => new URL(path, base));
  const pages: WalkedPage[] = [];
  while (queue.length > 0) {
    const url = queue.shift()!;
    const path = url.pathname + url.search;
    const screen = screenOf(url);
    if (visited.has(path) || screen === null || (records.get(screen) ?? 0) >= RECORDS_PER_SCREEN) continue;
    visited.add(path);
    const answer = await send(base, "GET", path, { headers });
    if (answer.status >= 300 && answer.status < 400 && answer.headers.location) {
      const target = new URL(answer.headers.location, url);
      if (target.origin === base && follows(target)) queue.push(target);
      continue;
    }
    if (![200, 404].includes(answer.status) || !String(answer.headers["content-type"]).startsWith("text/html")) continue;
    records.set(screen, (records.get(screen) ?? 0) + 1);
    pages.push({ url: path, status: answer.status, html: answer.body });
    for (const link of linksOf(answer.body, base)) if (follows(link)) queue.push(link);
  }
  return pages;
}
