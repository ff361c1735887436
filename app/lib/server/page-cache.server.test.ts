import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/lib/server/env.server";
import {
  buildEntry,
  hasPersonalCookie,
  isCacheableRequest,
  isShareable,
  normalizedPath,
  PageCache,
  pageKeyUrl,
  publicCacheControl,
  publicPageMiddleware,
  PUBLIC_CACHE_CONTROL,
  queryParamsByRoute,
  samePageForEveryone,
  type ManifestRoute,
} from "~/lib/server/page-cache.server";

const POLICY = "script-src 'sha256-x' 'strict-dynamic'";
const html = (cacheControl: string | null, csp: string | null = POLICY) =>
  new Headers({
    "Content-Type": "text/html; charset=utf-8",
    ...(cacheControl ? { "Cache-Control": cacheControl } : {}),
    ...(csp ? { "Content-Security-Policy": csp } : {}),
  });

describe("isCacheableRequest", () => {
  it("never for a token, a session or a pending flash message", () => {
    expect(isCacheableRequest("GET", "/produk", {})).toBe(true);
    expect(isCacheableRequest("GET", "/api/home", { authorization: "Bearer x" })).toBe(false);
    expect(isCacheableRequest("GET", "/produk", { cookie: "a=1; etalase_sid=abc" })).toBe(false);
    expect(isCacheableRequest("GET", "/produk", { cookie: "etalase_flash=xyz" })).toBe(false);
    expect(isCacheableRequest("GET", "/produk", { cookie: "theme=dark" })).toBe(true);
    expect(isCacheableRequest("POST", "/produk", {})).toBe(false);
  });

  it("skips private areas under any spelling of their path", () => {
    for (const p of ["/operator/dashboard", "/OPERATOR/dashboard", "//operator//master/user/", "/Login", "/akun/ubah-password.data", "/PENGUSUL"]) {
      expect(isCacheableRequest("GET", p, {}), p).toBe(false);
    }
    expect(isCacheableRequest("GET", "/operatorku", {})).toBe(true);
  });
});

describe("normalizedPath", () => {
  it("lowercases, collapses slashes, drops a trailing slash and the .data suffix", () => {
    expect(normalizedPath("/API//UserForm/")).toBe("/api/userform");
    expect(normalizedPath("/produk.data")).toBe("/produk");
    expect(normalizedPath("/_.data")).toBe("/");
    expect(normalizedPath("/")).toBe("/");
  });
});

describe("what may be stored", () => {
  it("only answers their route marked public, and nothing private or no-store", () => {
    expect(isShareable(PUBLIC_CACHE_CONTROL)).toBe(true);
    expect(isShareable(null)).toBe(false);
    expect(isShareable("no-cache")).toBe(false);
    expect(isShareable("public, no-store")).toBe(false);
    expect(isShareable("private, no-store")).toBe(false);
  });

  it("buildEntry refuses what is not a public 200 without a cookie", () => {
    const body = Buffer.from("<html>ok</html>");
    expect(buildEntry(200, html(PUBLIC_CACHE_CONTROL), body)).not.toBeNull();
    expect(buildEntry(200, html(null), body)).toBeNull();
    expect(buildEntry(200, html("private, no-store"), body)).toBeNull();
    expect(buildEntry(404, html(PUBLIC_CACHE_CONTROL), body)).toBeNull();
    const withCookie = html(PUBLIC_CACHE_CONTROL);
    withCookie.append("Set-Cookie", "etalase_flash=x");
    expect(buildEntry(200, withCookie, body)).toBeNull();
  });

  it("HTML only with the policy of its own scripts, kept with it and stored compressed", async () => {
    const body = Buffer.from(`<html>${"<p>kursi jati</p>".repeat(200)}</html>`);
    expect(buildEntry(200, html(PUBLIC_CACHE_CONTROL, null), body)).toBeNull();
    const entry = buildEntry(200, html(PUBLIC_CACHE_CONTROL), body)!;
    expect(entry.headers).toContainEqual(["content-security-policy", POLICY]);
    const zlib = await import("node:zlib");
    expect(zlib.brotliDecompressSync(entry.br).equals(body)).toBe(true);
    expect(entry.br.length).toBeLessThan(body.length / 10);
    // In memory of its own, not a slice of a shared pool slab that it would keep alive.
    expect(entry.br.buffer.byteLength).toBe(entry.br.length);
    expect(entry.gzip).toBeNull();
    expect(entry.bytes).toBe(entry.br.length);
  });

  it("makes gzip and the plain body only once a client asks for them, counted in the cache's bound", async () => {
    const zlib = await import("node:zlib");
    const html1 = `<html>${"<p>kursi</p>".repeat(400)}</html>`;
    const page = (text: string) => buildEntry(200, html(PUBLIC_CACHE_CONTROL), Buffer.from(text))!;
    const first = page(html1);
    const second = page(`<html>${"<p>meja</p>".repeat(400)}</html>`);
    expect(first.body).toBeNull();
    expect(first.gzip).toBeNull();
    // Room for both in brotli and for the first one's gzip, then its plain body is one byte too many.
    const gzipBytes = zlib.gzipSync(html1, { level: 9 }).length;
    const cache = new PageCache(first.bytes + second.bytes + gzipBytes + Buffer.byteLength(html1) - 1, 60_000);
    cache.set("/a", first);
    cache.set("/b", second);
    expect(cache.size).toBe(2);
    expect(cache.get("/a")).toBe(first);
    expect(cache.encoded("/a", first, "br")).toBe(first.br);
    const gzip = cache.encoded("/a", first, "gzip");
    expect(zlib.gunzipSync(gzip).toString()).toBe(html1);
    expect(gzip.length).toBe(gzipBytes);
    expect(cache.encoded("/a", first, "gzip")).toBe(gzip);
    expect(cache.size).toBe(2);
    const plain = cache.encoded("/a", first, null);
    expect(plain.toString()).toBe(html1);
    expect(cache.encoded("/a", first, null)).toBe(plain);
    expect(first.bytes).toBe(first.br.length + gzip.length + plain.length);
    // The new bytes count: the least recently used entry made room.
    expect(cache.bytes).toBeLessThanOrEqual(cache.maxBytes);
    expect(cache.get("/a")).toBe(first);
    expect(cache.get("/b")).toBeUndefined();
  });

  it("a page its middleware marked the same for everyone is kept whatever it says outside, but never a no-store one", () => {
    const body = Buffer.from("<html>ok</html>");
    expect(buildEntry(200, html("private, no-cache"), body)).toBeNull();
    expect(buildEntry(200, html("private, no-cache"), body, { samePage: true })?.cacheControl).toBe("private, no-cache");
    expect(buildEntry(200, html("private, no-store"), body, { samePage: true })).toBeNull();
    expect(buildEntry(200, html(PUBLIC_CACHE_CONTROL), body)?.cacheControl).toBe(PUBLIC_CACHE_CONTROL);
  });

  it("hasPersonalCookie reads only our session and flash cookies", () => {
    expect(hasPersonalCookie(null)).toBe(false);
    expect(hasPersonalCookie("xetalase_sid=1")).toBe(false);
    expect(hasPersonalCookie("etalase_sid=1")).toBe(true);
  });
});

describe("the key: the query parameters a page reads", () => {
  /** A manifest like the server build's: a root, the public layout, pages that declare, an API route that does not. */
  const route = (id: string, parentId: string | undefined, path: string | undefined, handle?: unknown, index?: boolean): ManifestRoute => ({ id, parentId, path, index, module: { handle } });
  const manifest = Object.fromEntries(
    [
      route("root", undefined, "", { queryParams: [] }),
      route("layout", "root", undefined, { queryParams: [] }),
      route("home", "layout", undefined, { queryParams: [] }, true),
      route("produk", "layout", "produk", { queryParams: ["q", "halaman", "kategori"] }),
      route("kategori", "layout", "produk/:seo", { queryParams: ["q", "halaman", "kategori"] }),
      route("detail", "layout", "detail-produk/:seo", { queryParams: [] }),
      route("api", "root", "api/produk", { title: "no declaration" }),
      route("lain", "root", "lain"),
    ].map((r) => [r.id, r]),
  );
  const paramsOf = queryParamsByRoute(manifest);

  it("is what every matched route declares, with React Router's own; null when one declares nothing", () => {
    const list = ["_routes", "halaman", "kategori", "q"];
    for (const path of ["/produk", "/PRODUK", "/produk/", "/produk.data", "/produk/kursi-jati"]) expect(paramsOf(path), path).toEqual(list);
    for (const path of ["/", "/_.data", "/_root.data", "/detail-produk/kursi"]) expect(paramsOf(path), path).toEqual(["_routes"]);
    for (const path of ["/api/produk", "/lain", "/tidak-ada", "/detail-produk/a/b"]) expect(paramsOf(path), path).toBeNull();
  });

  it("keeps only those parameters, sorted, one value each; a path that declares nothing keeps its whole query", () => {
    expect(pageKeyUrl("/produk?x=1&q=kursi&halaman=2", paramsOf)).toBe("/produk?halaman=2&q=kursi");
    expect(pageKeyUrl("/produk?halaman=2&q=kursi", paramsOf)).toBe("/produk?halaman=2&q=kursi");
    expect(pageKeyUrl("/produk?q=a&q=b&utm_source=iklan", paramsOf)).toBe("/produk?q=a");
    expect(pageKeyUrl("/produk?q=kursi+jati", paramsOf)).toBe("/produk?q=kursi+jati");
    expect(pageKeyUrl("/detail-produk/kursi?fbclid=abc&x=" + Math.random(), paramsOf)).toBe("/detail-produk/kursi");
    expect(pageKeyUrl("/produk.data?_routes=routes%2Fpublic%2Fproduk&x=1", paramsOf)).toBe("/produk.data?_routes=routes%2Fpublic%2Fproduk");
    expect(pageKeyUrl("/produk", paramsOf)).toBe("/produk");
    expect(pageKeyUrl("/api/produk?q=kursi&page=2", paramsOf)).toBe("/api/produk?q=kursi&page=2");
    expect(pageKeyUrl("/produk?x=1", null)).toBe("/produk?x=1");
  });
});

describe("what a page says to caches outside", () => {
  const saved = process.env.SITE_URL;
  afterEach(() => {
    if (saved === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = saved;
    resetEnvCache();
  });
  const withSiteUrl = (value: string | undefined) => {
    if (value === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = value;
    resetEnvCache();
  };

  it("public only when SITE_URL names the address: unset, the page names the request's Host", () => {
    withSiteUrl("https://mebeljati.example");
    expect(publicCacheControl()).toBe("public, no-cache");
    expect(publicCacheControl("max-age=300")).toBe("public, max-age=300");
    withSiteUrl(undefined);
    expect(publicCacheControl()).toBe("private, no-cache");
    expect(publicCacheControl("max-age=300")).toBe("private, max-age=300");
  });

  it("the public pages' middleware marks a visitor's page the same for everyone, never a signed-in one", async () => {
    withSiteUrl(undefined);
    const run = async (headers: Record<string, string>, status = 200) => {
      const context = new RouterContextProvider();
      const args = { request: new Request("http://localhost/produk", { headers }), context, params: {} } as unknown as Parameters<typeof publicPageMiddleware>[0];
      const response = (await publicPageMiddleware(args, async () => new Response("ok", { status }))) as Response;
      return { cacheControl: response.headers.get("Cache-Control"), samePage: context.get(samePageForEveryone) };
    };
    expect(await run({})).toEqual({ cacheControl: "private, no-cache", samePage: true });
    expect(await run({ Cookie: "etalase_sid=abc" })).toEqual({ cacheControl: "private, no-store", samePage: false });
    expect(await run({}, 404)).toEqual({ cacheControl: null, samePage: false });
    withSiteUrl("https://mebeljati.example");
    expect(await run({})).toEqual({ cacheControl: "public, no-cache", samePage: true });
  });
});
