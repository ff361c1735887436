/**
 * The public page cache: rendered public HTML (and public /api JSON, and the .data payloads
 * of client-side navigations) kept in memory per URL, pre-compressed, bounded in bytes (LRU),
 * emptied by every domain write (app/domain/changes.server.ts).
 *
 * Only public answers, by construction: a request is looked up or stored only without an
 * Authorization header, a session or a pending flash message, and an answer is stored only
 * when its route marked it the same for every visitor itself — `Cache-Control: public` (the
 * public API's publicGet), or publicPageMiddleware's mark in the request's context (a public
 * page, which says `private` to the outside while SITE_URL is unset: it names the Host it was
 * asked at). Everything else leaves the server `private, no-store` (server/http.ts).
 *
 * A page is kept under the query parameters it reads (its routes' `handle.queryParams`), so
 * parameters it ignores (`?x=<random>`) find the same entry instead of rendering it again.
 */
import crypto from "node:crypto";
import zlib from "node:zlib";
import { createContext, matchRoutes, type MiddlewareFunction, type RouteObject } from "react-router";
import { compressStored, ownCopy, type Encoding } from "~/lib/server/encoding.server";
import { getEnv } from "~/lib/server/env.server";

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
  /** What the route said: `public, no-cache`, or `private, no-cache` for a page naming the request's Host. */
  cacheControl: string;
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
 * The Cache-Control of an answer that is the same for everyone but names the site's address
 * (canonical, og:url, JSON-LD, the sitemap, robots.txt): `public` when SITE_URL says the address;
 * unset, the address is whatever Host the request sent, so only the browser may keep it
 * (`private`): a proxy or CDN in front would hand one client's Host to every visitor. The page
 * cache still keeps such a page, under the request's origin (server/app.ts cacheKey).
 */
export function publicCacheControl(directives = "no-cache"): string {
  return `${getEnv().SITE_URL ? "public" : "private"}, ${directives}`;
}

/**
 * Set by publicPageMiddleware when its answer is the same for every visitor of this address:
 * the page cache may keep it whatever its Cache-Control says to the outside.
 */
export const samePageForEveryone = createContext<boolean>(false);

/**
 * The public catalogue's middleware: its 200 answers are the same for everyone (page cache,
 * publicCacheControl), unless the visitor has a session or a pending flash message (then the
 * header shows their name or a toast).
 */
export const publicPageMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (response.status !== 200 || response.headers.has("set-cookie")) return response;
  const personal = request.headers.has("authorization") || hasPersonalCookie(request.headers.get("cookie"));
  if (personal) {
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
    return response;
  }
  context.set(samePageForEveryone, true);
  response.headers.set("Cache-Control", publicCacheControl());
  return response;
};

// ---- The key: the query parameters a page reads ----------------------------------------------

/** A route of the server build's manifest, as far as the key needs it. */
export type ManifestRoute = { id: string; parentId?: string; path?: string; index?: boolean; caseSensitive?: boolean; module: { handle?: unknown } };

/** What React Router itself reads on a `.data` request (which loaders run): always in the key. */
const FRAMEWORK_PARAMS = ["_routes"];
/** Paths whose parameters are remembered; past this the memory starts again (a crawler of made-up paths). */
const REMEMBERED_PATHS = 2000;

function declaredOf(handle: unknown): readonly string[] | null {
  const list = (handle as { queryParams?: unknown } | undefined)?.queryParams;
  return Array.isArray(list) && list.every((name) => typeof name === "string") ? (list as string[]) : null;
}

/**
 * The query parameters the answer for a path depends on: the union of what every route it
 * matches declares as `handle.queryParams` (the page's loader and whatever its components read
 * from the URL; `[]` for none), or null when one of them declares nothing — then every parameter
 * counts, as before. Matched like React Router matches (a `.data` path as its page), remembered
 * per path.
 */
export function queryParamsByRoute(manifest: Readonly<Record<string, ManifestRoute | undefined>>): (path: string) => readonly string[] | null {
  const routes = Object.values(manifest).filter((r): r is ManifestRoute => r !== undefined);
  const declared = new Map(routes.map((r) => [r.id, declaredOf(r.module.handle)]));
  const build = (parentId: string | undefined): RouteObject[] =>
    routes
      .filter((r) => r.parentId === parentId)
      .map((r) => ({ id: r.id, path: r.path, index: r.index, caseSensitive: r.caseSensitive, children: r.index ? undefined : build(r.id) }) as RouteObject);
  const tree = build(undefined);
  const remembered = new Map<string, readonly string[] | null>();
  return (path) => {
    const known = remembered.get(path);
    if (known !== undefined) return known;
    const page = path.replace(/\.data$/, "").replace(/^\/_(?:root)?$/, "/");
    const matches = matchRoutes(tree, page);
    let names: readonly string[] | null = null;
    if (matches) {
      const lists = matches.map((m) => declared.get(m.route.id!) ?? null);
      names = lists.every((list) => list !== null) ? [...new Set([...lists.flat(), ...FRAMEWORK_PARAMS])].sort() : null;
    }
    if (remembered.size >= REMEMBERED_PATHS) remembered.clear();
    remembered.set(path, names);
    return names;
  };
}

/**
 * The URL a page is kept under: its path and, of its query, only the parameters it reads
 * (`paramsOf`; one value each, the first, as `searchParams.get` reads it), sorted. A path that
 * declares nothing keeps its whole query.
 */
export function pageKeyUrl(url: string, paramsOf: ((path: string) => readonly string[] | null) | null): string {
  const mark = url.indexOf("?");
  if (mark === -1 || !paramsOf) return url;
  const path = url.slice(0, mark);
  const names = paramsOf(path);
  if (!names) return url;
  const query = new URLSearchParams(url.slice(mark + 1));
  const kept = new URLSearchParams();
  for (const name of names) {
    const value = query.get(name);
    if (value !== null) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `${path}?${text}` : path;
}

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
 * not marked the same for everyone by its route (`Cache-Control: public`, or `samePage`:
 * publicPageMiddleware's mark), says `no-store`, sets a cookie, or is not HTML/JSON/turbo-stream.
 */
export function buildEntry(status: number, headers: Headers, body: Buffer, { samePage = false }: { samePage?: boolean } = {}): CachedPage | null {
  if (status !== 200) return null;
  const cacheControl = headers.get("cache-control") ?? "";
  if (!isShareable(cacheControl) && !(samePage && !/\bno-store\b/i.test(cacheControl))) return null;
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
  return { status, headers: kept, br, gzip: null, body: null, cacheControl, etag, bytes: br.length, storedAt: Date.now() };
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
