/**
 * Monev Internal on a throw-away database: the Operator assigns a monev reviewer once
 * the progress report is accepted (and may reassign until it is scored); the reviewer scores the
 * monev rubric 0–100 with a berita acara inside the monev window, through the workflow engine
 * (status_log, outbox); the office's list and grade; who may read the monev and its file.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { seedLppmRubrik } from "../../scripts/seed/lppm-rubrik";
import {
  beritaAcaraResponse,
  getMonev,
  listMonevKantor,
  listMonevReviewer,
  MONEV_BELUM_BOLEH,
  MONEV_SUDAH_DINILAI,
  MONEV_TENGGAT_LEWAT,
  nilaiMonev,
  tugaskanMonev,
} from "~/domain/lppm/monev/monev.server";
import { BERITA_ACARA_WAJIB } from "~/domain/lppm/monev/monev";
import { reviewerDashboard } from "~/domain/lppm/dashboard.server";
import { usulanAccess } from "~/domain/lppm/usulan/access.server";
import { NOT_PERMITTED } from "~/domain/lppm/workflow.server";
import { documentsDir } from "~/lib/server/documents.server";
import { UploadError } from "~/lib/server/uploads.server";
import type { TableState } from "~/lib/util/table-state";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addScoredUsulan, DAY, pdfFile, penetapanWorld, person, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";

const STATE: TableState = { page: 1, size: 10, q: "" };
/** Scores for the penelitian monev rubric (bobot 30, 15, 25, 15, 15): 27 + 12 + 17.5 + 9 + 7.5 = 73, 'Baik'. */
const SKOR = { 1: 90, 2: 80, 3: 70, 4: 60, 5: 50 };

let t: TestDb;
let w: PenetapanWorld;
let anggota: Person;
let project: number;
const tenggat = () => new Date(Date.now() + 5 * DAY);
const monevRow = () => t.db.select().from(schema.monev).where(eq(schema.monev.id_usulan, project)).get();
const files = () => {
  const dir = path.join(documentsDir(), "monev");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function acceptKemajuan(id = project) {
  t.db.insert(schema.laporan).values({ id_usulan: id, jenis: "kemajuan", status: "DITERIMA", capaian: 55, realisasi: 9_000_000, ringkasan: "Separuh jalan." }).run();
}

beforeEach(async () => {
  t = createTestDb();
  seedLppmRubrik(t.db);
  w = await penetapanWorld(t.db);
  anggota = await person(t.db, "Dr. Anggota Tim", ["Pengusul", "Reviewer-Internal"], { nidn: "0011223366", id_prodi: w.prodiId });
  project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 20_000_000 });
  t.db.insert(schema.usulanAnggota).values({ id_usulan: project, id_user: anggota.id, status_undangan: "DITERIMA" }).run();
});
afterEach(() => t.cleanup());

describe("assigning the monev reviewer", () => {
  it("waits for the accepted progress report, and only the Operator assigns", () => {
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer1.id, tenggat: tenggat() })).toEqual({ ok: false, status: 409, message: MONEV_BELUM_BOLEH });
    acceptKemajuan();
    expect(tugaskanMonev(t.db, w.people.kepala, project, { reviewer: w.people.reviewer1.id, tenggat: tenggat() })).toEqual({ ok: false, status: 403, message: NOT_PERMITTED });
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.pengusulLain.id, tenggat: tenggat() })).toMatchObject({ ok: false, status: 422, field: "reviewer" });
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: anggota.id, tenggat: tenggat() })).toEqual({
      ok: false,
      status: 422,
      field: "reviewer",
      message: "Dr. Anggota Tim termasuk tim kegiatan ini dan tidak dapat menjadi reviewer monevnya.",
    });
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer1.id, tenggat: new Date(Date.now() - 1000) })).toMatchObject({ ok: false, status: 422, message: MONEV_TENGGAT_LEWAT });
    expect(tugaskanMonev(t.db, w.people.operator, 999_999, { reviewer: w.people.reviewer1.id, tenggat: tenggat() })).toMatchObject({ ok: false, status: 404 });
    expect(monevRow()).toBeUndefined();
  });

  it("assigns with a message to the reviewer, who now reads the project; reassigning moves it to the other", () => {
    acceptKemajuan();
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer1.id, tenggat: tenggat() })).toEqual({ ok: true });
    expect(monevRow()).toMatchObject({ status: "DITUGASKAN", id_reviewer: w.people.reviewer1.id });
    expect(t.db.select().from(schema.statusLog).where(eq(schema.statusLog.entity, "monev")).all()).toMatchObject([{ from_status: null, to_status: "DITUGASKAN" }]);
    const message = t.db.select().from(schema.notificationOutbox).all().find((m) => m.user_id === w.people.reviewer1.id);
    expect(message?.body).toMatch(/Anda ditugaskan sebagai reviewer monev kegiatan "Proyek berjalan" dengan tenggat/);
    expect(usulanAccess(t.db, w.people.reviewer1, project)?.relations).toContain("reviewer");
    expect(getMonev(t.db, w.people.reviewer1, project)).toMatchObject({ canScore: true, kriteria: expect.arrayContaining([{ urutan: 1, kriteria: "Luaran wajib", bobot: 30, panduan: null }]) });
    expect(getMonev(t.db, w.people.reviewer1, project)!.kemajuan?.laporan).toMatchObject({ status: "DITERIMA", capaian: 55 });
    // Reassigned: reviewer 2 scores it; reviewer 1 no longer sees it.
    const reviewerLain = { ...w.people.reviewer1, id: w.people.reviewer2.id };
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: reviewerLain.id, tenggat: tenggat() })).toEqual({ ok: true });
    expect(monevRow()!.id_reviewer).toBe(w.people.reviewer2.id);
    expect(getMonev(t.db, w.people.reviewer1, project)).toBeNull();
    expect(getMonev(t.db, w.people.reviewer2, project)).toMatchObject({ canScore: true });
    // The office reads it; the team does not (it is the office's evaluation).
    expect(getMonev(t.db, w.people.kepala, project)).toMatchObject({ canAssign: false, monev: { reviewer: "Dr. Reviewer Dua" } });
    expect(getMonev(t.db, w.people.operator, project)).toMatchObject({ canAssign: true });
    expect(getMonev(t.db, w.people.pengusul, project)).toBeNull();
  });
});

describe("scoring", () => {
  beforeEach(() => {
    acceptKemajuan();
    tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer1.id, tenggat: tenggat() });
  });

  it("the assigned reviewer scores every criterion with the berita acara: Dinilai, total and grade", async () => {
    const result = await nilaiMonev(t.db, w.people.reviewer1, project, { skor: SKOR, catatan: "Pelaksanaan sesuai rencana." }, pdfFile("berita-acara.pdf"));
    expect(result).toMatchObject({ ok: true, to: "DINILAI" });
    expect(monevRow()).toMatchObject({ status: "DINILAI", total_nilai: 73, catatan: "Pelaksanaan sesuai rencana.", berita_acara_nama: "berita-acara.pdf" });
    const detail = getMonev(t.db, w.people.kepala, project)!;
    expect(detail.monev).toMatchObject({ grade: "Baik", total_nilai: 73 });
    expect(detail.monev!.items.map((i) => [i.kriteria, i.bobot, i.skor])).toEqual([
      ["Luaran wajib", 30, 90],
      ["Luaran tambahan", 15, 80],
      ["Kesesuaian pelaksanaan dengan usulan", 25, 70],
      ["Realisasi anggaran", 15, 60],
      ["Catatan harian", 15, 50],
    ]);
    expect(detail.timeline.map((e) => e.to)).toEqual(["DITUGASKAN", "DINILAI"]);
    const told = t.db.select().from(schema.notificationOutbox).all().filter((m) => m.subject === "Monev: Dinilai").map((m) => m.user_id);
    expect(told).toEqual(expect.arrayContaining([w.people.pengusul.id, w.people.operator.id, w.people.kepala.id]));
    // Scored: not again, and no reassigning.
    expect(await nilaiMonev(t.db, w.people.reviewer1, project, { skor: SKOR, catatan: "" }, pdfFile())).toMatchObject({ ok: false, status: 409 });
    expect(tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer2.id, tenggat: tenggat() })).toEqual({ ok: false, status: 409, message: MONEV_SUDAH_DINILAI });
    expect(files()).toHaveLength(1);
    // The berita acara: the office and the reviewer, nobody else.
    expect(beritaAcaraResponse(t.db, w.people.operator, project).status).toBe(200);
    expect(beritaAcaraResponse(t.db, w.people.kepala, project).headers.get("content-type")).toBe("application/pdf");
    expect(beritaAcaraResponse(t.db, w.people.reviewer1, project).status).toBe(200);
    expect(beritaAcaraResponse(t.db, w.people.reviewer2, project).status).toBe(404);
    expect(beritaAcaraResponse(t.db, w.people.pengusul, project).status).toBe(404);
  });

  it("refuses another reviewer, a missing or fake berita acara, a missing score and a closed window, storing nothing", async () => {
    expect(await nilaiMonev(t.db, w.people.reviewer2, project, { skor: SKOR, catatan: "" }, pdfFile())).toEqual({ ok: false, status: 403, message: "Anda tidak ditugaskan pada data ini." });
    expect(await nilaiMonev(t.db, w.people.reviewer1, project, { skor: SKOR, catatan: "" }, null)).toMatchObject({ ok: false, status: 422, message: BERITA_ACARA_WAJIB });
    expect(await nilaiMonev(t.db, w.people.reviewer1, project, { skor: { 1: 90 }, catatan: "" }, pdfFile())).toMatchObject({ ok: false, status: 422, field: "skor_2" });
    await expect(nilaiMonev(t.db, w.people.reviewer1, project, { skor: SKOR, catatan: "" }, new File(["<html>"], "ba.pdf"))).rejects.toBeInstanceOf(UploadError);
    t.db.update(schema.periode).set({ monev_buka: new Date(Date.now() - 10 * DAY), monev_tutup: new Date(Date.now() - 5 * DAY) }).where(eq(schema.periode.id, w.periodeId)).run();
    const closed = await nilaiMonev(t.db, w.people.reviewer1, project, { skor: SKOR, catatan: "" }, pdfFile());
    expect(closed).toMatchObject({ ok: false, status: 409 });
    expect((closed as { message: string }).message).toMatch(/^Monev ditutup pada /);
    expect(getMonev(t.db, w.people.reviewer1, project)).toMatchObject({ canScore: false });
    expect(monevRow()).toMatchObject({ status: "DITUGASKAN", total_nilai: null });
    expect(t.db.select().from(schema.monevItem).all()).toHaveLength(0);
    expect(files()).toHaveLength(0);
  });
});

describe("lists", () => {
  it("the office lists every project due for monev by its state; the reviewer lists their own", async () => {
    const other = addScoredUsulan(t.db, w, { judul: "Proyek kedua", status: "BERJALAN", ketua: w.people.pengusulLain });
    addScoredUsulan(t.db, w, { judul: "Belum ada laporan", status: "BERJALAN" });
    acceptKemajuan();
    acceptKemajuan(other);
    tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer1.id, tenggat: tenggat() });
    const titles = (filter: Parameters<typeof listMonevKantor>[2]) => listMonevKantor(t.db, STATE, filter).rows.map((r) => r.judul).sort();
    expect(titles("semua")).toEqual(["Proyek berjalan", "Proyek kedua"]);
    expect(titles("belum")).toEqual(["Proyek kedua"]);
    expect(titles("DITUGASKAN")).toEqual(["Proyek berjalan"]);
    await nilaiMonev(t.db, w.people.reviewer1, project, { skor: SKOR, catatan: "" }, pdfFile());
    expect(listMonevKantor(t.db, STATE, "DINILAI").rows).toMatchObject([{ judul: "Proyek berjalan", reviewer: "Prof. Reviewer Satu", total_nilai: 73, grade: "Baik", monev_status: "DINILAI" }]);
    expect(listMonevReviewer(t.db, w.people.reviewer1.id, STATE, null).rows.map((r) => r.judul)).toEqual(["Proyek berjalan"]);
    expect(listMonevReviewer(t.db, w.people.reviewer1.id, STATE, "DITUGASKAN").rows).toHaveLength(0);
    expect(listMonevReviewer(t.db, w.people.reviewer2.id, STATE, null).rows).toHaveLength(0);
  });

  it("the reviewer's dashboard counts the monev among the open assignments", () => {
    acceptKemajuan();
    tugaskanMonev(t.db, w.people.operator, project, { reviewer: w.people.reviewer1.id, tenggat: tenggat() });
    const dashboard = reviewerDashboard(t.db, w.people.reviewer1.id);
    expect(dashboard.terbuka).toEqual([expect.objectContaining({ id: project, tahap: "Monev", lewat: false })]);
  });
});
