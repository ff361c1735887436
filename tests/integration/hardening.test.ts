/**
 * On the BUILT server (server.js as `npm start` runs it, NODE_ENV=production), over
 * real sockets, on a copy of the seeded shop:
 * - bodies: every route that accepts one (each route module with an action, walked from
 *   app/routes.ts) answers a declared 300 MB body with 413 within a second without reading it,
 *   and cuts off a streamed one; the process stays up and its memory does not grow;
 * - malformed requests (bad Host, wrong Content-Type, broken multipart, deeply nested JSON)
 *   answer 400/415 with a message, never 500;
 * - the page cache keeps only public answers: for every API route, an answer given to a token
 *   is never served to an anonymous client, under any spelling of the path; private answers
 *   say `private, no-store`; cached public API answers still carry CORS;
 * - the cache-hit path in front of Express answers exactly what Express would, never for a
 *   session, flash, token or bad Host;
 * - TRUST_PROXY: the client address is the right-most X-Forwarded-For hop (a forged left part
 *   does not escape the login throttle); HTTPS through the proxy gets HSTS and a Secure cookie;
 * - GET /logout ends nothing.
 *
 * Needs `npm run build` first (the test command builds before Vitest).
 */
import http from "node:http";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FREE_ATTEMPTS } from "~/domain/users/attempts.server";
import { rawGet } from "../../bench/anchor.mjs";
import { operatorToken } from "../setup/api";
import { APP_ROUTES, concretePath, routeModule, type AppRoute } from "../setup/app-routes";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { multipart, rssMb, send as sendTo, type RawInit } from "../setup/http-client";
import type { TestDb } from "../setup/test-db";
import { operatorSession, ownDraft, routeValues, startBuiltServer, type BuiltServer } from "../setup/built-server";

const ALLOWED_ORIGIN = "https://app.tokoku.test";

let t: TestDb;
let server: BuiltServer;
let token: string;
let cookie: string;
let stderr: () => string;
let values: Record<string, string>;
let withAction: AppRoute[];

const send = (method: string, p: string, init?: RawInit) => sendTo(server.base, method, p, init);

beforeAll(async () => {
  ({ t, server, stderr } = await startBuiltServer({ TRUST_PROXY: "1", CORS_ORIGINS: ALLOWED_ORIGIN }));
  token = operatorToken(t.db);
  // Every role: the LPPM areas' actions sit behind their role guard (a 404 before any body is read).
  const operator = await operatorSession(t, server.base, { everyRole: true });
  cookie = operator.cookie;
  values = { ...routeValues(t), usulanId: String(ownDraft(t, operator.id)) };
  withAction = [];
  // Catch-all routes (404 for any method) accept nothing.
  for (const route of APP_ROUTES) if (!route.path.endsWith("*") && (await routeModule(route)).action) withAction.push(route);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  t?.cleanup();
});

/** Who may reach the route's action: the operator's cookie, the API's token, a client address of its own. */
function credentials(route: AppRoute, i: number): Record<string, string> {
  const from = { "X-Forwarded-For": `192.0.2.${(i % 250) + 1}` };
  return route.path.startsWith("/api/") ? { ...from, Authorization: `Bearer ${token}` } : { ...from, Cookie: cookie };
}

describe("bodies are capped in front of every route", () => {
  it("the routes with an action include every kind (HTML form, login, account, API, uploads)", () => {
    const paths = withAction.map((r) => r.path);
    for (const p of ["/login", "/logout", "/lupa-password", "/akun/ubah-password", "/operator/master/banner", "/api/login", "/api/galeriform/:id?"]) {
      expect(paths).toContain(p);
    }
  });

  it("a declared 300 MB body: 413 before it is sent, without reading it, on every one", async () => {
    // Warm up: every route's module and page rendered once (that memory is not the bodies').
    for (const [i, route] of withAction.entries()) {
      await send("POST", concretePath(route.path, values), { headers: { ...credentials(route, i), "Content-Type": "multipart/form-data; boundary=x" }, declare: 1e9 });
    }
    const rssBefore = rssMb(server.pid!);
    for (const [i, route] of withAction.entries()) {
      const target = concretePath(route.path, values);
      for (const type of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "application/json"]) {
        if (type === "application/json" && !route.path.startsWith("/api/")) continue;
        const answer = await send("POST", target, {
          headers: { ...credentials(route, i), "Content-Type": type },
          declare: 300 * 1024 * 1024,
        });
        // Only 1 KB of the 300 MB is ever sent: any answer came without waiting for the body
        // (one that waited would be the idle timeout's 408).
        expect(answer.status, `${target} ${type}: ${answer.body.slice(0, 200)}`).toBe(413);
        expect(answer.headers.connection, target).toBe("close");
      }
    }
    expect(server.child.exitCode).toBeNull();
    // 300 MB were announced on each of ~40 routes: reading any of them would show here.
    expect(rssMb(server.pid!) - rssBefore).toBeLessThan(48);
  }, 120_000);

  it("a streamed body is cut off at the limit, on every one; the process stays up and small", async () => {
    const rssBefore = rssMb(server.pid!);
    for (const [i, route] of withAction.entries()) {
      const target = concretePath(route.path, values);
      const answer = await send("POST", target, {
        headers: { ...credentials(route, i), "Content-Type": "multipart/form-data; boundary=x" },
        stream: 64 * 1024 * 1024,
      });
      // 413, or the connection closed before it could be read: never the 64 MB read.
      expect([413, 0], `${target}: ${answer.body.slice(0, 200)}`).toContain(answer.status);
    }
    expect(server.child.exitCode).toBeNull();
    expect((await send("GET", "/")).status).toBe(200);
    // Up to 64 MB were streamed at each of ~60 routes: reading them would show here. What the
    // gate does read (up to each route's limit, 2.5 MB for multipart, then dropped) grows the
    // heap by 40–50 MB before a collection; one 64 MB body kept would pass the line.
    expect(rssMb(server.pid!) - rssBefore).toBeLessThan(64);
  }, 180_000);

  it("an upload within the limits still works (the gate passes what it read on)", async () => {
    const form = multipart({ kategori: `Kategori Uji ${Date.now()}` });
    const answer = await send("POST", "/api/kategoriprodukform", {
      headers: { Authorization: `Bearer ${token}`, "Content-Type": form.type },
      body: form.body,
    });
    expect(answer.status, answer.body).toBe(201);
  });
});

describe("connections", () => {
  it("an idle keep-alive connection is kept 65 s (beyond a proxy's 60 s), and says so", async () => {
    // Node sends the server's keepAliveTimeout in the Keep-Alive header of every kept connection.
    const answer = await send("GET", "/healthz", { headers: { Connection: "keep-alive" } });
    expect(answer.status).toBe(200);
    expect(answer.headers["keep-alive"]).toBe("timeout=65");
  });
});

describe("malformed requests answer 4xx with a message", () => {
  it("a Host header that is not a host answers 400", async () => {
    for (const host of ["exa mple.test", "<script>", "evil.test/path", "a..b", "x:99999999", "x:70000", "[::1"]) {
      const answer = await send("GET", "/", { headers: { Host: host } });
      expect(answer.status, host).toBe(400);
    }
    for (const host of ["localhost:3000", "toko_web:8080", "[::1]:3000", "192.0.2.7"]) {
      expect((await send("GET", "/", { headers: { Host: host } })).status, host).toBe(200);
    }
  });

  it("a wrong Content-Type: 400 on a page, 415 on the API", async () => {
    const page = await send("POST", "/login", { headers: { "Content-Type": "text/plain" }, body: "username=operator" });
    expect(page.status).toBe(400);
    const api = await send("POST", "/api/login", { headers: { "Content-Type": "application/xml" }, body: "<login/>" });
    expect(api.status).toBe(415);
    expect(JSON.parse(api.body)).toEqual({ message: expect.stringContaining("Content-Type tidak didukung") });
  });

  it("broken multipart answers 400, on a page and on the API", async () => {
    const broken = "--x\r\nContent-Disposition: form-data; name=\"username\"\r\n\r\noperator";
    const type = "multipart/form-data; boundary=x";
    expect((await send("POST", "/login", { headers: { "Content-Type": type }, body: broken })).status).toBe(400);
    const api = await send("POST", "/api/login", { headers: { "Content-Type": type }, body: broken });
    expect(api.status).toBe(400);
    expect(JSON.parse(api.body).message).toBe("Data formulir tidak valid.");
  });

  it("deeply nested JSON answers 400", async () => {
    for (const depth of [10, 100_000]) {
      const body = `{"username": ${"[".repeat(depth)}${"]".repeat(depth)}}`;
      const answer = await send("POST", "/api/login", { headers: { "Content-Type": "application/json" }, body });
      expect(answer.status, `depth ${depth}`).toBe(400);
      expect(JSON.parse(answer.body).message).toMatch(/JSON/);
    }
  });

  it("nothing above reached a 500 or a stack trace", () => {
    expect(stderr()).not.toMatch(/\bat .*\.(js|ts):\d+/);
  });
});

describe("the page cache keeps only public answers", () => {
  const spellings = (p: string) => [p, p.toUpperCase(), p.replace("/api/", "/Api/"), `${p}/`, p.replace("/api/", "/api//")];

  it("for every API route, an answer given to a token is never served to an anonymous client", async () => {
    const apiGets = APP_ROUTES.filter((r) => r.path.startsWith("/api/") && r.path !== "/api/*");
    expect(apiGets.length).toBeGreaterThan(20);
    for (const route of apiGets) {
      const target = concretePath(route.path, values);
      for (const spelling of spellings(target)) {
        const authorized = await send("GET", spelling, { headers: { Authorization: `Bearer ${token}` } });
        const anonymous = await send("GET", spelling);
        const fresh = await send("GET", spelling, { headers: { "Cache-Control": "no-cache" } });
        if (authorized.status === 200 && anonymous.status === 200) {
          // A public answer: the same data for everyone.
          expect(anonymous.body, spelling).toBe(fresh.body);
          expect(authorized.headers["cache-control"], spelling).toContain("public");
        } else {
          expect(anonymous.status, `${spelling}: ${anonymous.body.slice(0, 120)}`).not.toBe(200);
          if (authorized.status === 200) {
            expect(anonymous.body, spelling).not.toBe(authorized.body);
            expect(authorized.headers["cache-control"], spelling).toBe("private, no-store");
          }
        }
        expect(anonymous.headers["x-cache"], spelling).not.toBe("HIT");
      }
    }
  }, 120_000);

  it("operator and account pages say private, no-store; a public page is the same for every visitor only", async () => {
    for (const p of ["/operator/dashboard", "/operator/master/user", "/operator/master/log-aktivitas", "/operator/master/cadangan", "/operator/produk/produk/impor", "/akun/ubah-password", "/logout"]) {
      const answer = await send("GET", p, { headers: { Cookie: cookie } });
      expect(answer.status, p).toBe(200);
      expect(answer.headers["cache-control"], p).toBe("private, no-store");
    }
    // Without SITE_URL the page names the request's Host: the browser may keep it, no shared cache.
    expect((await send("GET", "/produk")).headers["cache-control"]).toBe("private, no-cache");
    const signedIn = await send("GET", "/produk", { headers: { Cookie: cookie } });
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers["x-cache"]).toBeUndefined();
  });

  it("login, the back office and every 404 say noindex once; the public pages do not", async () => {
    const ROBOTS = /<meta name="robots" content="noindex, nofollow"\/>/g;
    const pages: [string, Record<string, string>, number][] = [
      ["/login", {}, 200],
      ["/halaman-tidak-ada", {}, 404],
      ["/detail-produk/produk-tidak-ada", {}, 404],
      ["/operator/dashboard", { Cookie: cookie }, 200],
      ["/operator/tidak-ada", { Cookie: cookie }, 404],
    ];
    for (const [path, headers, status] of pages) {
      const answer = await send("GET", path, { headers });
      expect(answer.status, path).toBe(status);
      expect(answer.body.match(ROBOTS)?.length, path).toBe(1);
    }
    for (const path of ["/", "/produk", "/kontak-kami"]) {
      expect((await send("GET", path)).body, path).not.toContain('name="robots"');
    }
  });

  it("a forged Host never reaches another visitor: the page naming its address is cached per origin", async () => {
    // Without SITE_URL a page names its address from the request (canonical, og:url, JSON-LD).
    for (const path of ["/", "/kontak-kami"]) {
      const forged = await send("GET", path, { headers: { Host: "penipu.example" } });
      expect(forged.status, path).toBe(200);
      expect(forged.body, path).toContain("http://penipu.example/");
      for (let i = 0; i < 2; i++) {
        const visitor = await send("GET", path);
        expect(visitor.status, path).toBe(200);
        expect(visitor.body, path).not.toContain("penipu.example");
        expect(visitor.body, path).toContain(`${server.base}/`);
      }
    }
  });

  it("/healthz is never kept: every answer is fresh, no-store", async () => {
    for (let i = 0; i < 2; i++) {
      const answer = await send("GET", "/healthz");
      expect(answer.status).toBe(200);
      expect(answer.headers["cache-control"]).toBe("no-store");
      expect(answer.headers["x-cache"]).not.toBe("HIT");
    }
  });

  it("a cached public API answer still carries CORS for an allowed origin", async () => {
    const first = await send("GET", "/api/home", { headers: { Origin: ALLOWED_ORIGIN } });
    const second = await send("GET", "/api/home", { headers: { Origin: ALLOWED_ORIGIN } });
    expect(second.headers["x-cache"]).toBe("HIT");
    for (const answer of [first, second]) {
      expect(answer.headers["access-control-allow-origin"]).toBe(ALLOWED_ORIGIN);
      expect(answer.headers.vary).toContain("Origin");
    }
    const stranger = await send("GET", "/api/home", { headers: { Origin: "https://lain.test" } });
    expect(stranger.headers["access-control-allow-origin"]).toBeUndefined();
  });
});

/** One GET as raw bytes (undecoded), for comparing what crosses the wire. */
const rawBytes = (p: string, headers: Record<string, string> = {}) => rawGet(`${server.base}${p}`, headers);

describe("the cache-hit path in front of Express", () => {
  const SAME = ["content-type", "content-security-policy", "x-content-type-options", "referrer-policy", "x-frame-options", "cross-origin-opener-policy", "permissions-policy", "cache-control", "vary", "etag"];

  it("a hit carries every header the rendered answer carried, and the same stored bytes each time", async () => {
    const url = "/produk?q=hit-path";
    const miss = await rawBytes(url, { "Accept-Encoding": "gzip, deflate, br" });
    expect(miss.headers["x-cache"]).toBe("MISS");
    const hits = [await rawBytes(url, { "Accept-Encoding": "gzip, deflate, br" }), await rawBytes(url, { "Accept-Encoding": "gzip, deflate, br" })];
    for (const hit of hits) {
      expect(hit.headers["x-cache"]).toBe("HIT");
      for (const name of SAME) expect(hit.headers[name], name).toBe(miss.headers[name]);
      expect(hit.headers["content-encoding"]).toBe("br");
      expect(hit.body.equals(miss.body)).toBe(true);
    }
    const identity = await rawBytes(url);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(zlib.brotliDecompressSync(hits[0]!.body).equals(identity.body)).toBe(true);
    expect(zlib.gunzipSync((await rawBytes(url, { "Accept-Encoding": "gzip" })).body).equals(identity.body)).toBe(true);
    expect(miss.headers["content-security-policy"]).toMatch(/script-src 'sha256-[^;]* 'strict-dynamic'/);
    expect(miss.headers["content-security-policy"]).not.toContain("nonce");
  });

  it("HEAD and a revalidation: headers only, 304 for the browser's copy", async () => {
    const first = await rawBytes("/kontak-kami");
    const head = await new Promise<http.IncomingMessage>((resolve) => http.request(`${server.base}/kontak-kami`, { method: "HEAD" }, resolve).end());
    expect(head.headers["x-cache"]).toBe("HIT");
    expect(head.headers.etag).toBe(first.headers.etag);
    const again = await rawBytes("/kontak-kami", { "If-None-Match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("never for a session, a flash message, a token or a bad Host: those go through Express", async () => {
    await rawBytes("/produk");
    expect((await rawBytes("/produk")).headers["x-cache"]).toBe("HIT");
    const signedIn = await rawBytes("/produk", { Cookie: cookie });
    expect(signedIn.headers["x-cache"]).toBeUndefined();
    expect(signedIn.headers["cache-control"]).toBe("private, no-store");
    expect(signedIn.headers["content-security-policy"]).toMatch(/'nonce-/);
    expect((await rawBytes("/produk", { Cookie: "etalase_flash=x" })).headers["x-cache"]).not.toBe("HIT");
    expect((await rawBytes("/produk", { Authorization: `Bearer ${token}` })).headers["x-cache"]).not.toBe("HIT");
    const badHost = await rawBytes("/produk", { Host: "bad host!" });
    expect(badHost.status).toBe(400);
    expect(badHost.headers["x-cache"]).toBeUndefined();
  });
});

describe("behind a trusted proxy (TRUST_PROXY=1)", () => {
  it("the client address is the right-most hop: a forged left part does not escape the login throttle", async () => {
    const login = (forged: string) =>
      send("POST", "/api/login", {
        headers: { "Content-Type": "application/json", "X-Forwarded-For": `${forged}, 198.51.100.77` },
        body: JSON.stringify({ username: TEST_OPERATOR_USERNAME, password: "SalahSekali1" }),
      });
    for (let i = 0; i < FREE_ATTEMPTS; i++) expect((await login(`10.0.0.${i}`)).status).toBe(401);
    expect((await login("10.9.9.9")).status).toBe(429);
  });

  it("HTTPS through the proxy: HSTS, and the session cookie is Secure; plain HTTP: neither", async () => {
    const body = new URLSearchParams({ intent: "masuk", username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD }).toString();
    const login = (proto: string, ip: string) =>
      send("POST", "/login", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-Proto": proto, "X-Forwarded-For": ip, Origin: `${proto}://${new URL(server.base).host}` },
        body,
      });
    // A cached page through the proxy over HTTPS (the hit path in front of Express) too.
    await send("GET", "/produk?hsts=1", { headers: { "X-Forwarded-Proto": "https" } });
    const hit = await send("GET", "/produk?hsts=1", { headers: { "X-Forwarded-Proto": "https" } });
    expect(hit.headers["x-cache"]).toBe("HIT");
    expect(hit.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect((await send("GET", "/produk?hsts=1")).headers["strict-transport-security"]).toBeUndefined();
    const secure = await login("https", "198.51.100.80");
    expect(secure.status).toBe(302);
    expect(secure.headers["strict-transport-security"]).toMatch(/max-age=\d+/);
    expect(String(secure.headers["set-cookie"])).toMatch(/etalase_sid=[^;]+;.*Secure/i);
    const plain = await login("http", "198.51.100.81");
    expect(plain.status).toBe(302);
    expect(plain.headers["strict-transport-security"]).toBeUndefined();
    expect(String(plain.headers["set-cookie"])).not.toMatch(/Secure/i);
  });
});

describe("logout", () => {
  it("only a POST ends the session: GET /logout shows the button and ends nothing", async () => {
    const page = await send("GET", "/logout", { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    expect(page.body).toContain("Keluar dari akun");
    expect((await send("GET", "/operator/dashboard", { headers: { Cookie: cookie } })).status).toBe(200);
  });
});
