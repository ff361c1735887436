/**
 * The one logged-in shell, registered once per area (/operator and the five LPPM areas, see
 * app/routes.ts): the guard of the area's roles, the header with 'Ubah Password' and 'Logout',
 * the area's sidebar, the footer, the page title and the change-password modal
 * (?ubahpassword=1). Its ErrorBoundary keeps the shell: an error on a screen shows inside it.
 */
import { isRouteErrorResponse, Outlet, useLocation, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { AreaShell } from "~/components/area/area-shell";
import { ErrorPage } from "~/components/error-page";
import { LOAD_FAILED, useLoadFailedToast } from "~/components/ui/toast";
import { ChangePasswordDialog } from "~/components/area/change-password";
import { withoutParams } from "~/components/ui/dialog";
import { areaOf, type Area } from "~/domain/areas/areas";
import { dashboardLinks } from "~/domain/areas/menus";
import { getSetting } from "~/domain/setting/setting.server";
import { getDb } from "~/lib/server/db.server";
import { pageTitle } from "~/lib/util/format";
import { requireRoleMiddleware, requireUser } from "~/lib/http/guard.server";
import { shopOf } from "~/lib/util/meta";

/** Every loader and action of the area passes this first: a session, and one of the area's roles. */
export const middleware: Route.MiddlewareFunction[] = [
  (args, next) => {
    const area = areaOf(args.url.pathname);
    if (!area) throw new Response(null, { status: 404 });
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
  };
}

type LayoutData = Awaited<ReturnType<typeof loader>>;

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
  const showPassword = new URLSearchParams(location.search).has("ubahpassword");
  return (
    <AreaShell
      title={area.title}
      userName={data.user.name}
      companyName={data.companyName}
      dashboards={dashboardLinks(data.user.roles)}
      menu={area.menu}
    >
      <title>{pageTitle(title, data.shop)}</title>
      {children}
      {showPassword ? (
        <ChangePasswordDialog closeTo={withoutParams(here, "ubahpassword")} back={withoutParams(here, "ubahpassword")} />
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

/** This layout's loader data, whichever area registered it (the route id differs per area). */
function useLayoutData(): LayoutData | undefined {
  const matches = useMatches();
  const own = matches.find((m) => m.id.startsWith("area-"));
  return useRouteLoaderData(own?.id ?? "") as LayoutData | undefined;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useLayoutData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useLoadFailedToast(error, !notFound && Boolean(data));
  // The layout's own guard or data failed: there is no shell to keep.
  if (!data) return <ErrorPage error={error} />;
  const title = notFound ? "Halaman tidak ditemukan" : LOAD_FAILED;
  return (
    <Shell data={data} title={title}>
      <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800">
        <h1 className="text-lg font-bold">{title}</h1>
        {notFound ? null : <p className="mt-1 text-sm">Silakan muat ulang halaman atau coba lagi nanti.</p>}
      </div>
    </Shell>
  );
}
