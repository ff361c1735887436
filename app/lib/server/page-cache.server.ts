/**
 * The public page cache: rendered public HTML (and public /api JSON, and the .data payloads
 * of client-side navigations) kept in memory per URL, pre-compressed, bounded in bytes (LRU),
 * emptied by every domain write (app/domain/changes.server.ts).
 *
 * Only public answers, by construction: a request is looked up or stored only without an
 * Authorization header, a session or a pending flash message, and an answer is stored only
 * when its route marked it `Cache-Control: public` itself (publicPageMiddleware, the public
 * API's publicGet); everything else leaves the server `private, no-store` (server/http.ts).
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import type { MiddlewareFunction } from "react-router";
import { compressStored, ownCopy, type Encoding } from "~/lib/server/encoding.server";

export type CachedPage = {
  status: number;
  headers: [string, string][];
  /**
   * Rendered without a nonce (HTML carries its own hash-based Content-Security-Policy among the
   * kept headers) and stored compressed once: a hit sends these bytes as they are. Brotli is
   * made with the entry, because every browser asks for it over HTTPS; gzip (plain-HTTP
   * browsers, some clients) and the plain body are made the first time a client asks for them
   * and kept from then on (`PageCache.encoded`). Both of those were three quarters of an entry
   * that a browser never reads.
   */
  br: Buffer;
  gzip: Buffer | null;
  body: Buffer | null;
  etag: string;
  bytes: number;
  storedAt: number;
};

/** Paths that are never public pages (operator, role areas, auth, account): not even looked up. */
const PRIVATE_PREFIXES = [
  "/operator",
  "/pengusul",
  "/reviewer",
  "/kepalalppm",
  "/sekretarislppm",
  "/operatorfakultas",
  "/login",
  "/logout",
  "/lupa-password",
  "/akun",
  "/register",
  // The WhatsApp redirect counts each click: never looked up in, nor kept by, the cache.
  "/wa",
  // An operator's preview of a (draft) product page: never cached.
  "/pratinjau",
];

/** Cookies that mean "this visitor sees something personal": never served from the cache. */
const PERSONAL_COOKIES = /(?:^|;\s*)(etalase_sid|etalase_flash)=/;

export function hasPersonalCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && PERSONAL_COOKIES.test(cookieHeader));
}

/** The path as routes match it: any case, repeated or trailing slashes, a `.data` suffix. */
export function normalizedPath(path: string): string {
  const page = path.toLowerCase().replace(/\/{2,}/g, "/").replace(/\.data$/, "").replace(/\/_$/, "/");
  return page.length > 1 ? page.replace(/\/+$/, "") : page;
}

export function isCacheableRequest(
  method: string,
  path: string,
  headers: { cookie?: string | undefined; authorization?: string | undefined },
): boolean {
  if (method !== "GET" && method !== "HEAD") return false;
  if (headers.authorization || hasPersonalCookie(headers.cookie)) return false;
  const page = normalizedPath(path);
  if (page.startsWith("/uploads/") || page.startsWith("/assets/")) return false;
  return !PRIVATE_PREFIXES.some((prefix) => page === prefix || page.startsWith(`${prefix}/`));
}

/** What a public answer says: any cache may keep it, and must revalidate it (ETag) each time. */
export const PUBLIC_CACHE_CONTROL = "public, no-cache";
/** Everything else: personal, never kept. server/http.ts sets it where a route set nothing. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The public catalogue's middleware: its 200 answers are public, unless the visitor has a
 * session or a pending flash message (then the header shows their name or a toast).
 */
export const publicPageMiddleware: MiddlewareFunction<Response> = async ({ request }, next) => {
  const response = await next();
  if (response.status !== 200 || response.headers.has("set-cookie")) return response;
  const personal = request.headers.has("authorization") || hasPersonalCookie(request.headers.get("cookie"));
  response.headers.set("Cache-Control", personal ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
  return response;
};

/** True when an answer says any cache may keep it (and nothing says otherwise). */
export function isShareable(cacheControl: string | null): boolean {
  const directives = (cacheControl ?? "").toLowerCase();
  return /\bpublic\b/.test(directives) && !/\b(private|no-store)\b/.test(directives);
}

const CACHEABLE_TYPES = /^(text\/html|application\/json|text\/x-script)/;
/** Response headers worth replaying from the cache. */
const KEPT_HEADERS = new Set(["content-type", "content-language", "x-remix-response", "vary", "content-security-policy"]);

/**
 * Turns a rendered response into a cache entry, or null when it must not be shared: not a 200,
 * not marked `Cache-Control: public` by its route, sets a cookie, or is not
 * HTML/JSON/turbo-stream.
 */
export function buildEntry(status: number, headers: Headers, body: Buffer): CachedPage | null {
  if (status !== 200) return null;
  if (!isShareable(headers.get("cache-control"))) return null;
  if (headers.has("set-cookie")) return null;
  const type = headers.get("content-type") ?? "";
  if (!CACHEABLE_TYPES.test(type)) return null;
  const kept: [string, string][] = [];
  headers.forEach((value, key) => {
    if (KEPT_HEADERS.has(key.toLowerCase())) kept.push([key, value]);
  });
  // HTML must come with the policy of its own scripts (server/app.ts renders it so).
  if (type.startsWith("text/html") && !headers.has("content-security-policy")) return null;
  const br = compressStored(body, "br");
  const etag = `"${crypto.createHash("sha1").update(body).digest("base64url")}"`;
  return { status, headers: kept, br, gzip: null, body: null, etag, bytes: br.length, storedAt: Date.now() };
}

/** True when the client's If-None-Match already names this entry. */
export function isFresh(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** A byte-bounded LRU of rendered pages. */
export class PageCache {
  private entries = new Map<string, CachedPage>();
  private inFlight = new Map<string, Promise<CachedPage | null>>();
  private generation = 0;
  bytes = 0;
  hits = 0;
  misses = 0;

  constructor(
    readonly maxBytes: number,
    readonly maxAgeMs: number,
  ) {}

  get(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (Date.now() - entry.storedAt > this.maxAgeMs) {
      this.delete(key);
      return undefined;
    }
    // Re-insert: Map order is the LRU order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: CachedPage) {
    if (entry.bytes > this.maxBytes / 4) return;
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
  }

  private evict() {
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  /**
   * The entry's bytes in the encoding a client accepts (null: none). Brotli is always there;
   * gzip and the plain body are made on the first request for them and kept from then on,
   * counted in the cache's bound.
   */
  encoded(key: string, entry: CachedPage, encoding: Encoding | null): Buffer {
    if (encoding === "br") return entry.br;
    const kept = encoding === "gzip" ? entry.gzip : entry.body;
    if (kept) return kept;
    const plain = entry.body ?? zlib.brotliDecompressSync(entry.br);
    const made = encoding === "gzip" ? compressStored(plain, "gzip") : ownCopy(plain);
    if (encoding === "gzip") entry.gzip = made;
    else entry.body = made;
    entry.bytes += made.length;
    if (this.entries.get(key) === entry) {
      this.bytes += made.length;
      this.evict();
    }
    return made;
  }

  delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }

  /** Every domain write empties the cache; renders already running are not stored. */
  clear() {
    this.entries.clear();
    this.inFlight.clear();
    this.bytes = 0;
    this.generation++;
  }

  get size() {
    return this.entries.size;
  }

  /**
   * The entry for `key`, rendering it at most once at a time. `render` returns a new entry, or
   * null when the response may not be shared (the caller then sends what it rendered).
   */
  async getOrRender(key: string, render: () => Promise<CachedPage | null>): Promise<CachedPage | null> {
    const cached = this.get(key);
    if (cached) {
      this.hits++;
      return cached;
    }
    this.misses++;
    const running = this.inFlight.get(key);
    if (running) return running;
    const generation = this.generation;
    const promise = render()
      .then((entry) => {
        // A write during the render makes the result stale: serve it once, don't keep it.
        if (entry && generation === this.generation) this.set(key, entry);
        return entry;
      })
      .finally(() => {
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
      });
    this.inFlight.set(key, promise);
    return promise;
  }
}
