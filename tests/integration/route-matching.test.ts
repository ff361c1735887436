/**
 * The server matches routes with React Router's route-pattern matcher (server/app.ts), the
 * browser with its default one (app/entry.server.tsx keeps the flag out of the page). Both must
 * agree on every route of app/routes.ts: the same route ids and params for every path, under
 * every spelling the app meets (case, trailing slash, encoding, unknown paths).
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type RouteObject } from "react-router";
import { unstable_preloadRoutePattern } from "react-router/route-pattern";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { APP_ROUTES, concretePath } from "../setup/app-routes";

function toDataRoutes(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    path: entry.path,
    index: entry.index,
    caseSensitive: entry.caseSensitive,
    children: entry.children ? toDataRoutes(entry.children) : undefined,
  })) as RouteObject[];
}

unstable_preloadRoutePattern();
const tree = [{ id: "root", path: "", children: toDataRoutes(routes) }] as RouteObject[];
const browser = createStaticHandler(tree);
const server = createStaticHandler(tree, { future: { unstable_routePatternMatching: true } } as Parameters<typeof createStaticHandler>[1]);

type Matched = { id: string; params: Record<string, string | undefined>; pathname: string }[] | null;
const shape = (matches: ReturnType<typeof browser.match>): Matched =>
  matches?.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname })) ?? null;

const PATHS = [
  ...APP_ROUTES.map((r) => concretePath(r.path, { seo: "kursi-tamu-jati", produkId: "12", usulanId: "7", dokumenId: "3", id: "5" })),
  "/",
  "/PRODUK",
  "/produk/",
  "/Operator/Produk/Produk",
  "/detail-produk/kursi%20jati",
  "/produk/kursi-tamu/lebih",
  "/tidak-ada",
  "/api/tidak/ada",
  "/pengusul/usulan/abc",
  "/pengusul/usulan/7/dokumen",
  "/kepalalppm/penetapan-pemenang/usulan-reguler/unduh/peringkat/csv",
];

describe("route matching: the server's route-pattern matcher and the browser's agree", () => {
  it("on every route of app/routes.ts and the odd spellings", () => {
    expect(APP_ROUTES.length).toBeGreaterThan(100);
    for (const path of PATHS) expect(shape(server.match(path)), path).toEqual(shape(browser.match(path)));
    // Not two empty answers: every route of the app is found, an unknown path is not.
    expect(PATHS.slice(0, APP_ROUTES.length).filter((p) => browser.match(p) === null)).toEqual([]);
    expect(shape(server.match("/detail-produk/kursi%20jati"))!.at(-1)).toMatchObject({ params: { seo: "kursi jati" } });
  });
});
