/**
 * Branch opening hours: the Kantor Cabang form posted as a plain HTML form (no
 * JavaScript) — hours saved, refused with Indonesian messages and a 4xx that stores nothing —,
 * the shop's zone on Setting, the legacy API unchanged (new data under new keys only), the
 * public pages showing 'Buka sekarang' / 'Tutup sekarang' for the request's time, and the page
 * cache: a cached page is never served once the clock has crossed an opening or closing time.
 */
import zlib from "node:zlib";
import { createElement, type ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { cacheKey, pageCache } from "../../server/app";
import * as kantorCabangRoute from "~/routes/operator/master/kantorcabang";
import * as settingRoute from "~/routes/operator/master/setting";
import * as kantorcabangform from "~/routes/api/kantorcabangform";
import * as formsetting from "~/routes/api/formsetting";
import * as linkApi from "~/routes/api/link";
import * as kontakkamiApi from "~/routes/api/kontakkami";
import * as produkdetailApi from "~/routes/api/produkdetail";
import * as detailProduk from "~/routes/public/detail-produk.$seo";
import * as kontakKami from "~/routes/public/kontak-kami";
import * as layoutRoute from "~/routes/public/layout";
import { PublicFooter } from "~/components/public/public-footer";
import { statusBukaOf, type JamBukaData, type Minggu } from "~/domain/kantor-cabang/jam-buka";
import {
  createKantorCabang,
  getJamBuka,
  getKantorCabang,
  setClockForTests,
  updateKantorCabangNama,
} from "~/domain/kantor-cabang/kantor-cabang.server";
import { getLinkData } from "~/domain/katalog/katalog.server";
import type { SessionUser } from "~/domain/users/session-user";
import { buildEntry } from "~/lib/server/page-cache.server";
import { api, expectValidation, operatorToken, resourceClient } from "../setup/api";
import { callOperatorAction, callOperatorLoader, fieldErrors, flashOf, seededOperator, snapshot, type FormFields } from "../setup/operator-helpers";
import { callLoader, TEST_ORIGIN } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

const PATH = "/operator/master/kantorcabang";
const SAVED = "Data berhasil disimpan";
const SAVE_FAILED = "Gagal menyimpan data";
const SPEC_KEYS = ["alamat", "id", "kantor_cabang", "kontak", "maps"];

/** A wall-clock time in WIB. 2026-03-02 is a Monday. */
const wib = (local: string) => new Date(`${local}:00+07:00`);
const at = (local: string) => setClockForTests(() => wib(local));

/** Senin–Sabtu 08.00–17.00, Minggu libur — as the form posts it. */
const FORM_BIASA: Record<string, string> = {
  ...Object.fromEntries([1, 2, 3, 4, 5, 6].flatMap((h) => [[`jam_buka_${h}`, "08:00"], [`jam_tutup_${h}`, "17:00"]])),
  jam_buka_7: "",
  jam_tutup_7: "",
  libur_7: "on",
};
/** Every hour field blank, as a browser posts an untouched grid. */
const FORM_KOSONG: Record<string, string> = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].flatMap((h) => [[`jam_buka_${h}`, ""], [`jam_tutup_${h}`, ""]]));
const BIASA: Minggu = [...[1, 2, 3, 4, 5, 6].map((hari) => ({ hari, buka: "08:00", tutup: "17:00" })), { hari: 7, buka: null, tutup: null }];

let t: TestDb;
let operator: SessionUser;

beforeEach(() => {
  t = createTestDb();
  operator = seededOperator(t.db);
  // Whatever hours the demo seed gives its branches: each test starts from none (before anything
  // read them, so no table in memory holds the seed's).
  t.db.delete(schema.jamBuka).run();
  pageCache.clear();
});
afterEach(() => {
  setClockForTests(null);
  t.cleanup();
});

const post = (mod: Parameters<typeof callOperatorAction>[0], url: string, body: FormFields) => callOperatorAction(mod, url, body, { user: operator });

/** Posts and asserts that nothing stored changed. */
async function refused(url: string, body: FormFields) {
  const before = snapshot(t.db, t.uploadsDir);
  const result = await post(kantorCabangRoute, url, body);
  expect(snapshot(t.db, t.uploadsDir), `nothing stored after POST ${url}`).toEqual(before);
  return result;
}

function branchNamed(name: string) {
  return t.db.select().from(schema.kantorCabang).where(eq(schema.kantorCabang.kantor_cabang, name)).get();
}

function lastLog(id: number) {
  const row = t.db.select().from(schema.aktivitas).where(eq(schema.aktivitas.id_entitas, String(id))).orderBy(desc(schema.aktivitas.id)).get();
  return JSON.parse(row?.perubahan ?? "null") as Record<string, [unknown, unknown]> | null;
}

/** Renders a route component at `path` with `data` as its loader data (and an action's reply), as the server does. */
async function render(path: string, Component: ComponentType<{ loaderData: never; actionData?: never }>, data: unknown, actionData?: unknown): Promise<string> {
  const Page = () => createElement(Component, { loaderData: useLoaderData() as never, actionData: actionData as never });
  const routes: RouteObject[] = [{ path: new URL(path, TEST_ORIGIN).pathname, loader: () => data, Component: Page }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

/** The visible text of some HTML (tags dropped, entities of this app's output decoded). */
const text = (html: string) => html.replace(/<[^>]+>/g, "").replace(/&amp;/g, "&").replace(/&#x27;/g, "'");

describe("the Kantor Cabang form without JavaScript", () => {
  it("creates a branch with its week, shows it in the table and the edit form, edits and clears it", async () => {
    const created = await post(kantorCabangRoute, `${PATH}?tambah=1`, { intent: "tambah", kantor_cabang: "Gudang Kudus", ...FORM_BIASA });
    expect(created.status).toBe(302);
    expect(await flashOf(created)).toEqual({ kind: "success", message: SAVED });
    const row = branchNamed("Gudang Kudus")!;
    expect(getJamBuka(t.db, row.id)).toEqual(BIASA);
    expect(lastLog(row.id)).toMatchObject({ jam_buka: [null, "Senin–Sabtu 08.00–17.00, Minggu libur"] });

    const list = await callOperatorLoader(kantorCabangRoute, `${PATH}?q=Gudang+Kudus`, { user: operator });
    const rows = (list.data as { list: { rows: { id: number; jam_buka: string | null }[] } }).list.rows;
    expect(rows).toEqual([expect.objectContaining({ id: row.id, jam_buka: "Sen–Sab 08.00–17.00, Min libur" })]);
    const edit = await callOperatorLoader(kantorCabangRoute, `${PATH}?ubah=${row.id}`, { user: operator });
    expect((edit.data as { ubah: { jam_buka: Minggu } }).ubah.jam_buka).toEqual(BIASA);

    // Sunday opens too; "8.00" is read as 08:00.
    const sunday = { ...FORM_BIASA, jam_buka_7: "9.00", jam_tutup_7: "15:00", libur_7: "" };
    delete (sunday as Record<string, string>).libur_7;
    const updated = await post(kantorCabangRoute, `${PATH}?ubah=${row.id}`, { intent: "ubah", id: String(row.id), kantor_cabang: "Gudang Kudus", ...sunday });
    expect(updated.status).toBe(302);
    expect(getJamBuka(t.db, row.id)?.[6]).toEqual({ hari: 7, buka: "09:00", tutup: "15:00" });
    expect(lastLog(row.id)).toEqual({ jam_buka: ["Senin–Sabtu 08.00–17.00, Minggu libur", "Senin–Sabtu 08.00–17.00, Minggu 09.00–15.00"] });

    // Every row blank: the hours are no longer on record.
    const cleared = await post(kantorCabangRoute, `${PATH}?ubah=${row.id}`, { intent: "ubah", id: String(row.id), kantor_cabang: "Gudang Kudus", ...FORM_KOSONG });
    expect(cleared.status).toBe(302);
    expect(getJamBuka(t.db, row.id)).toBeNull();
    expect(t.db.select().from(schema.jamBuka).where(eq(schema.jamBuka.id_kantor_cabang, row.id)).all()).toEqual([]);
  });

  it("bad hours: 400, every message on its field naming the day, nothing stored", async () => {
    const row = createKantorCabang(t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const result = await refused(`${PATH}?ubah=${row.id}`, {
      intent: "ubah",
      id: String(row.id),
      kantor_cabang: "Gudang Jam Baru",
      ...FORM_BIASA,
      jam_tutup_1: "",
      jam_buka_2: "jam 8",
      jam_buka_3: "17:00",
      jam_tutup_3: "08:00",
      jam_tutup_4: "25:00",
      jam_buka_5: "",
      jam_tutup_5: "",
      jam_buka_7: "10:00",
    });
    expect(result.status).toBe(400);
    expect((result.data as { message: string }).message).toBe(SAVE_FAILED);
    const errors = fieldErrors(result);
    expect(errors.jam_tutup_1).toEqual(["Jam tutup Senin wajib diisi bila jam buka diisi."]);
    expect(errors.jam_buka_2).toEqual(["Jam buka Selasa tidak valid, contoh 08:00."]);
    expect(errors.jam_tutup_3).toEqual(["Jam tutup Rabu harus setelah jam buka. Buka sampai tengah malam: isi 24:00."]);
    expect(errors.jam_tutup_4).toEqual(["Jam tutup Kamis tidak valid, contoh 17:00 (24:00 untuk tengah malam)."]);
    expect(errors.jam_buka_5).toEqual(["Isi jam buka dan jam tutup Jumat, atau centang Libur."]);
    expect(errors.jam_buka_7).toEqual(["Minggu libur: kosongkan jamnya atau hapus centang Libur."]);
    expect(getJamBuka(t.db, row.id)).toEqual(BIASA);

    // A new branch with one bad day is not created at all (neither the row nor any hours).
    const create = await refused(`${PATH}?tambah=1`, { intent: "tambah", kantor_cabang: "Gudang Salah", ...FORM_BIASA, jam_tutup_6: "07:00" });
    expect(create.status).toBe(400);
    expect(fieldErrors(create)).toMatchObject({ jam_tutup_6: ["Jam tutup Sabtu harus setelah jam buka. Buka sampai tengah malam: isi 24:00."] });
    expect(branchNamed("Gudang Salah")).toBeUndefined();
  });

  it("the page: the week grid filled from the record (a closed day ticked Libur), and a refused post's messages under their day", async () => {
    const row = createKantorCabang(t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const url = `${PATH}?ubah=${row.id}`;
    const data = (await callOperatorLoader(kantorCabangRoute, url, { user: operator })).data;
    const page = await render(url, kantorCabangRoute.default as never, data);
    const input = (name: string) => page.match(new RegExp(`<input[^>]*name="${name}"[^>]*/>`))?.[0] ?? "";
    expect(input("jam_buka_1")).toContain('value="08:00"');
    expect(input("jam_buka_1")).toContain('aria-label="Jam buka Senin"');
    expect(input("jam_tutup_6")).toContain('value="17:00"');
    expect(input("jam_buka_7")).not.toContain("value=");
    expect(input("libur_7")).toContain("checked");
    expect(input("libur_1")).not.toContain("checked");
    expect(text(page)).toContain("Jam buka: Sen–Sab 08.00–17.00, Min libur");

    const reply = await refused(url, { intent: "ubah", id: String(row.id), kantor_cabang: "Gudang Jam", ...FORM_BIASA, jam_tutup_2: "07:30" });
    const again = await render(url, kantorCabangRoute.default as never, data, reply.data);
    expect(again).toMatch(/<input[^>]*aria-describedby="([^"]*jam_tutup_2-error)"[^>]*name="jam_tutup_2" value="07:30"/);
    const describedBy = /aria-describedby="([^"]*jam_tutup_2-error)"/.exec(again)![1]!;
    expect(again).toContain(`<p id="${describedBy}" class="text-xs font-medium text-red-600">Jam tutup Selasa harus setelah jam buka. Buka sampai tengah malam: isi 24:00.</p>`);
  });

  it("a post with the name only (no hour fields) keeps the branch's hours", async () => {
    const row = createKantorCabang(t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const renamed = await post(kantorCabangRoute, `${PATH}?ubah=${row.id}`, { intent: "ubah", id: String(row.id), kantor_cabang: "Gudang Jam Raya" });
    expect(renamed.status).toBe(302);
    expect(branchNamed("Gudang Jam Raya")?.id).toBe(row.id);
    expect(getJamBuka(t.db, row.id)).toEqual(BIASA);
  });
});

describe("the shop's zone on Setting", () => {
  const SETTING = "/operator/master/setting";
  const fields = () => {
    const s = t.db.select().from(schema.setting).get()!;
    return { intent: "simpan", nama_toko: s.nama_toko, kota: s.kota, alamat: s.alamat, email: s.email, instagram: s.instagram, whatsapp: s.whatsapp, facebook: s.facebook, maps: s.maps };
  };

  it("is a select of WIB, WITA and WIT; saved, refused when it is none of them, kept when not sent", async () => {
    const page = await callOperatorLoader(settingRoute, SETTING, { user: operator });
    expect((page.data as { setting: { zona_waktu: string } }).setting.zona_waktu).toBe("Asia/Jakarta");

    const saved = await callOperatorAction(settingRoute, SETTING, { ...fields(), zona_waktu: "Asia/Makassar" }, { user: operator });
    expect(saved.status).toBe(302);
    expect(t.db.select().from(schema.setting).get()?.zona_waktu).toBe("Asia/Makassar");

    const before = snapshot(t.db, t.uploadsDir);
    const bad = await callOperatorAction(settingRoute, SETTING, { ...fields(), zona_waktu: "Asia/Tokyo" }, { user: operator });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad).zona_waktu).toEqual(["Zona waktu tidak valid. Pilih WIB, WITA, atau WIT."]);
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);

    const token = operatorToken(t.db);
    const legacy = { nama_toko: "Mebel Baru", alamat: "Jl. Baru 2", instagram: "@baru", whatsapp: "081233334444", facebook: "baru", _method: "PATCH" };
    const res = await api(formsetting, "/api/formsetting/1", { token, params: { id: "1" }, form: legacy });
    expect(res.status).toBe(200);
    expect(res.body.data.zona_waktu).toBe("Asia/Makassar");
    const wrong = await api(formsetting, "/api/formsetting/1", { token, params: { id: "1" }, form: { ...legacy, zona_waktu: "UTC" } });
    expectValidation(wrong, "zona_waktu");
    expect(t.db.select().from(schema.setting).get()?.zona_waktu).toBe("Asia/Makassar");
  });
});

describe("the legacy API keeps its shapes; the hours come under new keys", () => {
  const client = resourceClient(kantorcabangform, "/api/kantorcabangform");

  it("/api/kantorcabangform: records with the spec's keys, jam_buka beside them; {kantor_cabang} alone keeps the hours", async () => {
    const token = operatorToken(t.db);
    const row = createKantorCabang(t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    const list = await client.list(token);
    expect(list.status).toBe(200);
    for (const r of list.body.data) expect(Object.keys(r).sort()).toEqual(SPEC_KEYS);
    expect(list.body.jam_buka).toEqual([{ id_kantor_cabang: row.id, jadwal: BIASA }]);

    const one = await client.get(row.id, token);
    expect(Object.keys(one.body.data).sort()).toEqual(SPEC_KEYS);
    expect(one.body.jam_buka).toEqual(BIASA);

    const renamed = await client.update(row.id, { kantor_cabang: "Gudang Jam Baru" }, token);
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toMatchObject({ id: row.id, kantor_cabang: "Gudang Jam Baru" });
    expect(getJamBuka(t.db, row.id)).toEqual(BIASA);

    const created = await client.create({ kantor_cabang: "Cabang Baru", ...FORM_BIASA }, token);
    expect(created.status).toBe(201);
    expect(created.body.jam_buka).toEqual(BIASA);
    expect((await client.create({ kantor_cabang: "Tanpa Jam" }, token)).body.jam_buka).toBeNull();

    const before = snapshot(t.db, t.uploadsDir);
    const bad = await client.update(row.id, { kantor_cabang: "Gudang Jam Baru", ...FORM_BIASA, jam_buka_1: "99:00" }, token);
    expectValidation(bad, "jam_buka_1");
    expect(bad.body.errors.jam_buka_1).toEqual(["Jam buka Senin tidak valid, contoh 08:00."]);
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
  });

  it("/api/link, /api/kontakkami, /api/produkdetail: every old key as it was, and jam_buka with the state now", async () => {
    at("2026-03-02T10:00");
    const produk = t.db.select().from(schema.produkGudang).get()!;
    const tanpaProduk = createKantorCabang(t.db, { kantor_cabang: "Tanpa Produk", jam_buka: BIASA });
    // The branch the product is available at gets hours; the others none.
    const cabang = getKantorCabang(t.db, produk.id_kantor_cabang)!;
    updateKantorCabangNama(t.db, cabang.id, { kantor_cabang: cabang.kantor_cabang, jam_buka: BIASA });

    const link = await api(linkApi, "/api/link");
    expect(link.status).toBe(200);
    for (const r of link.body.data.kantorcabang) expect(Object.keys(r).sort()).toEqual(SPEC_KEYS);
    expect(Object.keys(link.body.data).sort()).toEqual(["jam_buka", "kantorcabang", "setting"]);
    const jam = link.body.data.jam_buka as JamBukaData;
    expect(jam).toMatchObject({ zona_waktu: "Asia/Jakarta", zona: "WIB", hari_ini: 1 });
    expect(jam.cabang.map((c) => c.status.teks)).toEqual(["Buka sekarang · tutup 17.00", "Buka sekarang · tutup 17.00"]);

    const kontak = await api(kontakkamiApi, "/api/kontakkami");
    expect(Object.keys(kontak.body.data).sort()).toEqual(["gudang", "jam_buka", "profil"]);
    expect(kontak.body.data.jam_buka.cabang).toHaveLength(2);

    const seo = t.db.select().from(schema.produk).where(eq(schema.produk.id, produk.id_produk)).get()!.nama_seo;
    const detail = await api(produkdetailApi, `/api/produkdetail/${seo}`, { params: { seo } });
    expect(Object.keys(detail.body.data).sort()).toEqual(["cabang_lain", "gambar", "gudang", "jam_buka", "produk", "produklain"]);
    // The branches the product is at (gudang), every other branch after them (cabang_lain), and
    // the hours of those of them that have hours on record (the product's branch and "Tanpa Produk").
    const ids = (rows: { id: number }[]) => rows.map((g) => g.id);
    const semua = t.db.select({ id: schema.kantorCabang.id }).from(schema.kantorCabang).all();
    expect([...ids(detail.body.data.gudang), ...ids(detail.body.data.cabang_lain)].sort()).toEqual(ids(semua).sort());
    expect(ids(detail.body.data.cabang_lain)).toContain(tanpaProduk.id);
    expect(detail.body.data.jam_buka.cabang.map((c: { id_kantor_cabang: number }) => c.id_kantor_cabang).sort()).toEqual([cabang.id, tanpaProduk.id].sort());

    at("2026-03-02T17:00");
    const later = await api(linkApi, "/api/link");
    expect((later.body.data.jam_buka as JamBukaData).cabang[0]?.status.teks).toBe("Tutup sekarang · buka besok 08.00");
  });
});

describe("the public pages show the state at the request's time", () => {
  function shopWithHours() {
    const produkRow = t.db.select().from(schema.produk).get()!;
    t.db.delete(schema.produkGudang).where(eq(schema.produkGudang.id_produk, produkRow.id)).run();
    const siang = createKantorCabang(t.db, { kantor_cabang: "Cabang Buka Siang", jam_buka: BIASA.map((d) => (d.buka ? { ...d, buka: "12:00" } : d)) });
    const tanpa = createKantorCabang(t.db, { kantor_cabang: "Cabang Tanpa Jam" });
    const buka = createKantorCabang(t.db, { kantor_cabang: "Cabang Buka Pagi", jam_buka: [...[1, 2, 3, 4, 5, 6].map((hari) => ({ hari, buka: "07:00", tutup: "17:00" })), { hari: 7, buka: null, tutup: null }] });
    // Listed at the product in id order: the late opener, the one without hours, the early one.
    for (const id of [siang.id, tanpa.id, buka.id]) t.db.insert(schema.produkGudang).values({ id_produk: produkRow.id, id_kantor_cabang: id }).run();
    return { produk: produkRow, buka, siang, tanpa };
  }

  it("Kontak Kami: each branch's state and week, today's line in bold; none for a branch without hours", async () => {
    const { buka, tanpa } = shopWithHours();
    at("2026-03-04T09:30"); // a Wednesday
    const data = (await callLoader(kontakKami, "/kontak-kami")).data;
    const html = await render("/kontak-kami", kontakKami.default as never, data);
    const card = (id: number) => text(html.slice(html.indexOf(`id="cabang-${id}"`), html.indexOf("</li>", html.indexOf(`id="cabang-${id}"`))));
    expect(card(buka.id)).toContain("Buka sekarang · tutup 17.00");
    expect(card(buka.id)).toContain("Jam buka (WIB)");
    expect(card(buka.id)).toMatch(/Rabu \(hari ini\)07\.00–17\.00/);
    expect(card(buka.id)).toContain("MingguLibur");
    expect(html).toMatch(/class="contents font-bold text-stone-900" data-hari-ini=""><dt>Rabu/);
    expect(card(tanpa.id)).not.toMatch(/Buka sekarang|Tutup sekarang|Jam buka/);
  });

  it("the product page: branches open now first, each with its state and week", async () => {
    const { produk, buka, siang, tanpa } = shopWithHours();
    at("2026-03-04T09:30");
    const data = (await callLoader(detailProduk, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).data as { gudang: { id: number }[] };
    // The data keeps the branches' own order; the section puts the open ones first.
    expect(data.gudang.map((g) => g.id)).toEqual([siang.id, tanpa.id, buka.id]);
    const html = text(await render(`/detail-produk/${produk.nama_seo}`, detailProduk.default as never, data));
    const section = html.slice(html.indexOf("Tersedia di Gudang:"));
    const order = ["Cabang Buka Pagi", "Cabang Buka Siang", "Cabang Tanpa Jam"].map((name) => section.indexOf(name));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(section).toContain("Cabang Buka PagiBuka sekarang · tutup 17.00Lihat jam buka");
    expect(section).toContain("Cabang Buka SiangTutup sekarang · buka 12.00Lihat jam buka");

    at("2026-03-04T12:00");
    const noon = (await callLoader(detailProduk, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).data;
    const after = text(await render(`/detail-produk/${produk.nama_seo}`, detailProduk.default as never, noon));
    expect(after.indexOf("Cabang Buka Siang")).toBeLessThan(after.indexOf("Cabang Tanpa Jam"));
    expect(after).toContain("Cabang Buka SiangBuka sekarang · tutup 17.00");
  });

  it("the product page: the branches without the product on record follow under 'Cabang lain', open ones first", async () => {
    const { produk, buka } = shopWithHours();
    const tutup = createKantorCabang(t.db, { kantor_cabang: "Cabang Lain Tutup", jam_buka: BIASA.map((d) => (d.buka ? { ...d, buka: "13:00" } : d)) });
    const terbuka = createKantorCabang(t.db, { kantor_cabang: "Cabang Lain Buka", jam_buka: BIASA });
    at("2026-03-04T09:30");
    const data = (await callLoader(detailProduk, `/detail-produk/${produk.nama_seo}`, { seo: produk.nama_seo })).data as { cabang_lain: { id: number }[] };
    expect(data.cabang_lain.map((g) => g.id)).toEqual(expect.arrayContaining([tutup.id, terbuka.id]));
    expect(data.cabang_lain.map((g) => g.id)).not.toContain(buka.id);
    const html = text(await render(`/detail-produk/${produk.nama_seo}`, detailProduk.default as never, data));
    const stocked = html.slice(html.indexOf("Tersedia di Gudang:"), html.indexOf("Cabang lain"));
    const others = html.slice(html.indexOf("Cabang lain"));
    expect(stocked).toContain("Cabang Buka Pagi");
    expect(stocked).not.toContain("Cabang Lain");
    expect(others).toContain("Stok produk ini belum tercatat di cabang berikut");
    expect(others).toContain("Cabang Lain BukaBuka sekarang · tutup 17.00");
    expect(others).toContain("Cabang Lain TutupTutup sekarang · buka 13.00");
    expect(others.indexOf("Cabang Lain Buka")).toBeLessThan(others.indexOf("Cabang Lain Tutup"));
    expect(others).not.toContain("Cabang Buka Pagi");
  });

  it("the footer: a short state under each branch it lists (statusBukaOf, as the layout gives it)", async () => {
    const { buka, siang } = shopWithHours();
    at("2026-03-08T10:00"); // a Sunday: closed
    const layout = (await callLoader(layoutRoute, "/")).data as { kantorcabang: { id: number; kantor_cabang: string; maps: string }[]; setting: never; jumlahCabang: number };
    const shown = layout.kantorcabang;
    expect(shown.map((c) => c.id)).toContain(buka.id);
    const statusBuka = statusBukaOf(getLinkData(t.db).jam_buka, shown);
    expect(Object.keys(statusBuka).map(Number).sort()).toEqual([siang.id, buka.id].sort());
    const Footer = () => createElement(PublicFooter, { setting: layout.setting, kantorcabang: shown, jumlahCabang: shown.length, statusBuka });
    const html = text(await render("/", Footer as never, null));
    expect(html).toContain("Cabang Buka PagiTutup sekarang · buka besok 07.00");
  });
});

describe("the page cache never serves a state that is over", () => {
  /** What server/app.ts does for a public GET: its cacheKey, the page cache, a render on a miss. */
  async function visit(path: string): Promise<{ cache: "HIT" | "MISS"; page: string }> {
    const key = cacheKey(path, false, "localhost");
    let cache: "HIT" | "MISS" = "HIT";
    const entry = await pageCache.getOrRender(key, async () => {
      cache = "MISS";
      const html = await render(path, kontakKami.default as never, (await callLoader(kontakKami, path)).data);
      const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "public, no-cache", "Content-Security-Policy": "script-src 'none'" });
      return buildEntry(200, headers, Buffer.from(html));
    });
    return { cache, page: text(zlib.brotliDecompressSync(entry!.br).toString("utf8")) };
  }

  it("a page cached while closed is rendered again when the branch opens, closes, and at midnight", async () => {
    createKantorCabang(t.db, { kantor_cabang: "Gudang Jam", jam_buka: BIASA });
    at("2026-03-02T07:58");
    expect(await visit("/kontak-kami")).toEqual({ cache: "MISS", page: expect.stringContaining("Tutup sekarang · buka 08.00") });
    at("2026-03-02T07:59");
    expect(await visit("/kontak-kami")).toEqual({ cache: "HIT", page: expect.stringContaining("Tutup sekarang · buka 08.00") });
    at("2026-03-02T08:00");
    const opened = await visit("/kontak-kami");
    expect(opened).toEqual({ cache: "MISS", page: expect.stringContaining("Buka sekarang · tutup 17.00") });
    expect(opened.page).not.toContain("Tutup sekarang");
    at("2026-03-02T16:59");
    expect((await visit("/kontak-kami")).cache).toBe("HIT");
    at("2026-03-02T17:00");
    expect(await visit("/kontak-kami")).toEqual({ cache: "MISS", page: expect.stringContaining("Tutup sekarang · buka besok 08.00") });
    at("2026-03-03T00:00");
    const tuesday = await visit("/kontak-kami");
    expect(tuesday).toEqual({ cache: "MISS", page: expect.stringContaining("Tutup sekarang · buka 08.00") });
    expect(tuesday.page).toMatch(/Selasa \(hari ini\)/);
  });

  it("with no branch hours on record the keys are the plain ones", () => {
    at("2026-03-02T08:00");
    expect(cacheKey("/kontak-kami", false, "LocalHost")).toBe("http://localhost/kontak-kami");
  });
});
