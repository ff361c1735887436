import { useEffect, useRef } from "react";
import { useLocation } from "react-router";

/** A <details> menu closes when the page navigates (its DOM node survives re-renders). */
export function useCloseOnNavigate() {
  const ref = useRef<HTMLDetailsElement>(null);
  const location = useLocation();
  useEffect(() => {
    if (ref.current) ref.current.open = false;
  }, [location.key]);
  return ref;
}
