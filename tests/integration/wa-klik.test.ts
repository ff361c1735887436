/**
 * WhatsApp clicks counted on our own server, with real Requests:
 * - every WhatsApp link the public pages render (header, footer, floating button, Kontak Kami,
 *   a product's branches) is a /wa/… link, and each one answers 302 to wa.me;
 * - the redirect records one row (no cookie, nothing about the visitor), not for bots, HEAD or
 *   prefetches, nor past a client network's limit — but always redirects, whatever happens to
 *   the counting; `no-store`, and the page cache never keeps it; unknown targets are a 404;
 * - Statistik WhatsApp (operator only) and its CSV.
 */
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as waRoute from "~/routes/wa";
import * as statistikPage from "~/routes/operator/master/statistik-whatsapp";
import * as unduhRoute from "~/routes/operator/master/statistik-whatsapp-unduh";
import * as detailProduk from "~/routes/public/detail-produk.$seo";
import * as kontakKami from "~/routes/public/kontak-kami";
import { FloatingWhatsApp, PublicFooter } from "~/components/public/public-footer";
import { PublicHeader } from "~/components/public/public-header";
import { OPERATOR_MENU } from "../../app/navigation/menus";
import { getProdukPratinjauData } from "~/domain/katalog/katalog.server";
import { recordWaKlik, WA_KLIK_BATAS } from "~/domain/whatsapp/wa-klik.server";
import { buildEntry, isCacheableRequest, isShareable } from "~/lib/server/page-cache.server";
import { CLIENT_IP_HEADER } from "~/lib/server/throttle.server";
import { waHalamanOf, waHref } from "~/lib/util/format";
import { toWibDateInput } from "~/lib/util/wib";
import { sessionCookie, visitArea } from "../setup/area";
import { addUser } from "../setup/data";
import { callLoader, TEST_ORIGIN } from "../setup/route";
import { eachTestDb } from "../setup/test-db";

const each = eachTestDb();
const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

function klik() {
  return each.t.db.select().from(schema.waKlik).all();
}

/** GET /wa/… through its loader as a browser (or `headers`) would. */
async function follow(href: string, headers: Record<string, string> = { "User-Agent": CHROME }, method = "GET") {
  const url = new URL(href, TEST_ORIGIN);
  const [, , tujuan, seo] = url.pathname.split("/");
  const params: Record<string, string> = { tujuan: decodeURIComponent(tujuan!) };
  if (seo !== undefined) params.seo = decodeURIComponent(seo);
  return callLoader(waRoute, url.pathname + url.search, params, { headers, method });
}

/** Renders `Component` at `path` with `data` as its loader data, as the server would. */
async function render(path: string, Component: ComponentType<{ loaderData: never }>, data: unknown = null): Promise<string> {
  const routes: RouteObject[] = [
    { path: new URL(path, TEST_ORIGIN).pathname, loader: () => data, Component: () => createElement(Component, { loaderData: useLoaderData() as never }) },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

const hrefs = (html: string) => [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, "&"));
const waHrefs = (html: string) => hrefs(html).filter((h) => h.startsWith("/wa/"));

function seedShop() {
  const db = each.t.db;
  db.update(schema.setting).set({ whatsapp: "0812-1111-2222", nama_toko: "Mebel Uji" }).where(eq(schema.setting.id, 1)).run();
  const cabang = db.insert(schema.kantorCabang).values({ kantor_cabang: "Gudang Uji", kontak: "081333334444" }).returning().get();
  const tanpaNomor = db.insert(schema.kantorCabang).values({ kantor_cabang: "Gudang Tanpa Nomor", kontak: "" }).returning().get();
  const kategori = db.select().from(schema.kategori).get()!;
  const produk = db
    .insert(schema.produk)
    .values({ id_kategori: kategori.id, nama_produk: "Kursi Uji WA", nama_seo: "kursi-uji-wa", harga: "1", deskripsi: "x" })
    .returning()
    .get();
  db.insert(schema.produkGudang).values([{ id_produk: produk.id, id_kantor_cabang: cabang.id }, { id_produk: produk.id, id_kantor_cabang: tanpaNomor.id }]).run();
  db.delete(schema.waKlik).run();
  return { cabang, tanpaNomor, produk };
}

describe("the public pages' WhatsApp links all go through /wa/", () => {
  it("waHref and the page kinds", () => {
    expect(waHref("0812 1", "toko", { dari: "beranda" })).toBe("/wa/toko?dari=beranda");
    expect(waHref("0812 1", 7, { dari: "detail-produk", produk: "kursi jati" })).toBe("/wa/7/kursi%20jati?dari=detail-produk");
    expect(waHref("", 7, { dari: "kontak-kami" })).toBe("");
    expect(waHalamanOf("/")).toBe("beranda");
    expect(waHalamanOf("/produk/kursi")).toBe("produk");
    expect(waHalamanOf("/detail-produk/kursi")).toBe("detail-produk");
    expect(waHalamanOf("/Kontak-Kami")).toBe("kontak-kami");
    expect(waHalamanOf("/tidak-ada")).toBe("lain");
  });

  it("header, footer and floating button on a product page name that product; elsewhere the page only", async () => {
    const { produk } = seedShop();
    const Layout = () =>
      createElement("div", null, [
        createElement(PublicHeader, { key: "h", namaToko: "Mebel Uji", whatsapp: "0812-1111-2222" }),
        createElement(PublicFooter, {
          key: "f",
          setting: { nama_toko: "Mebel Uji", alamat: "", email: "", whatsapp: "0812-1111-2222", instagram: "", facebook: "" },
          kantorcabang: [],
          jumlahCabang: 0,
        }),
        createElement(FloatingWhatsApp, { key: "w", whatsapp: "0812-1111-2222" }),
      ]);
    const onProduct = await render(`/detail-produk/${produk.nama_seo}`, Layout);
    expect(onProduct).not.toContain("wa.me");
    const links = waHrefs(onProduct);
    expect(links.length).toBe(5); // header, phone menu, footer number, footer icon, floating
    expect(new Set(links)).toEqual(new Set([`/wa/toko/${produk.nama_seo}?dari=detail-produk`]));
    const home = waHrefs(await render("/", Layout));
    expect(new Set(home)).toEqual(new Set(["/wa/toko?dari=beranda"]));
    for (const href of [...new Set([...links, ...home])]) expect((await follow(href)).status, href).toBe(302);
  });

  it("Kontak Kami: the shop's number and each branch with a number; a product page: its branches, with the product", async () => {
    const { cabang, tanpaNomor, produk } = seedShop();
    const kontak = await render("/kontak-kami", kontakKami.default as never, (await callLoader(kontakKami, "/kontak-kami")).data);
    expect(kontak).not.toContain("wa.me");
    const kontakLinks = waHrefs(kontak);
    expect(kontakLinks).toContain("/wa/toko?dari=kontak-kami");
    expect(kontakLinks).toContain(`/wa/${cabang.id}?dari=kontak-kami`);
    expect(kontakLinks.some((h) => h.startsWith(`/wa/${tanpaNomor.id}`))).toBe(false);

    const detailData = (await callLoader(detailProduk, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).data;
    const detail = await render(`/detail-produk/${produk.nama_seo}`, detailProduk.default as never, detailData);
    expect(detail).not.toContain("wa.me");
    // The branch with the product first, then ('Cabang lain') every other branch with a number
    // (open ones first: their order follows the clock, so compared as a set).
    const others = each.t.db.select().from(schema.kantorCabang).all().filter((b) => b.kontak && b.id !== cabang.id);
    const link = (b: { id: number }) => `/wa/${b.id}/${produk.nama_seo}?dari=detail-produk`;
    const [first, ...rest] = waHrefs(detail);
    expect(first).toBe(link(cabang));
    expect(rest.sort()).toEqual(others.map(link).sort());
    expect(detail).toContain("Kontak belum tersedia"); // the branch without a number

    for (const href of [...new Set([...kontakLinks, ...waHrefs(detail)])]) expect((await follow(href)).status, href).toBe(302);
  });

  it("the operator's preview of a draft: its chat links name the branch alone (the redirect knows published products only)", async () => {
    const { cabang, produk } = seedShop();
    each.t.db.update(schema.produk).set({ status: "Draf" }).where(eq(schema.produk.id, produk.id)).run();
    const preview = await render(`/pratinjau/produk/${produk.id}`, detailProduk.default as never, getProdukPratinjauData(each.t.db, produk.id));
    const links = waHrefs(preview);
    expect(links).toContain(`/wa/${cabang.id}?dari=detail-produk`);
    expect(links.some((h) => h.includes(produk.nama_seo))).toBe(false);
    for (const href of links) expect((await follow(href)).status, href).toBe(302);
    // The product's own link is refused while it is a draft.
    expect((await follow(`/wa/${cabang.id}/${produk.nama_seo}?dari=detail-produk`)).status).toBe(404);
  });
});

describe("/wa/<tujuan>[/<seo>]", () => {
  it("records one click and redirects 302 to the chat with the product's message; no cookie, no-store", async () => {
    const { cabang, produk } = seedShop();
    const answer = await follow(`/wa/${cabang.id}/${produk.nama_seo}?dari=detail-produk`);
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Cache-Control")).toBe("no-store");
    expect(answer.headers.get("Set-Cookie")).toBeNull();
    const location = new URL(answer.location!);
    expect(location.origin + location.pathname).toBe("https://wa.me/6281333334444");
    expect(location.searchParams.get("text")).toBe(
      `Halo Gudang Uji, saya tertarik dengan produk "Kursi Uji WA" (${TEST_ORIGIN}/detail-produk/${produk.nama_seo}). Apakah masih tersedia?`,
    );
    const rows = klik();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: produk.id, halaman: "detail-produk", hari: toWibDateInput(new Date()) });

    const toko = await follow("/wa/toko?dari=bukan-halaman");
    expect(toko.status).toBe(302);
    expect(toko.location).toBe("https://wa.me/6281211112222");
    expect(klik().at(-1)).toMatchObject({ tujuan: "toko", id_kantor_cabang: null, id_produk: null, halaman: "lain" });
  });

  it("bots, HEAD requests and browser prefetches are redirected but not counted", async () => {
    const { cabang } = seedShop();
    expect((await follow(`/wa/${cabang.id}`, { "User-Agent": GOOGLEBOT })).status).toBe(302);
    expect((await follow(`/wa/${cabang.id}`, { "User-Agent": "WhatsApp/2.23.20.0 A" })).status).toBe(302);
    expect((await follow(`/wa/${cabang.id}`, { "User-Agent": CHROME }, "HEAD")).status).toBe(302);
    expect((await follow(`/wa/${cabang.id}`, { "User-Agent": CHROME, "Sec-Purpose": "prefetch;prerender" })).status).toBe(302);
    expect(klik()).toHaveLength(0);
    await follow(`/wa/${cabang.id}`);
    expect(klik()).toHaveLength(1);
  });

  it("500 clicks from one address: all 500 go to the chat, 5 are counted; another address still counts", async () => {
    const { cabang, produk } = seedShop();
    const href = `/wa/${cabang.id}/${produk.nama_seo}?dari=detail-produk`;
    const from = (ip: string) => ({ "User-Agent": CHROME, [CLIENT_IP_HEADER]: ip });
    const answers = [];
    for (let i = 0; i < 500; i++) answers.push(await follow(href, from("203.0.113.50")));
    expect(answers.every((a) => a.status === 302 && a.location?.startsWith("https://wa.me/6281333334444?text="))).toBe(true);
    expect(answers.some((a) => a.status === 429 || a.headers.has("Retry-After"))).toBe(false);
    expect(klik()).toHaveLength(WA_KLIK_BATAS.perTujuan.points);
    expect((await follow(href, from("198.51.100.9"))).status).toBe(302);
    expect(klik()).toHaveLength(WA_KLIK_BATAS.perTujuan.points + 1);
  });

  it("a click that cannot be recorded still goes to the chat", async () => {
    const { cabang } = seedShop();
    each.t.db.$client.exec("DROP TABLE wa_klik");
    const answer = await follow(`/wa/${cabang.id}`);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe("https://wa.me/6281333334444");
  });

  it("an unknown branch or product, a branch or shop without a number: 404 (never a 500), nothing counted", async () => {
    const { cabang, tanpaNomor } = seedShop();
    for (const href of ["/wa/999999", "/wa/abc", "/wa/0", `/wa/${tanpaNomor.id}`, `/wa/${cabang.id}/produk-tidak-ada`, "/wa/toko/produk-tidak-ada"]) {
      const answer = await follow(href);
      expect(answer.status, href).toBe(404);
      expect(answer.thrown, href).toBe(true);
    }
    each.t.db.update(schema.setting).set({ whatsapp: "" }).where(eq(schema.setting.id, 1)).run();
    expect((await follow("/wa/toko")).status).toBe(404);
    expect(klik()).toHaveLength(0);
  });

  it("the page cache never keeps it: /wa is never looked up, and a 302 or a no-store answer is not an entry", () => {
    for (const path of ["/wa", "/wa/1", "/wa/toko/kursi-jati"]) expect(isCacheableRequest("GET", path, {}), path).toBe(false);
    expect(isCacheableRequest("GET", "/wanita", {})).toBe(true); // only the /wa path itself
    const headers = new Headers({ "Cache-Control": "no-store", Location: "https://wa.me/1", "Content-Type": "text/html" });
    expect(buildEntry(302, headers, Buffer.from(""))).toBeNull(); // and were one ever rendered, it is not stored
    expect(isShareable("no-store")).toBe(false);
  });
});

describe("Statistik WhatsApp", () => {
  const PATH = "/operator/master/statistik-whatsapp";

  async function operator() {
    const user = await addUser(each.t.db, ["Operator"], { name: "Bu Operator" });
    return sessionCookie(user.id);
  }

  it("is in the operator's Master menu", () => {
    const master = OPERATOR_MENU.find((g) => g.label === "Master")!;
    expect(master.items).toContainEqual({ to: PATH, label: "Statistik WhatsApp" });
  });

  it("shows clicks per day (SVG with title, description and a table), per branch, top products; 7/30/90 as links", async () => {
    const { cabang, produk } = seedShop();
    for (let i = 0; i < 4; i++) recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: produk.id }, "detail-produk");
    recordWaKlik(each.t.db, { tujuan: "toko", id_kantor_cabang: null, id_produk: null }, "beranda", new Date(Date.now() - 20 * 24 * 3600 * 1000));
    const cookie = await operator();

    const week = await visitArea(`${PATH}?hari=7`, cookie, statistikPage);
    expect(week.status).toBe(200);
    const data = week.page as Awaited<ReturnType<typeof statistikPage.loader>>;
    expect(data.statistik.total).toBe(4);
    expect(data.pesan).toBeNull();
    const html = await render(`${PATH}?hari=7`, statistikPage.default as never, data);
    expect(html).toContain("<title id=\"grafik-wa-judul\">Klik WhatsApp per hari</title>");
    expect(html).toMatch(/<desc id="grafik-wa-desc">4 klik dari .* terbanyak 4 klik pada/);
    expect(html).toContain("Total 4 klik");
    expect(html).toMatch(/Gudang Uji<\/td><td[^>]*>4</);
    expect(html).toMatch(/Kursi Uji WA<\/a><\/td><td[^>]*>4</);
    expect(hrefs(html)).toEqual(expect.arrayContaining([`${PATH}?hari=7`, `${PATH}?hari=30`, `${PATH}?hari=90`, `${PATH}/unduh?hari=7`]));
    expect(html).toMatch(/aria-current="page"[^>]*>7 hari terakhir/);
    expect(html).not.toContain("<script");

    const month = (await visitArea(`${PATH}?hari=30`, cookie, statistikPage)).page as typeof data;
    expect(month.statistik.total).toBe(5);
    const odd = (await visitArea(`${PATH}?hari=abc`, cookie, statistikPage)).page as typeof data;
    expect(odd.statistik.periode).toBe(30);
    expect(odd.pesan).toBe('Periode "abc" tidak dikenal: ditampilkan 30 hari terakhir.');
  });

  it("the CSV download: operator only, named by period, formula-safe; an unknown period is a 400", async () => {
    const { cabang, produk } = seedShop();
    recordWaKlik(each.t.db, { tujuan: "cabang", id_kantor_cabang: cabang.id, id_produk: produk.id }, "detail-produk");
    const cookie = await operator();
    const ok = await visitArea(`${PATH}/unduh?hari=90`, cookie, unduhRoute);
    const response = ok.page as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="statistik-whatsapp-90-hari-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe(`\uFEFFhari,tujuan,produk,halaman,klik\r\n${toWibDateInput(new Date())},Gudang Uji,Kursi Uji WA,Detail Produk,1\r\n`);

    const bad = (await visitArea(`${PATH}/unduh?hari=365`, cookie, unduhRoute)).page as Response;
    expect(bad.status).toBe(400);
    expect(await bad.text()).toBe("Periode tidak dikenal: pilih 7, 30, 90 hari.");
  });

  it("a visitor goes to the login; another role gets 404", async () => {
    const anon = await visitArea(PATH, null, statistikPage);
    expect(anon.status).toBe(302);
    expect(anon.location).toBe(`/login?redirectTo=${encodeURIComponent(PATH)}`);
    const pengusul = await addUser(each.t.db, ["Pengusul"], { name: "Pak Dosen" });
    const cookie = await sessionCookie(pengusul.id);
    expect((await visitArea(PATH, cookie, statistikPage)).status).toBe(404);
    expect((await visitArea(`${PATH}/unduh`, cookie, unduhRoute)).status).toBe(404);
    expect((await visitArea(`${PATH}/unduh`, null, unduhRoute)).status).toBe(302);
  });
});
