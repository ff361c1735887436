/**
 * The Log Aktivitas page (/operator/master/log-aktivitas) with real Requests
 * through the area layout's middleware and real sessions: an operator's category edits made
 * through the category screen show up with their name and changed fields; the user, kind and
 * WIB-day filters, search and paging; filter values that do not fit are left out with a message
 * (never a 500); the retention the page states; anonymous visitors go to /login and every other
 * role gets 404. The page itself is rendered from the loader's data, to read what the operator
 * sees.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as page from "~/routes/operator/master/log-aktivitas";
import * as kategoriRoute from "~/routes/operator/produk/kategoriproduk";
import { recordActivity, SISTEM, type Actor } from "~/domain/aktivitas/aktivitas.server";
import { ROLES, type Role } from "~/domain/users/roles";
import { resetEnvCache } from "~/lib/server/env.server";
import { sessionCookie, visitArea } from "../setup/area";
import { addUser } from "../setup/data";
import { areaRequest, type Person } from "../setup/lppm-penetapan";
import { TEST_ORIGIN } from "../setup/route";
import { eachTestDb } from "../setup/test-db";

const each = eachTestDb();
const PATH = "/operator/master/log-aktivitas";
const HOUR = 60 * 60 * 1000;

type PageData = Awaited<ReturnType<typeof page.loader>> extends infer D ? (D extends { data: infer Inner } ? Inner : D) : never;
type Row = PageData["list"]["rows"][number];

async function personWith(name: string, roles: Role[]): Promise<Person> {
  const user = await addUser(each.t.db, roles, { name });
  return { id: user.id, name, roles, cookie: await sessionCookie(user.id) };
}

/** GET the page as `who` (null: no session): the status, a redirect's target, the loader's data and headers. */
async function open(query: string, who: Person | null) {
  const outcome = await visitArea(`${PATH}${query}`, who?.cookie ?? null, page);
  const wrapped = outcome.page as { data: PageData; init: ResponseInit | null } | undefined;
  return { status: outcome.status, location: outcome.location, data: wrapped?.data as PageData, headers: new Headers(wrapped?.init?.headers) };
}

/** The page as the operator's browser gets it, rendered from the loader's data. */
async function html(query: string, data: PageData): Promise<string> {
  const Page = page.default as unknown as (props: { loaderData: PageData }) => React.ReactElement;
  const routes: RouteObject[] = [
    { path: PATH, loader: () => data, Component: () => createElement(Page, { loaderData: useLoaderData() as PageData }) },
  ];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${PATH}${query}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

/** The text of the table body's rows, tags removed. */
function rowTexts(markup: string): string[] {
  const body = /<tbody>([\s\S]*)<\/tbody>/.exec(markup)?.[1] ?? "";
  return [...body.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((m) => m[1]!.replace(/<[^>]+>/g, " ").replace(/&gt;/g, ">").replace(/\s+/g, " ").trim());
}

/** Direct entries of the log at given moments (for the filters and paging). */
function entry(at: Date, actor: Actor, entity: string, id: number, summary: string | null = null) {
  recordActivity(each.t.db, { entity, action: "ubah", id, before: { nama: `Lama ${id}` }, after: { nama: `Baru ${id}` }, summary, actor }, at);
}

function clearLog() {
  each.t.db.delete(schema.aktivitas).run();
}

describe("what the operator sees", () => {
  it("a category added, renamed and deleted through the category screen: who, what, which fields, newest first", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    clearLog();
    const URL = "/operator/produk/kategoriproduk";
    const created = await areaRequest(kategoriRoute, `${URL}?tambah=1`, op, { form: { intent: "tambah", kategori: "Kursi Santai" } });
    expect(created.status).toBe(302);
    const id = each.t.db.select().from(schema.aktivitas).get()!.id_entitas!;
    await areaRequest(kategoriRoute, `${URL}?ubah=${id}`, op, { form: { intent: "ubah", id, kategori: "Kursi Malas" } });
    await areaRequest(kategoriRoute, `${URL}?hapus=${id}`, op, { form: { intent: "hapus", id } });

    const result = await open("", op);
    expect(result.status).toBe(200);
    const { list } = result.data;
    expect(list.total).toBe(3);
    expect(list.rows.map((r: Row) => [r.pengguna, r.aksi, r.data])).toEqual([
      ["Bu Operator", "Hapus", `Kategori #${id}`],
      ["Bu Operator", "Ubah", `Kategori #${id}`],
      ["Bu Operator", "Tambah", `Kategori #${id}`],
    ]);
    const [hapus, ubah, tambah] = list.rows;
    expect(ubah!.perubahan).toEqual([
      { field: "kategori", text: "Kursi Santai → Kursi Malas" },
      { field: "seo", text: "kursi-santai → kursi-malas" },
    ]);
    // A creation shows the values given, a deletion the values it had.
    expect(tambah!.perubahan).toContainEqual({ field: "kategori", text: "Kursi Santai" });
    expect(hapus!.perubahan).toContainEqual({ field: "kategori", text: "Kursi Malas" });
    expect(ubah!.waktu).toMatch(/^\d{1,2} \w{3} \d{4} \d{2}\.\d{2} WIB$/);

    const markup = await html("", result.data);
    const rows = rowTexts(markup);
    expect(rows[1]).toContain("Bu Operator");
    expect(rows[1]).toContain("Ubah");
    expect(rows[1]).toContain(`Kategori #${id}`);
    expect(rows[1]).toContain("kategori : Kursi Santai → Kursi Malas");
    // Read only: no row menu, no form that posts.
    expect(markup).not.toMatch(/Aksi untuk|method="post"/i);
    expect(markup).toContain("Entri disimpan 365 hari, lalu dihapus otomatis.");
    expect(markup).toContain("Menampilkan 1 sampai 3 dari 3 entri");
  });

  it("a summary (a status move, a login) is shown; long values are cut; dates in WIB", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    clearLog();
    const at = new Date("2026-03-01T03:00:00Z");
    recordActivity(each.t.db, { entity: "usulan", action: "status", id: 7, summary: "DIAJUKAN → DITERIMA", actor: { id: op.id, nama: op.name } }, at);
    recordActivity(
      each.t.db,
      {
        entity: "periode",
        action: "ubah",
        id: 2,
        before: { tutup: new Date("2026-03-31T16:59:00Z"), catatan: "pendek", aktif: true },
        after: { tutup: new Date("2026-04-30T16:59:00Z"), catatan: "x".repeat(150), aktif: false },
      },
      new Date(at.getTime() + HOUR),
    );
    const { data } = await open("", op);
    const [periode, usulan] = data.list.rows;
    expect(usulan).toMatchObject({ pengguna: "Bu Operator", aksi: "Ubah status", data: "Usulan #7", ringkasan: "DIAJUKAN → DITERIMA", perubahan: [], waktu: "1 Mar 2026 10.00 WIB" });
    expect(periode).toMatchObject({ pengguna: "Sistem", sistem: true, data: "Periode #2" });
    expect(periode!.perubahan).toContainEqual({ field: "tutup", text: "31 Mar 2026 23.59 WIB → 30 Apr 2026 23.59 WIB" });
    expect(periode!.perubahan).toContainEqual({ field: "aktif", text: "ya → tidak" });
    const catatan = periode!.perubahan.find((p: Row["perubahan"][number]) => p.field === "catatan")!;
    expect(catatan.text).toBe(`pendek → ${"x".repeat(80 - "pendek → ".length)}…`);
    expect(catatan.full).toBe(`pendek → ${"x".repeat(150)}`);
    const markup = await html("", data);
    expect(rowTexts(markup)[1]).toContain("DIAJUKAN → DITERIMA");
  });

  it("the retention days come from AKTIVITAS_RETENSI_HARI", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    process.env.AKTIVITAS_RETENSI_HARI = "90";
    resetEnvCache();
    try {
      const { data } = await open("", op);
      expect(data.retensiHari).toBe(90);
      expect(await html("", data)).toContain("Entri disimpan 90 hari, lalu dihapus otomatis.");
    } finally {
      delete process.env.AKTIVITAS_RETENSI_HARI;
      resetEnvCache();
    }
  });

  it("an empty result says so", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    const { data } = await open("?q=tidak-ada-yang-cocok&page=1", op);
    expect(data.list.total).toBe(0);
    const markup = await html("?q=tidak-ada-yang-cocok&page=1", data);
    expect(markup).toContain("Tidak ada data yang ditemukan");
    expect(markup).toContain("Menampilkan 0 sampai 0 dari 0 entri");
  });

  it("sets no cache header of its own (the server answers private, no-store) and only the table's state cookie", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    const plain = await open("", op);
    expect(plain.headers.get("Cache-Control")).toBeNull();
    const searched = await open("?q=kursi&page=1&size=25", op);
    expect(searched.headers.get("Cache-Control")).toBeNull();
    expect(searched.headers.get("Set-Cookie")).toMatch(/^tbl_aktivitas=.*HttpOnly/i);
  });
});

describe("filters, search and paging", () => {
  async function world() {
    const op = await personWith("Bu Operator", ["Operator"]);
    const budi = await personWith("Budi Santoso", ["Operator"]);
    clearLog();
    const B = { id: budi.id, nama: budi.name };
    const O = { id: op.id, nama: op.name };
    // 23.30 WIB on 1 March and 00.30 WIB on 2 March (both 1 March in UTC), then later days.
    entry(new Date("2026-03-01T16:30:00Z"), B, "kategori", 1);
    entry(new Date("2026-03-01T17:30:00Z"), O, "produk", 2);
    entry(new Date("2026-03-02T16:59:59Z"), B, "produk", 3, "harga naik");
    entry(new Date("2026-03-05T01:00:00Z"), O, "kategori", 4);
    return { op, budi };
  }

  const ids = (data: PageData) => data.list.rows.map((r: Row) => Number(r.data.split("#")[1]));

  it("the choices: the users and kinds the log names", async () => {
    const { op, budi } = await world();
    const { data } = await open("", op);
    expect(data.users).toEqual([
      { id: op.id, nama: "Bu Operator" },
      { id: budi.id, nama: "Budi Santoso" },
    ]);
    expect(data.entitas).toEqual([
      { value: "kategori", label: "Kategori" },
      { value: "produk", label: "Produk" },
    ]);
  });

  it("by user, by kind, both; the chosen options stay selected", async () => {
    const { op, budi } = await world();
    let result = await open(`?pengguna=${budi.id}`, op);
    expect(ids(result.data)).toEqual([3, 1]);
    expect(result.data.filter).toEqual({ pengguna: String(budi.id), entitas: "", dari: "", sampai: "" });
    result = await open("?entitas=produk", op);
    expect(ids(result.data)).toEqual([3, 2]);
    result = await open(`?pengguna=${op.id}&entitas=produk`, op);
    expect(ids(result.data)).toEqual([2]);
    const markup = await html(`?pengguna=${op.id}&entitas=produk`, result.data);
    expect(markup).toMatch(new RegExp(`<option value="${op.id}" selected="">Bu Operator</option>`));
    expect(markup).toContain('<option value="produk" selected="">Produk</option>');
    expect(markup).toContain("Hapus filter");
    expect(result.data.pesan).toEqual([]);
  });

  it("by days in WIB, both ends inclusive", async () => {
    const { op } = await world();
    expect(ids((await open("?dari=2026-03-02", op)).data)).toEqual([4, 3, 2]);
    expect(ids((await open("?sampai=2026-03-01", op)).data)).toEqual([1]);
    expect(ids((await open("?dari=2026-03-02&sampai=2026-03-02", op)).data)).toEqual([3, 2]);
    expect(ids((await open("?dari=2026-03-03&sampai=2026-03-04", op)).data)).toEqual([]);
    const { data } = await open("?dari=2026-03-02&sampai=2026-03-05&entitas=kategori", op);
    expect(ids(data)).toEqual([4]);
    const markup = await html("?dari=2026-03-02&sampai=2026-03-05&entitas=kategori", data);
    expect(markup).toContain('name="dari" value="2026-03-02"');
    expect(markup).toContain('name="sampai" value="2026-03-05"');
  });

  it("search over names, kinds, changed values and summaries; with a filter", async () => {
    const { op, budi } = await world();
    expect(ids((await open("?q=budi&page=1", op)).data)).toEqual([3, 1]);
    expect(ids((await open("?q=harga+naik&page=1", op)).data)).toEqual([3]);
    expect(ids((await open("?q=Baru+4&page=1", op)).data)).toEqual([4]);
    expect(ids((await open(`?q=produk&page=1&pengguna=${budi.id}`, op)).data)).toEqual([3]);
  });

  it("paging: 10 to a page by default, the chosen size, a page past the last shows the last", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    clearLog();
    const start = new Date("2026-03-01T00:00:00Z");
    for (let i = 1; i <= 23; i++) entry(new Date(start.getTime() + i * HOUR), SISTEM, "setting", i);
    let { data } = await open("?page=1", op);
    expect(data.list).toMatchObject({ total: 23, page: 1, size: 10 });
    expect(ids(data)).toEqual([23, 22, 21, 20, 19, 18, 17, 16, 15, 14]);
    ({ data } = await open("?page=3", op));
    expect(ids(data)).toEqual([3, 2, 1]);
    expect(await html("?page=3", data)).toContain("Menampilkan 21 sampai 23 dari 23 entri");
    ({ data } = await open("?page=2&size=25", op));
    expect(data.list).toMatchObject({ page: 1, size: 25 });
    expect(ids(data)).toHaveLength(23);
    ({ data } = await open("?page=99", op));
    expect(data.list.page).toBe(3);
    // The filters travel with the page links.
    ({ data } = await open("?page=1&entitas=setting", op));
    expect(await html("?page=1&entitas=setting", data)).toContain(`href="${PATH}?page=2&amp;entitas=setting"`);
  });
});

describe("filter values that do not fit: left out with a message, never a 500", () => {
  const cases: [string, RegExp][] = [
    ["?pengguna=abc", /Pengguna "abc" tidak ada di log: filter pengguna diabaikan\./],
    ["?pengguna=999999", /Pengguna "999999" tidak ada di log/],
    ["?pengguna=1e3", /Pengguna "1e3" tidak ada di log/],
    ["?entitas=%3Cscript%3Ealert(1)%3C%2Fscript%3E", /Jenis data "<script>alert\(1\)<\/script>" tidak ada di log/],
    ["?entitas=tidak-ada", /Jenis data "tidak-ada" tidak ada di log: filter jenis data diabaikan\./],
    ["?dari=2026-02-30", /Tanggal "Dari" "2026-02-30" tidak valid \(format TTTT-BB-HH\): filter diabaikan\./],
    ["?sampai=kemarin", /Tanggal "Sampai" "kemarin" tidak valid/],
    ["?dari=01-03-2026", /Tanggal "Dari" "01-03-2026" tidak valid/],
    [`?dari=${"9".repeat(500)}`, /Tanggal "Dari" "9{40}…" tidak valid/],
  ];

  it("each one is ignored: every entry is listed, the message says which", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    clearLog();
    entry(new Date("2026-03-01T03:00:00Z"), { id: op.id, nama: op.name }, "kategori", 1);
    entry(new Date("2026-03-01T04:00:00Z"), { id: op.id, nama: op.name }, "produk", 2);
    for (const [query, message] of cases) {
      const result = await open(query, op);
      expect(result.status, query).toBe(200);
      expect(result.data.list.total, query).toBe(2);
      expect(result.data.pesan, query).toHaveLength(1);
      expect(result.data.pesan[0], query).toMatch(message);
      expect(result.data.filter, query).toEqual({ pengguna: "", entitas: "", dari: "", sampai: "" });
    }
    const markup = await html(cases[3]![0], (await open(cases[3]![0], op)).data);
    expect(markup).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(markup).not.toContain("<script>alert(1)</script>");
    expect(markup).toMatch(/role="alert"[^>]*>.*tidak ada di log/);
  });

  it("a valid filter still applies beside a bad one; a reversed range says there is nothing in it", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    clearLog();
    entry(new Date("2026-03-01T03:00:00Z"), { id: op.id, nama: op.name }, "kategori", 1);
    entry(new Date("2026-03-01T04:00:00Z"), { id: op.id, nama: op.name }, "produk", 2);
    let result = await open("?entitas=produk&pengguna=xyz&dari=2026-13-01", op);
    expect(result.status).toBe(200);
    expect(result.data.list.total).toBe(1);
    expect(result.data.pesan).toHaveLength(2);
    result = await open("?dari=2026-03-05&sampai=2026-03-01", op);
    expect(result.status).toBe(200);
    expect(result.data.list.total).toBe(0);
    expect(result.data.pesan).toEqual(['Tanggal "Dari" (2026-03-05) lebih akhir dari "Sampai" (2026-03-01): tidak ada entri dalam rentang itu.']);
  });

  it("bad table state: an unknown size, a negative page, a very long search", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    const result = await open(`?size=7&page=-3&q=${"a".repeat(500)}`, op);
    expect(result.status).toBe(200);
    expect(result.data.list).toMatchObject({ size: 10, page: 1 });
    expect(result.data.list.q).toHaveLength(100);
  });
});

describe("who may open it", () => {
  it("no session: to /login, and back here afterwards", async () => {
    const result = await open("?entitas=produk", null);
    expect(result.status).toBe(302);
    expect(result.location).toBe(`/login?redirectTo=${encodeURIComponent(`${PATH}?entitas=produk`)}`);
  });

  it("every role but Operator: 404; Operator (also with other roles): the page", async () => {
    for (const role of ROLES.filter((r) => r !== "Operator")) {
      const who = await personWith(`Pemegang ${role}`, [role]);
      const result = await open("", who);
      expect(result.status, role).toBe(404);
      expect(result.data, role).toBeUndefined();
    }
    const everyRole = await personWith("Semua Peran", [...ROLES]);
    expect((await open("", everyRole)).status).toBe(200);
  });

  it("a session of a user since deactivated: to /login", async () => {
    const op = await personWith("Bu Operator", ["Operator"]);
    each.t.db.update(schema.users).set({ status_aktif: "Tidak-Aktif" }).where(eq(schema.users.id, op.id)).run();
    const result = await open("", op);
    expect(result.status).toBe(302);
    expect(result.location).toMatch(/^\/login/);
  });
});
