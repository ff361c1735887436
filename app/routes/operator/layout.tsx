import { Outlet, useLocation, useMatches } from "react-router";
import type { Route } from "./+types/layout";
import { AreaShell } from "../../components/area/area-shell";
import { ChangePasswordDialog } from "../../components/area/change-password";
import { dashboardLinks, OPERATOR_MENU } from "../../components/area/menus";
import { withoutParams } from "../../components/ui/dialog";
import { getSetting } from "../../domain/setting/setting.server";
import { getDb } from "../../lib/db.server";
import { pageTitle } from "../../lib/format";
import { requireRoleMiddleware, requireUser } from "../../lib/guard.server";
import { shopOf } from "../../lib/meta";

/** Every loader and action under /operator passes this first: session + Operator role. */
export const middleware: Route.MiddlewareFunction[] = [requireRoleMiddleware(["Operator"])];

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const setting = getSetting(getDb());
  return {
    user: { name: user.name, roles: user.roles },
    companyName: setting.nama_toko,
    shop: shopOf(setting),
  };
}

/** Page titles come from the route's handle ('Default Title' when absent). */
export type AreaHandle = { title?: string };

export function useAreaTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i]?.handle as AreaHandle | undefined)?.title;
    if (title) return title;
  }
  return "Default Title";
}

export default function OperatorLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  const title = useAreaTitle();
  const here = location.pathname + location.search;
  const showPassword = new URLSearchParams(location.search).has("ubahpassword");
  return (
    <AreaShell
      title="Operator"
      userName={loaderData.user.name}
      companyName={loaderData.companyName}
      dashboards={dashboardLinks(loaderData.user.roles)}
      menu={OPERATOR_MENU}
    >
      <title>{pageTitle(title, loaderData.shop)}</title>
      <Outlet />
      {showPassword ? (
        <ChangePasswordDialog closeTo={withoutParams(here, "ubahpassword")} back={withoutParams(here, "ubahpassword")} />
      ) : null}
    </AreaShell>
  );
}
