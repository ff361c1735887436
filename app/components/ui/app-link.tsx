/**
 * In-app links as cheap to render as an <a> (issue 18).
 *
 * React Router's <Link> runs eight hooks per link on the server (it resolves its path twice,
 * builds a click handler and a prefetch state): on a page with 60 links — product cards, menus,
 * table rows — that was 15 % of the page's CPU. <AppLink> renders only the <a>; one listener,
 * <LinkNavigation> in the root, gives the links what <Link> gives them in the browser:
 * - a plain left click navigates on the client (`navigate`), replacing the entry when the
 *   target is the current URL, keeping the scroll position with `preventScrollReset`;
 * - `prefetch="intent"`: hovering or focusing the link for 100 ms prefetches the target's
 *   modules and data (React Router's <PrefetchPageLinks>);
 * - `data-discover` lets the router learn the target's route before the click, as for <Link>.
 * Modified clicks (new tab, download, other targets, other origins) stay the browser's, and
 * without JavaScript, or on an error page, the link is an ordinary link.
 *
 * Use <Link> for a one-off link that needs more (state, view transitions); use these for
 * links repeated per card, row or menu item.
 */
import { useEffect, useState, type AnchorHTMLAttributes, type ReactNode } from "react";
import { PrefetchPageLinks, useLocation, useNavigate } from "react-router";

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href" | "className" | "children">;

export type AppLinkProps = AnchorProps & {
  /** An absolute in-app path, with its search and hash. */
  to: string;
  className?: string;
  children?: ReactNode;
  /** Keep the scroll position (modals driven by search params). */
  preventScrollReset?: boolean;
  prefetch?: "intent";
};

export function AppLink({ to, preventScrollReset, prefetch, ...anchor }: AppLinkProps) {
  return (
    <a
      {...anchor}
      href={to}
      data-discover="true"
      data-scroll={preventScrollReset ? "keep" : undefined}
      data-prefetch={prefetch}
    />
  );
}

/**
 * Whether `to` is the current page or one of its parents, as <NavLink> decides (`end`: only the
 * page itself; case-insensitive; "/" only for itself).
 */
export function isActivePath(pathname: string, to: string, end = false): boolean {
  const here = pathname.toLowerCase();
  const target = to.split(/[?#]/)[0]!.toLowerCase();
  // React Router's own rule (NavLink), so a menu marks the same item either way.
  const endSlash = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return here === target || (!end && here.startsWith(target) && here.charAt(endSlash) === "/");
}

type AppNavLinkProps = Omit<AppLinkProps, "className"> & {
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
};

/**
 * <AppLink> with <NavLink>'s active state: `aria-current="page"` and the active class (or none:
 * a stylesheet can style `[aria-current="page"]`).
 */
export function AppNavLink({ end, className, ...link }: AppNavLinkProps) {
  const isActive = isActivePath(useLocation().pathname, link.to, end);
  return (
    <AppLink
      {...link}
      aria-current={isActive ? "page" : undefined}
      className={typeof className === "function" ? className({ isActive }) : className}
    />
  );
}

/** The link element an event happened in, if it is an in-app link. */
function inAppLink(event: Event): HTMLAnchorElement | null {
  const target = event.target;
  return target instanceof Element ? target.closest<HTMLAnchorElement>("a[data-discover]") : null;
}

/** The path of a same-origin link (pathname, search, hash), or null for another origin. */
function pathOf(link: HTMLAnchorElement): string | null {
  const url = new URL(link.href, window.location.href);
  return url.origin === window.location.origin ? url.pathname + url.search + url.hash : null;
}

const PREFETCH_DELAY_MS = 100;

/** Rendered once, in the root: client navigation and intent prefetch for every <AppLink>. */
export function LinkNavigation() {
  const navigate = useNavigate();
  const [prefetchPage, setPrefetchPage] = useState<string | null>(null);

  useEffect(() => {
    function onClick(event: MouseEvent) {
      const link = inAppLink(event);
      if (!link || event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      if ((link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const path = pathOf(link);
      if (path === null) return;
      event.preventDefault();
      const here = window.location.pathname + window.location.search + window.location.hash;
      void navigate(path, { replace: path === here, preventScrollReset: link.dataset.scroll === "keep" });
    }

    let timer: ReturnType<typeof setTimeout> | undefined;
    function onIntent(event: Event) {
      const link = inAppLink(event);
      if (link?.dataset.prefetch !== "intent") return;
      const path = pathOf(link);
      clearTimeout(timer);
      if (path !== null) timer = setTimeout(() => setPrefetchPage(path.split("#")[0]!), PREFETCH_DELAY_MS);
    }
    function onLeave(event: Event) {
      if (inAppLink(event)?.dataset.prefetch === "intent") clearTimeout(timer);
    }

    document.addEventListener("click", onClick);
    document.addEventListener("mouseover", onIntent);
    document.addEventListener("focusin", onIntent);
    document.addEventListener("touchstart", onIntent, { passive: true });
    document.addEventListener("mouseout", onLeave);
    document.addEventListener("focusout", onLeave);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("click", onClick);
      document.removeEventListener("mouseover", onIntent);
      document.removeEventListener("focusin", onIntent);
      document.removeEventListener("touchstart", onIntent);
      document.removeEventListener("mouseout", onLeave);
      document.removeEventListener("focusout", onLeave);
    };
  }, [navigate]);

  return prefetchPage ? <PrefetchPageLinks page={prefetchPage} /> : null;
}
