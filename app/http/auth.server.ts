/** Where a login may send the browser back to. (The login rule itself: domain/users/login.server.ts.) */
/** Only same-origin paths are allowed as "return to" targets after login. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string) {
  const path = typeof value === "string" ? value.trim() : "";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  try {
    const url = new URL(path, "http://x");
    if (url.origin !== "http://x") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
