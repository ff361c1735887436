/**
 * Pure helpers of the rich-text editor (no DOM, no Lexical): URL checks for links, images and
 * media embeds. Every URL they accept is one that app/lib/sanitize.server.ts keeps, so what the
 * editor produces survives the server's sanitizer unchanged.
 */

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/i;

const YOUTUBE_HOSTS = new Set([
  "youtube.com",
  "www.youtube.com",
  "m.youtube.com",
  "music.youtube.com",
  "youtube-nocookie.com",
  "www.youtube-nocookie.com",
]);
const VIMEO_HOSTS = new Set(["vimeo.com", "www.vimeo.com", "player.vimeo.com"]);

/** A URL the browser can parse; a missing scheme is read as https (e.g. "youtu.be/…"). */
function parseUrl(input: string): URL | null {
  const text = input.trim();
  if (!text) return null;
  try {
    return new URL(/^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text.replace(/^\/\//, "")}`);
  } catch {
    return null;
  }
}

/** "90", "90s", "1m30s", "1h2m3s" → seconds; anything else → null. */
export function parseStartSeconds(value: string | null): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) || null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match) return null;
  const [, h, m, s] = match;
  const total = Number(h ?? 0) * 3600 + Number(m ?? 0) * 60 + Number(s ?? 0);
  return total > 0 ? total : null;
}

function youtubeEmbed(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  let id: string | undefined;
  if (host === "youtu.be") {
    id = url.pathname.split("/")[1];
  } else if (YOUTUBE_HOSTS.has(host)) {
    const parts = url.pathname.split("/").filter(Boolean);
    if (parts[0] === "watch") id = url.searchParams.get("v") ?? undefined;
    else if (parts[0] === "embed" || parts[0] === "shorts" || parts[0] === "live" || parts[0] === "v") id = parts[1];
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = parseStartSeconds(url.searchParams.get("start") ?? url.searchParams.get("t"));
  return `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ""}`;
}

function vimeoEmbed(url: URL): string | null {
  const host = url.hostname.toLowerCase();
  if (!VIMEO_HOSTS.has(host)) return null;
  const parts = url.pathname.split("/").filter(Boolean);
  let id: string | undefined;
  let hash: string | null = url.searchParams.get("h");
  if (host === "player.vimeo.com") {
    if (parts[0] === "video") id = parts[1];
  } else {
    // vimeo.com/123, vimeo.com/123/abcdef (unlisted), vimeo.com/channels/x/123, vimeo.com/groups/x/videos/123
    const index = parts.findIndex((part) => VIMEO_ID.test(part));
    if (index >= 0) {
      id = parts[index];
      const next = parts[index + 1];
      if (!hash && next && VIMEO_HASH.test(next)) hash = next;
    }
  }
  if (!id || !VIMEO_ID.test(id)) return null;
  return `https://player.vimeo.com/video/${id}${hash && VIMEO_HASH.test(hash) ? `?h=${hash}` : ""}`;
}

/**
 * A YouTube or Vimeo page/share/embed URL → the URL to put in an <iframe src>:
 * https://www.youtube-nocookie.com/embed/ID or https://player.vimeo.com/video/ID. Otherwise null.
 */
export function toEmbedUrl(input: string): string | null {
  const url = parseUrl(input);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:")) return null;
  return youtubeEmbed(url) ?? vimeoEmbed(url);
}

/**
 * The src of an <iframe> found in stored HTML → the src the editor keeps: YouTube/Vimeo become
 * their canonical embed URL, a Google Maps embed (allowed by the sanitizer) is kept as it is,
 * anything else → null (the iframe is dropped).
 */
export function normalizeEmbedSrc(src: string): string | null {
  const embed = toEmbedUrl(src);
  if (embed) return embed;
  const url = parseUrl(src);
  if (url && url.protocol === "https:" && url.hostname === "www.google.com" && url.pathname.startsWith("/maps/")) {
    return url.href;
  }
  return null;
}

/** Link targets the editor accepts: http(s), mailto, tel and paths of this site ("/produk"). */
export function isSafeLinkUrl(url: string): boolean {
  const text = url.trim();
  if (/^\/(?!\/)/.test(text)) return true;
  const parsed = parseAbsolute(text);
  if (!parsed) return false;
  if (parsed.protocol === "http:" || parsed.protocol === "https:") return parsed.hostname !== "";
  if (parsed.protocol === "mailto:") return /^[^@\s]+@[^@\s]+$/.test(decodeURIComponent(parsed.pathname));
  if (parsed.protocol === "tel:") return /^\+?[\d\s().-]{3,}$/.test(decodeURIComponent(parsed.pathname));
  return false;
}

function parseAbsolute(text: string): URL | null {
  if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) return null;
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

/**
 * What an operator typed into the link prompt → a safe href, or null. Adds the obvious missing
 * scheme: "contoh.com" → "https://contoh.com", "a@b.id" → "mailto:a@b.id", "+62 812…" → "tel:+62812…".
 */
export function normalizeLinkInput(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  let candidate = text;
  if (/^\/(?!\/)/.test(text)) return isSafeLinkUrl(text) ? text : null;
  if (/^[^@\s/:]+@[^@\s/]+\.[^@\s/]+$/.test(text)) candidate = `mailto:${text}`;
  else if (/^\+?\d[\d\s().-]{5,}$/.test(text)) candidate = `tel:${text.replace(/[\s().-]/g, "")}`;
  else if (!/^[a-z][a-z0-9+.-]*:/i.test(text)) {
    if (!/^(\/\/)?[^\s/]+\.[a-z]{2,}(?:[/?#:]|$)/i.test(text)) return null;
    candidate = `https://${text.replace(/^\/\//, "")}`;
  }
  return isSafeLinkUrl(candidate) ? candidate : null;
}

/** Image sources the editor accepts: http(s) URLs and paths of this site ("/uploads/…"). */
export function normalizeImageSrc(input: string): string | null {
  const text = input.trim();
  if (!text) return null;
  if (/^\/(?!\/)/.test(text)) return /\s/.test(text) ? null : text;
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text);
  const url = parseUrl(text);
  if (!url || (url.protocol !== "https:" && url.protocol !== "http:") || !url.hostname) return null;
  // Without a scheme, only a host name plus a path ("cdn.contoh.com/a.jpg"), never a bare "a.jpg".
  if (!hasScheme && !/^(\/\/)?[^\s/]+\.[^\s/]+\/\S/.test(text)) return null;
  return url.href;
}
