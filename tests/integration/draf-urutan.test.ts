/**
 * Through the routes, with real Requests on a copy of the seeded shop:
 * - `status` (Tayang / Draf) on the product, category and banner forms and their API calls:
 *   set, left out (a new record is Tayang, an edited one keeps its status), refused in Indonesian;
 * - the public loaders and the public /api/* calls never show a draft (nor a product of a draft
 *   category); the operator's API lists do, with their status;
 * - the preview /pratinjau/produk/:id: the login for a visitor, 404 for every other role, the
 *   page with its notice for an operator, never cached, noindex;
 * - 'Naik' / 'Turun' on categories, banners and product images change the public order.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as apiBanner from "~/routes/api/bannerform";
import * as apiGambar from "~/routes/api/gambarprodukform";
import * as apiGetProduk from "~/routes/api/getproduk";
import * as apiHome from "~/routes/api/home";
import * as apiKategori from "~/routes/api/kategoriprodukform";
import * as apiProduk from "~/routes/api/produk";
import * as apiProdukDetail from "~/routes/api/produkdetail";
import * as apiProdukForm from "~/routes/api/produkform";
import * as bannerRoute from "~/routes/operator/master/banner";
import * as gambarRoute from "~/routes/operator/produk/gambarproduk.$produkId";
import * as kategoriRoute from "~/routes/operator/produk/kategoriproduk";
import * as produkRoute from "~/routes/operator/produk/produk";
import * as detailRoute from "~/routes/public/detail-produk.$seo";
import * as homeRoute from "~/routes/public/home";
import * as publicProdukRoute from "~/routes/public/produk";
import * as sitemapRoute from "~/routes/public/sitemap[.]xml";
import { ROLES } from "~/domain/users/roles";
import type { SessionUser } from "~/domain/users/session-user";
import { isCacheableRequest } from "~/lib/server/page-cache.server";
import { startSession } from "../../app/http/session.server";
import { api, operatorToken, resourceClient } from "../setup/api";
import { addUser } from "../setup/data";
import { callOperatorAction, callOperatorLoader, fieldErrors, flashOf, jpegFile, seededOperator, type FormFields } from "../setup/operator-helpers";
import { callLoader, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

const SAVED = "Data berhasil disimpan";
const STATUS_TIDAK_VALID = "Status harus Tayang atau Draf.";
const URUTAN_DIUBAH = "Urutan berhasil diubah";

type Mod = Parameters<typeof callOperatorAction>[0];
type Card = { id: number; nama_seo: string; gambar: string | null };
type HomeData = { banner: { id: number; image: string }[]; kategori: { id: number; seo: string }[]; produk: Card[] };
type ListData = { kategori: { id: number; seo: string }[]; produk: Card[]; total: number };
type DetailData = { produk: { id: number; nama_produk: string }; gambar: { id: number; gambar: string }[]; tampil?: unknown; seo?: unknown };

let t: TestDb;
let operator: SessionUser;
let token: string;

beforeEach(() => {
  t = createTestDb();
  operator = seededOperator(t.db);
  token = operatorToken(t.db);
});
afterEach(() => t.cleanup());

const post = (mod: Mod, url: string, body: FormFields, params?: Record<string, string>) =>
  callOperatorAction(mod, url, body, { user: operator, ...(params ? { params } : {}) });

async function expectToast(result: Awaited<ReturnType<typeof post>>, to: string, kind: "success" | "error", message: string) {
  expect(result.status, JSON.stringify(result.data)).toBe(302);
  expect(result.location).toBe(to);
  expect(await flashOf(result)).toEqual({ kind, message });
}

const kategoriRow = (nama: string) => t.db.select().from(schema.kategori).where(eq(schema.kategori.kategori, nama)).get();
const produkRow = (nama: string) => t.db.select().from(schema.produk).where(eq(schema.produk.nama_produk, nama)).get();
const count = (table: "kategori" | "produk" | "banner") => (t.db.$client.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

/** A published product with images, its category's slug, and the category's id. */
function produkWithImages() {
  const row = t.db.$client
    .prepare(
      `select p.id, p.nama_seo, k.id as kategori, k.seo as kategori_seo from produk p join kategori k on k.id = p.id_kategori
       where (select count(*) from gambar_produk g where g.id_produk = p.id) >= 2 order by p.id desc limit 1`,
    )
    .get() as { id: number; nama_seo: string; kategori: number; kategori_seo: string };
  if (!row) throw new Error("The demo seed has no product with two images");
  return row;
}

const home = async () => (await callLoader<HomeData>(homeRoute, "/")).data;
const produkList = async () => (await callLoader<ListData>(publicProdukRoute, "/produk?halaman=20")).data;

describe("status on the back office's forms", () => {
  it("categories: set on add, kept by an edit that leaves it out, changed by one that names it, refused otherwise", async () => {
    const URL = "/operator/produk/kategoriproduk";
    await expectToast(await post(kategoriRoute, `${URL}?tambah=1`, { intent: "tambah", kategori: "Kursi Draf", status: "Draf" }), URL, "success", SAVED);
    await expectToast(await post(kategoriRoute, `${URL}?tambah=1`, { intent: "tambah", kategori: "Kursi Biasa" }), URL, "success", SAVED);
    const draf = kategoriRow("Kursi Draf")!;
    expect(draf.status).toBe("Draf");
    expect(kategoriRow("Kursi Biasa")!.status).toBe("Tayang");

    await post(kategoriRoute, `${URL}?ubah=${draf.id}`, { intent: "ubah", id: String(draf.id), kategori: "Kursi Draf Baru" });
    expect(kategoriRow("Kursi Draf Baru")!.status).toBe("Draf");
    await post(kategoriRoute, `${URL}?ubah=${draf.id}`, { intent: "ubah", id: String(draf.id), kategori: "Kursi Draf Baru", status: "Tayang" });
    expect(kategoriRow("Kursi Draf Baru")!.status).toBe("Tayang");

    const before = count("kategori");
    const refused = await post(kategoriRoute, `${URL}?tambah=1`, { intent: "tambah", kategori: "Kursi Arsip", status: "Arsip" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).status).toEqual([STATUS_TIDAK_VALID]);
    expect(count("kategori")).toBe(before);
    const refusedEdit = await post(kategoriRoute, `${URL}?ubah=${draf.id}`, { intent: "ubah", id: String(draf.id), kategori: "X", status: "terbit" });
    expect(refusedEdit.status).toBe(400);
    expect(kategoriRow("Kursi Draf Baru")!.status).toBe("Tayang");
  });

  it("products: the same, and the table shows the badge's status and the category's", async () => {
    const URL = "/operator/produk/produk";
    const valid = { nama_produk: "Meja Draf Uji", deskripsi: "Meja untuk uji.", harga: "1250000" };
    await expectToast(await post(produkRoute, `${URL}?tambah=1`, { intent: "tambah", ...valid, status: "Draf" }), URL, "success", SAVED);
    const row = produkRow("Meja Draf Uji")!;
    expect(row.status).toBe("Draf");
    await post(produkRoute, `${URL}?ubah=${row.id}`, { intent: "ubah", id: String(row.id), ...valid, harga: "990000" });
    expect(produkRow("Meja Draf Uji")).toMatchObject({ harga: "990000", status: "Draf" });
    const refused = await post(produkRoute, `${URL}?ubah=${row.id}`, { intent: "ubah", id: String(row.id), ...valid, status: "Publik" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).status).toEqual([STATUS_TIDAK_VALID]);
    expect(produkRow("Meja Draf Uji")!.status).toBe("Draf");

    const table = await callOperatorLoader(produkRoute, `${URL}?q=meja+draf+uji`, { user: operator });
    const rows = (table.data as { list: { rows: { id: number; status: string; kategori_status: string | null }[] } }).list.rows;
    expect(rows).toEqual([expect.objectContaining({ id: row.id, status: "Draf", kategori_status: null })]);
    const drafts = await callOperatorLoader(produkRoute, `${URL}?q=draf`, { user: operator });
    expect((drafts.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toContain(row.id);
  });

  it("banners: a draft is added, made public again without a new file, refused with an unknown status", async () => {
    const URL = "/operator/master/banner";
    const before = count("banner");
    await expectToast(await post(bannerRoute, `${URL}?tambah=1`, { intent: "tambah", image: await jpegFile(), status: "Draf" }), URL, "success", SAVED);
    const added = t.db.select().from(schema.banner).orderBy(schema.banner.id).all().at(-1)!;
    expect(count("banner")).toBe(before + 1);
    expect(added.status).toBe("Draf");
    const loader = await callOperatorLoader(bannerRoute, URL, { user: operator });
    expect((loader.data as { list: { id: number; status: string }[] }).list.at(-1)).toMatchObject({ id: added.id, status: "Draf" });

    await expectToast(await post(bannerRoute, `${URL}?ubah=${added.id}`, { intent: "ubah", id: String(added.id), status: "Tayang" }), URL, "success", SAVED);
    const after = t.db.select().from(schema.banner).where(eq(schema.banner.id, added.id)).get()!;
    expect(after).toMatchObject({ status: "Tayang", image: added.image });
    const refused = await post(bannerRoute, `${URL}?ubah=${added.id}`, { intent: "ubah", id: String(added.id), status: "Sembunyi" });
    expect(refused.status).toBe(400);
    expect(fieldErrors(refused).status).toEqual([STATUS_TIDAK_VALID]);
  });
});

describe("the public site and the public API never show a draft", () => {
  async function makeDrafts() {
    const produk = produkWithImages();
    const sqlite = t.db.$client;
    // Through the forms: the product, a banner, and another product's category.
    const form = t.db.select().from(schema.produk).where(eq(schema.produk.id, produk.id)).get()!;
    await post(produkRoute, `/operator/produk/produk?ubah=${produk.id}`, {
      intent: "ubah",
      id: String(produk.id),
      id_kategori: String(form.id_kategori ?? ""),
      nama_produk: form.nama_produk,
      deskripsi: form.deskripsi,
      harga: form.harga,
      status: "Draf",
    });
    const banner = t.db.select().from(schema.banner).orderBy(schema.banner.id).get()!;
    await post(bannerRoute, `/operator/master/banner?ubah=${banner.id}`, { intent: "ubah", id: String(banner.id), status: "Draf" });
    const kategori = sqlite
      .prepare("select k.id, k.kategori, k.seo from kategori k where k.id <> ? and exists (select 1 from produk p where p.id_kategori = k.id) order by k.id limit 1")
      .get(produk.kategori) as { id: number; kategori: string; seo: string };
    await post(kategoriRoute, `/operator/produk/kategoriproduk?ubah=${kategori.id}`, { intent: "ubah", id: String(kategori.id), kategori: kategori.kategori, status: "Draf" });
    const hidden = sqlite.prepare("select id, nama_seo from produk where id_kategori = ? order by id").all(kategori.id) as { id: number; nama_seo: string }[];
    expect(t.db.select().from(schema.produk).where(eq(schema.produk.id, produk.id)).get()!.status).toBe("Draf");
    expect(t.db.select().from(schema.kategori).where(eq(schema.kategori.id, kategori.id)).get()!.status).toBe("Draf");
    return { produk, banner, kategori, hidden, hiddenIds: [produk.id, ...hidden.map((h) => h.id)] };
  }

  it("home, the product lists, the category page, the product page (old slug too) and the sitemap", async () => {
    const { produk, banner, kategori, hidden, hiddenIds } = await makeDrafts();
    const beranda = await home();
    expect(ids(beranda.banner)).not.toContain(banner.id);
    expect(beranda.banner.length).toBeGreaterThan(0);
    expect(ids(beranda.kategori)).not.toContain(kategori.id);
    for (const id of hiddenIds) expect(ids(beranda.produk)).not.toContain(id);

    const list = await produkList();
    expect(ids(list.kategori)).not.toContain(kategori.id);
    for (const id of hiddenIds) expect(ids(list.produk)).not.toContain(id);
    const semua = t.db.$client.prepare("select count(*) as n from produk").get() as { n: number };
    expect(list.total).toBe(semua.n - hiddenIds.length);

    expect((await callLoader(publicProdukRoute, `/produk/${kategori.seo}`, { seo: kategori.seo })).status).toBe(404);
    expect((await callLoader(detailRoute, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).status).toBe(404);
    expect((await callLoader(detailRoute, `/detail-produk/${hidden[0]!.nama_seo}`, { seo: hidden[0]!.nama_seo })).status).toBe(404);
    // Renamed while a draft: its old slug answers 404 too, not a 301 to the draft.
    const row = t.db.select().from(schema.produk).where(eq(schema.produk.id, produk.id)).get()!;
    await post(produkRoute, `/operator/produk/produk?ubah=${produk.id}`, {
      intent: "ubah",
      id: String(produk.id),
      id_kategori: String(row.id_kategori ?? ""),
      nama_produk: `${row.nama_produk} Baru`,
      deskripsi: row.deskripsi,
      harga: row.harga,
    });
    expect((await callLoader(detailRoute, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).status).toBe(404);

    const sitemap = await callLoader<string>(sitemapRoute as never, "/sitemap.xml");
    expect(sitemap.data).toContain("/detail-produk/");
    expect(sitemap.data).not.toContain(`/produk/${kategori.seo}<`);
    for (const h of hidden) expect(sitemap.data).not.toContain(`/detail-produk/${h.nama_seo}<`);
    expect(sitemap.data).not.toContain(`/detail-produk/${produk.nama_seo}`);
  });

  it("the public API: /api/home, /api/produk (and a draft category's), /api/produkdetail", async () => {
    const { produk, banner, kategori, hidden, hiddenIds } = await makeDrafts();
    const beranda = await api(apiHome, "/api/home");
    expect(beranda.status).toBe(200);
    expect(ids(beranda.body.data.banner)).not.toContain(banner.id);
    expect(beranda.body.data.banner[0]).toEqual({ id: expect.any(Number), image: expect.stringMatching(/^\/uploads\//) });
    expect(ids(beranda.body.data.kategori)).not.toContain(kategori.id);

    const list = await api(apiProduk, "/api/produk");
    expect(list.status).toBe(200);
    for (const id of hiddenIds) expect(ids(list.body.data.produk)).not.toContain(id);
    expect(ids(list.body.data.kategori)).not.toContain(kategori.id);
    // The legacy card's six fields, nothing more.
    expect(Object.keys(list.body.data.produk[0]).sort()).toEqual(["gambar", "harga", "id", "kategori", "nama_produk", "nama_seo"]);
    expect((await api(apiProduk, `/api/produk/${kategori.seo}`, { params: { seo: kategori.seo } })).status).toBe(404);

    const detail = await api(apiProdukDetail, `/api/produkdetail/${produk.nama_seo}`, { params: { seo: produk.nama_seo } });
    expect(detail.status).toBe(404);
    expect(detail.body.message).toBe("Produk tidak ditemukan");
    expect((await api(apiProdukDetail, `/api/produkdetail/${hidden[0]!.nama_seo}`, { params: { seo: hidden[0]!.nama_seo } })).status).toBe(404);
  });

  it("the operator's API lists hold the drafts with their status", async () => {
    const { produk, banner, kategori, hidden } = await makeDrafts();
    const produkList = await resourceClient(apiProdukForm, "/api/produkform").list(token);
    const rows = produkList.body.data as { id: number; status: string; kategori_status: string | null }[];
    expect(rows.find((r) => r.id === produk.id)).toMatchObject({ status: "Draf" });
    expect(rows.find((r) => r.id === hidden[0]!.id)).toMatchObject({ status: "Tayang", kategori_status: "Draf" });
    expect((await resourceClient(apiProdukForm, "/api/produkform").get(produk.id, token)).body.data).toMatchObject({ id: produk.id, status: "Draf" });
    const kategoriList = await resourceClient(apiKategori, "/api/kategoriprodukform").list(token);
    expect((kategoriList.body.data as { id: number; status: string }[]).find((k) => k.id === kategori.id)).toMatchObject({ status: "Draf" });
    const bannerList = await resourceClient(apiBanner, "/api/bannerform").list(token);
    expect((bannerList.body.data as { id: number; status: string }[]).find((b) => b.id === banner.id)).toMatchObject({ status: "Draf" });
    const summary = await api(apiGetProduk, `/api/getproduk/${produk.id}`, { token, params: { produkId: String(produk.id) } });
    expect(summary.body.data).toMatchObject({ id: produk.id, status: "Draf" });
  });
});

describe("status and order through the operator's API", () => {
  it("categories: status on create (JSON too), kept by an update without it, 422 for an unknown one; `pindah` alone moves", async () => {
    const client = resourceClient(apiKategori, "/api/kategoriprodukform");
    const created = await client.create({ kategori: "Kursi API Draf", status: "draf" }, token);
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({ kategori: "Kursi API Draf", status: "Draf" });
    const id = created.body.data.id as number;
    const json = await api(apiKategori, "/api/kategoriprodukform", { token, json: { kategori: "Kursi API JSON" } });
    expect(json.body.data).toMatchObject({ status: "Tayang" });

    const renamed = await client.update(id, { kategori: "Kursi API Lain" }, token);
    expect(renamed.body.data).toMatchObject({ kategori: "Kursi API Lain", status: "Draf" });
    const refused = await client.update(id, { kategori: "Kursi API Lain", status: "Arsip" }, token);
    expect(refused.status).toBe(422);
    expect(refused.body.errors.status).toEqual([STATUS_TIDAK_VALID]);
    const badMove = await client.update(id, { pindah: "atas" }, token);
    expect(badMove.status).toBe(422);
    expect(badMove.body.errors.pindah).toEqual(["Pindah harus naik atau turun."]);

    // The JSON category is last, the draft just before it: `pindah` alone swaps them.
    const order = () => (t.db.$client.prepare("select id from kategori order by urutan, id").all() as { id: number }[]).map((r) => r.id);
    expect(order().slice(-2)).toEqual([id, json.body.data.id]);
    const moved = await client.update(json.body.data.id, { pindah: "naik" }, token);
    expect(moved.status).toBe(200);
    expect(moved.body.data).toMatchObject({ kategori: "Kursi API JSON" });
    expect(order().slice(-2)).toEqual([json.body.data.id, id]);
  });

  it("products and banners take `status`; a product image moves with `pindah`", async () => {
    const produk = await resourceClient(apiProdukForm, "/api/produkform").create({ nama_produk: "Lemari API", deskripsi: "d", harga: "1", status: "Draf" }, token);
    expect(produk.status).toBe(201);
    expect(produk.body.data).toMatchObject({ status: "Draf" });
    expect(produkRow("Lemari API")!.status).toBe("Draf");

    const banner = await resourceClient(apiBanner, "/api/bannerform").create({ image: await jpegFile(), status: "Draf" }, token);
    expect(banner.status).toBe(201);
    expect(banner.body.data.banner).toMatchObject({ status: "Draf" });
    const bannerId = banner.body.data.banner.id as number;
    const shown = await resourceClient(apiBanner, "/api/bannerform").update(bannerId, { status: "Tayang", pindah: "naik" }, token);
    expect(shown.body.data.banner).toMatchObject({ id: bannerId, status: "Tayang", image: banner.body.data.banner.image });
    const bannerOrder = (t.db.$client.prepare("select id from banner order by urutan, id").all() as { id: number }[]).map((r) => r.id);
    expect(bannerOrder.at(-2)).toBe(bannerId);

    const { id } = produkWithImages();
    const list = await api(apiGambar, `/api/gambarprodukform/${id}`, { token, params: { id: String(id) } });
    const [first, second] = list.body.data as { id: number }[];
    const moved = await resourceClient(apiGambar, "/api/gambarprodukform").update(second!.id, { pindah: "naik" }, token);
    expect(moved.status).toBe(200);
    const after = await api(apiGambar, `/api/gambarprodukform/${id}`, { token, params: { id: String(id) } });
    expect(ids(after.body.data).slice(0, 2)).toEqual([second!.id, first!.id]);
  });
});

describe("the preview of a product page", () => {
  async function cookieOf(userId: number) {
    return (await startSession(new Request(`${TEST_ORIGIN}/login`), userId)).split(";")[0]!;
  }
  const preview = (id: number | string, cookie?: string) =>
    callLoader<DetailData>(detailRoute, `/pratinjau/produk/${id}`, { produkId: String(id) }, cookie ? { headers: { Cookie: cookie } } : {});

  async function draft() {
    const saved = await post(produkRoute, "/operator/produk/produk?tambah=1", { intent: "tambah", nama_produk: "Sofa Pratinjau", deskripsi: "Sofa.", harga: "5000000", status: "Draf" });
    expect(saved.status).toBe(302);
    return produkRow("Sofa Pratinjau")!;
  }

  it("a visitor is sent to the login (and back here after)", async () => {
    const row = await draft();
    const result = await preview(row.id);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?redirectTo=${encodeURIComponent(`/pratinjau/produk/${row.id}`)}`);
  });

  it("every signed-in role other than Operator gets a 404", async () => {
    const row = await draft();
    for (const role of ROLES.filter((r) => r !== "Operator")) {
      const user = await addUser(t.db, [role]);
      const result = await preview(row.id, await cookieOf(user.id));
      expect(result.status, role).toBe(404);
      expect(result.thrown, role).toBe(true);
    }
  });

  it("an operator sees the draft's page with the notice data; noindex, never cached; unknown ids are 404", async () => {
    const row = await draft();
    const cookie = await cookieOf(operator.id);
    const result = await preview(row.id, cookie);
    expect(result.status).toBe(200);
    expect(result.data.produk).toMatchObject({ id: row.id, nama_produk: "Sofa Pratinjau" });
    expect(result.data.tampil).toEqual({ status: "Draf", kategori_status: null, tayang: false });
    expect(result.data.seo).toBeUndefined();
    const meta = detailRoute.meta({ loaderData: result.data, matches: [] } as never) as Record<string, string>[];
    expect(meta).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(meta.some((tag) => tag.rel === "canonical" || "script:ld+json" in tag)).toBe(false);
    expect(isCacheableRequest("GET", `/pratinjau/produk/${row.id}`, {})).toBe(false);

    // The public page of the same product is a 404 meanwhile.
    expect((await callLoader(detailRoute, `/detail-produk/${row.nama_seo}`, { seo: row.nama_seo })).status).toBe(404);
    for (const id of ["999999", "abc", "0"]) expect((await preview(id, cookie)).status, id).toBe(404);
  });
});

describe("'Naik' / 'Turun' change the public order", () => {
  it("categories: the public filter and the home cards follow; the first cannot go up", async () => {
    const URL = "/operator/produk/kategoriproduk";
    const before = ids((await produkList()).kategori);
    const last = before.at(-1)!;
    await expectToast(await post(kategoriRoute, URL, { intent: "naik", id: String(last) }), URL, "success", URUTAN_DIUBAH);
    const expected = [...before.slice(0, -2), last, before.at(-2)!];
    expect(ids((await produkList()).kategori)).toEqual(expected);
    expect(ids((await home()).kategori)).toEqual(expected.slice(0, 12));

    await expectToast(await post(kategoriRoute, URL, { intent: "naik", id: String(expected[0]) }), URL, "error", "Sudah di urutan pertama.");
    expect(ids((await produkList()).kategori)).toEqual(expected);

    const table = await callOperatorLoader(kategoriRoute, URL, { user: operator });
    const rows = (table.data as { list: { rows: { id: number; naik: boolean; turun: boolean }[] } }).list.rows;
    expect(rows[0]).toMatchObject({ id: expected[0], naik: false, turun: true });
  });

  it("banners: the home slider follows", async () => {
    const URL = "/operator/master/banner";
    const before = ids((await home()).banner);
    expect(before.length).toBeGreaterThanOrEqual(2);
    await expectToast(await post(bannerRoute, URL, { intent: "turun", id: String(before[0]) }), URL, "success", URUTAN_DIUBAH);
    expect(ids((await home()).banner).slice(0, 2)).toEqual([before[1], before[0]]);
  });

  it("product images: the first is the cover on the card and the product page's first image", async () => {
    const produk = produkWithImages();
    const URL = `/operator/produk/gambarproduk/${produk.id}`;
    const params = { produkId: String(produk.id) };
    const detail = async () => (await callLoader<DetailData>(detailRoute, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).data;
    const [first, second] = (await detail()).gambar;
    await expectToast(await post(gambarRoute, URL, { intent: "naik", id: String(second!.id) }, params), URL, "success", URUTAN_DIUBAH);
    expect(ids((await detail()).gambar).slice(0, 2)).toEqual([second!.id, first!.id]);
    const card = (await callLoader<ListData>(publicProdukRoute, `/produk/${produk.kategori_seo}?halaman=20`, { seo: produk.kategori_seo })).data.produk.find(
      (p) => p.id === produk.id,
    );
    expect(card?.gambar).toBe(second!.gambar);

    // Another product's image is unknown here: nothing moves.
    const other = t.db.$client.prepare("select id from gambar_produk where id_produk <> ? order by id limit 1").get(produk.id) as { id: number };
    await expectToast(await post(gambarRoute, URL, { intent: "turun", id: String(other.id) }, params), URL, "error", "Gagal menyimpan data");
  });
});
