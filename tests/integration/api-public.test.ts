/**
 * The public half of the legacy /api/* contract (spec section 7 "Public"): the
 * response keys of every public GET, 404 JSON for unknown slugs, 301 for renamed ones, the
 * JSON 404 for unknown /api paths, the OpenAPI document, and the CORS layout middleware.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../db/schema";
import * as home from "~/routes/api/home";
import * as kategoriForm from "~/routes/api/kategoriprodukform";
import * as kerjasama from "~/routes/api/kerjasama";
import * as kontakkami from "~/routes/api/kontakkami";
import * as layout from "~/routes/api/layout";
import * as link from "~/routes/api/link";
import * as notFound from "~/routes/api/not-found";
import * as openapi from "~/routes/api/openapi";
import * as produk from "~/routes/api/produk";
import * as produkdetail from "~/routes/api/produkdetail";
import * as produkForm from "~/routes/api/produkform";
import { APP_ROUTES } from "../setup/app-routes";
import * as tentangkami from "~/routes/api/tentangkami";
import { resetEnvCache } from "../../app/lib/server/env.server";
import { api, API_ORIGIN, type Json, operatorToken, readApiResponse, uploadExists } from "../setup/api";
import { routeArgs } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addProduk } from "../setup/data";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

function expectUpload(url: unknown) {
  expect(typeof url).toBe("string");
  expect(uploadExists(t.uploadsDir, url as string), `${String(url)} exists`).toBe(true);
}

function kategoriWithProduk() {
  for (const k of t.db.select().from(schema.kategori).all()) {
    const n = t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, k.id)).all().length;
    if (n > 0) return { kategori: k, jumlah: n };
  }
  throw new Error("The demo seed has no category with products");
}

function produkWithGambarAndGudang() {
  for (const p of t.db.select().from(schema.produk).all()) {
    const gambar = t.db.select().from(schema.gambarProduk).where(eq(schema.gambarProduk.id_produk, p.id)).all();
    const gudang = t.db.select().from(schema.produkGudang).where(eq(schema.produkGudang.id_produk, p.id)).all();
    if (gambar.length > 0 && gudang.length > 0) return { produk: p, gambar, gudang };
  }
  throw new Error("The demo seed has no product with images and branches");
}


describe("GET /api/link", () => {
  it("answers data.setting and data.kantorcabang", async () => {
    const res = await api(link, "/api/link");
    expect(res.status).toBe(200);
    const { setting, kantorcabang } = res.body.data;
    for (const key of ["nama_toko", "alamat", "whatsapp", "instagram", "facebook", "email", "maps"]) {
      expect(setting, key).toHaveProperty(key);
    }
    expect(setting.nama_toko).not.toBe("");
    expect(setting.whatsapp).toMatch(/^\d{9,}$/);
    const rows = t.db.select().from(schema.kantorCabang).all();
    expect(kantorcabang).toHaveLength(rows.length);
    for (const row of kantorcabang) {
      expect(Object.keys(row).sort()).toEqual(["alamat", "id", "kantor_cabang", "kontak", "maps"]);
    }
  });
});

describe("GET /api/home", () => {
  it("answers data.banner, data.kategori, data.produk, data.ulasan with images that exist", async () => {
    const res = await api(home, "/api/home");
    expect(res.status).toBe(200);
    const { banner, kategori, produk: cards, ulasan } = res.body.data;
    expect(banner.length).toBeGreaterThan(0);
    for (const b of banner) {
      expect(typeof b.id).toBe("number");
      expectUpload(b.image);
    }
    expect(kategori.length).toBeGreaterThan(0);
    for (const k of kategori) expect(k).toMatchObject({ id: expect.any(Number), kategori: expect.any(String), seo: expect.any(String) });
    expect(cards.length).toBeGreaterThan(0);
    for (const p of cards) {
      expect(p).toMatchObject({ nama_produk: expect.any(String), nama_seo: expect.any(String), harga: expect.any(String) });
      expectUpload(p.gambar);
    }
    expect(ulasan.length).toBeGreaterThan(0);
    for (const u of ulasan) expect(u).toMatchObject({ ulasan: expect.any(String), oleh: expect.any(String) });
  });
});

describe("GET /api/tentangkami and /api/kerjasama", () => {
  it("tentangkami answers data.profil{keterangan, foto, id} and data.galeri[{gambar}]", async () => {
    const res = await api(tentangkami, "/api/tentangkami");
    expect(res.status).toBe(200);
    const { profil, galeri } = res.body.data;
    expect(profil).toHaveProperty("id");
    expect(profil.keterangan).not.toBe("");
    expectUpload(profil.foto);
    expect(galeri.length).toBeGreaterThan(0);
    for (const g of galeri) expectUpload(g.gambar);
  });

  it("kerjasama answers data.profil{foto, keterangan}", async () => {
    const res = await api(kerjasama, "/api/kerjasama");
    expect(res.status).toBe(200);
    const { profil } = res.body.data;
    expect(profil.keterangan).not.toBe("");
    expect(profil).toHaveProperty("foto");
    if (profil.foto !== null) expectUpload(profil.foto);
  });
});

describe("GET /api/kontakkami", () => {
  it("answers data.profil{maps, alamat, email, whatsapp} and data.gudang[]", async () => {
    const res = await api(kontakkami, "/api/kontakkami");
    expect(res.status).toBe(200);
    const { profil, gudang } = res.body.data;
    expect(Object.keys(profil).sort()).toEqual(["alamat", "email", "maps", "whatsapp"]);
    expect(gudang.length).toBe(t.db.select().from(schema.kantorCabang).all().length);
    for (const g of gudang) expect(g).toMatchObject({ id: expect.any(Number), kantor_cabang: expect.any(String), kontak: expect.any(String) });
  });
});

describe("GET /api/produk and /api/produk/{seo}", () => {
  it("lists data.kategori and data.produk", async () => {
    const res = await api(produk, "/api/produk");
    expect(res.status).toBe(200);
    const { kategori, produk: cards } = res.body.data;
    expect(kategori.length).toBe(t.db.select().from(schema.kategori).all().length);
    expect(cards.length).toBeGreaterThan(0);
    for (const p of cards) expect(p).toMatchObject({ id: expect.any(Number), nama_produk: expect.any(String), nama_seo: expect.any(String) });
  });

  it("answers every product, not a first page of 24, each as a card (six fields)", async () => {
    const { kategori } = kategoriWithProduk();
    addProduk(t.db, 40, kategori.id);
    addProduk(t.db, 15, null);
    const total = t.db.select().from(schema.produk).all().length;
    expect(total).toBeGreaterThan(24 * 2);
    const res = await api(produk, "/api/produk");
    expect(res.status).toBe(200);
    expect(res.body.data.produk).toHaveLength(total);
    expect(new Set(res.body.data.produk.map((p: Json) => p.id)).size).toBe(total);
    for (const p of res.body.data.produk) {
      expect(Object.keys(p).sort()).toEqual(["gambar", "harga", "id", "kategori", "nama_produk", "nama_seo"]);
    }
    // Newest first, like the public pages.
    const ids = res.body.data.produk.map((p: Json) => p.id as number);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(res.body.data.total).toBe(total);
    expect(res.body.meta).toMatchObject({ total, page: 1 });

    const oneKategori = await api(produk, `/api/produk/${kategori.seo}`, { params: { seo: kategori.seo } });
    const inKategori = t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, kategori.id)).all().length;
    expect(inKategori).toBeGreaterThan(24);
    expect(oneKategori.body.data.produk).toHaveLength(inKategori);
  });

  it("pages only when asked: ?page=&size= (10/25/50/100) and ?q=, like the other list calls", async () => {
    const { kategori } = kategoriWithProduk();
    addProduk(t.db, 30, kategori.id);
    const total = t.db.select().from(schema.produk).all().length;
    const all = (await api(produk, "/api/produk")).body.data.produk as Json[];

    const second = await api(produk, "/api/produk?page=2&size=10");
    expect(second.status).toBe(200);
    expect(second.body.data.produk.map((p: Json) => p.id)).toEqual(all.slice(10, 20).map((p) => p.id));
    expect(second.body.meta).toEqual({ total, page: 2, size: 10 });
    expect(second.body.data.kategori.length).toBe(t.db.select().from(schema.kategori).all().length);

    // An odd size falls back to 10; a page past the end answers the last one.
    expect((await api(produk, "/api/produk?size=7")).body.meta).toEqual({ total, page: 1, size: 10 });
    const last = await api(produk, "/api/produk?page=999&size=25");
    expect(last.body.meta).toEqual({ total, page: Math.ceil(total / 25), size: 25 });
    expect(last.body.data.produk).toHaveLength(total - 25 * (Math.ceil(total / 25) - 1));

    // A search finds any of the words, the product named with all of them as typed first.
    const search = await api(produk, "/api/produk?q=Produk%20Uji%201&size=100");
    const names = (search.body.data.produk as Json[]).map((p) => p.nama_produk as string);
    expect(names[0]).toBe("Produk Uji 1");
    expect(names).toEqual(expect.arrayContaining(["Produk Uji 2", "Produk Uji 10"]));
    expect(search.body.meta.total).toBe(names.length);

    const inKategori = await api(produk, `/api/produk/${kategori.seo}?page=1&size=10`, { params: { seo: kategori.seo } });
    expect(inKategori.body.data.produk).toHaveLength(10);
    expect(inKategori.body.meta.total).toBe(
      t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, kategori.id)).all().length,
    );
  });

  it("one category answers only its products", async () => {
    const { kategori, jumlah } = kategoriWithProduk();
    const res = await api(produk, `/api/produk/${kategori.seo}`, { params: { seo: kategori.seo } });
    expect(res.status).toBe(200);
    expect(res.body.data.kategori.length).toBeGreaterThan(0);
    expect(res.body.data.produk).toHaveLength(jumlah);
    const ids = new Set(
      t.db.select().from(schema.produk).where(eq(schema.produk.id_kategori, kategori.id)).all().map((p) => p.id),
    );
    for (const p of res.body.data.produk) expect(ids.has(p.id)).toBe(true);
  });

  it("an unknown category slug answers 404 JSON", async () => {
    const res = await api(produk, "/api/produk/tidak-ada-kategori-ini", { params: { seo: "tidak-ada-kategori-ini" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/tidak ditemukan/i);
  });

  it("a renamed category's old slug answers 301 to the new one (slug_redirect)", async () => {
    const { kategori } = kategoriWithProduk();
    const token = operatorToken(t.db);
    const renamed = await api(kategoriForm, `/api/kategoriprodukform/${kategori.id}`, {
      token,
      params: { id: String(kategori.id) },
      form: { kategori: "Kategori Baru Sekali", _method: "PATCH" },
    });
    expect(renamed.status).toBe(200);
    const newSeo = renamed.body.data.seo as string;
    expect(newSeo).not.toBe(kategori.seo);

    const res = await api(produk, `/api/produk/${kategori.seo}`, { params: { seo: kategori.seo } });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", API_ORIGIN).pathname).toBe(`/api/produk/${newSeo}`);
    const moved = await api(produk, `/api/produk/${newSeo}`, { params: { seo: newSeo } });
    expect(moved.status).toBe(200);
  });
});

describe("GET /api/produkdetail/{seo}", () => {
  it("answers data.produk, data.gambar[], data.gudang[], data.produklain[]", async () => {
    const { produk: p, gambar, gudang } = produkWithGambarAndGudang();
    const res = await api(produkdetail, `/api/produkdetail/${p.nama_seo}`, { params: { seo: p.nama_seo } });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.produk).toMatchObject({ id: p.id, nama_produk: p.nama_produk, nama_seo: p.nama_seo, harga: p.harga });
    expect(data.gambar).toHaveLength(gambar.length);
    for (const g of data.gambar) expectUpload(g.gambar);
    expect(data.gudang.map((g: Json) => g.id).sort()).toEqual(gudang.map((g) => g.id_kantor_cabang).sort());
    for (const g of data.gudang) expect(g).toMatchObject({ kantor_cabang: expect.any(String), kontak: expect.any(String) });
    expect(Array.isArray(data.produklain)).toBe(true);
    for (const other of data.produklain) expect(other.id).not.toBe(p.id);
  });

  it("an unknown product slug answers 404 JSON", async () => {
    const res = await api(produkdetail, "/api/produkdetail/tidak-ada", { params: { seo: "tidak-ada" } });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/tidak ditemukan/i);
  });

  it("a renamed product's old slug answers 301 to the new one", async () => {
    const { produk: p } = produkWithGambarAndGudang();
    const token = operatorToken(t.db);
    const form = await api(produkForm, `/api/produkform/${p.id}`, { token, params: { id: String(p.id) } });
    expect(form.status).toBe(200);
    const current = form.body.data;
    const renamed = await api(produkForm, `/api/produkform/${p.id}`, {
      token,
      params: { id: String(p.id) },
      form: {
        id_kategori: current.id_kategori === null ? "" : String(current.id_kategori),
        nama_produk: "Nama Produk Yang Baru",
        deskripsi: current.deskripsi,
        harga: current.harga,
        gudang: current.gudang,
        _method: "PATCH",
      },
    });
    expect(renamed.status).toBe(200);
    const newSeo = renamed.body.data.nama_seo as string;
    expect(newSeo).not.toBe(p.nama_seo);

    const res = await api(produkdetail, `/api/produkdetail/${p.nama_seo}`, { params: { seo: p.nama_seo } });
    expect(res.status).toBe(301);
    expect(new URL(res.headers.get("Location") ?? "", API_ORIGIN).pathname).toBe(`/api/produkdetail/${newSeo}`);
  });
});

describe("unknown /api paths", () => {
  it("answer 404 JSON for every method", async () => {
    for (const method of ["GET", "POST", "DELETE", "PUT"]) {
      const res = await api(notFound, "/api/tidak-ada/sama-sekali", { method, params: { "*": "tidak-ada/sama-sekali" } });
      expect(res.status, method).toBe(404);
      expect(res.body).toEqual({ message: expect.any(String) });
    }
  });
});

// ---- OpenAPI ---------------------------------------------------------------------------------


/** "api/galeriform/:id?" → ["/api/galeriform", "/api/galeriform/{id}"]. */
function openApiPathsOf(routePath: string): string[] {
  const segments = routePath.split("/");
  const last = segments.at(-1) ?? "";
  const toTemplate = (s: string) => (s.startsWith(":") ? `{${s.slice(1).replace(/\?$/, "")}}` : s);
  const withParam = `/${segments.map(toTemplate).join("/")}`;
  if (last.startsWith(":") && last.endsWith("?")) return [`/${segments.slice(0, -1).join("/")}`, withParam];
  return [withParam];
}

/** Paths that differ only in parameter names are the same path (OpenAPI 3.1, "Paths Object"). */
const shape = (p: string) => p.replace(/\{[^}]+\}/g, "{}");

describe("GET /api/openapi.json", () => {
  async function document() {
    const res = await api(openapi, "/api/openapi.json");
    expect(res.status).toBe(200);
    return res.body as { openapi: string; paths: Record<string, Record<string, Json>>; components: Json };
  }

  it("is OpenAPI 3.1 with a path for every route of routes.ts", async () => {
    const doc = await document();
    expect(doc.openapi).toMatch(/^3\.1\./);
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: "http", scheme: "bearer" });
    const routes = APP_ROUTES.filter((r) => r.path.startsWith("/api/") && !r.path.endsWith("*") && r.path !== "/api/openapi.json").map((r) => ({
      path: r.path.slice(1),
    }));
    // The list is the real route table, not an empty one that would pass trivially.
    expect(routes.length).toBeGreaterThanOrEqual(28);
    const documented = new Set(Object.keys(doc.paths).map(shape));
    const missing = routes.flatMap((r) => openApiPathsOf(r.path)).filter((p) => !documented.has(shape(p)));
    expect(missing).toEqual([]);
  });

  it("documents the methods each route answers, with Bearer security on protected ones", async () => {
    const doc = await document();
    const byShape = new Map<string, Record<string, Json>>();
    for (const [p, ops] of Object.entries(doc.paths)) byShape.set(shape(p), { ...byShape.get(shape(p)), ...ops });
    const expectOps = (p: string, methods: string[], auth: boolean) => {
      const ops = byShape.get(shape(p));
      expect(ops, p).toBeDefined();
      for (const m of methods) {
        expect(ops?.[m], `${m.toUpperCase()} ${p}`).toBeDefined();
        expect(Boolean(ops?.[m]?.security), `security of ${m.toUpperCase()} ${p}`).toBe(auth);
      }
    };
    for (const p of ["/api/link", "/api/home", "/api/tentangkami", "/api/produk", "/api/produk/{seo}", "/api/produkdetail/{seo}", "/api/kerjasama", "/api/kontakkami"]) {
      expectOps(p, ["get"], false);
    }
    expectOps("/api/login", ["post"], false);
    expectOps("/api/cekpass", ["post"], false);
    expectOps("/api/resetpassword", ["post"], false);
    expectOps("/api/logout", ["post"], true);
    expectOps("/api/ubahpassword", ["post"], true);
    expectOps("/api/tentangkamiform", ["post"], true);
    expectOps("/api/kerjasamaform", ["post"], true);
    for (const r of ["galeriform", "bannerform", "kantorcabangform", "ulasankonsumenform", "kategoriprodukform", "userform", "produkform"]) {
      expectOps(`/api/${r}`, ["get", "post"], true);
      expectOps(`/api/${r}/{id}`, ["get", "post", "delete"], true);
    }
    expectOps("/api/kontakkami/{id}", ["get"], true);
    expectOps("/api/kontakkamiform/{id}", ["post"], true);
    expectOps("/api/formsetting/{id}", ["get", "post"], true);
    expectOps("/api/getproduk/{kode}", ["get"], true);
    expectOps("/api/gambarprodukform", ["post"], true);
    expectOps("/api/gambarprodukform/{id}", ["get", "post", "delete"], true);
    expectOps("/api/getgambarproduk/{id}", ["get"], true);
    // Request bodies come from the zod schemas: the category form names its field.
    const create = byShape.get("/api/kategoriprodukform")?.post;
    expect(create.requestBody.content["multipart/form-data"].schema.properties).toHaveProperty("kategori");
  });

  it("has no two paths that differ only in parameter names (invalid in OpenAPI 3.1)", async () => {
    const doc = await document();
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    for (const p of Object.keys(doc.paths)) {
      const other = seen.get(shape(p));
      if (other) clashes.push(`${other} vs ${p}`);
      seen.set(shape(p), p);
    }
    expect(clashes).toEqual([]);
  });
});

// ---- CORS (layout middleware) ---------------------------------------------------------------

describe("CORS middleware of the /api layout", () => {
  const ALLOWED = "https://klien.example.com";
  let savedCors: string | undefined;
  beforeEach(() => {
    savedCors = process.env.CORS_ORIGINS;
    process.env.CORS_ORIGINS = `${ALLOWED}, https://lain.example.org/`;
    resetEnvCache();
  });
  afterEach(() => {
    if (savedCors === undefined) delete process.env.CORS_ORIGINS;
    else process.env.CORS_ORIGINS = savedCors;
    resetEnvCache();
  });

  const middleware = layout.middleware[0]!;
  async function through(request: Request, next: () => Promise<Response> | Response) {
    return (await middleware(routeArgs(request, {}), next as never)) as Response;
  }
  const linkResponse = async (request: Request) =>
    (await link.loader(routeArgs(request, {}))) as Response;

  it("adds CORS headers for an allow-listed origin (no wildcard)", async () => {
    const request = new Request(`${API_ORIGIN}/api/link`, { headers: { Origin: ALLOWED } });
    const res = await readApiResponse(await through(request, () => linkResponse(request)));
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(res.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/);
    expect(res.headers.get("Vary")).toMatch(/Origin/);
    expect(res.headers.get("Access-Control-Allow-Credentials")).toBeNull();
    expect(res.body.data.setting).toBeDefined();
  });

  it("a second listed origin (written with a trailing slash in the env) is allowed too", async () => {
    const request = new Request(`${API_ORIGIN}/api/link`, { headers: { Origin: "https://lain.example.org" } });
    const res = await through(request, () => linkResponse(request));
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe("https://lain.example.org");
  });

  it("gives no CORS headers to other origins, but still answers", async () => {
    const request = new Request(`${API_ORIGIN}/api/link`, { headers: { Origin: "https://jahat.example.net" } });
    const res = await readApiResponse(await through(request, () => linkResponse(request)));
    expect(res.status).toBe(200);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(res.headers.get("Vary")).toMatch(/Origin/);
  });

  it("never allows '*' even when CORS_ORIGINS contains it", async () => {
    process.env.CORS_ORIGINS = "*";
    resetEnvCache();
    const request = new Request(`${API_ORIGIN}/api/link`, { headers: { Origin: "https://siapa.saja.id" } });
    const res = await through(request, () => linkResponse(request));
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
  });

  it("answers a preflight with 204 and the allowed methods and headers, without calling the route", async () => {
    const request = new Request(`${API_ORIGIN}/api/kategoriprodukform/3`, {
      method: "OPTIONS",
      headers: { Origin: ALLOWED, "Access-Control-Request-Method": "POST", "Access-Control-Request-Headers": "authorization" },
    });
    const next = vi.fn(() => new Response("route called", { status: 500 }));
    const res = await through(request, next);
    expect(next).not.toHaveBeenCalled();
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(res.headers.get("Access-Control-Allow-Methods")).toMatch(/POST/);
    expect(res.headers.get("Access-Control-Allow-Methods")).toMatch(/DELETE/);
    expect(res.headers.get("Access-Control-Allow-Headers")).toMatch(/Authorization/i);
  });

  it("a preflight from a foreign origin gets no allow headers", async () => {
    const request = new Request(`${API_ORIGIN}/api/login`, { method: "OPTIONS", headers: { Origin: "https://jahat.example.net" } });
    const res = await through(request, () => new Response(null));
    expect(res.status).toBe(204);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBeNull();
    expect(res.headers.get("Access-Control-Allow-Methods")).toBeNull();
  });

  it("keeps the CORS headers on error answers (401 of a protected call)", async () => {
    const request = new Request(`${API_ORIGIN}/api/kategoriprodukform`, { headers: { Origin: ALLOWED } });
    const res = await readApiResponse(
      await through(request, async () => (await kategoriForm.loader(routeArgs(request, {}))) as Response),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    expect(res.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
  });

  it("turns an error escaping a handler into a JSON answer without a stack trace", async () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const request = new Request(`${API_ORIGIN}/api/link`, { headers: { Origin: ALLOWED } });
      const res = await through(request, () => {
        throw new Error("boom at /secret/path.ts:12");
      });
      const text = await res.text();
      expect(res.headers.get("Content-Type")).toContain("application/json");
      expect(JSON.parse(text)).toEqual({ message: expect.any(String) });
      expect(text).not.toContain("boom");
      expect(res.headers.get("Access-Control-Allow-Origin")).toBe(ALLOWED);
    } finally {
      spy.mockRestore();
    }
  });

  it("passes a 301 of a renamed slug through (with Vary: Origin), not a 500", async () => {
    const { kategori } = kategoriWithProduk();
    const token = operatorToken(t.db);
    const renamed = await api(kategoriForm, `/api/kategoriprodukform/${kategori.id}`, {
      token,
      params: { id: String(kategori.id) },
      form: { kategori: "Kategori Pindah Nama", _method: "PATCH" },
    });
    expect(renamed.status).toBe(200);
    const request = new Request(`${API_ORIGIN}/api/produk/${kategori.seo}`, { headers: { Origin: ALLOWED } });
    const next = async () =>
      (await produk.loader(routeArgs(request, { seo: kategori.seo }))) as Response;
    let res: Response | undefined;
    let thrown: unknown;
    try {
      res = await through(request, next);
    } catch (error) {
      thrown = error;
    }
    expect(thrown, `middleware threw: ${String(thrown)}`).toBeUndefined();
    expect(res?.status).toBe(301);
    expect(res?.headers.get("Location")).toContain(`/api/produk/${renamed.body.data.seo}`);
    expect(res?.headers.get("Vary")).toMatch(/Origin/);
  });
});
