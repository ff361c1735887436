/**
 * Client navigation and intent prefetch for every <AppLink> (./app-link explains why links are
 * plain anchors). Not part of a page's first JavaScript: the root loads this module once the
 * page is hydrated, and until it arrives a click is an ordinary page load.
 */
import { useEffect, useState } from "react";
import { PrefetchPageLinks, useNavigate } from "react-router";

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

/** Rendered once, by the root after hydration. */
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

    // A mark that links now navigate on the client (end-to-end tests wait for it).
    document.documentElement.dataset.clientNavigation = "";
    document.addEventListener("click", onClick);
    document.addEventListener("mouseover", onIntent);
    document.addEventListener("focusin", onIntent);
    document.addEventListener("touchstart", onIntent, { passive: true });
    document.addEventListener("mouseout", onLeave);
    document.addEventListener("focusout", onLeave);
    return () => {
      delete document.documentElement.dataset.clientNavigation;
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
