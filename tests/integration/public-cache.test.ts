/**
 * The public pages through the BUILT server (server.js as `npm start` runs it), twice: as the quick
 * start runs it (SITE_URL unset) and as an owner should (SITE_URL set).
 * - The page cache keys a page by the query parameters it reads (its routes' handle.queryParams):
 *   `?x=<random>` is a hit, not a render, and the page it gets is the one that parameter would
 *   have rendered; canonical links never carry the query. A route that declares nothing (the API)
 *   keeps its whole query in the key.
 * - No answer naming a Host the owner did not configure is public to shared caches: with SITE_URL
 *   unset the pages, the sitemap and robots.txt say `private` (the in-process cache still keeps
 *   the pages, per origin), and start-up says what SITE_URL changes; with it set they are public
 *   and name SITE_URL whatever Host was sent.
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { APP_ROUTES, routeModule } from "../setup/app-routes";
import { operatorToken } from "../setup/api";
import { send as sendTo, type RawAnswer } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { startBuiltServer, type BuiltServer } from "../setup/built-server";

const SITE_URL = "https://mebeljati.example";

type Running = { t: TestDb; server: BuiltServer; stderr: () => string };
let plain: Running;
let configured: Running;

beforeAll(async () => {
  plain = await startBuiltServer();
  configured = await startBuiltServer({ SITE_URL });
});

afterAll(async () => {
  for (const running of [plain, configured]) {
    await running?.server.stop();
    running?.t.cleanup();
  }
});

const get = (running: Running, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> => sendTo(running.server.base, "GET", path, { headers });
const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const unknown = () => `x=${Math.random().toString(36).slice(2)}`;
const productSlug = (running: Running) => (running.t.db.$client.prepare("select nama_seo from produk where status = 'Tayang' order by id limit 1").get() as { nama_seo: string }).nama_seo;

describe("the page cache keys a page by the parameters it reads", () => {
  it("every route of the public pages says which query parameters it reads", async () => {
    const publicPages = APP_ROUTES.filter((r) => r.file.startsWith("routes/public/") && !r.file.includes("["));
    expect(publicPages.length).toBeGreaterThanOrEqual(8);
    for (const route of [...publicPages, { id: "root", path: "/", file: "root.tsx" }, { id: "layout", path: "/", file: "routes/public/layout.tsx" }]) {
      const handle = route.id === "root" ? (await import("../../app/root")).handle : (await routeModule(route)).handle;
      expect((handle as { queryParams?: unknown } | undefined)?.queryParams, route.id).toBeInstanceOf(Array);
    }
  });

  it("unknown parameters find the page already rendered, whatever they are", async () => {
    const slug = productSlug(configured);
    for (const path of ["/", "/produk", "/kontak-kami", `/detail-produk/${slug}`, "/produk?q=kursi", "/produk?halaman=2", "/cari/saran?q=kur"]) {
      const first = await get(configured, path);
      expect(first.status, path).toBe(200);
      for (let i = 0; i < 5; i++) {
        const other = `${path}${path.includes("?") ? "&" : "?"}${unknown()}&utm_source=iklan`;
        const answer = await get(configured, other);
        expect(answer.headers["x-cache"], other).toBe("HIT");
        expect(answer.body, other).toBe(first.body);
      }
    }
  });

  it("the parameters a page reads still make their own page; the order they come in does not", async () => {
    const kursi = await get(configured, "/produk?q=kursi&halaman=1");
    const meja = await get(configured, "/produk?halaman=1&q=meja");
    expect(kursi.body).not.toBe(meja.body);
    const again = await get(configured, "/produk?q=meja&halaman=1");
    expect(again.headers["x-cache"]).toBe("HIT");
    expect(again.body).toBe(meja.body);
  });

  it("the page an unknown parameter gets is the one it would have rendered; canonical links carry no query", async () => {
    const slug = productSlug(configured);
    const pages: [string, string][] = [
      ["/produk?q=kursi", `${SITE_URL}/produk`],
      ["/produk?halaman=2", `${SITE_URL}/produk`],
      [`/detail-produk/${slug}`, `${SITE_URL}/detail-produk/${slug}`],
    ];
    const cached: string[] = [];
    for (const [path] of pages) cached.push((await get(configured, `${path}${path.includes("?") ? "&" : "?"}${unknown()}`)).body);
    // Any domain write empties the page cache: each page is rendered again, for its own URL.
    const cleared = await sendTo(configured.server.base, "POST", "/api/formsetting/1", {
      headers: { Authorization: `Bearer ${operatorToken(configured.t.db)}`, "Content-Type": "application/json" },
      body: JSON.stringify({ _method: "PATCH" }),
    });
    expect(cleared.status).toBe(200);
    for (const [i, [path, canonical]] of pages.entries()) {
      const fresh = await get(configured, path);
      expect(fresh.headers["x-cache"], path).toBe("MISS");
      expect(fresh.body, path).toBe(cached[i]);
      expect(canonicalOf(fresh.body), path).toBe(canonical);
    }
  });

  it("a route that declares nothing keeps its whole query: the public API", async () => {
    await get(configured, "/api/home");
    expect((await get(configured, "/api/home")).headers["x-cache"]).toBe("HIT");
    expect((await get(configured, `/api/home?${unknown()}`)).headers["x-cache"]).toBe("MISS");
  });
});

describe("with SITE_URL unset (the quick start)", () => {
  it("start-up says what setting SITE_URL changes, in one line", () => {
    const lines = plain.stderr().split("\n").filter((line) => line.includes("SITE_URL"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/SITE_URL tidak diisi: .*Host.*Cache-Control: private/);
    expect(configured.stderr()).not.toContain("SITE_URL");
  });

  it("pages, the sitemap and robots.txt name the Host they were asked at, and are private to shared caches", async () => {
    const host = "penipu.example";
    const answers: [string, RawAnswer, string][] = [
      ["/", await get(plain, "/", { Host: host }), "private, no-cache"],
      ["/produk.data", await get(plain, "/produk.data", { Host: host }), "private, no-cache"],
      ["/sitemap.xml", await get(plain, "/sitemap.xml", { Host: host }), "private, max-age=300"],
      ["/robots.txt", await get(plain, "/robots.txt", { Host: host }), "private, max-age=3600"],
    ];
    for (const [path, answer, cacheControl] of answers) {
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toBe(cacheControl);
    }
    expect(answers[2]![1].body).toContain(`<loc>http://${host}/</loc>`);
    expect(answers[3]![1].body).toContain(`Sitemap: http://${host}/sitemap.xml`);
  });

  it("the page cache still answers on localhost: the quick start stays quick", async () => {
    await get(plain, "/kontak-kami");
    const hit = await get(plain, "/kontak-kami");
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["cache-control"]).toBe("private, no-cache");
    expect(canonicalOf(hit.body)).toBe(`${plain.server.base}/kontak-kami`);
    const revalidated = await get(plain, "/kontak-kami", { "If-None-Match": String(hit.headers.etag) });
    expect(revalidated.status).toBe(304);
  });
});

describe("with SITE_URL set", () => {
  it("pages, the sitemap and robots.txt are public and name SITE_URL, whatever Host was sent", async () => {
    for (const [path, cacheControl] of [
      ["/", "public, no-cache"],
      ["/kontak-kami", "public, no-cache"],
      ["/sitemap.xml", "public, max-age=300"],
      ["/robots.txt", "public, max-age=3600"],
    ] as const) {
      const answer = await get(configured, path, { Host: "penipu.example" });
      expect(answer.status, path).toBe(200);
      expect(answer.headers["cache-control"], path).toBe(cacheControl);
      expect(answer.body, path).not.toContain("penipu.example");
      expect(answer.body, path).toContain(SITE_URL);
    }
  });
});
