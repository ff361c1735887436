/**
 * Every route of the app, from app/routes.ts itself (so a new screen is covered by the tests
 * that walk them all): its full path, id and module file.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, type RouteObject } from "react-router";
import routes from "../../app/routes";

export type AppRoute = { id: string; path: string; file: string };

function flatten(entries: RouteConfigEntry[], parent = ""): AppRoute[] {
  return entries.flatMap((entry) => {
    const full = [parent, entry.path ?? ""].filter(Boolean).join("/");
    const own = entry.path !== undefined || entry.index ? [{ id: entry.id ?? entry.file, path: `/${full}`, file: entry.file }] : [];
    return [...own, ...flatten(entry.children ?? [], full)];
  });
}

export const APP_ROUTES: AppRoute[] = flatten(routes);

const MODULES = import.meta.glob<Record<string, unknown>>("../../app/routes/**/*.{ts,tsx}");

/** The route module behind a route (its loader, action, …). */
export async function routeModule(route: AppRoute): Promise<Record<string, unknown>> {
  const load = MODULES[`../../app/${route.file}`];
  if (!load) throw new Error(`no module for route ${route.id} (${route.file})`);
  return load();
}

/** A path with its params filled: `values` by param name, "1" for any other, "x" for a splat. */
export function concretePath(path: string, values: Record<string, string> = {}): string {
  return path
    .replace(/\/:(\w+)\?/g, (_, name: string) => (values[name] ? `/${values[name]}` : ""))
    .replace(/:(\w+)/g, (_, name: string) => values[name] ?? "1")
    .replace(/\*$/, "x");
}

function toDataRoutes(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
    path: entry.path,
    index: entry.index,
    children: entry.children ? toDataRoutes(entry.children) : undefined,
  })) as RouteObject[];
}
const matcher = createStaticHandler([{ id: "root", path: "", children: toDataRoutes(routes) }] as RouteObject[]);

/** The ids of the routes a URL matches, as React Router matches them: root first, the page last. */
export const matchedRouteIds = (url: string): string[] => matcher.match(url)?.map((m) => m.route.id) ?? ["root"];
