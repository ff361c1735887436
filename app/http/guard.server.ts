/**
 * Guards run first and throw (DESIGN.md convention 3). Used as route middleware, so every
 * loader AND action below a guarded layout is covered, for document and data requests alike.
 */
import { createContext, data, redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { withActor } from "~/domain/aktivitas/aktivitas.server";
import type { Role } from "~/domain/users/roles";
import type { SessionUser } from "~/domain/users/session-user";
import { getCurrentUser } from "~/http/session.server";
import { getSetting } from "~/domain/setting/setting.server";
import { getDb } from "~/lib/server/db.server";
import { areaByKey, type AreaKey } from "~/navigation/areas";

export const userContext = createContext<SessionUser | null>(null);

/**
 * Cross-site form posts are refused: a browser's Origin (or Sec-Fetch-Site) must be ours.
 * Pure, so the Express layer (ahead of React Router's own 400) and the route middleware share it.
 */
export function isCrossSiteRequest(
  method: string,
  headers: { origin?: string | null; secFetchSite?: string | null },
  host: string,
): boolean {
  if (method === "GET" || method === "HEAD" || method === "OPTIONS") return false;
  if (headers.secFetchSite === "cross-site") return true;
  const origin = headers.origin;
  if (!origin) return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

export function isCrossSite(request: Request): boolean {
  return isCrossSiteRequest(
    request.method,
    { origin: request.headers.get("origin"), secFetchSite: request.headers.get("sec-fetch-site") },
    new URL(request.url).host,
  );
}

export const CROSS_SITE_MESSAGE = "Permintaan lintas situs ditolak.";

export const csrfMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const path = new URL(request.url).pathname;
  // The JSON API authenticates with Bearer tokens (no cookies) and answers CORS itself.
  if (!path.startsWith("/api/") && isCrossSite(request)) {
    throw data({ message: CROSS_SITE_MESSAGE }, { status: 403 });
  }
  return next();
};

/** Back to the page after login: the route's normalized `url` (no `.data`, no `_routes`). */
export function loginRedirect(url: URL) {
  return redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
}

/** Middleware for an area: no session → /login (returning here after); wrong role → 404. */
export function requireRoleMiddleware(allowed: readonly Role[]): MiddlewareFunction<Response> {
  return async ({ request, url, context }, next) => {
    const user = await getCurrentUser(request);
    if (!user) throw loginRedirect(url);
    if (!user.roles.some((role) => allowed.includes(role))) throw data(null, { status: 404 });
    context.set(userContext, user);
    // Every write below names this user in the activity log.
    return withActor({ id: user.id, nama: user.name }, next);
  };
}

/** The signed-in user set by the area's middleware; a loader outside a guard gets a 404. */
export function requireUser(context: Readonly<RouterContextProvider>): SessionUser {
  const user = context.get(userContext);
  if (!user) throw data(null, { status: 404 });
  return user;
}

/**
 * Every loader and action of an area (each area's layout module) passes this first: the LPPM
 * module on for an LPPM area (Setting → Modul LPPM; off, it is not there: 404), a session, and
 * one of the area's roles.
 */
export function areaMiddleware(key: AreaKey): MiddlewareFunction<Response>[] {
  const area = areaByKey(key);
  const guard = requireRoleMiddleware(area.roles);
  return [
    (args, next) => {
      if (area.lppm && !getSetting(getDb()).modul_lppm) throw new Response(null, { status: 404 });
      return guard(args, next);
    },
  ];
}

/** The operator's LPPM screens (/operator/lppm/…) are gone with the module, like the LPPM areas. */
export const modulLppmMiddleware: MiddlewareFunction<Response>[] = [
  (_args, next) => {
    if (!getSetting(getDb()).modul_lppm) throw new Response(null, { status: 404 });
    return next();
  },
];
