/**
 * Maps: we store only a map URL whose host we trust, and render the iframe from our own
 * template — never markup typed by a user.
 */
const MAP_HOSTS = new Set(["www.google.com", "google.com", "maps.google.com", "maps.app.goo.gl", "goo.gl"]);

/** Accepts a map link or a Google Maps <iframe> snippet; returns the URL, or null if not a map. */
export function normalizeMapUrl(input: string | null | undefined): string | null {
  const raw = (input ?? "").trim();
  if (!raw) return null;
  const fromIframe = raw.match(/<iframe[^>]*\ssrc\s*=\s*["']([^"']+)["']/i)?.[1];
  const candidate = (fromIframe ?? raw).replace(/&amp;/g, "&");
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" || !MAP_HOSTS.has(url.hostname)) return null;
  if (url.hostname.endsWith("google.com") && !url.pathname.startsWith("/maps") && !url.search.includes("q=")) {
    return null;
  }
  return url.toString();
}

/** A URL that may be put in an <iframe src>: embed URLs as they are, query links as output=embed. */
export function mapEmbedSrc(stored: string | null | undefined): string | null {
  const url = normalizeMapUrl(stored);
  if (!url) return null;
  const parsed = new URL(url);
  if (parsed.pathname.startsWith("/maps/embed")) return url;
  const q = parsed.searchParams.get("q");
  if (q) return `https://maps.google.com/maps?q=${encodeURIComponent(q)}&output=embed`;
  return null;
}
