import { useEffect } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
} from "react-router";
import type { Route } from "./+types/root";
import { NotFound } from "./components/not-found";
import { showToast, TOAST_COLORS, ToastHost, useLoadFailedToast } from "./components/ui/toast";
import { csrfMiddleware } from "./lib/guard.server";
import { useNonce } from "./lib/nonce";
import { takeFlash } from "./lib/session.server";
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
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  // A failed data load after navigation (offline, server down) lands here.
  useLoadFailedToast(error, !notFound);
  if (notFound) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // No stack traces for visitors; the server log has the details.
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${status} - Terjadi kesalahan`}</title>
      <p className="text-6xl font-bold text-kayu-700">{status}</p>
      <h1 className="text-2xl font-semibold">Terjadi kesalahan</h1>
      <p className="text-stone-600">Maaf, halaman ini tidak dapat ditampilkan. Silakan coba lagi sebentar lagi.</p>
      <a href="/" className="rounded-lg bg-kayu-700 px-5 py-2.5 font-semibold text-white hover:bg-kayu-800">
        Kembali ke Beranda
      </a>
    </main>
  );
}
