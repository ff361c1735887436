/**
 * In-app links as cheap to render as an <a>.
 *
 * React Router's <Link> runs eight hooks per link on the server (it resolves its path twice,
 * builds a click handler and a prefetch state): on a page with 60 links — product cards, menus,
 * table rows — that was 15 % of the page's CPU. <AppLink> renders only the <a>; one listener,
 * <LinkNavigation> (./link-navigation, which the root loads once the page is hydrated), gives
 * the links what <Link> gives them in the browser:
 * - a plain left click navigates on the client (`navigate`), replacing the entry when the
 *   target is the current URL, keeping the scroll position with `preventScrollReset`;
 * - `prefetch="intent"`: hovering or focusing the link for 100 ms prefetches the target's
 *   modules and data (React Router's <PrefetchPageLinks>);
 * - `data-discover` lets the router learn the target's route before the click, as for <Link>.
 * Modified clicks (new tab, download, other targets, other origins) stay the browser's, and
 * without JavaScript, before the listener has arrived, or on an error page, the link is an
 * ordinary link.
 *
 * Use <Link> for a one-off link that needs more (state, view transitions); use these for
 * links repeated per card, row or menu item.
 */
import { useEffect, useState, type AnchorHTMLAttributes, type ComponentType, type ReactNode } from "react";
import { useLocation } from "react-router";

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

/**
 * Client navigation for the in-app links (<LinkNavigation>), loaded once the page is hydrated:
 * it is not needed to show or hydrate a page, so it stays out of the first JavaScript. Until it
 * arrives, and if it cannot be loaded, links are ordinary links.
 */
export function useLinkNavigation(): ComponentType | null {
  const [navigation, setNavigation] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    import("~/components/ui/link-navigation").then(
      (module) => live && setNavigation(() => module.LinkNavigation),
      () => {},
    );
    return () => {
      live = false;
    };
  }, []);
  return navigation;
}
