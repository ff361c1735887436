/**
 * Every research route behind the LPPM sidebars (one module, registered once per route id).
 * The spec names these screens but does not describe them, so each shows its title inside its
 * area and says plainly that the feature is not available yet: no invented data, no fake forms.
 */
import { data, Link } from "react-router";
import type { Route } from "./+types/fitur";
import { findLppmPage } from "~/domain/areas/lppm";
import { requireUser } from "~/lib/http/guard.server";

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser(context);
  const found = findLppmPage(url.pathname);
  if (!found) throw data(null, { status: 404 });
  return { title: found.title, dashboard: `${found.area.prefix}/dashboard` };
}

export default function LppmFitur({ loaderData }: Route.ComponentProps) {
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-stone-900">{loaderData.title}</h1>
      <section className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-14 text-center shadow-sm">
        <span aria-hidden="true" className="grid h-14 w-14 place-items-center rounded-full bg-kayu-100 text-2xl text-kayu-700">i</span>
        <p className="text-lg font-semibold text-stone-800">Fitur ini belum tersedia.</p>
        <p className="max-w-md text-sm text-stone-500">Halaman {loaderData.title} akan diisi pada pembaruan berikutnya.</p>
        <Link to={loaderData.dashboard} className="mt-2 rounded-lg bg-kayu-700 px-5 py-2 text-sm font-semibold text-white hover:bg-kayu-800">
          Kembali ke Dashboard
        </Link>
      </section>
    </div>
  );
}
