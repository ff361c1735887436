/**
 * Every route of the app, from app/routes.ts itself (so a new screen is covered by the tests
 * that walk them all): its full path, id and module file.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { createStaticHandler, matchRoutes, type RouteObject } from "react-router";
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

type TreeRoute = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: TreeRoute[]; file: string };

function toTree(entries: RouteConfigEntry[]): TreeRoute[] {
  return entries.map((entry) => ({
    id: entry.id ?? entry.file,
    ...(entry.path !== undefined ? { path: entry.path } : {}),
    ...(entry.index ? { index: true } : {}),
    ...(entry.caseSensitive ? { caseSensitive: true } : {}),
    file: entry.file,
    ...(entry.children?.length ? { children: toTree(entry.children) } : {}),
  }));
}

const TREE = toTree(routes);

export type RouteModuleFns = { loader?: (args: never) => unknown; action?: (args: never) => unknown; middleware?: Middleware[] };
export type Middleware = (args: never, next: () => Promise<unknown>) => Promise<unknown>;

/**
 * The modules React Router runs for a path, from app/routes.ts itself: every layout above the
 * page, then the page (its loader and action), with the params of the match.
 */
export async function modulesAt(path: string): Promise<{ layouts: RouteModuleFns[]; page: RouteModuleFns; params: Record<string, string> }> {
  const pathname = new URL(path, "http://x").pathname;
  const matches = matchRoutes(TREE as never, pathname) as { route: TreeRoute; params: Record<string, string> }[] | null;
  if (!matches?.length) throw new Error(`no route matches ${pathname}`);
  const modules = await Promise.all(matches.map((m) => routeModule({ id: m.route.id, path: m.route.path ?? "", file: m.route.file })));
  return { layouts: modules.slice(0, -1) as RouteModuleFns[], page: modules.at(-1) as RouteModuleFns, params: matches.at(-1)!.params };
}

/** Runs `inner` inside the middleware of every layout above the page at `path`, as React Router does. */
export async function withinLayouts<T>(path: string, args: never, inner: () => Promise<T> | T): Promise<T> {
  const { layouts } = await modulesAt(path);
  const chain = layouts.flatMap((layout) => layout.middleware ?? []);
  let out: T | undefined;
  const run = async (i: number): Promise<unknown> => {
    if (i === chain.length) {
      out = await inner();
      return new Response(null);
    }
    return chain[i]!(args, () => run(i + 1));
  };
  await run(0);
  return out as T;
}

/**
 * A stand-in route module that hands each loader or action call to the module serving the
 * request's URL (by app/routes.ts): for tests of a screen mounted at several URLs.
 */
export const routedModule: { loader: (args: never) => Promise<unknown>; action: (args: never) => Promise<unknown> } = {
  loader: async (args) => {
    const { page } = await modulesAt((args as { request: Request }).request.url);
    if (!page.loader) throw new Error(`no loader at ${(args as { request: Request }).request.url}`);
    return page.loader(args);
  },
  action: async (args) => {
    const { page } = await modulesAt((args as { request: Request }).request.url);
    if (!page.action) throw new Error(`no action at ${(args as { request: Request }).request.url}`);
    return page.action(args);
  },
};

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
