/**
 * Operator → LPPM master data through the real area middleware, with real sessions:
 * Fakultas, Program Studi, Skema, Periode, Rubrik, Template Unduhan, the operator's and the
 * proposer's template downloads. Every role, anonymous, bad input (4xx with the Indonesian
 * message, nothing stored changed) and in-use deletes (409, nothing deleted).
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as fakultasRoute from "~/routes/operator/lppm/fakultas";
import * as prodiRoute from "~/routes/operator/lppm/prodi";
import * as skemaRoute from "~/routes/operator/lppm/skema";
import * as periodeRoute from "~/routes/operator/lppm/periode";
import * as rubrikRoute from "~/routes/operator/lppm/rubrik";
import * as templateRoute from "~/routes/operator/lppm/template";
import * as templateUnduh from "~/routes/operator/lppm/template.$id.unduh";
import * as downloadRoute from "~/routes/lppm/pengusul/download";
import * as downloadFile from "~/routes/lppm/pengusul/download.$id";
import type { Role } from "~/domain/users/roles";
import { documentsDir } from "~/lib/server/documents.server";
import { DEFAULT_CHECKLIST_INSENTIF, DEFAULT_RUBRIK } from "../../scripts/seed/lppm-rubrik";
import { RUBRIK_INSENTIF_SUDAH_ADA } from "~/domain/lppm/master/rubrik.server";
import { startSession } from "../../app/http/session.server";
import { withinLayouts } from "../setup/app-routes";
import { addUser } from "../setup/data";
import { TEST_OPERATOR_USERNAME } from "../setup/constants";
import { fieldErrors, flashOf, listFiles, snapshot, toFormData, type FormFields } from "../setup/operator-helpers";
import { runRoute, TEST_ORIGIN, type RouteFn, type RouteModule, type RouteResult } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";


let t: TestDb;
const cookies: Record<string, string> = {};

const OTHER_ROLES: Role[] = ["Pengusul", "Reviewer-Internal", "Reviewer-External", "Verifikator-Fakultas", "Sekretaris-LPPM", "Kepala-LPPM"];

async function sessionOf(userId: number): Promise<string> {
  return (await startSession(new Request(`${TEST_ORIGIN}/login`), userId)).split(";")[0]!;
}

beforeEach(async () => {
  t = createTestDb();
  const operator = t.db.select().from(schema.users).where(eq(schema.users.username, TEST_OPERATOR_USERNAME)).get()!;
  cookies.Operator = await sessionOf(operator.id);
  for (const role of OTHER_ROLES) cookies[role] = await sessionOf((await addUser(t.db, [role])).id);
});
afterEach(() => t.cleanup());

/** A request the way React Router runs it: the area layout's middleware, then the route's loader or action. */
async function request(
  mod: RouteModule,
  url: string,
  options: { cookie?: string | null; body?: FormFields; params?: Record<string, string> } = {},
): Promise<RouteResult> {
  const fn = (options.body ? mod.action : mod.loader) as RouteFn;
  const headers: Record<string, string> = { Origin: TEST_ORIGIN };
  if (options.cookie) headers.Cookie = options.cookie;
  const req = new Request(new URL(url, TEST_ORIGIN), options.body ? { method: "POST", body: toFormData(options.body), headers } : { headers });
  const run = (args: never) => withinLayouts(req.url, args, () => fn(args));
  return runRoute(run as RouteFn, req, options.params ?? {});
}

const asOperator = (mod: RouteModule, url: string, body?: FormFields, params?: Record<string, string>) =>
  request(mod, url, { cookie: cookies.Operator, body, params });

function state() {
  return { ...snapshot(t.db, t.uploadsDir), documents: listFiles(documentsDir()) };
}

/** Posts as the operator and checks that nothing stored (rows, uploads, documents) changed. */
async function refused(mod: RouteModule, url: string, body: FormFields): Promise<RouteResult> {
  const before = state();
  const result = await asOperator(mod, url, body);
  expect(state(), `nothing changed after POST ${url}`).toEqual(before);
  return result;
}

const PDF = "%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n";
const pdfFile = (name = "Template Proposal.pdf") => new File([PDF], name, { type: "application/pdf" });

function addFakultas(nama = "Fakultas Teknik") {
  return t.db.insert(schema.fakultas).values({ nama, kode: "FT" }).returning().get();
}
function addProdi(idFakultas: number, nama = "Informatika") {
  return t.db.insert(schema.prodi).values({ id_fakultas: idFakultas, nama }).returning().get();
}
function addSkema(nama = "Penelitian Dosen Pemula", jenis: "penelitian" | "pengabdian" = "penelitian") {
  return t.db.insert(schema.skema).values({ jenis, nama, dana_maksimal: 15_000_000 }).returning().get();
}
function addPeriode(idSkema: number) {
  return t.db.insert(schema.periode).values({ tahun: 2026, id_skema: idSkema, anggaran_total: 100_000_000, kuota_judul: 5 }).returning().get();
}

const SCREENS: [string, RouteModule, string][] = [
  ["Fakultas", fakultasRoute, "/operator/lppm/fakultas"],
  ["Program Studi", prodiRoute, "/operator/lppm/prodi"],
  ["Skema", skemaRoute, "/operator/lppm/skema"],
  ["Periode", periodeRoute, "/operator/lppm/periode"],
  ["Rubrik", rubrikRoute, "/operator/lppm/rubrik"],
  ["Template", templateRoute, "/operator/lppm/template"],
];

describe.each(SCREENS)("guard: %s", (_name, mod, url) => {
  it("anonymous → /login; every LPPM role without Operator → 404, also for a POST (nothing stored); the operator → 200", async () => {
    const anon = await request(mod, url);
    expect(anon.status).toBe(302);
    expect(anon.location).toBe(`/login?redirectTo=${encodeURIComponent(url)}`);
    const body = { intent: "hapus", id: "1" };
    for (const role of OTHER_ROLES) {
      expect((await request(mod, url, { cookie: cookies[role] })).status, role).toBe(404);
      const before = state();
      expect((await request(mod, url, { cookie: cookies[role], body })).status, `${role} POST`).toBe(404);
      expect(state()).toEqual(before);
    }
    const page = await asOperator(mod, url);
    expect(page.status).toBe(200);
    expect((page.data as { list: { rows: unknown[] } }).list).toBeDefined();
  });
});

describe("Fakultas and Program Studi", () => {
  it("adds a faculty; an empty or repeated name (any case) is refused with its message and nothing stored", async () => {
    const saved = await asOperator(fakultasRoute, "/operator/lppm/fakultas?tambah=1", { intent: "tambah", nama: "Fakultas Teknik", kode: "FT" });
    expect(saved.status).toBe(302);
    expect((await flashOf(saved))?.message).toBe("Data berhasil disimpan");
    expect(t.db.select().from(schema.fakultas).all()).toMatchObject([{ nama: "Fakultas Teknik", kode: "FT" }]);

    const empty = await refused(fakultasRoute, "/operator/lppm/fakultas?tambah=1", { intent: "tambah", nama: " " });
    expect(empty.status).toBe(400);
    expect(fieldErrors(empty).nama).toEqual(["Nama fakultas wajib diisi."]);

    const twice = await refused(fakultasRoute, "/operator/lppm/fakultas?tambah=1", { intent: "tambah", nama: "fakultas  teknik" });
    expect(twice.status).toBe(409);
    expect(fieldErrors(twice).nama).toEqual(["Nama fakultas sudah dipakai."]);
  });

  it("a faculty with a study programme or a verifier is not deleted (409); an unused one is", async () => {
    const ft = addFakultas();
    const prodi = addProdi(ft.id);
    const inUse = await refused(fakultasRoute, `/operator/lppm/fakultas?hapus=${ft.id}`, { intent: "hapus", id: String(ft.id) });
    expect(inUse.status).toBe(409);
    expect((inUse.data as { message: string }).message).toBe("Fakultas masih dipakai oleh 1 program studi. Pindahkan atau hapus dulu.");

    t.db.delete(schema.prodi).where(eq(schema.prodi.id, prodi.id)).run();
    const verifikator = await addUser(t.db, ["Verifikator-Fakultas"]);
    t.db.update(schema.users).set({ id_fakultas_verifikasi: ft.id }).where(eq(schema.users.id, verifikator.id)).run();
    const byVerifier = await refused(fakultasRoute, `/operator/lppm/fakultas?hapus=${ft.id}`, { intent: "hapus", id: String(ft.id) });
    expect(byVerifier.status).toBe(409);
    expect((byVerifier.data as { message: string }).message).toContain("1 verifikator fakultas");

    t.db.update(schema.users).set({ id_fakultas_verifikasi: null }).where(eq(schema.users.id, verifikator.id)).run();
    const gone = await asOperator(fakultasRoute, `/operator/lppm/fakultas?hapus=${ft.id}`, { intent: "hapus", id: String(ft.id) });
    expect(gone.status).toBe(302);
    expect((await flashOf(gone))?.message).toBe("Data berhasil dihapus");
    expect(t.db.select().from(schema.fakultas).all()).toEqual([]);
  });

  it("adds a study programme to a faculty; a missing faculty or a name repeated in the faculty is refused", async () => {
    const ft = addFakultas();
    const saved = await asOperator(prodiRoute, "/operator/lppm/prodi?tambah=1", { intent: "tambah", id_fakultas: String(ft.id), nama: "Informatika", kode: "55201" });
    expect(saved.status).toBe(302);
    expect(t.db.select().from(schema.prodi).all()).toMatchObject([{ id_fakultas: ft.id, nama: "Informatika", kode: "55201" }]);

    const noFakultas = await refused(prodiRoute, "/operator/lppm/prodi?tambah=1", { intent: "tambah", id_fakultas: "", nama: "Sipil" });
    expect(noFakultas.status).toBe(400);
    expect(fieldErrors(noFakultas).id_fakultas).toEqual(["Fakultas wajib dipilih."]);
    const unknown = await refused(prodiRoute, "/operator/lppm/prodi?tambah=1", { intent: "tambah", id_fakultas: "99999", nama: "Sipil" });
    expect(unknown.status).toBe(422);
    expect(fieldErrors(unknown).id_fakultas).toEqual(["Fakultas tidak ditemukan."]);
    const twice = await refused(prodiRoute, "/operator/lppm/prodi?tambah=1", { intent: "tambah", id_fakultas: String(ft.id), nama: "INFORMATIKA" });
    expect(twice.status).toBe(409);

    // The form's choices: the faculties, only while the form is open.
    const form = await asOperator(prodiRoute, "/operator/lppm/prodi?tambah=1");
    expect((form.data as { fakultas: unknown[] }).fakultas).toEqual([{ id: ft.id, nama: "Fakultas Teknik" }]);
  });

  it("a study programme a lecturer belongs to is not deleted (409)", async () => {
    const prodi = addProdi(addFakultas().id);
    const dosen = await addUser(t.db, ["Pengusul"]);
    t.db.update(schema.users).set({ id_prodi: prodi.id }).where(eq(schema.users.id, dosen.id)).run();
    const inUse = await refused(prodiRoute, `/operator/lppm/prodi?hapus=${prodi.id}`, { intent: "hapus", id: String(prodi.id) });
    expect(inUse.status).toBe(409);
    expect((inUse.data as { message: string }).message).toBe("Program studi masih dipakai oleh 1 dosen. Ubah program studi mereka dulu.");
    // The question names the use before the operator confirms.
    const ask = await asOperator(prodiRoute, `/operator/lppm/prodi?hapus=${prodi.id}`);
    expect((ask.data as { hapus: { dipakai: string } }).hapus.dipakai).toContain("1 dosen");
  });

  it("searches and pages in SQL", async () => {
    const ft = addFakultas();
    for (let i = 1; i <= 12; i++) addProdi(ft.id, `Prodi ${String(i).padStart(2, "0")}`);
    const page = await asOperator(prodiRoute, "/operator/lppm/prodi?q=Prodi&size=10&page=2");
    expect(page.data).toMatchObject({ list: { total: 12, page: 2 } });
    expect((page.data as { list: { rows: { nama: string }[] } }).list.rows.map((r) => r.nama)).toEqual(["Prodi 11", "Prodi 12"]);
  });
});

const SKEMA_FORM: FormFields = {
  intent: "tambah",
  jenis: "penelitian",
  nama: "Penelitian Dasar Internal",
  dana_maksimal: "25.000.000",
  honor_maks_persen: "",
  min_jabatan: "Lektor",
  max_anggota_dosen: "2",
  wajib_mahasiswa: "1",
  luaran_wajib: ["Prosiding nasional", "Jurnal nasional terakreditasi"],
  tkt_min: "1",
  tkt_max: "3",
  review_buta: "on",
  aktif: "on",
};

describe("Skema", () => {
  it("stores every rule: rupiah, default honor 10 %, jabatan, luaran in the list's order, TKT, flags", async () => {
    const saved = await asOperator(skemaRoute, "/operator/lppm/skema?tambah=1", SKEMA_FORM);
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(t.db.select().from(schema.skema).get()).toMatchObject({
      jenis: "penelitian",
      dana_maksimal: 25_000_000,
      honor_maks_persen: 10,
      min_jabatan: "Lektor",
      wajib_mahasiswa: 1,
      luaran_wajib: JSON.stringify(["Jurnal nasional terakreditasi", "Prosiding nasional"]),
      tkt_min: 1,
      tkt_max: 3,
      wajib_mitra: false,
      review_buta: true,
      reviewer_lain_prodi: false,
      aktif: true,
    });
  });

  it("refuses an unknown luaran, TKT on community service, a partner rule on research, a bad amount — nothing stored", async () => {
    const luaran = await refused(skemaRoute, "/operator/lppm/skema?tambah=1", { ...SKEMA_FORM, luaran_wajib: "Paten luar angkasa" });
    expect(fieldErrors(luaran).luaran_wajib).toEqual(["Jenis luaran tidak dikenal."]);
    const tkt = await refused(skemaRoute, "/operator/lppm/skema?tambah=1", { ...SKEMA_FORM, jenis: "pengabdian" });
    expect(tkt.status).toBe(400);
    expect(fieldErrors(tkt).tkt_min).toEqual(["TKT hanya untuk skema penelitian."]);
    const mitra = await refused(skemaRoute, "/operator/lppm/skema?tambah=1", { ...SKEMA_FORM, wajib_mitra: "on" });
    expect(fieldErrors(mitra).wajib_mitra).toEqual(["Mitra wajib hanya untuk skema pengabdian."]);
    const dana = await refused(skemaRoute, "/operator/lppm/skema?tambah=1", { ...SKEMA_FORM, dana_maksimal: "lima juta" });
    expect(fieldErrors(dana).dana_maksimal?.[0]).toMatch(/Dana maksimal/);
    const jabatan = await refused(skemaRoute, "/operator/lppm/skema?tambah=1", { ...SKEMA_FORM, min_jabatan: "Rektor" });
    expect(fieldErrors(jabatan).min_jabatan).toEqual(["Jabatan minimal tidak dikenal."]);
  });

  it("a skema with a periode is not deleted (409)", async () => {
    const skema = addSkema();
    addPeriode(skema.id);
    const inUse = await refused(skemaRoute, `/operator/lppm/skema?hapus=${skema.id}`, { intent: "hapus", id: String(skema.id) });
    expect(inUse.status).toBe(409);
    expect((inUse.data as { message: string }).message).toBe(
      "Skema masih dipakai oleh 1 periode. Hapus periodenya dulu, atau nonaktifkan skema ini.",
    );
  });
});

function periodeForm(idSkema: number, windows: Record<string, string> = {}): FormFields {
  return {
    intent: "tambah",
    tahun: "2026",
    id_skema: String(idSkema),
    sumber_dana: "DIPA Universitas",
    anggaran_total: "Rp 150.000.000",
    kuota_judul: "10",
    maks_ketua: "",
    maks_anggota: "",
    ...windows,
  };
}

describe("Periode", () => {
  it("reads each stage's datetime-local as WIB and lists the stage states", async () => {
    const skema = addSkema();
    const saved = await asOperator(
      periodeRoute,
      "/operator/lppm/periode?tambah=1",
      periodeForm(skema.id, {
        pengajuan_buka: "2020-01-01T08:00",
        pengajuan_tutup: "2099-12-31T23:59",
        review_buka: "2099-12-31T23:59",
        review_tutup: "2100-01-31T16:00",
      }),
    );
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const row = t.db.select().from(schema.periode).get()!;
    expect(row).toMatchObject({ anggaran_total: 150_000_000, kuota_judul: 10, maks_ketua: 1, maks_anggota: 2, sumber_dana: "DIPA Universitas" });
    expect(row.pengajuan_buka?.toISOString()).toBe("2020-01-01T01:00:00.000Z");
    expect(row.pengajuan_tutup?.toISOString()).toBe("2099-12-31T16:59:00.000Z");
    expect(row.penetapan_buka).toBeNull();

    const list = await asOperator(periodeRoute, "/operator/lppm/periode");
    const data = list.data as { now: Date; list: { rows: { label: string; windows: Record<string, unknown> }[] } };
    expect(data.list.rows[0]).toMatchObject({ label: "2026 · Penelitian Dosen Pemula" });
    expect(Object.keys(data.list.rows[0]!.windows)).toEqual(["pengajuan", "review"]);
    expect(data.now).toBeInstanceOf(Date);
  });

  it("refuses a window that closes before it opens, half a window, stages out of order, an unknown skema", async () => {
    const skema = addSkema();
    const backwards = await refused(
      periodeRoute,
      "/operator/lppm/periode?tambah=1",
      periodeForm(skema.id, { pengajuan_buka: "2026-02-01T08:00", pengajuan_tutup: "2026-01-01T08:00" }),
    );
    expect(backwards.status).toBe(400);
    expect(fieldErrors(backwards).pengajuan_tutup).toEqual(["Tanggal tutup pengajuan harus setelah tanggal buka."]);

    const half = await refused(periodeRoute, "/operator/lppm/periode?tambah=1", periodeForm(skema.id, { monev_buka: "2026-02-01T08:00" }));
    expect(fieldErrors(half).monev_tutup).toEqual(["Isi tanggal buka dan tutup monev, atau kosongkan keduanya."]);

    const order = await refused(
      periodeRoute,
      "/operator/lppm/periode?tambah=1",
      periodeForm(skema.id, {
        pengajuan_buka: "2026-02-01T08:00",
        pengajuan_tutup: "2026-03-01T08:00",
        review_buka: "2026-01-15T08:00",
        review_tutup: "2026-04-01T08:00",
      }),
    );
    expect(fieldErrors(order).review_buka).toEqual(["Review tidak boleh dibuka sebelum pengajuan dibuka."]);

    const bad = await refused(periodeRoute, "/operator/lppm/periode?tambah=1", periodeForm(skema.id, { review_buka: "31/12/2026", review_tutup: "2027-01-01T00:00" }));
    expect(fieldErrors(bad).review_buka).toEqual(["Tanggal buka review tidak valid."]);

    const unknown = await refused(periodeRoute, "/operator/lppm/periode?tambah=1", periodeForm(99999));
    expect(unknown.status).toBe(422);
    expect(fieldErrors(unknown).id_skema).toEqual(["Skema tidak ditemukan."]);
  });

  it("a periode with a proposal is not deleted (409); one without is", async () => {
    const periode = addPeriode(addSkema().id);
    const ketua = await addUser(t.db, ["Pengusul"]);
    const usulan = t.db.insert(schema.usulan).values({ id_periode: periode.id, jenis: "penelitian", id_ketua: ketua.id, judul: "Usulan" }).returning().get();
    const inUse = await refused(periodeRoute, `/operator/lppm/periode?hapus=${periode.id}`, { intent: "hapus", id: String(periode.id) });
    expect(inUse.status).toBe(409);
    expect((inUse.data as { message: string }).message).toBe("Periode masih dipakai oleh 1 usulan dan tidak dapat dihapus.");
    t.db.delete(schema.usulan).where(eq(schema.usulan.id, usulan.id)).run();
    expect((await asOperator(periodeRoute, `/operator/lppm/periode?hapus=${periode.id}`, { intent: "hapus", id: String(periode.id) })).status).toBe(302);
    expect(t.db.select().from(schema.periode).all()).toEqual([]);
  });
});

describe("Rubrik", () => {
  function rubrikOf(jenis: "penelitian" | "pengabdian", tahap: "administrasi" | "substansi" | "monev" | "insentif") {
    const row = t.db.select().from(schema.rubrik).all().find((r) => r.jenis === jenis && r.tahap === tahap)!;
    const kriteria = t.db.select().from(schema.rubrikKriteria).where(eq(schema.rubrikKriteria.id_rubrik, row.id)).orderBy(schema.rubrikKriteria.urutan).all();
    return { ...row, kriteria };
  }

  it("the fresh database holds LPPM.md's default rubrics, scored ones summing to 100", () => {
    expect(t.db.select().from(schema.rubrik).all()).toHaveLength(DEFAULT_RUBRIK.length);
    const substansi = rubrikOf("penelitian", "substansi");
    expect(substansi.kriteria.map((k) => [k.kriteria, k.bobot])).toEqual([
      ["Ringkasan", 10],
      ["Latar belakang & rumusan masalah", 25],
      ["Tinjauan pustaka & kebaruan", 20],
      ["Metode", 25],
      ["Luaran & jadwal", 10],
      ["Kewajaran RAB", 10],
    ]);
    for (const r of ["substansi", "monev"] as const) {
      for (const j of ["penelitian", "pengabdian"] as const) expect(rubrikOf(j, r).kriteria.reduce((s, k) => s + k.bobot, 0)).toBe(100);
    }
    expect(rubrikOf("pengabdian", "administrasi").kriteria.every((k) => k.bobot === 0 && k.deskripsi_skor === null)).toBe(true);
    // One insentif checklist for every claim; monev scores 0–100 and describes no 1–7 scores.
    expect(rubrikOf("penelitian", "insentif").kriteria.map((k) => [k.kriteria, k.bobot, k.deskripsi_skor])).toEqual(DEFAULT_CHECKLIST_INSENTIF.map((k) => [k, 0, null]));
    expect(t.db.select().from(schema.rubrik).all().filter((r) => r.tahap === "insentif")).toHaveLength(1);
    expect(rubrikOf("pengabdian", "monev").kriteria.every((k) => k.deskripsi_skor === null)).toBe(true);
  });

  function barisOf(kriteria: { id: number; kriteria: string; bobot: number }[], bobot?: (i: number) => string): FormFields {
    const fields: FormFields = {};
    kriteria.forEach((k, i) => {
      fields[`baris[${i}].id`] = String(k.id);
      fields[`baris[${i}].kriteria`] = k.kriteria;
      fields[`baris[${i}].bobot`] = bobot ? bobot(i) : String(k.bobot);
      for (const s of [1, 2, 3, 5, 6, 7]) fields[`baris[${i}].skor_${s}`] = `${k.kriteria} skor ${s}`;
    });
    return fields;
  }

  it("refuses weights that do not sum to 100 and shows the rows again as typed; nothing stored", async () => {
    const r = rubrikOf("penelitian", "substansi");
    const url = `/operator/lppm/rubrik?ubah=${r.id}`;
    const result = await refused(rubrikRoute, url, { intent: "ubah", id: String(r.id), nama: r.nama, ...barisOf(r.kriteria, (i) => (i === 0 ? "0" : String(r.kriteria[i]!.bobot))) });
    expect(result.status).toBe(400);
    const reply = result.data as { message: string; result: { error: Record<string, string[]> }; baris: { kriteria: string; bobot: string }[] };
    expect(reply.result.error["baris[0].bobot"]).toEqual(["Bobot harus bilangan bulat 1–100."]);
    expect(reply.baris).toHaveLength(6);

    const total = await refused(rubrikRoute, url, { intent: "ubah", id: String(r.id), nama: r.nama, ...barisOf(r.kriteria, (i) => (i === 0 ? "5" : String(r.kriteria[i]!.bobot))) });
    expect(total.status).toBe(400);
    expect((total.data as { message: string }).message).toBe("Total bobot harus 100 (sekarang 95).");
  });

  it("'Tambah baris' answers the form with one more empty row and saves nothing", async () => {
    const r = rubrikOf("pengabdian", "monev");
    const result = await refused(rubrikRoute, `/operator/lppm/rubrik?ubah=${r.id}`, { intent: "tambah-baris", id: String(r.id), nama: r.nama, ...barisOf(r.kriteria) });
    expect(result.status).toBe(200);
    const baris = (result.data as { baris: { kriteria: string }[] }).baris;
    expect(baris).toHaveLength(r.kriteria.length + 1);
    expect(baris.at(-1)!.kriteria).toBe("");
  });

  it("saves the monev name and criteria without score descriptions: a row ticked Hapus goes, a new row with guidance is added, weights re-split to 100", async () => {
    const r = rubrikOf("penelitian", "monev");
    // What the monev editor posts: the criterion, its weight, its guidance; no score descriptions.
    const fields: FormFields = {};
    r.kriteria.forEach((k, i) => Object.assign(fields, { [`baris[${i}].id`]: String(k.id), [`baris[${i}].kriteria`]: k.kriteria, [`baris[${i}].bobot`]: String(k.bobot), [`baris[${i}].panduan`]: "" }));
    // Drop 'Catatan harian' (15), add 'Diseminasi' (15).
    const last = r.kriteria.length - 1;
    fields[`baris[${last}].hapus`] = "on";
    const n = r.kriteria.length;
    Object.assign(fields, { [`baris[${n}].kriteria`]: "Diseminasi", [`baris[${n}].bobot`]: "15", [`baris[${n}].panduan`]: "80–100: hasil disebarkan ke mitra dan publik." });
    fields[`baris[${n + 1}].kriteria`] = ""; // the empty row is ignored
    const saved = await asOperator(rubrikRoute, `/operator/lppm/rubrik?ubah=${r.id}`, { intent: "ubah", id: String(r.id), nama: "Monev Penelitian 2026", ...fields });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    expect(saved.location).toBe("/operator/lppm/rubrik");
    const after = rubrikOf("penelitian", "monev");
    expect(after.nama).toBe("Monev Penelitian 2026");
    expect(after.kriteria.map((k) => [k.kriteria, k.bobot, k.deskripsi_skor, k.panduan])).toEqual([
      ["Luaran wajib", 30, null, null],
      ["Luaran tambahan", 15, null, null],
      ["Kesesuaian pelaksanaan dengan usulan", 25, null, null],
      ["Realisasi anggaran", 15, null, null],
      ["Diseminasi", 15, null, "80–100: hasil disebarkan ke mitra dan publik."],
    ]);
    expect(after.kriteria[0]!.id).toBe(r.kriteria[0]!.id);
    // The editor shows the guidance back.
    const editor = (await asOperator(rubrikRoute, `/operator/lppm/rubrik?ubah=${r.id}`)).data as { ubah: { tahap: string; kriteria: { panduan: string | null }[] } };
    expect(editor.ubah.kriteria.at(-1)!.panduan).toBe("80–100: hasil disebarkan ke mitra dan publik.");
  });

  it("the substansi editor still requires a description of every score: refused field by field, nothing stored", async () => {
    const r = rubrikOf("pengabdian", "substansi");
    const fields = barisOf(r.kriteria);
    for (const s of [1, 2, 3, 5, 6, 7]) delete fields[`baris[1].skor_${s}`];
    fields["baris[2].skor_5"] = "";
    const result = await refused(rubrikRoute, `/operator/lppm/rubrik?ubah=${r.id}`, { intent: "ubah", id: String(r.id), nama: "Diubah", ...fields });
    expect(result.status).toBe(400);
    const errors = (result.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors["baris[1].skor_1"]).toEqual(["Deskripsi skor 1 wajib diisi."]);
    expect(errors["baris[1].skor_7"]).toEqual(["Deskripsi skor 7 wajib diisi."]);
    expect(errors["baris[2].skor_5"]).toEqual(["Deskripsi skor 5 wajib diisi."]);
    expect(rubrikOf("pengabdian", "substansi")).toEqual(r);
  });

  it("one rubric per jenis and tahap (409); one insentif rubric for every claim, whatever jenis the form chose", async () => {
    const twice = await refused(rubrikRoute, "/operator/lppm/rubrik?tambah=1", { intent: "tambah", jenis: "penelitian", tahap: "substansi", nama: "Lagi" });
    expect(twice.status).toBe(409);
    expect(fieldErrors(twice).tahap).toEqual(["Rubrik untuk jenis dan tahap ini sudah ada."]);
    const another = await refused(rubrikRoute, "/operator/lppm/rubrik?tambah=1", { intent: "tambah", jenis: "pengabdian", tahap: "insentif", nama: "Insentif Pengabdian" });
    expect(another.status).toBe(409);
    expect(fieldErrors(another).tahap).toEqual([RUBRIK_INSENTIF_SUDAH_ADA]);
    // Without one, the operator adds it again; it is stored once, for every claim.
    const seeded = rubrikOf("penelitian", "insentif");
    expect((await asOperator(rubrikRoute, `/operator/lppm/rubrik?hapus=${seeded.id}`, { intent: "hapus", id: String(seeded.id) })).status).toBe(302);
    const insentif = await asOperator(rubrikRoute, "/operator/lppm/rubrik?tambah=1", { intent: "tambah", jenis: "pengabdian", tahap: "insentif", nama: "Evaluasi Insentif" });
    expect(insentif.status).toBe(302);
    expect(t.db.select().from(schema.rubrik).all().filter((r) => r.tahap === "insentif")).toMatchObject([{ jenis: "penelitian", nama: "Evaluasi Insentif" }]);
  });

});

describe("Template Unduhan and /pengusul/download", () => {
  async function addTemplate(fields: Partial<FormFields> = {}) {
    const saved = await asOperator(templateRoute, "/operator/lppm/template?tambah=1", {
      intent: "tambah",
      judul: "Template Proposal Penelitian",
      keterangan: "Format 2026",
      tanggal_versi: "2026-11-01",
      aktif: "on",
      file: pdfFile(),
      ...fields,
    } as FormFields);
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    return t.db.select().from(schema.templateUnduhan).orderBy(schema.templateUnduhan.id).all().at(-1)!;
  }

  it("stores the file privately (never under uploads); refuses a file that is not PDF/DOCX, a missing file or date", async () => {
    const row = await addTemplate();
    expect(row).toMatchObject({ judul: "Template Proposal Penelitian", keterangan: "Format 2026", aktif: true, nama_file: "Template Proposal.pdf" });
    expect(row.tanggal_versi.toISOString()).toBe("2026-10-31T17:00:00.000Z");
    expect(fs.existsSync(path.join(documentsDir(), row.file))).toBe(true);
    expect(listFiles(t.uploadsDir).some((f) => f.includes("template"))).toBe(false);

    const text = await refused(templateRoute, "/operator/lppm/template?tambah=1", {
      intent: "tambah",
      judul: "Palsu",
      tanggal_versi: "2026-11-01",
      file: new File(["bukan pdf"], "palsu.pdf", { type: "application/pdf" }),
    });
    expect(text.status).toBe(422);
    expect(fieldErrors(text).file).toEqual(["Format file harus PDF atau DOCX."]);
    const none = await refused(templateRoute, "/operator/lppm/template?tambah=1", { intent: "tambah", judul: "Tanpa file", tanggal_versi: "2026-11-01" });
    expect(none.status).toBe(400);
    expect(fieldErrors(none).file).toEqual(["File wajib dipilih."]);
    const noDate = await refused(templateRoute, "/operator/lppm/template?tambah=1", { intent: "tambah", judul: "X", tanggal_versi: "", file: pdfFile() });
    expect(fieldErrors(noDate).tanggal_versi).toEqual(["Tanggal versi wajib diisi."]);
  });

  it("an edit without a file keeps the file; a new file replaces it (the old one removed); delete removes the file", async () => {
    const row = await addTemplate();
    const kept = await asOperator(templateRoute, `/operator/lppm/template?ubah=${row.id}`, { intent: "ubah", id: String(row.id), judul: "Baru", tanggal_versi: "2026-11-02" });
    expect(kept.status).toBe(302);
    const afterEdit = t.db.select().from(schema.templateUnduhan).get()!;
    expect(afterEdit).toMatchObject({ judul: "Baru", file: row.file, aktif: false });

    await asOperator(templateRoute, `/operator/lppm/template?ubah=${row.id}`, { intent: "ubah", id: String(row.id), judul: "Baru", tanggal_versi: "2026-11-02", aktif: "on", file: pdfFile("v2.pdf") });
    const replaced = t.db.select().from(schema.templateUnduhan).get()!;
    expect(replaced.file).not.toBe(row.file);
    expect(fs.existsSync(path.join(documentsDir(), row.file))).toBe(false);

    const gone = await asOperator(templateRoute, `/operator/lppm/template?hapus=${row.id}`, { intent: "hapus", id: String(row.id) });
    expect(gone.status).toBe(302);
    expect(fs.existsSync(path.join(documentsDir(), replaced.file))).toBe(false);
  });

  it("the operator downloads any template; other roles and anonymous cannot use the operator's route", async () => {
    const row = await addTemplate({ aktif: undefined } as Partial<FormFields>);
    const params = { id: String(row.id) };
    const file = await request(templateUnduh, `/operator/lppm/template/${row.id}/unduh`, { cookie: cookies.Operator, params });
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("Template Proposal.pdf");
    expect(file.headers.get("Cache-Control")).toBe("private, no-store");
    expect(file.data).toBe(PDF);
    expect((await request(templateUnduh, `/operator/lppm/template/${row.id}/unduh`, { cookie: cookies.Pengusul, params })).status).toBe(404);
    expect((await request(templateUnduh, `/operator/lppm/template/${row.id}/unduh`, { params })).status).toBe(302);
    expect((await request(templateUnduh, "/operator/lppm/template/999/unduh", { cookie: cookies.Operator, params: { id: "999" } })).status).toBe(404);
  });

  it("/pengusul/download lists the active templates and serves them to proposers only; an inactive one answers 404", async () => {
    const aktif = await addTemplate();
    const nonaktif = await addTemplate({ judul: "Lama", aktif: undefined } as Partial<FormFields>);

    expect((await request(downloadRoute, "/pengusul/download")).status).toBe(302);
    for (const role of ["Operator", "Reviewer-Internal", "Kepala-LPPM", "Verifikator-Fakultas"]) {
      expect((await request(downloadRoute, "/pengusul/download", { cookie: cookies[role] })).status, role).toBe(404);
      expect((await request(downloadFile, `/pengusul/download/${aktif.id}`, { cookie: cookies[role], params: { id: String(aktif.id) } })).status, role).toBe(404);
    }
    const page = await request(downloadRoute, "/pengusul/download", { cookie: cookies.Pengusul });
    expect(page.status).toBe(200);
    const templates = (page.data as { templates: { id: number; judul: string; file?: string }[] }).templates;
    expect(templates.map((x) => x.judul)).toEqual(["Template Proposal Penelitian"]);
    expect(templates[0]).not.toHaveProperty("file");

    const file = await request(downloadFile, `/pengusul/download/${aktif.id}`, { cookie: cookies.Pengusul, params: { id: String(aktif.id) } });
    expect(file.status).toBe(200);
    expect(file.data).toBe(PDF);
    const hidden = await request(downloadFile, `/pengusul/download/${nonaktif.id}`, { cookie: cookies.Pengusul, params: { id: String(nonaktif.id) } });
    expect(hidden.status).toBe(404);
    expect((await request(downloadFile, `/pengusul/download/${aktif.id}`, { params: { id: String(aktif.id) } })).status).toBe(302);
  });
});

describe("Modul LPPM off", () => {
  // The area layout answers 404 for everything under /operator/lppm and the LPPM areas.
  it("every master-data screen and the download answer 404, even for the operator", async () => {
    t.db.update(schema.setting).set({ modul_lppm: false }).run();
    for (const [, mod, url] of SCREENS) expect((await asOperator(mod, url)).status, url).toBe(404);
    expect((await request(downloadRoute, "/pengusul/download", { cookie: cookies.Pengusul })).status).toBe(404);
  });
});

describe("lists", () => {
  it("the rubric list counts each rubric's own criteria and weights; the faculty list its programmes", async () => {
    const rubrik = (await asOperator(rubrikRoute, "/operator/lppm/rubrik")).data as { list: { rows: { nama: string; jumlah_kriteria: number; total_bobot: number }[] } };
    expect(rubrik.list.rows.map((r) => [r.nama, r.jumlah_kriteria, r.total_bobot])).toEqual(
      expect.arrayContaining([
        ["Evaluasi Administrasi Penelitian", 5, 0],
        ["Evaluasi Substansi Penelitian", 6, 100],
        ["Monev Internal Pengabdian", 5, 100],
      ]),
    );
    const ft = addFakultas();
    addProdi(ft.id, "A");
    addProdi(ft.id, "B");
    addFakultas("Fakultas Hukum");
    const fakultas = (await asOperator(fakultasRoute, "/operator/lppm/fakultas")).data as { list: { rows: { nama: string; jumlah_prodi: number }[] } };
    expect(fakultas.list.rows.map((r) => [r.nama, r.jumlah_prodi])).toEqual([
      ["Fakultas Hukum", 0],
      ["Fakultas Teknik", 2],
    ]);
  });
});
