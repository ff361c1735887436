import { isRouteErrorResponse } from "react-router";
import { NotFound } from "~/components/not-found";
import { useLoadFailedToast } from "~/components/ui/toast";

/**
 * The whole-page error: NotFound for a 404, otherwise the status and an apology — no stack
 * trace for visitors (the server log has the details). A failed data load after a navigation
 * (offline, server down) also toasts 'Gagal menampilkan data'.
 */
export function ErrorPage({ error }: { error: unknown }) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useLoadFailedToast(error, !notFound);
  if (notFound) return <NotFound />;
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-screen max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{`${status} - Terjadi kesalahan`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <p className="text-6xl font-bold text-kayu-700">{status}</p>
      <h1 className="text-2xl font-semibold">Terjadi kesalahan</h1>
      <p className="text-stone-600">Maaf, halaman ini tidak dapat ditampilkan. Silakan coba lagi sebentar lagi.</p>
      <a href="/" className="rounded-lg bg-kayu-700 px-5 py-2.5 font-semibold text-white hover:bg-kayu-800">
        Kembali ke Beranda
      </a>
    </main>
  );
}
