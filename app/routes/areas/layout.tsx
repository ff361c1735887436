/**
 * The one logged-in shell, registered once per area (/operator and the five LPPM areas, see
 * app/routes.ts): the guard of the area's roles, the header with 'Ubah Password' and 'Logout',
 * the area's sidebar, the footer, the page title and the change-password modal
 * (?ubahpassword=1). Its ErrorBoundary keeps the shell: an error on a screen shows inside it
 * (a 404 is still the NotFound page).
 */
import { isRouteErrorResponse, Outlet, useLocation, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/layout";
import { AreaShell } from "~/components/area/area-shell";
import { ErrorPage } from "~/components/error-page";
import { LOAD_FAILED, useLoadFailedToast } from "~/components/ui/toast";
import { ChangePasswordDialog } from "~/components/area/change-password";
import { withoutParams } from "~/components/ui/dialog";
import { areaOf, CHANGE_PASSWORD_PARAM, isLppmPath, menuFor, type Area } from "~/navigation/areas";
import { dashboardLinks } from "~/navigation/menus";
import { getSetting } from "~/domain/setting/setting.server";
import { getDb } from "~/lib/server/db.server";
import { pageTitle } from "~/lib/util/format";
import { requireRoleMiddleware, requireUser } from "~/http/guard.server";
import { shopOf } from "~/lib/util/meta";

/**
 * Every loader and action of the area passes this first: the LPPM module on for its paths
 * (Setting → Modul LPPM; off, they are not there: 404), a session, and one of the area's roles.
 */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => {
    const area = areaOf(args.url.pathname);
    if (!area) throw new Response(null, { status: 404 });
    if (isLppmPath(args.url.pathname) && !getSetting(getDb()).modul_lppm) throw new Response(null, { status: 404 });
    return requireRoleMiddleware(area.roles)(args, next);
  },
];

export function loader({ url, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const setting = getSetting(getDb());
  return {
    areaKey: areaOf(url.pathname)!.key,
    user: { name: user.name, roles: user.roles },
    companyName: setting.nama_toko,
    shop: shopOf(setting),
    modulLppm: setting.modul_lppm,
  };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

/**
 * The shell's data (who is signed in, the shop's name) is read again after a form post, not on
 * every move between the area's pages: a page whose data fails then shows its error inside
 * the shell, and a navigation costs one loader less.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? defaultShouldRevalidate : false;
}


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

function Shell({ data, title, children }: { data: LayoutData; title: string; children: React.ReactNode }) {
  const location = useLocation();
  const area = areaOf(location.pathname) as Area;
  const here = location.pathname + location.search;
  const showPassword = new URLSearchParams(location.search).has(CHANGE_PASSWORD_PARAM);
  return (
    <AreaShell
      title={area.title}
      userName={data.user.name}
      companyName={data.companyName}
      dashboards={dashboardLinks(data.user.roles, data.modulLppm)}
      current={area.prefix}
      menu={menuFor(area, data.modulLppm)}
    >
      <title>{pageTitle(title, data.shop)}</title>
      {children}
      {showPassword ? (
        <ChangePasswordDialog closeTo={withoutParams(here, CHANGE_PASSWORD_PARAM)} back={withoutParams(here, CHANGE_PASSWORD_PARAM)} />
      ) : null}
    </AreaShell>
  );
}

export default function AreaLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData} title={usePageTitle()}>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary({ error, loaderData: data }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useLoadFailedToast(error, !notFound && Boolean(data));
  // A 404 is the NotFound page (spec: a user to edit that does not exist, a wrong area), as is
  // any error before the shell had its data (the guard).
  if (notFound || !data) return <ErrorPage error={error} />;
  return (
    <Shell data={data} title={LOAD_FAILED}>
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h1 className="text-lg font-bold">{LOAD_FAILED}</h1>
        <p className="mt-1 text-sm">Silakan muat ulang halaman atau coba lagi nanti.</p>
      </div>
    </Shell>
  );
}
