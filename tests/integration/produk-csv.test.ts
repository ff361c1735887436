/**
 * Products × branches as CSV through the real routes: the operator's
 * 'Ekspor CSV' download and 'Impor CSV' page (upload → dry run on ?token= → 'Terapkan' or
 * 'Batal'), run through the area layout's middleware with real sessions, and the same as the
 * /api/produkcsv calls with a Bearer token. The dry run shows each changed field old → new.
 * Refusals (not CSV, a bad header, an unknown branch or category, a value other than 1/0, too
 * big, empty, past the row limit — blank lines counted —, a stale plan) answer 4xx with an
 * Indonesian message and store nothing; an applied import writes everything and logs once.
 * One file of 10,000 rows goes the whole way (its times are measured by bench/csv-import.mjs).
 */
import fs from "node:fs";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider, useLoaderData, type RouteObject } from "react-router";
import { asc, desc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { ROLES, type Role } from "~/domain/users/roles";
import { BERKAS_KOSONG, berkasTerlaluBesar, BUKAN_CSV, PILIH_BERKAS, TERLALU_BANYAK_BARIS } from "~/domain/produk/csv/baca.server";
import { BERKAS_TIDAK_ADA, folderImpor } from "~/domain/impor/berkas.server";
import { KOLOM } from "~/domain/produk/csv/format";
import { DATA_BERUBAH, IMPOR_BATAL, IMPOR_DITOLAK, TIDAK_ADA_PERUBAHAN } from "~/domain/produk/csv/terapkan.server";
import { bodyLimit } from "../../app/http/body.server";
import * as ekspor from "~/routes/operator/produk/produk-ekspor";
import * as impor from "~/routes/operator/produk/produk-impor";
import * as produkPage from "~/routes/operator/produk/produk";
import * as apiCsv from "~/routes/api/produkcsv";
import * as openapi from "~/routes/api/openapi";
import { api, expectUnauthorized, operatorToken, userIdByUsername } from "../setup/api";
import { sessionCookie } from "../setup/area";
import { TEST_OPERATOR_USERNAME } from "../setup/constants";
import { areaRequest, person, type Person } from "../setup/lppm-penetapan";
import { flashOf, snapshot } from "../setup/operator-helpers";
import { routeArgs, TEST_ORIGIN, type RouteResult } from "../setup/route";
import { eachTestDb } from "../setup/test-db";

const each = eachTestDb();
const db = () => each.t.db;

const PAGE = "/operator/produk/produk/impor";
const CABANG = ["Gudang Jepara", "Cabang Semarang", "Cabang Yogyakarta", "Cabang Surabaya"];
const HEADER = [...KOLOM, ...CABANG].join(",");

let operator: Person;
beforeEach(async () => {
  const id = userIdByUsername(db(), TEST_OPERATOR_USERNAME);
  operator = { id, name: "Operator", roles: ["Operator"], cookie: await sessionCookie(id) };
});

function csvFile(lines: string[], name = "produk.csv"): File {
  return new File([`\uFEFF${lines.join("\r\n")}\r\n`], name, { type: "text/csv" });
}

type PageData = {
  kolom: string[];
  periksa: null | {
    token: string | null;
    error: string | null;
    rencana: null | {
      ringkasan: { total: number; ditambah: number; diubah: number; ditolak: number; tidakBerubah: number };
      sidik: string;
      daftar: string;
      halaman: number;
      halamanTotal: number;
      ditambah: { baris: number; nama_produk: string; slug: string }[];
      diubah: { baris: number; slug: string; bidang: string[]; perubahan: { bidang: string; label: string; lama: string | null; baru: string | null }[] }[];
      ditolak: { baris: number; alasan: string[] }[];
    };
  };
};

const pageData = (result: RouteResult) => result.data as PageData;
const message = (result: RouteResult) => (result.data as { message?: string }).message;

/** 'Periksa': the upload; answers the redirect to the dry run (or the refusal). */
function periksa(berkas: File | string, who: Person | null = operator) {
  return areaRequest(impor, PAGE, who, { form: { intent: "periksa", berkas } });
}

function tokenOf(result: RouteResult): string {
  expect(result.status, JSON.stringify(result.data)).toBe(303);
  const match = /^\/operator\/produk\/produk\/impor\?token=([a-f0-9]{32})$/.exec(result.location ?? "");
  expect(match, result.location ?? "").not.toBeNull();
  return match![1]!;
}

async function dryRun(lines: string[]) {
  const token = tokenOf(await periksa(csvFile(lines)));
  const page = await areaRequest(impor, `${PAGE}?token=${token}`, operator);
  expect(page.status).toBe(200);
  return { token, rencana: pageData(page).periksa!.rencana! };
}

function terapkan(token: string, sidik: string) {
  return areaRequest(impor, `${PAGE}?token=${token}`, operator, { form: { intent: "terapkan", token, sidik } });
}

function keptFiles(): string[] {
  return fs.existsSync(folderImpor()) ? fs.readdirSync(folderImpor()) : [];
}

function produkBySlug(slug: string) {
  return db().select().from(schema.produk).where(eq(schema.produk.nama_seo, slug)).get();
}

function gudangOf(idProduk: number): number[] {
  return db()
    .select({ id: schema.produkGudang.id_kantor_cabang })
    .from(schema.produkGudang)
    .where(eq(schema.produkGudang.id_produk, idProduk))
    .orderBy(asc(schema.produkGudang.id_kantor_cabang))
    .all()
    .map((r) => r.id);
}

function latestActivity() {
  return db().select().from(schema.aktivitas).orderBy(desc(schema.aktivitas.id)).get();
}

/** Every stored row and upload, but a token's last use (a Bearer call touches it by design). */
function stored() {
  const { rows, files } = snapshot(db(), each.t.uploadsDir);
  const { api_tokens: _tokens, ...rest } = rows;
  return { rows: rest, files };
}

/**
 * Runs `fn` and expects every stored row and file to be as before, and no upload kept aside
 * (unless `keeps`: a dry run keeps its file until 'Terapkan' by design).
 */
async function unchanged<T>(fn: () => Promise<T>, { keeps = false } = {}): Promise<T> {
  const before = stored();
  const kept = keptFiles();
  const result = await fn();
  expect(stored()).toEqual(before);
  if (!keeps) expect(keptFiles()).toEqual(kept);
  return result;
}

describe("who may", () => {
  it("anonymous: the page, the download and the upload send to /login; nothing is stored", async () => {
    for (const path of [PAGE, "/operator/produk/produk/ekspor"]) {
      const mod = path === PAGE ? impor : ekspor;
      const page = await areaRequest(mod, path, null);
      expect(page.status).toBe(302);
      expect(page.location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    const posted = await unchanged(() => periksa(csvFile([HEADER, ",Kursi Penyusup,,1,x,1,0,0,0"]), null));
    expect(posted.status).toBe(302);
  });

  it.each(ROLES.filter((r) => r !== "Operator"))("a %s gets 404 for the page, the download and the upload", async (role) => {
    const who = await person(db(), `Pengguna ${role}`, [role as Role]);
    expect((await areaRequest(impor, PAGE, who)).status).toBe(404);
    expect((await areaRequest(ekspor, "/operator/produk/produk/ekspor", who)).status).toBe(404);
    const posted = await unchanged(() => periksa(csvFile([HEADER, ",Kursi Penyusup,,1,x,1,0,0,0"]), who));
    expect(posted.status).toBe(404);
  });

  it("the operator's product table links to both", async () => {
    const page = await areaRequest(produkPage, "/operator/produk/produk", operator);
    expect(page.status).toBe(200);
    const markup = await html(produkPage, "/operator/produk/produk", page.data);
    expect(markup).toMatch(/<a href="\/operator\/produk\/produk\/ekspor" download="" [^>]*>Ekspor CSV<\/a>/);
    expect(markup).toMatch(/<a [^>]*href="\/operator\/produk\/produk\/impor"[^>]*>Impor CSV<\/a>/);
  });
});

describe("Ekspor CSV", () => {
  it("downloads every product with its branches as an attachment", async () => {
    const res = await areaRequest(ekspor, "/operator/produk/produk/ekspor", operator);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="produk-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const lines = String(res.data).split("\r\n");
    expect(lines[0]).toBe(HEADER);
    // The seed's first product: category by name, the description quoted, at all four branches.
    expect(lines[1]).toMatch(/^kursi-tamu-jati-minimalis-ukir,Kursi Tamu Jati Minimalis Ukir,Kursi Tamu,8750000,".+",1,1,1,1$/s);
    const total = db().$client.prepare("select count(*) as n from produk").get() as { n: number };
    expect(lines.filter((l) => l !== "")).toHaveLength(total.n + 1);
  });
});

describe("Impor CSV: the dry run and Terapkan", () => {
  it("shows what would be added, changed and left, stores nothing until 'Terapkan', then writes it all with one log entry", async () => {
    const form = await areaRequest(impor, PAGE, operator);
    expect(form.status).toBe(200);
    expect(pageData(form).kolom).toEqual([...KOLOM, ...CABANG]);

    const lines = [
      HEADER,
      // Changed: price and branches.
      "sofa-jati-retro-tiga-dudukan,Sofa Jati Retro Tiga Dudukan,Kursi Tamu,6500000," + csvDescription("sofa-jati-retro-tiga-dudukan") + ",1,1,0,0",
      // New.
      ',Meja Kopi Uji Impor,meja makan,1750000,"Meja kopi jati, 2 laci.",0,0,1,1',
    ];
    const { token, rencana } = await unchanged(() => dryRun(lines), { keeps: true });
    expect(rencana.ringkasan).toEqual({ total: 2, ditambah: 1, diubah: 1, ditolak: 0, tidakBerubah: 0 });
    expect(rencana.daftar).toBe("diubah");
    expect(rencana.diubah[0]).toMatchObject({ baris: 2, slug: "sofa-jati-retro-tiga-dudukan", bidang: ["Harga", "Gudang"] });
    expect(keptFiles()).toEqual([`${token}.csv`]);
    const added = await areaRequest(impor, `${PAGE}?token=${token}&daftar=ditambah`, operator);
    expect(pageData(added).periksa!.rencana!.ditambah).toEqual([{ baris: 3, nama_produk: "Meja Kopi Uji Impor", slug: "meja-kopi-uji-impor", catatan: null }]);

    const applied = await terapkan(token, rencana.sidik);
    expect(applied.status).toBe(302);
    expect(applied.location).toBe("/operator/produk/produk");
    expect(await flashOf(applied)).toEqual({ kind: "success", message: "Impor selesai: 1 ditambah, 1 diubah." });
    const sofa = produkBySlug("sofa-jati-retro-tiga-dudukan")!;
    expect(sofa.harga).toBe("6500000");
    expect(gudangOf(sofa.id)).toEqual([1, 2]);
    const meja = produkBySlug("meja-kopi-uji-impor")!;
    expect(meja).toMatchObject({ nama_produk: "Meja Kopi Uji Impor", id_kategori: 2, harga: "1750000", deskripsi: "Meja kopi jati, 2 laci." });
    expect(gudangOf(meja.id)).toEqual([3, 4]);
    expect(latestActivity()).toMatchObject({ aksi: "impor", entitas: "produk", ringkasan: "1 ditambah, 1 diubah", id_user: operator.id });
    expect(each.changes).toContain("produk");
    // The kept file is gone: the same token again is refused.
    expect(keptFiles()).toEqual([]);
    const again = await unchanged(() => terapkan(token, rencana.sidik));
    expect([again.status, message(again)]).toEqual([410, BERKAS_TIDAK_ADA]);
    const gone = await areaRequest(impor, `${PAGE}?token=${token}`, operator);
    expect([gone.status, pageData(gone).periksa!.error]).toEqual([410, BERKAS_TIDAK_ADA]);
  });

  it("shows every changed field old → new, a long description shortened around its change", async () => {
    const sofa = produkBySlug("sofa-jati-retro-tiga-dudukan")!;
    const longOld = `${"Rangka jati grade A, ".repeat(20)}jok kain terakota.`;
    db().$client.prepare("update produk set deskripsi = ? where id = ?").run(longOld, sofa.id);
    const longNew = longOld.replace("terakota", "hijau sage");
    const { token, rencana } = await unchanged(
      () => dryRun([HEADER, `sofa-jati-retro-tiga-dudukan,Sofa Jati Retro Tiga Dudukan,,6500000,"${longNew}",1,1,0,0`]),
      { keeps: true },
    );
    expect(rencana.diubah[0]!.perubahan).toEqual([
      { bidang: "kategori", label: "Kategori", lama: "Kursi Tamu", baru: null },
      { bidang: "harga", label: "Harga", lama: "6450000", baru: "6500000" },
      { bidang: "deskripsi", label: "Deskripsi", lama: `…i grade A, jok kain terakota.`, baru: `…i grade A, jok kain hijau sage.` },
      { bidang: "gudang", label: "Gudang", lama: "Cabang Semarang, Cabang Yogyakarta", baru: "Gudang Jepara, Cabang Semarang" },
    ]);
    const markup = await html(impor, `${PAGE}?token=${token}`, (await areaRequest(impor, `${PAGE}?token=${token}`, operator)).data);
    expect(text(markup)).toContain(
      "Kategori, Harga, Deskripsi, Gudang Kategori: Kursi Tamu → (kosong) Harga: 6450000 → 6500000 " +
        "Deskripsi: …i grade A, jok kain terakota. → …i grade A, jok kain hijau sage. " +
        "Gudang: Cabang Semarang, Cabang Yogyakarta → Gudang Jepara, Cabang Semarang",
    );
    expect(markup).toContain(`<del class="text-red-700">6450000</del>`);
    expect(markup).toContain(`<ins class="text-green-700 no-underline">6500000</ins>`);
    // The description is never sent whole to the page.
    expect(markup).not.toContain(longOld);
  });

  it("lists refused rows with their number and reason, and 'Terapkan' of such a file stores nothing", async () => {
    const { token, rencana } = await unchanged(
      () => dryRun([HEADER, ",Kursi Uji Ok,,1,x,1,0,0,0", ",Kursi Uji Kategori,Kategori Fiktif,1,x,1,0,0,0", ",Kursi Uji Stok,,1,x,1,ada,0,0"]),
      { keeps: true },
    );
    expect(rencana.ringkasan).toMatchObject({ ditambah: 1, ditolak: 2 });
    expect(rencana.daftar).toBe("ditolak");
    expect(rencana.ditolak).toEqual([
      { baris: 3, slug: "", nama_produk: "Kursi Uji Kategori", alasan: ["Kategori 'Kategori Fiktif' tidak ditemukan. Tambahkan dulu di menu Kategori Produk."] },
      { baris: 4, slug: "", nama_produk: "Kursi Uji Stok", alasan: ["Kolom 'Cabang Semarang' harus berisi 1 atau 0 (kosong = 0), bukan 'ada'."] },
    ]);
    const refused = await unchanged(() => terapkan(token, rencana.sidik));
    expect([refused.status, message(refused)]).toEqual([422, IMPOR_DITOLAK]);
    expect(produkBySlug("kursi-uji-ok")).toBeUndefined();

    // The fixed file, uploaded from the refused plan's page, replaces its kept file.
    const fixed = await areaRequest(impor, `${PAGE}?token=${token}`, operator, {
      form: { intent: "periksa", token, berkas: csvFile([HEADER, ",Kursi Uji Ok,,1,x,1,0,0,0"]) },
    });
    expect(keptFiles()).toEqual([`${tokenOf(fixed)}.csv`]);
  });

  it("refuses 'Terapkan' when the data changed what the dry run showed (409), and shows the new plan", async () => {
    const { token, rencana } = await dryRun([HEADER, "lemari-hias-kaca-jati,Lemari Uji Ganti Nama,Lemari,5000000,Lemari.,1,0,0,0"]);
    // Meanwhile someone takes the category away from the product… the plan now differs.
    db().$client.prepare("update produk set id_kategori = null where nama_seo = 'lemari-hias-kaca-jati'").run();
    const stale = await unchanged(() => terapkan(token, rencana.sidik));
    expect([stale.status, message(stale)]).toEqual([409, DATA_BERUBAH]);
    const fresh = pageData(await areaRequest(impor, `${PAGE}?token=${token}`, operator)).periksa!.rencana!;
    expect(fresh.sidik).not.toBe(rencana.sidik);
    const applied = await terapkan(token, fresh.sidik);
    expect(applied.status).toBe(302);
    expect(produkBySlug("lemari-uji-ganti-nama")).toBeDefined();
    // The old address keeps answering (301 to the new slug).
    const redirect = db().select().from(schema.slugRedirect).where(eq(schema.slugRedirect.slug_lama, "lemari-hias-kaca-jati")).get();
    expect(redirect?.target_id).toBe(produkBySlug("lemari-uji-ganti-nama")!.id);
  });

  it("'Batal' drops the kept file and stores nothing", async () => {
    const { token } = await dryRun([HEADER, ",Kursi Uji Batal,,1,x,1,0,0,0"]);
    const before = stored();
    const cancelled = await areaRequest(impor, `${PAGE}?token=${token}`, operator, { form: { intent: "batal", token } });
    expect(cancelled.status).toBe(302);
    expect(cancelled.location).toBe(PAGE);
    expect(await flashOf(cancelled)).toEqual({ kind: "success", message: IMPOR_BATAL });
    expect(keptFiles()).toEqual([]);
    expect(stored()).toEqual(before);
  });

  it("the page: the plan's counts and refused rows, 'Terapkan' only for a file without refusals", async () => {
    const refused = await dryRun([HEADER, ",Kursi Uji Tampil,,1,x,1,0,0,0", ",Kursi Uji Tampil Dua,Fiktif,1,x,1,0,0,0"]);
    const page = await areaRequest(impor, `${PAGE}?token=${refused.token}`, operator);
    let markup = await html(impor, `${PAGE}?token=${refused.token}`, page.data);
    expect(text(markup)).toContain("Total baris 2 Ditambah 1 Diubah 0 Tidak berubah 0 Ditolak 1");
    expect(text(markup)).toContain("3 Kursi Uji Tampil Dua Kategori 'Fiktif' tidak ditemukan. Tambahkan dulu di menu Kategori Produk.");
    expect(markup).not.toContain(">Terapkan<");
    expect(markup).toContain("Unggah berkas yang sudah diperbaiki");
    expect(markup).toContain(`<input type="hidden" name="token" value="${refused.token}"/>`);

    const clean = await dryRun([HEADER, ",Kursi Uji Tampil,,1,x,1,0,0,0"]);
    markup = await html(impor, `${PAGE}?token=${clean.token}`, (await areaRequest(impor, `${PAGE}?token=${clean.token}`, operator)).data);
    expect(markup).toContain(`<input type="hidden" name="token" value="${clean.token}"/>`);
    expect(markup).toContain(`<input type="hidden" name="sidik" value="${clean.rencana.sidik}"/>`);
    expect(markup).toMatch(/<button type="submit"[^>]*>Terapkan<\/button>/);
    expect(text(markup)).toContain("2 Kursi Uji Tampil kursi-uji-tampil");
  });

  it("a file equal to the data has nothing to apply", async () => {
    const exported = String((await areaRequest(ekspor, "/operator/produk/produk/ekspor", operator)).data);
    const { rencana } = await dryRun(exported.split("\r\n").filter(Boolean));
    expect(rencana.ringkasan).toMatchObject({ ditambah: 0, diubah: 0, ditolak: 0 });
    expect(rencana.ringkasan.tidakBerubah).toBe(rencana.ringkasan.total);
  });

  it("pages a long list 50 rows at a time", async () => {
    const rows = Array.from({ length: 120 }, (_, i) => `,Kursi Halaman Uji ${i + 1},,1,x,1,0,0,0`);
    const { token } = await dryRun([HEADER, ...rows]);
    const third = pageData(await areaRequest(impor, `${PAGE}?token=${token}&daftar=ditambah&halaman=3`, operator)).periksa!.rencana!;
    expect([third.halaman, third.halamanTotal]).toEqual([3, 3]);
    expect(third.ditambah.map((r) => r.baris)).toEqual(Array.from({ length: 20 }, (_, i) => 102 + i));
    const past = pageData(await areaRequest(impor, `${PAGE}?token=${token}&daftar=ditambah&halaman=99`, operator)).periksa!.rencana!;
    expect(past.halaman).toBe(3);
  });

  it("a stored file past its hour is gone", async () => {
    const token = tokenOf(await periksa(csvFile([HEADER, ",Kursi Uji Lama,,1,x,1,0,0,0"])));
    const file = `${folderImpor()}/${token}.csv`;
    const old = new Date(Date.now() - 61 * 60 * 1000);
    fs.utimesSync(file, old, old);
    const page = await areaRequest(impor, `${PAGE}?token=${token}`, operator);
    expect([page.status, pageData(page).periksa!.error]).toEqual([410, BERKAS_TIDAK_ADA]);
    expect(fs.existsSync(file)).toBe(false);
  });
});

/** Files that once ran the server's heap out: past the row limit in blank or one-cell lines. */
const HOSTILE: [string, () => string][] = [
  ["1,000,000 blank lines", () => "\r\n".repeat(1_000_000)],
  ["100,000 lines of 'x'", () => "x\r\n".repeat(100_000)],
  ["a header over 100,000 one-cell rows", () => `${HEADER}\r\n${"x\r\n".repeat(100_000)}`],
];

describe("Impor CSV: bad files are refused with a message, nothing stored or kept", () => {
  const cases: [string, () => File | string, number, string | RegExp][] = [
    ["no file chosen", () => new File([], "", { type: "application/octet-stream" }), 422, PILIH_BERKAS],
    ["an empty file", () => new File([], "kosong.csv", { type: "text/csv" }), 422, BERKAS_KOSONG],
    ["not CSV (a PNG)", () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])], "foto.csv"), 415, BUKAN_CSV],
    ["a missing column", () => csvFile(["slug,nama_produk,harga,deskripsi", ",Kursi,1,x"]), 422, "Baris judul kolom ditolak. Kolom wajib tidak ada: kategori."],
    ["an unknown branch column", () => csvFile([`${HEADER},Cabang Kudus`, ",Kursi,,1,x,1,0,0,0,1"]), 422, /Kolom 'Cabang Kudus' tidak dikenal/],
    ["only a header", () => csvFile([HEADER]), 422, "Berkas CSV tidak berisi baris produk: hanya baris judul kolom."],
    ["broken quoting", () => csvFile([HEADER, ',"Kursi,,1,x,1,0,0,0']), 422, /tanda kutip .* baris 2 tidak pernah ditutup/],
  ];
  it.each(cases)("%s", async (_name, file, status, expected) => {
    const result = await unchanged(() => periksa(file()));
    expect(result.status).toBe(status);
    expect(message(result)).toMatch(expected instanceof RegExp ? expected : new RegExp(`^${expected.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  });

  it.each(HOSTILE)("%s: 422 with the row limit's message", async (_name, bytes) => {
    const result = await unchanged(() => periksa(new File([bytes()], "serangan.csv", { type: "text/csv" })));
    expect([result.status, message(result)]).toEqual([422, TERLALU_BANYAK_BARIS]);
  });

  it("a file over the limit: 413 with the limit named", async () => {
    const big = new File([HEADER, "\r\n", "x".repeat(bodyLimit("multipart", PAGE) + 1)], "besar.csv", { type: "text/csv" });
    const result = await unchanged(() => periksa(big));
    expect([result.status, message(result)]).toEqual([413, berkasTerlaluBesar(bodyLimit("multipart", PAGE))]);
  });

  it("an unknown intent: 400", async () => {
    const result = await unchanged(() => areaRequest(impor, PAGE, operator, { form: { intent: "hapus-semua" } }));
    expect([result.status, message(result)]).toEqual([400, "Permintaan tidak dikenal."]);
  });
});

describe("/api/produkcsv", () => {
  let token: string;
  beforeEach(() => {
    token = operatorToken(db());
  });

  it("needs a Bearer token (401 for both calls, nothing stored)", async () => {
    expectUnauthorized(await api(apiCsv, "/api/produkcsv"));
    const posted = await unchanged(() => api(apiCsv, "/api/produkcsv", { form: { berkas: csvFile([HEADER, ",Kursi,,1,x,1,0,0,0"]), terapkan: "1" } }));
    expectUnauthorized(posted);
  });

  it("GET answers the export as text/csv with a BOM", async () => {
    const request = new Request(`${TEST_ORIGIN}/api/produkcsv`, { headers: { Authorization: `Bearer ${token}` } });
    const res = (await apiCsv.loader(routeArgs(request, {}))) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(bytes).split("\r\n")[0]).toBe(HEADER);
  });

  it("POST is a dry run unless terapkan=1; terapkan applies it and logs once", async () => {
    const lines = [HEADER, ",Rak Buku Uji Api,Lemari,990000,Rak buku.,1,0,0,1", ",Rak Buku Uji Api Dua,,990000,Rak buku.,0,0,0,0"];
    const dry = await unchanged(() => api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile(lines) } }));
    expect(dry.status).toBe(200);
    expect(dry.body.message).toBe("Pemeriksaan selesai: 2 ditambah, 0 diubah, 0 tidak berubah, 0 ditolak. Belum ada yang disimpan.");
    expect(dry.body.data).toMatchObject({ terapkan: false, ringkasan: { total: 2, ditambah: 2, ditolak: 0 }, ditambah: [{ baris: 2, slug: "rak-buku-uji-api" }, { baris: 3 }] });

    const applied = await api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile(lines), terapkan: "1", sidik: dry.body.data.sidik } });
    expect(applied.status).toBe(200);
    expect(applied.body).toMatchObject({ message: "Impor selesai: 2 ditambah, 0 diubah.", data: { terapkan: true } });
    expect(gudangOf(produkBySlug("rak-buku-uji-api")!.id)).toEqual([1, 4]);
    expect(latestActivity()).toMatchObject({ aksi: "impor", ringkasan: "2 ditambah, 0 diubah" });

    // The same file again: rows without a slug are new products again, and the plan says whose name they share.
    const same = await api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile(lines) } });
    expect(same.body.data.ditambah[0].catatan).toMatch(/Sudah ada produk bernama sama \(slug 'rak-buku-uji-api'\)/);
  });

  it("takes the CSV as text in a JSON field too", async () => {
    const res = await api(apiCsv, "/api/produkcsv", { token, json: { berkas: `${HEADER}\n,Kursi Json Uji,,1,x,1,0,0,0\n`, terapkan: true } });
    expect(res.status, res.text).toBe(200);
    expect(produkBySlug("kursi-json-uji")).toBeDefined();
  });

  it("refused rows: 422 with the reasons per row and the plan; nothing stored", async () => {
    const res = await unchanged(() =>
      api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile([HEADER, ",Kursi Api Ok,,1,x,1,0,0,0", ",Kursi Api Salah,,1,x,1,0,0,2"]), terapkan: "1" } }),
    );
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(IMPOR_DITOLAK);
    expect(res.body.errors).toEqual({ "baris 3": ["Kolom 'Cabang Surabaya' harus berisi 1 atau 0 (kosong = 0), bukan '2'."] });
    expect(res.body.data.ringkasan).toMatchObject({ ditambah: 1, ditolak: 1 });
  });

  it("the dry run gives each changed field old → new, whole", async () => {
    const sofa = produkBySlug("sofa-jati-retro-tiga-dudukan")!;
    const deskripsi = `${sofa.deskripsi}\nBisa pesan warna.`;
    const row = `sofa-jati-retro-tiga-dudukan,Sofa Jati Retro Dua Dudukan,Kursi Tamu,6500000,"${deskripsi}",0,1,1,0`;
    const dry = await unchanged(() => api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile([HEADER, row]) } }));
    expect(dry.status).toBe(200);
    const diubah = dry.body.data.diubah[0];
    expect(diubah.bidang).toEqual(["nama_produk", "harga", "deskripsi", "slug"]);
    expect(diubah.perubahan).toEqual({
      nama_produk: { lama: "Sofa Jati Retro Tiga Dudukan", baru: "Sofa Jati Retro Dua Dudukan" },
      harga: { lama: "6450000", baru: "6500000" },
      deskripsi: { lama: sofa.deskripsi, baru: deskripsi },
      slug: { lama: "sofa-jati-retro-tiga-dudukan", baru: "sofa-jati-retro-dua-dudukan" },
    });
    // Added beside the fields the answer always had.
    expect(diubah).toMatchObject({ slug: "sofa-jati-retro-tiga-dudukan", slug_baru: "sofa-jati-retro-dua-dudukan", gudang_tambah: [], gudang_hapus: [] });
  });

  it.each(HOSTILE)("%s: 422 with the row limit's message, nothing stored", async (_name, bytes) => {
    const res = await unchanged(() => api(apiCsv, "/api/produkcsv", { token, form: { berkas: new File([bytes()], "serangan.csv", { type: "text/csv" }), terapkan: "1" } }));
    expect([res.status, res.body.message]).toEqual([422, TERLALU_BANYAK_BARIS]);
  });

  it("a stale sidik: 409, nothing stored", async () => {
    const res = await unchanged(() =>
      api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile([HEADER, ",Kursi Api Sidik,,1,x,1,0,0,0"]), terapkan: "1", sidik: "0".repeat(32) } }),
    );
    expect([res.status, res.body.message]).toEqual([409, DATA_BERUBAH]);
  });

  it("bad bodies: no file 422, not CSV 415, bad header 422, too big 413, wrong method 405", async () => {
    const none = await unchanged(() => api(apiCsv, "/api/produkcsv", { token, form: { terapkan: "1" } }));
    expect([none.status, none.body.errors]).toEqual([422, { berkas: [PILIH_BERKAS] }]);
    const png = await unchanged(() =>
      api(apiCsv, "/api/produkcsv", { token, form: { berkas: new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0])], "x.csv") } }),
    );
    expect([png.status, png.body.message]).toEqual([415, BUKAN_CSV]);
    const header = await unchanged(() => api(apiCsv, "/api/produkcsv", { token, form: { berkas: csvFile(["nama,harga", "Kursi,1"]) } }));
    expect(header.status).toBe(422);
    expect(header.body.message).toBe(
      "Baris judul kolom ditolak. Kolom 'nama' tidak dikenal: bukan kolom produk dan bukan nama kantor cabang. Kolom wajib tidak ada: slug, nama_produk, kategori, deskripsi.",
    );
    const limit = bodyLimit("multipart", "/api/produkcsv");
    const big = await unchanged(() =>
      api(apiCsv, "/api/produkcsv", { token, form: { berkas: new File(["x".repeat(limit + 1)], "besar.csv", { type: "text/csv" }) } }),
    );
    expect([big.status, big.body.message]).toEqual([413, berkasTerlaluBesar(limit)]);
    const put = await api(apiCsv, "/api/produkcsv", { token, method: "PUT", form: { berkas: csvFile([HEADER]) } });
    expect(put.status).toBe(405);
  });

  it("is documented in the OpenAPI description", async () => {
    const res = await api(openapi, "/api/openapi.json");
    const path = res.body.paths["/api/produkcsv"];
    expect(Object.keys(path).sort()).toEqual(["get", "post"]);
    expect(path.get.responses["200"].content["text/csv"]).toBeDefined();
    expect(path.get.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(path.post.requestBody.content)).toContain("multipart/form-data");
    expect(path.post.requestBody.content["multipart/form-data"].schema.properties).toHaveProperty("terapkan");
    const diubah = path.post.responses["200"].content["application/json"].schema.properties.data.properties.diubah.items.properties;
    expect(Object.keys(diubah)).toEqual(expect.arrayContaining(["bidang", "gudang_tambah", "perubahan"]));
    expect(diubah.perubahan.additionalProperties.properties).toEqual({ lama: expect.any(Object), baru: expect.any(Object) });
    expect(Object.keys(path.post.responses)).toEqual(expect.arrayContaining(["200", "401", "409", "413", "415", "422"]));
  });
});

describe("a file of 10,000 rows", () => {
  it("goes through the dry run and 'Terapkan' (HTML), and reads back unchanged through the API", { timeout: 120_000 }, async () => {
    const exported = String((await areaRequest(ekspor, "/operator/produk/produk/ekspor", operator)).data).split("\r\n").filter(Boolean);
    const existing = exported.slice(1); // the shop's rows, unchanged
    const fresh = Array.from({ length: 10_000 - existing.length }, (_, i) => `,Produk Massal Uji ${i + 1},Dekorasi,${100_000 + i},Produk ke-${i + 1},${i % 2},${(i >> 1) % 2},1,0`);
    const lines = [exported[0]!, ...existing, ...fresh];
    const { token, rencana } = await dryRun(lines);
    expect(rencana.ringkasan).toEqual({ total: 10_000, ditambah: fresh.length, diubah: 0, ditolak: 0, tidakBerubah: existing.length });
    const applied = await terapkan(token, rencana.sidik);
    expect(applied.status).toBe(302);
    expect(await flashOf(applied)).toEqual({ kind: "success", message: `Impor selesai: ${fresh.length} ditambah, 0 diubah.` });
    expect((db().$client.prepare("select count(*) as n from produk").get() as { n: number }).n).toBe(10_000);
    expect(gudangOf(produkBySlug("produk-massal-uji-4")!.id)).toEqual([1, 2, 3]);

    const token2 = operatorToken(db());
    const request = new Request(`${TEST_ORIGIN}/api/produkcsv`, { headers: { Authorization: `Bearer ${token2}` } });
    const all = await ((await apiCsv.loader(routeArgs(request, {}))) as Response).text();
    const back = await api(apiCsv, "/api/produkcsv", { token: token2, form: { berkas: new File([all], "semua.csv") } });
    expect(back.body.data.ringkasan).toEqual({ total: 10_000, ditambah: 0, diubah: 0, tidak_berubah: 10_000, ditolak: 0 });
  });
});

describe("no changes", () => {
  it("'Terapkan' of a file equal to the data says so and logs nothing", async () => {
    const exported = String((await areaRequest(ekspor, "/operator/produk/produk/ekspor", operator)).data).split("\r\n").filter(Boolean);
    const { token, rencana } = await dryRun(exported);
    const before = latestActivity()?.id ?? 0;
    const applied = await terapkan(token, rencana.sidik);
    expect(await flashOf(applied)).toEqual({ kind: "success", message: TIDAK_ADA_PERUBAHAN });
    expect(latestActivity()?.id ?? 0).toBe(before);
  });
});

/** A route's page as the browser gets it, rendered from its loader's data (and an action's reply). */
async function html(mod: { default: unknown }, path: string, loaderData: unknown, actionData?: unknown): Promise<string> {
  const Page = mod.default as (props: { loaderData: unknown; actionData: unknown }) => React.ReactElement;
  const routes: RouteObject[] = [{ path: new URL(path, TEST_ORIGIN).pathname, loader: () => loaderData, Component: () => createElement(Page, { loaderData: useLoaderData(), actionData }) }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`${TEST_ORIGIN}${path}`));
  if (context instanceof Response) throw new Error("unexpected response");
  return renderToString(createElement(StaticRouterProvider, { router: createStaticRouter(handler.dataRoutes, context), context, hydrate: false }));
}

/** The markup's text, tags removed, spaces collapsed. */
function text(markup: string): string {
  return markup
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** The stored description of a seeded product, as one CSV field. */
function csvDescription(slug: string): string {
  const row = produkBySlug(slug)!;
  return `"${row.deskripsi.replace(/"/g, '""')}"`;
}
