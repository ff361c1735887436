/**
 * The client half of the one logged-in shell (the server half, with the area's guard:
 * ./__layout.server.ts), registered once per area by a module of its own (operator.tsx,
 * pengusul.tsx, …): the header with 'Ubah Password' and 'Logout', the area's sidebar, the
 * footer, the page title and the change-password modal (?ubahpassword=1). Its ErrorBoundary
 * keeps the shell: an error on a screen shows inside it (a 404 is still the NotFound page).
 */
import { isRouteErrorResponse, Outlet, useLocation, useMatches, type ShouldRevalidateFunctionArgs } from "react-router";
import { AreaShell } from "~/components/area/area-shell";
import { ErrorPage } from "~/components/error-page";
import { LOAD_FAILED, useLoadFailedToast } from "~/components/ui/toast";
import { ChangePasswordDialog } from "~/components/area/change-password";
import { areaByKey, menuFor } from "~/navigation/areas";
import { CHANGE_PASSWORD_PARAM, withoutParams } from "~/lib/util/modal-params";
import { dashboardLinks } from "~/navigation/menus";
import { pageTitle } from "~/lib/util/format";
import type { AreaLayoutData } from "./__layout.server";

type LayoutData = AreaLayoutData;

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
  const area = areaByKey(data.areaKey);
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
      inboxHref={`${area.prefix}/kotak-masuk`}
      unread={data.unread}
    >
      <title>{pageTitle(title, data.shop)}</title>
      {children}
      {showPassword ? (
        <ChangePasswordDialog closeTo={withoutParams(here, CHANGE_PASSWORD_PARAM)} back={withoutParams(here, CHANGE_PASSWORD_PARAM)} />
      ) : null}
    </AreaShell>
  );
}

export function AreaLayout({ loaderData }: { loaderData: LayoutData }) {
  return (
    <Shell data={loaderData} title={usePageTitle()}>
      <Outlet />
    </Shell>
  );
}

export function AreaErrorBoundary({ error, loaderData: data }: { error: unknown; loaderData?: LayoutData }) {
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
