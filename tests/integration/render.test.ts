/**
 * How the BUILT server renders a page (app/entry.server.tsx), on every page route of
 * app/routes.ts, as an operator holding every role and as a visitor:
 * - the page's data is read first and the HTML rendered in one pass: React Router's data script
 *   is in the page and closed, and the server never had to fall back to the streaming render
 *   (it says so on stderr when it does);
 * - one doctype, as the first bytes;
 * - the browser's first route manifest lists the routes the page's URL matches and no others
 *   (the render's cost does not grow with the route table).
 *
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STREAM_CLOSED } from "../../app/entry.server";
import { APP_ROUTES, concretePath, matchedRouteIds } from "../setup/app-routes";
import { operatorSession, routeValues, startBuiltServer, type BuiltServer } from "../setup/built-server";
import { send as sendTo } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";

let t: TestDb;
let server: BuiltServer;
let cookie: string;
let stderr: () => string;
let values: Record<string, string>;

beforeAll(async () => {
  ({ t, server, stderr } = await startBuiltServer());
  ({ cookie } = await operatorSession(t, server.base, { everyRole: true }));
  values = routeValues(t);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

type Page = { path: string; who: string; status: number; html: string };

/** Every page route (not /api, not a file download) as the operator and as a visitor, HTML answers only. */
async function everyPage(): Promise<Page[]> {
  const paths = [...new Set(APP_ROUTES.filter((r) => !r.path.startsWith("/api/")).map((r) => concretePath(r.path, values)))];
  const pages: Page[] = [];
  for (const p of [...paths, "/tidak-ada", "/produk/kategori-tidak-ada"]) {
    for (const [who, headers] of [["operator", { Cookie: cookie }], ["visitor", {}]] as const) {
      const answer = await sendTo(server.base, "GET", p, { headers });
      if (String(answer.headers["content-type"]).startsWith("text/html")) pages.push({ path: p, who, status: answer.status, html: answer.body });
    }
  }
  return pages;
}

/** Route ids of the page's first manifest (the routes the browser knows before it asks). */
function manifestOf(html: string): string[] {
  const start = html.indexOf("window.__reactRouterManifest = ");
  const json = html.slice(start + "window.__reactRouterManifest = ".length, html.indexOf("};", start) + 1);
  return Object.keys((JSON.parse(json) as { routes: Record<string, unknown> }).routes).sort();
}

/** The route ids a URL matches, sorted. */
const matchedIds = (url: string) => matchedRouteIds(url).sort();

describe("every page is rendered in one pass with its data", () => {
  it("on every page route, for the operator and for a visitor", async () => {
    const pages = await everyPage();
    // The operator's screens and the public pages (a visitor is sent to the login from the
    // former: a redirect, not a page), found and missing.
    expect(pages.filter((p) => p.who === "operator").length).toBeGreaterThan(60);
    expect(pages.filter((p) => p.who === "visitor").length).toBeGreaterThan(8);
    expect([...new Set(pages.map((p) => p.status))].sort()).toEqual([200, 404]);

    for (const page of pages) {
      const where = `${page.who} ${page.path} (${page.status})`;
      expect(page.html.startsWith("<!DOCTYPE html><html"), where).toBe(true);
      expect(page.html.match(/<!DOCTYPE/gi)?.length, where).toBe(1);
      expect(page.html, where).toContain(STREAM_CLOSED);
      expect(page.html.indexOf(STREAM_CLOSED), where).toBeGreaterThan(page.html.indexOf("streamController.enqueue("));
      expect(manifestOf(page.html), where).toEqual(matchedIds(page.path));
    }
    expect(stderr()).not.toContain("dirender lewat stream");
  }, 120_000);

  it("a screen's manifest holds its own branch, not its neighbours", async () => {
    const answer = await sendTo(server.base, "GET", "/operator/produk/produk", { headers: { Cookie: cookie } });
    const ids = manifestOf(answer.body);
    expect(ids).toContain("root");
    expect(ids.length).toBeLessThanOrEqual(5);
    expect(ids.filter((id) => /lppm|pengusul|reviewer/i.test(id))).toEqual([]);
  });
});
