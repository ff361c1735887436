import { isRouteErrorResponse, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { NotFound } from "~/components/not-found";
import { FloatingWhatsApp, FOOTER_BRANCHES, PublicFooter } from "~/components/public/public-footer";
import { IconSymbols } from "~/components/public/icons";
import { PublicHeader } from "~/components/public/public-header";
import { LOAD_FAILED, useLoadFailedToast } from "~/components/ui/toast";
import { pageTitle } from "~/lib/util/format";
import { getLinkData } from "~/domain/katalog/katalog.server";
import { statusBukaOf } from "~/domain/kantor-cabang/jam-buka";
import { getDb } from "~/lib/server/db.server";
import { publicPageMiddleware } from "~/lib/server/page-cache.server";

export const middleware: Route.MiddlewareFunction[] = [publicPageMiddleware];

/** The header, footer and floating button read no query parameter of their own (the page cache keys a page by what its routes read). */
export const handle = { queryParams: [] };

export function loader() {
  const { setting, kantorcabang, jam_buka } = getLinkData(getDb());
  // Every public page carries this data: only the branches the footer shows, not all of them.
  const shown = kantorcabang.slice(0, FOOTER_BRANCHES);
  return { setting, kantorcabang: shown, jumlahCabang: kantorcabang.length, statusBuka: statusBukaOf(jam_buka, shown) };
}

type LayoutData = Route.ComponentProps["loaderData"];

/** The public shell: header, the page, footer and the floating WhatsApp button. */
function Shell({ data, children }: { data: LayoutData; children: React.ReactNode }) {
  const { setting, kantorcabang, jumlahCabang, statusBuka } = data;
  return (
    <div className="flex min-h-screen flex-col">
      <IconSymbols />
      <PublicHeader namaToko={setting.nama_toko} whatsapp={setting.whatsapp} />
      <main id="konten" className="flex-1">
        {children}
      </main>
      <PublicFooter setting={setting} kantorcabang={kantorcabang} jumlahCabang={jumlahCabang} statusBuka={statusBuka} />
      <aside aria-label="Hubungi kami lewat WhatsApp">
        <FloatingWhatsApp whatsapp={setting.whatsapp} />
      </aside>
    </div>
  );
}

export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <Shell data={loaderData}>
      <Outlet />
    </Shell>
  );
}

/**
 * A page whose data could not be loaded ('Gagal menampilkan data', spec section 8) keeps the
 * site's header and footer and the shop's name in its title, like the back office's shell; a
 * missing page is the NotFound page as the spec draws it (no header). Only when the shell's own
 * data failed is the message shown alone.
 */
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useLoadFailedToast(error, !notFound);
  if (notFound) return <NotFound />;
  const failed = (
    <div className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 p-6 text-center">
      <title>{pageTitle(LOAD_FAILED, loaderData?.setting)}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-2xl font-bold text-kayu-900">{LOAD_FAILED}</h1>
      <p className="text-stone-600">Periksa koneksi Anda, lalu muat ulang halaman.</p>
      <a href="" className="rounded-lg bg-kayu-700 px-5 py-2.5 font-semibold text-white hover:bg-kayu-800">
        Muat ulang
      </a>
    </div>
  );
  return loaderData ? <Shell data={loaderData}>{failed}</Shell> : <main>{failed}</main>;
}
