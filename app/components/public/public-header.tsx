import { AppNavLink } from "~/components/ui/app-link";
import { useWaAsal } from "~/components/public/public-footer";
import { waHref } from "~/lib/util/format";
import { MenuIcon, WhatsAppIcon } from "~/components/public/icons";
import { CariProduk } from "~/components/public/cari-produk";

export const PUBLIC_MENU = [
  { to: "/", label: "Beranda", end: true },
  { to: "/tentang-kami", label: "Tentang Kami", end: false },
  { to: "/produk", label: "Produk", end: false },
  { to: "/kerja-sama", label: "Kerja Sama", end: false },
  { to: "/kontak-kami", label: "Kontak Kami", end: false },
] as const;

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `block rounded-md px-3 py-2 text-sm font-semibold transition-colors ${
    isActive ? "bg-kayu-100 text-kayu-800" : "text-stone-700 hover:bg-kayu-100 hover:text-kayu-800"
  }`;

/** The header's 'WhatsApp' chat link (beside the menu from sm on, and in the phone menu). */
function WhatsAppLink({ href, className }: { href: string; className: string }) {
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={className}>
      <WhatsAppIcon className="h-4 w-4" /> WhatsApp
    </a>
  );
}

export function PublicHeader({ namaToko, whatsapp }: { namaToko: string; whatsapp: string }) {
  const chat = waHref(whatsapp, "toko", useWaAsal());
  return (
    <header className="sticky top-0 z-40 border-b border-kayu-100 bg-white/95 backdrop-blur">
      {/* The search box has a row of its own below xl (phones: full width), beside the menu from xl on. */}
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-4 gap-y-2 px-4 py-3">
        <AppNavLink to="/" className="flex items-center gap-2 text-lg font-extrabold tracking-tight text-kayu-800">
          <span aria-hidden="true" className="grid h-9 w-9 place-items-center rounded-lg bg-kayu-700 text-white">
            {namaToko.charAt(0) || "E"}
          </span>
          <span>{namaToko || "Etalase"}</span>
        </AppNavLink>
        <nav aria-label="Menu utama" className="hidden items-center gap-1 lg:flex">
          {PUBLIC_MENU.map((item) => (
            <AppNavLink key={item.to} to={item.to} end={item.end} className={linkClass} prefetch="intent">
              {item.label}
            </AppNavLink>
          ))}
        </nav>
        <CariProduk className="order-last w-full xl:order-none xl:w-64" />
        <div className="flex items-center gap-2">
          {chat ? (
            <WhatsAppLink
              href={chat}
              className="hidden items-center gap-2 rounded-full bg-wa px-4 py-2 text-sm font-bold text-white shadow hover:bg-wa-dark sm:inline-flex"
            />
          ) : null}
          {/* <details> opens the phone menu without JavaScript. */}
          <details className="group relative lg:hidden">
            <summary
              className="flex cursor-pointer list-none items-center rounded-md p-2 text-kayu-800 hover:bg-kayu-100 [&::-webkit-details-marker]:hidden"
              aria-label="Buka menu"
            >
              <MenuIcon />
            </summary>
            <nav
              aria-label="Menu ponsel"
              className="absolute right-0 mt-2 w-56 rounded-xl border border-kayu-100 bg-white p-2 shadow-lg"
            >
              {PUBLIC_MENU.map((item) => (
                <AppNavLink key={item.to} to={item.to} end={item.end} className={linkClass}>
                  {item.label}
                </AppNavLink>
              ))}
              {chat ? <WhatsAppLink href={chat} className="mt-1 flex items-center gap-2 rounded-md bg-wa px-3 py-2 text-sm font-bold text-white" /> : null}
            </nav>
          </details>
        </div>
      </div>
    </header>
  );
}
