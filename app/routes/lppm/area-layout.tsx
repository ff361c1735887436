/**
 * The client half shared by the five LPPM area layouts: the logged-in shell (header with
 * 'Ubah Password' / 'Logout', the area's sidebar, footer), the page title and the
 * change-password modal (?ubahpassword=1), like the operator layout.
 */
import { Outlet, useLocation, useMatches } from "react-router";
import { AreaShell } from "../../components/area/area-shell";
import { ChangePasswordDialog } from "../../components/area/change-password";
import { lppmArea, lppmMenu, type LppmArea } from "../../components/area/lppm-menus";
import { dashboardLinks } from "../../components/area/menus";
import { withoutParams } from "../../components/ui/dialog";
import type { Role } from "../../domain/users/roles";
import { pageTitle } from "../../lib/format";

export type AreaLayoutData = {
  user: { name: string; roles: Role[] };
  companyName: string;
  shop: { nama_toko: string; kota: string };
};

/** The deepest route's title: its handle.title, or the title its loader computed. */
function usePageTitle(): string {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const match = matches[i];
    const fromHandle = (match?.handle as { title?: string } | undefined)?.title;
    if (fromHandle) return fromHandle;
    const fromData = (match?.loaderData as { title?: unknown } | undefined)?.title;
    if (typeof fromData === "string" && fromData) return fromData;
  }
  return "Default Title";
}

export function LppmAreaLayout({ area: key, data }: { area: LppmArea["key"]; data: AreaLayoutData }) {
  const area = lppmArea(key);
  const location = useLocation();
  const title = usePageTitle();
  const here = location.pathname + location.search;
  const showPassword = new URLSearchParams(location.search).has("ubahpassword");
  return (
    <AreaShell
      title={area.title}
      userName={data.user.name}
      companyName={data.companyName}
      dashboards={dashboardLinks(data.user.roles)}
      menu={lppmMenu(area)}
    >
      <title>{pageTitle(title, data.shop)}</title>
      <Outlet />
      {showPassword ? (
        <ChangePasswordDialog closeTo={withoutParams(here, "ubahpassword")} back={withoutParams(here, "ubahpassword")} />
      ) : null}
    </AreaShell>
  );
}
