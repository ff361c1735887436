/**
 * The logged-in shell shared by every role area: header ('Notifikasi' with the unread count,
 * user name, 'Profil Saya' (LPPM areas), 'Ubah Password', 'Pengaturan Notifikasi' and 'Logout'), a sidebar that collapses on
 * phones (works without JavaScript), and the footer.
 */
import { useEffect, useRef } from "react";
import { Form, useLocation } from "react-router";
import { AppLink, AppNavLink } from "~/components/ui/app-link";
import { CHANGE_PASSWORD_PARAM } from "~/lib/util/modal-params";
import type { MenuGroup, MenuItem } from "~/navigation/menus";
import { MenuIcon } from "~/components/public/icons";
import { useCloseOnNavigate } from "~/components/ui/use-close-on-navigate";

type ShellProps = {
  title: string;
  userName: string;
  companyName: string;
  dashboards: MenuItem[];
  /** The current area's prefix ("/pengusul"): marks it in the area switcher. */
  current: string;
  menu: MenuGroup[];
  /** The user's inbox in this area, and how many of its items are unread. */
  inboxHref: string;
  unread: number;
  children: React.ReactNode;
};

/** The header link's accessible name: the count is read out, the badge only shows it. */
export function inboxLabel(unread: number): string {
  return unread > 0 ? `Notifikasi, ${unread} belum dibaca` : "Notifikasi";
}

export function AreaShell({ title, userName, companyName, dashboards, current, menu, inboxHref, unread, children }: ShellProps) {
  const location = useLocation();
  const toggle = useRef<HTMLInputElement>(null);
  const userMenu = useCloseOnNavigate();
  const areaMenu = useCloseOnNavigate();
  // The phone sidebar is a CSS checkbox: close it when a menu link navigates.
  useEffect(() => {
    if (toggle.current) toggle.current.checked = false;
  }, [location.pathname]);
  const params = new URLSearchParams(location.search);
  params.set(CHANGE_PASSWORD_PARAM, "1");
  const changePasswordHref = `${location.pathname}?${params.toString()}`;
  return (
    <div className="min-h-screen bg-stone-100">
      {/* Not for search engines; React puts it in the head. */}
      <meta name="robots" content="noindex, nofollow" />
      {/*
        The checkbox drives the phone sidebar with CSS only; the labels below toggle it. A label
        may not carry aria-label or aria-hidden: what it says is its text (visually hidden
        beside an icon), and the checkbox keeps its own name.
      */}
      <input ref={toggle} type="checkbox" id="sidebar-toggle" className="peer sr-only" aria-label="Tampilkan menu samping" />
      <aside
        className="fixed inset-y-0 left-0 z-40 w-64 -translate-x-full overflow-y-auto bg-kayu-900 transition-transform peer-checked:translate-x-0 lg:translate-x-0"
        aria-label="Menu samping"
      >
        <div className="flex items-center justify-between px-5 py-4">
          <AppLink to={dashboards[0]?.to ?? "/"} className="text-lg font-extrabold text-white">{title}</AppLink>
          <label htmlFor="sidebar-toggle" className="cursor-pointer rounded p-1 text-kayu-100 lg:hidden">
            <span aria-hidden="true">✕</span>
            <span className="sr-only">Tutup menu</span>
          </label>
        </div>
        <nav className="space-y-5 px-3 pb-8">
          <MenuSection label="Dashboards" items={dashboards} />
          {menu.map((group) => (
            <MenuSection key={group.label} label={group.label} items={group.items} />
          ))}
        </nav>
      </aside>
      {/* The dimmed page behind the open phone sidebar: a click closes it. Empty, so nothing to read. */}
      <label htmlFor="sidebar-toggle" className="fixed inset-0 z-30 hidden bg-black/40 peer-checked:block lg:peer-checked:hidden" />
      <div className="flex min-h-screen flex-col lg:pl-64">
        <header className="sticky top-0 z-20 flex items-center justify-between gap-3 border-b border-stone-200 bg-white px-4 py-3 shadow-sm">
          <label htmlFor="sidebar-toggle" className="cursor-pointer rounded-md p-2 text-kayu-800 hover:bg-kayu-100 lg:hidden">
            <MenuIcon />
            <span className="sr-only">Buka menu</span>
          </label>
          <span className="hidden text-sm text-stone-500 lg:block">{companyName}</span>
          {dashboards.length > 1 ? (
            // A user with several areas (e.g. a lecturer who also reviews) switches here.
            <details ref={areaMenu} className="relative ml-auto">
              <summary className="flex cursor-pointer list-none items-center gap-1 rounded-lg border border-stone-200 px-3 py-1.5 text-sm hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
                <span className="text-stone-500">Area:</span>
                <span className="font-semibold text-stone-800" data-testid="area-sekarang">{title}</span>
                <span aria-hidden="true" className="text-stone-400">▾</span>
              </summary>
              <nav aria-label="Pindah area" className="absolute right-0 mt-2 w-52 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg">
                {dashboards.map((item) => {
                  const here = item.to.startsWith(`${current}/`);
                  return (
                    <AppLink
                      key={item.to}
                      to={item.to}
                      aria-current={here ? "true" : undefined}
                      className={`block rounded-md px-3 py-2 text-sm hover:bg-stone-100 ${here ? "font-semibold text-kayu-800" : "text-stone-700"}`}
                    >
                      {item.label}
                    </AppLink>
                  );
                })}
              </nav>
            </details>
          ) : null}
          <AppLink
            to={inboxHref}
            aria-label={inboxLabel(unread)}
            data-testid="notifikasi-header"
            className={`flex shrink-0 items-center gap-1.5 rounded-lg px-3 py-1.5 text-sm font-semibold text-stone-700 hover:bg-stone-100 ${dashboards.length > 1 ? "" : "ml-auto"}`}
          >
            <span>Notifikasi</span>
            {unread > 0 ? (
              <span aria-hidden="true" className="min-w-5 rounded-full bg-red-600 px-1.5 text-center text-xs leading-5 font-bold text-white">
                {unread > 99 ? "99+" : unread}
              </span>
            ) : null}
          </AppLink>
          {/* On a phone the header holds the area switcher and Notifikasi too: a long name is cut short. */}
          <details ref={userMenu} className="relative min-w-0">
            <summary className="flex min-w-0 cursor-pointer list-none items-center gap-2 rounded-full py-1 pr-3 pl-1 hover:bg-stone-100 [&::-webkit-details-marker]:hidden">
              <span aria-hidden="true" className="grid h-9 w-9 shrink-0 place-items-center rounded-full bg-kayu-700 font-bold text-white">
                {(userName || "G").charAt(0).toUpperCase()}
              </span>
              <span className="truncate text-sm font-semibold text-stone-800" data-testid="nama-pengguna">{userName || "Guest"}</span>
            </summary>
            <div className="absolute right-0 mt-2 w-48 rounded-xl border border-stone-200 bg-white p-1.5 shadow-lg">
              {/* Every LPPM area has the user's own profile beside its inbox (the back office has none). */}
              {inboxHref.startsWith("/operator/") ? null : (
                <AppLink to={inboxHref.replace(/kotak-masuk$/, "profil")} className="block rounded-md px-3 py-2 text-sm hover:bg-stone-100">
                  Profil Saya
                </AppLink>
              )}
              <AppLink to={changePasswordHref} preventScrollReset className="block rounded-md px-3 py-2 text-sm hover:bg-stone-100">
                Ubah Password
              </AppLink>
              <AppLink to={`${inboxHref}#saluran`} className="block rounded-md px-3 py-2 text-sm hover:bg-stone-100">
                Pengaturan Notifikasi
              </AppLink>
              <Form method="post" action="/logout" reloadDocument>
                <input type="hidden" name="intent" value="keluar" />
                <button type="submit" className="block w-full rounded-md px-3 py-2 text-left text-sm text-red-600 hover:bg-red-50">
                  Logout
                </button>
              </Form>
            </div>
          </details>
        </header>
        <main className="flex-1 p-4 sm:p-6">{children}</main>
        <footer className="flex flex-col gap-1 border-t border-stone-200 bg-white px-6 py-4 text-sm text-stone-500 md:flex-row md:justify-between">
          <span>© {new Date().getFullYear()} {companyName}</span>
          <span className="hidden md:block md:text-right">Dikembangkan oleh Tim Etalase</span>
        </footer>
      </div>
    </div>
  );
}

function MenuSection({ label, items }: { label: string; items: MenuItem[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <p className="px-3 pb-1 text-xs font-bold tracking-wider text-kayu-300 uppercase">{label}</p>
      {/* Item styles, the current page's by its aria-current, are in app.css (.side-menu). */}
      <ul className="side-menu">
        {items.map((item) => (
          <li key={item.to}>
            <AppNavLink to={item.to}>{item.label}</AppNavLink>
          </li>
        ))}
      </ul>
    </div>
  );
}
