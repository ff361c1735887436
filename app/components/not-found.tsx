/** NotFound (spec section 2): no header, no footer, HTTP 404 set by whoever threw. */
export function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 bg-kayu-50 p-6 text-center">
      <title>404 - Halaman Tidak Ditemukan</title>
      <meta name="robots" content="noindex, nofollow" />
      <p aria-hidden="true" className="text-8xl font-extrabold tracking-tight text-kayu-500">404</p>
      <h1 className="text-2xl font-bold text-kayu-900">Maaf! Halaman tidak ditemukan</h1>
      <p className="text-stone-600">Halaman yang Anda cari tidak tersedia!</p>
      <a
        href="/"
        onClick={(event) => {
          // With JavaScript: one step back in history, as the spec says; without it: home.
          if (window.history.length > 1) {
            event.preventDefault();
            window.history.back();
          }
        }}
        className="mt-4 rounded-full bg-kayu-700 px-6 py-3 font-semibold text-white shadow hover:bg-kayu-800 focus:outline-none focus-visible:ring-4 focus-visible:ring-kayu-300"
      >
        Back to Home
      </a>
    </main>
  );
}
