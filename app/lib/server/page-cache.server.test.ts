import { describe, expect, it } from "vitest";
import { buildEntry, hasPersonalCookie, isCacheableRequest, isShareable, normalizedPath, PageCache, PUBLIC_CACHE_CONTROL } from "~/lib/server/page-cache.server";

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

  it("hasPersonalCookie reads only our session and flash cookies", () => {
    expect(hasPersonalCookie(null)).toBe(false);
    expect(hasPersonalCookie("xetalase_sid=1")).toBe(false);
    expect(hasPersonalCookie("etalase_sid=1")).toBe(true);
  });
});
