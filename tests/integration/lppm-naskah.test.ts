/**
 * The papers the institute signs, as PDF, through their routes: the letterhead and signatories
 * kept on the Operator's Setting page (bad input refused, the logo checked by content), then each
 * paper opened with a PDF parser and read — the lembar pengesahan, the contract (amount in
 * figures and words, the SK that funded it), the SK with its winners' table, the monev berita
 * acara before and after scoring. Who may read which paper is walked in lppm-guard.test.ts.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument, PDFName, PDFRawStream } from "pdf-lib";
import { PDFParse } from "pdf-parse";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { seedLppmRubrik } from "../../scripts/seed/lppm-rubrik";
import * as settingPage from "~/routes/operator/master/setting";
import { getSetting, updateSetting } from "~/domain/setting/setting.server";
import { UPLOAD_BAD_TYPE } from "~/lib/util/upload-rules";
import { parseWibDate } from "~/lib/util/wib";
import { createTestDb, type TestDb } from "../setup/test-db";
import { callOperatorAction, fakeJpegFile, fieldErrors, flashOf, seededOperator, snapshot } from "../setup/operator-helpers";
import { addScoredUsulan, penetapanWorld, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { modulesAt, withinLayouts } from "../setup/app-routes";
import { routeArgs, TEST_ORIGIN } from "../setup/route";

const KOP = {
  kop_institusi: "Universitas Contoh Nusantara",
  kop_alamat: "Jl. Merdeka No. 1, Bandung 40111",
  ttd_kepala_nama: "Prof. Dr. Hendra Wijaya, M.T.",
  ttd_kepala_nip: "197801012005011001",
  ttd_kepala_jabatan: "Kepala LPPM",
  ttd_sekretaris_nama: "Dr. Rina Kusuma, M.Si.",
  ttd_sekretaris_nip: "198203152008012002",
  ttd_sekretaris_jabatan: "Sekretaris LPPM",
};

let t: TestDb;
let w: PenetapanWorld;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  seedLppmRubrik(t.db);
  w = await penetapanWorld(t.db);
});

/** A file route asked as React Router runs it (the area's layouts, then the loader): its Response as is. */
async function download(url: string, who: Person): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}${url}`, { headers: { Cookie: who.cookie } });
  const { page, params } = await modulesAt(request.url);
  const args = routeArgs(request, params);
  try {
    return (await withinLayouts(request.url, args, () => page.loader!(args))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: ResponseInit }).init;
    return new Response(null, { status: init?.status ?? 500 });
  }
}

/** The PDF's text, its whitespace (line breaks of the layout) as single spaces. */
async function pdfText(url: string, who: Person): Promise<string> {
  const res = await download(url, who);
  expect(res.status, url).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/pdf");
  expect(res.headers.get("cache-control")).toBe("private, no-store");
  const bytes = new Uint8Array(await res.arrayBuffer());
  const parser = new PDFParse({ data: bytes });
  try {
    return (await parser.getText()).text.replace(/\s+/g, " ");
  } finally {
    await parser.destroy();
  }
}

function skOn(tanggal: string, nomor: string, ids: number[]): number {
  const sk = t.db.insert(schema.penetapan).values({ id_periode: w.periodeId, nomor_sk: nomor, tanggal_sk: parseWibDate(tanggal)!, id_user: w.people.kepala.id }).returning().get().id;
  for (const id of ids) t.db.update(schema.usulan).set({ id_penetapan: sk }).where(eq(schema.usulan.id, id)).run();
  return sk;
}

describe("Setting: the letterhead and signatories of the papers", () => {
  it("are kept; a bad NIP or an over-long name is refused on its field and nothing is stored", async () => {
    const operator = seededOperator(t.db);
    const bad = await callOperatorAction(settingPage, "/operator/master/setting", { intent: "simpan", ...KOP, ttd_kepala_nip: "1978-01-01", ttd_sekretaris_nama: "x".repeat(101) }, { user: operator });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      ttd_kepala_nip: ["NIP Kepala LPPM hanya berisi angka, 8 sampai 20 digit."],
      ttd_sekretaris_nama: ["Nama Sekretaris LPPM maksimal 100 karakter."],
    });
    expect(getSetting(t.db).ttd_kepala_nama).toBe("");

    const saved = await callOperatorAction(settingPage, "/operator/master/setting", { intent: "simpan", ...KOP, ttd_kepala_nip: "19780101 200501 1 001" }, { user: operator });
    expect(saved.status).toBe(302);
    expect(getSetting(t.db)).toMatchObject({ ...KOP, ttd_kepala_nip: "197801012005011001" });
  });

  it("the logo: a file that is no image is refused by its content; a PNG is stored and printed on the letterhead", async () => {
    const operator = seededOperator(t.db);
    const before = snapshot(t.db, t.uploadsDir);
    const fake = await callOperatorAction(settingPage, "/operator/master/setting", { intent: "logo", kop_logo: fakeJpegFile("logo.png") }, { user: operator });
    expect(fake.status).toBe(415);
    expect(fieldErrors(fake)).toEqual({ kop_logo: [UPLOAD_BAD_TYPE] });
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
    const none = await callOperatorAction(settingPage, "/operator/master/setting", { intent: "logo" }, { user: operator });
    expect(fieldErrors(none)).toEqual({ kop_logo: ["Pilih berkas logo (JPG atau PNG)."] });

    const png = await sharp({ create: { width: 120, height: 120, channels: 4, background: "#1d4ed8" } }).png().toBuffer();
    const stored = await callOperatorAction(settingPage, "/operator/master/setting", { intent: "logo", kop_logo: new File([new Uint8Array(png)], "logo.png", { type: "image/png" }) }, { user: operator });
    expect(stored.status).toBe(302);
    expect((await flashOf(stored))?.message).toBe("Logo kop naskah disimpan.");
    const logo = getSetting(t.db).kop_logo!;
    expect(logo).toMatch(/^kop\/[0-9a-f]{24}\.png$/);
    expect(fs.existsSync(path.join(t.uploadsDir, logo))).toBe(true);

    const id = addScoredUsulan(t.db, w, { judul: "Usulan berlogo" });
    const res = await download(`/pengusul/usulan/${id}/naskah/lembar-pengesahan`, w.people.pengusul);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    const images = doc.context.enumerateIndirectObjects().filter(([, object]) => object instanceof PDFRawStream && object.dict.get(PDFName.of("Subtype")) === PDFName.of("Image"));
    expect(images.length).toBeGreaterThan(0);

    // Removing it removes the file too.
    const removed = await callOperatorAction(settingPage, "/operator/master/setting", { intent: "hapus-logo" }, { user: operator });
    expect(removed.status).toBe(302);
    expect(getSetting(t.db).kop_logo).toBeNull();
    expect(fs.existsSync(path.join(t.uploadsDir, logo))).toBe(false);
  });
});

describe("a funded proposal's papers", () => {
  let id: number;
  beforeEach(() => {
    updateSetting(t.db, KOP);
    id = addScoredUsulan(t.db, w, { judul: "Sistem Peringatan Dini Banjir", status: "DIDANAI", dana: 12_000_000, dana_disetujui: 10_300_000 });
    t.db.insert(schema.usulanAnggota).values({ id_usulan: id, id_user: w.people.pengusulLain.id, status_undangan: "DITERIMA" }).run();
    t.db.insert(schema.usulanMahasiswa).values({ id_usulan: id, nama: "Andi Pratama", nim: "2201001" }).run();
    t.db.insert(schema.usulanLuaran).values({ id_usulan: id, jenis: "Jurnal nasional terakreditasi", target: "Submitted" }).run();
    skOn("2026-11-28", "12/LPPM/SK/XI/2026", [id]);
  });

  it("the lembar pengesahan names the proposal, its team with NIDN, the amounts and the Kepala LPPM with NIP", async () => {
    const text = await pdfText(`/pengusul/usulan/${id}/naskah/lembar-pengesahan`, w.people.pengusul);
    for (const expected of [
      "UNIVERSITAS CONTOH NUSANTARA",
      "Jl. Merdeka No. 1, Bandung 40111",
      "HALAMAN PENGESAHAN",
      "Sistem Peringatan Dini Banjir",
      "Dr. Budi Santoso",
      "0011223344",
      "Teknik Informatika",
      "1. Dr. Sari Dewi (NIDN 0011223355)",
      "1. Andi Pratama (NIM 2201001)",
      "Biaya Diusulkan : Rp12.000.000",
      "Dana Disetujui : Rp10.300.000",
      "Prof. Dr. Hendra Wijaya, M.T.",
      "NIP. 197801012005011001",
      "NIDN. 0011223344",
    ]) {
      expect(text).toContain(expected);
    }
  });

  it("the contract: both parties, the SK that funded it, the amount in figures and in words", async () => {
    const text = await pdfText(`/pengusul/usulan/${id}/naskah/kontrak`, w.people.pengusul);
    for (const expected of [
      "SURAT PERJANJIAN PELAKSANAAN PENELITIAN",
      "Nomor 12/LPPM/SK/XI/2026 tanggal 28 November 2026",
      "Prof. Dr. Hendra Wijaya, M.T.",
      "PIHAK PERTAMA",
      "Dr. Budi Santoso",
      "0011223344",
      "PIHAK KEDUA",
      '"Sistem Peringatan Dini Banjir"',
      "Rp10.300.000 (sepuluh juta tiga ratus ribu rupiah)",
      "dibebankan pada DIPA",
      "Jurnal nasional terakreditasi (Submitted)",
    ]) {
      expect(text).toContain(expected);
    }
    // The same paper for the office, in its own area.
    expect(await pdfText(`/operator/lppm/usulan/${id}/naskah/kontrak`, w.people.operator)).toContain("sepuluh juta tiga ratus ribu rupiah");
  });

  it("no contract until the penetapan funds it, nor after it was not funded", async () => {
    const dinilai = addScoredUsulan(t.db, w, { judul: "Masih dinilai" });
    const ditolak = addScoredUsulan(t.db, w, { judul: "Tidak didanai", status: "TIDAK_DIDANAI" });
    for (const other of [dinilai, ditolak]) {
      expect((await download(`/pengusul/usulan/${other}/naskah/kontrak`, w.people.pengusul)).status).toBe(404);
      expect((await download(`/pengusul/usulan/${other}/naskah/lembar-pengesahan`, w.people.pengusul)).status).toBe(200);
    }
  });
});

describe("the SK penetapan", () => {
  it("names its number and date, and lists the proposals it funded with their ketua, NIDN and amount, not those it refused", async () => {
    updateSetting(t.db, KOP);
    const a = addScoredUsulan(t.db, w, { judul: "Sistem Peringatan Dini Banjir", status: "DIDANAI", dana_disetujui: 10_300_000 });
    const b = addScoredUsulan(t.db, w, { judul: "Pupuk Organik Cair", status: "BERJALAN", ketua: w.people.pengusulLain, dana_disetujui: 15_000_000 });
    const c = addScoredUsulan(t.db, w, { judul: "Judul Yang Ditolak", status: "TIDAK_DIDANAI" });
    const sk = skOn("2026-11-28", "12/LPPM/SK/XI/2026", [a, b, c]);
    const text = await pdfText(`/kepalalppm/penetapan-pemenang/usulan-reguler/sk/${sk}`, w.people.kepala);
    for (const expected of [
      "NOMOR 12/LPPM/SK/XI/2026",
      "Ditetapkan tanggal 28 November 2026",
      "sebanyak 2 judul dengan dana seluruhnya Rp25.300.000 (dua puluh lima juta tiga ratus ribu rupiah)",
      "LAMPIRAN",
      "Dr. Budi Santoso NIDN 0011223344",
      "Dr. Sari Dewi NIDN 0011223355",
      "Sistem Peringatan Dini Banjir",
      "Pupuk Organik Cair",
      "Rp10.300.000",
      "Rp15.000.000",
      "Prof. Dr. Hendra Wijaya, M.T.",
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain("Judul Yang Ditolak");
  });
});

describe("the monev berita acara", () => {
  it("before scoring: blank lines to fill in at the visit; after: the scores, total, grade and the signatories", async () => {
    updateSetting(t.db, KOP);
    const id = addScoredUsulan(t.db, w, { judul: "Proyek yang dimonev", status: "BERJALAN", dana_disetujui: 15_000_000 });
    t.db.insert(schema.laporan).values({ id_usulan: id, jenis: "kemajuan", status: "DITERIMA", capaian: 50, realisasi: 0, ringkasan: "Separuh." }).run();
    const monev = t.db.insert(schema.monev).values({ id_usulan: id, id_reviewer: w.people.reviewer1.id, status: "DITUGASKAN", tenggat: new Date(Date.now() + 86_400_000) }).returning().get().id;
    const url = `/reviewer/usulan/${id}/naskah/berita-acara-monev`;

    const blank = await pdfText(url, w.people.reviewer1);
    expect(blank).toContain("BERITA ACARA MONITORING DAN EVALUASI INTERNAL");
    expect(blank).toContain("Proyek yang dimonev");
    expect(blank).toContain("Prof. Reviewer Satu");
    expect(blank).toContain("Total Nilai : ..................................");
    expect(blank).not.toContain("Predikat : Baik");

    const kriteria = [
      ["Kesesuaian pelaksanaan dengan rencana", 40, 80],
      ["Capaian luaran", 60, 70],
    ] as const;
    kriteria.forEach(([nama, bobot, skor], i) => t.db.insert(schema.monevItem).values({ id_monev: monev, urutan: i + 1, kriteria: nama, bobot, skor }).run());
    t.db.update(schema.monev).set({ status: "DINILAI", total_nilai: 74, catatan: "Luaran perlu dikejar.", dinilai_at: parseWibDate("2026-11-27")! }).where(eq(schema.monev.id, monev)).run();

    const scored = await pdfText(url, w.people.reviewer1);
    for (const expected of [
      "Pada tanggal 27 November 2026",
      "Kesesuaian pelaksanaan dengan rencana 40 80 32",
      "Capaian luaran 60 70 42",
      "Total Nilai : 74",
      "Predikat : Baik",
      "Luaran perlu dikejar.",
      "Dr. Budi Santoso",
      "Mengetahui,",
      "Dr. Rina Kusuma, M.Si.",
      "NIP. 198203152008012002",
    ]) {
      expect(scored).toContain(expected);
    }
    // The office reads it too; the project's team does not (the monev's own rule).
    expect((await download(`/operator/lppm/usulan/${id}/naskah/berita-acara-monev`, w.people.operator)).status).toBe(200);
    expect((await download(`/pengusul/usulan/${id}/naskah/berita-acara-monev`, w.people.pengusul)).status).toBe(404);
  });
});
