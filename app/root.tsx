import { useEffect } from "react";
import {
  data,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import { ErrorPage } from "~/components/error-page";
import { useLinkNavigation } from "~/components/ui/app-link";
import { showToast, TOAST_COLORS, ToastHost } from "~/components/ui/toast";
import { csrfMiddleware } from "~/http/guard.server";
import { useNonce } from "~/lib/hooks/nonce";
import { takeFlash } from "~/http/session.server";
import appCss from "./app.css?url";

/**
 * The stylesheet is first in <head> (React's `precedence` places it before the scripts'
 * modulepreloads): it blocks the first paint, so on a slow phone it must not queue behind
 * the JavaScript for the browser's few connections.
 */
export const links: Route.LinksFunction = () => [
  { rel: "stylesheet", href: appCss, precedence: "default" },
  { rel: "icon", href: "/favicon.ico", sizes: "any" },
];

export const middleware: Route.MiddlewareFunction[] = [csrfMiddleware];

/** The root reads no query parameter (the page cache keys a page by what its routes read: page-cache.server.ts). */
export const handle = { queryParams: [] };

/** The one-shot flash toast set by an action before its redirect. */
export async function loader({ request }: Route.LoaderArgs) {
  const { flash, setCookie } = await takeFlash(request);
  if (!flash) return { flash: null };
  return data(
    { flash: { ...flash, id: Date.now() } },
    { headers: { "Set-Cookie": setCookie ?? "" } },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  return (
    <html lang="id">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#6f4522" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ToastHost />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const flash = loaderData.flash;
  const LinkNavigation = useLinkNavigation();
  useEffect(() => {
    if (flash) showToast(flash.kind, flash.message);
  }, [flash]);
  return (
    <>
      {flash ? (
        // Toasts need JavaScript; without it the same message shows as a banner at the top.
        <noscript>
          <div
            role="status"
            className="fixed inset-x-0 top-0 z-[100] px-4 py-3 text-center text-sm font-semibold text-white shadow"
            style={{ background: TOAST_COLORS[flash.kind] }}
          >
            {flash.message}
          </div>
        </noscript>
      ) : null}
      <Outlet />
      {LinkNavigation ? <LinkNavigation /> : null}
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ErrorPage error={error} />;
}
