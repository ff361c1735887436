/**
 * Server half shared by the five LPPM area layouts: the guard for the area's roles and the
 * layout loader (the shell needs the user's name and roles, and the company name).
 */
import type { MiddlewareFunction, RouterContextProvider } from "react-router";
import { lppmArea, type LppmArea } from "../../components/area/lppm-menus";
import { getSetting } from "../../domain/setting/setting.server";
import { getDb } from "../../lib/db.server";
import { requireRoleMiddleware, requireUser } from "../../lib/guard.server";
import { shopOf } from "../../lib/meta";

/** No session → /login?redirectTo=…; a session without one of the area's roles → 404. */
export function areaGuard(key: LppmArea["key"]): MiddlewareFunction<Response> {
  return requireRoleMiddleware(lppmArea(key).roles);
}

export function areaLoader(context: Readonly<RouterContextProvider>) {
  const user = requireUser(context);
  const setting = getSetting(getDb());
  return {
    user: { name: user.name, roles: user.roles },
    companyName: setting.nama_toko,
    shop: shopOf(setting),
  };
}

/** The page's path without a trailing slash, from the route's normalized `url`. */
export function pagePath(url: URL): string {
  return url.pathname.replace(/\/+$/, "");
}
