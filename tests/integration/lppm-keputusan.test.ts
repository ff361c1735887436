/**
 * What the deciders and the proposer read, through each area's guard with real sessions:
 * - the faculty's verifier, the Sekretaris, the Kepala (approval screen and every ranking-board
 *   row) open the whole proposal read-only — its documents (downloaded through their area's
 *   authorizing route), RAB with totals, team, luaran, the reviews, the timeline — and a verifier
 *   of another faculty neither opens it nor downloads its documents;
 * - the proposer (and a team member) reads the reviewers' scores, comments and recommendation on
 *   the proposal's page and on the Perbaikan screen once the round has closed (Dinilai or later,
 *   Tidak Lolos), never before, and never the reviewers' names ('Reviewer 1', 'Reviewer 2').
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import type { UsulanDetail } from "~/domain/lppm/usulan/read.server";
import type { PenilaianView } from "~/domain/lppm/penetapan/nilai.server";
import { storeDocument } from "~/lib/server/documents.server";
import { modulesAt, routedModule } from "../setup/app-routes";
import { addScoredUsulan, areaRequest, pdfFile, penetapanWorld, person, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { createTestDb, type TestDb } from "../setup/test-db";

let t: TestDb;
let w: PenetapanWorld;
let id: number;
let dokumen: number;
let anggota: Person;

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  anggota = w.people.pengusulLain;
  id = addScoredUsulan(t.db, w, { judul: "Pengering kayu tenaga surya", skor: [7, 5] });
  // The rest of a whole proposal: a member, a student, a luaran target, the PDF, a first move.
  t.db.insert(schema.usulanAnggota).values({ id_usulan: id, id_user: anggota.id, status_undangan: "DITERIMA" }).run();
  t.db.insert(schema.usulanMahasiswa).values({ id_usulan: id, nama: "Rizky Pratama", nim: "2211001", prodi: "Teknik Informatika" }).run();
  t.db.insert(schema.usulanLuaran).values({ id_usulan: id, jenis: "Jurnal nasional terakreditasi", target: "accepted", keterangan: "Sinta 2" }).run();
  const stored = await storeDocument(pdfFile("proposal-pengering.pdf", "Proposal"), "usulan", ["pdf"]);
  dokumen = t.db
    .insert(schema.usulanDokumen)
    .values({ id_usulan: id, ronde: "usulan", versi: 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: w.people.pengusul.id })
    .returning()
    .get().id;
  t.db.insert(schema.statusLog)
    .values({ entity: "usulan", entity_id: id, from_status: "DRAF", to_status: "DIAJUKAN", actor_id: w.people.pengusul.id, actor_name: w.people.pengusul.name, created_at: new Date() })
    .run();
});
afterEach(() => t.cleanup());

function setStatus(status: string) {
  t.db.update(schema.usulan).set({ status }).where(eq(schema.usulan.id, id)).run();
}

/** A GET of `path` as `who`, through the layouts' guard, by the module app/routes.ts serves it with. */
async function get(path: string, who: Person) {
  const { params } = await modulesAt(path);
  return areaRequest(routedModule, path, who, { params });
}

/** Everything a decider must read of the proposal, in the detail their screen opens. */
function expectWhole(detail: UsulanDetail | undefined) {
  expect(detail?.usulan.judul).toBe("Pengering kayu tenaga surya");
  expect(detail!.dokumen.map((d) => [d.id, d.nama_file])).toEqual([[dokumen, "proposal-pengering.pdf"]]);
  expect(detail!.rab.map((r) => r.item)).toEqual(["Honor peneliti", "Bahan penelitian"]);
  expect(detail!.rabSummary.total).toBe(20_000_000);
  expect(detail!.tim?.ketua.nama).toBe(w.people.pengusul.name);
  expect(detail!.tim?.anggota.map((a) => a.nama)).toEqual([anggota.name]);
  expect(detail!.tim?.mahasiswa.map((m) => m.nim)).toEqual(["2211001"]);
  expect(detail!.luaran.map((l) => l.jenis)).toEqual(["Jurnal nasional terakreditasi"]);
  expect(detail!.timeline.map((e) => e.to)).toEqual(["DIAJUKAN"]);
}

const reviewerNames = (penilaian: PenilaianView | null | undefined) => penilaian?.rounds.flatMap((r) => r.reviews.map((v) => v.reviewer)) ?? [];

describe("the deciders open the whole proposal", () => {
  it("the faculty's verifier: documents, RAB, team, luaran, timeline; a verifier of another faculty nothing", async () => {
    setStatus("DIAJUKAN");
    t.db.delete(schema.penugasanReviewer).run();
    const res = await get(`/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=${id}`, w.people.verifikator);
    const lihat = (res.data as { lihat: { detail: UsulanDetail } }).lihat;
    expectWhole(lihat.detail);
    expect(lihat.detail.penilaian).toEqual({ named: false, current: 1, rounds: [], menunggu: false });
    const file = await get(`/operatorfakultas/usulan/${id}/dokumen/${dokumen}`, w.people.verifikator);
    expect(file.status).toBe(200);
    expect(file.headers.get("Content-Disposition")).toContain("proposal-pengering.pdf");

    const fakultasLain = t.db.insert(schema.fakultas).values({ nama: "Fakultas Ekonomi" }).returning().get().id;
    const lain = await person(t.db, "Verifikator Ekonomi", ["Verifikator-Fakultas"], { id_fakultas_verifikasi: fakultasLain });
    expect((await get(`/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=${id}`, lain)).status).toBe(404);
    expect((await get(`/operatorfakultas/usulan/${id}/dokumen/${dokumen}`, lain)).status).toBe(404);
  });

  it.each([
    ["Sekretaris", "sekretaris", "DINILAI", "/sekretarislppm/persetujuan-usulan/usulan-reguler", "/sekretarislppm"],
    ["Kepala (persetujuan)", "kepala", "DIVERIFIKASI", "/kepalalppm/persetujuan-usulan/usulan-reguler", "/kepalalppm"],
    ["Kepala (papan peringkat)", "kepala", "DIREKOMENDASIKAN", "/kepalalppm/penetapan-pemenang/usulan-reguler", "/kepalalppm"],
  ] as const)("%s: documents, RAB, team, luaran, every reviewer's scores by name, timeline", async (_, who, status, page, area) => {
    setStatus(status);
    const url = page.includes("penetapan") ? `${page}?periode=${w.periodeId}&lihat=${id}` : `${page}?lihat=${id}`;
    const res = await get(url, w.people[who]);
    expect(res.status).toBe(200);
    const detail = (res.data as { lihat: UsulanDetail }).lihat;
    expectWhole(detail);
    expect(reviewerNames(detail.penilaian)).toEqual(["Prof. Reviewer Satu", "Dr. Reviewer Dua"]);
    expect(detail.penilaian!.rounds[0]!.reviews.map((r) => r.total_nilai)).toEqual([700, 500]);
    expect(detail.penilaian!.rounds[0]!.reviews[0]!.items[0]!.justifikasi).toBe("Alasan Ringkasan Prof. Reviewer Satu");
    const file = await get(`${area}/usulan/${id}/dokumen/${dokumen}`, w.people[who]);
    expect(file.status).toBe(200);
    expect(String(file.data)).toMatch(/^%PDF-/);
  });

  it("the ranking board links every row to its proposal; one of another periode goes back to the board", async () => {
    setStatus("DIREKOMENDASIKAN");
    const board = `/kepalalppm/penetapan-pemenang/usulan-reguler?periode=${w.periodeId}`;
    const res = await get(board, w.people.kepala);
    expect((res.data as { rows: { id: number }[]; lihat: unknown }).rows.map((r) => r.id)).toEqual([id]);
    expect((res.data as { lihat: unknown }).lihat).toBeNull();
    const { id: _id, ...call } = t.db.select().from(schema.periode).where(eq(schema.periode.id, w.periodeId)).get()!;
    const periodeLain = t.db.insert(schema.periode).values({ ...call, tahun: 2025 }).returning().get().id;
    const elsewhere = addScoredUsulan(t.db, { ...w, periodeId: periodeLain }, { judul: "Periode lain", status: "DIREKOMENDASIKAN" });
    const back = await get(`${board}&lihat=${elsewhere}`, w.people.kepala);
    expect(back.status).toBe(302);
    expect(back.location).toBe(board);
  });
});

describe("the proposer reads the reviews once the round has closed, the reviewers unnamed", () => {
  const page = () => `/pengusul/usulan/${id}`;
  const penilaianOf = async (who: Person) => ((await get(page(), who)).data as { detail: UsulanDetail }).detail.penilaian;

  it("not while the round is in review, even with one review saved", async () => {
    setStatus("REVIEW");
    for (const who of [w.people.pengusul, anggota]) {
      const penilaian = await penilaianOf(who);
      expect(penilaian).toEqual({ named: false, current: 1, rounds: [], menunggu: true });
    }
    const data = JSON.stringify((await get(page(), w.people.pengusul)).data);
    expect(data).not.toContain("Alasan");
    expect(data).not.toContain("Reviewer Satu");
  });

  it.each(["DINILAI", "DIVERIFIKASI", "DIDANAI", "TIDAK_DIDANAI"])("%s: each reviewer's scores, justifications, total, recommendation and comment, without names", async (status) => {
    setStatus(status);
    for (const who of [w.people.pengusul, anggota]) {
      const penilaian = await penilaianOf(who);
      expect(penilaian?.named).toBe(false);
      expect(penilaian?.menunggu).toBe(false);
      expect(reviewerNames(penilaian)).toEqual([null, null]);
      const [satu, dua] = penilaian!.rounds[0]!.reviews;
      expect([satu!.total_nilai, dua!.total_nilai]).toEqual([700, 500]);
      expect(satu!.rekomendasi).toBe("Layak didanai");
      expect(satu!.items.map((i) => [i.kriteria, i.skor])[1]).toEqual(["Latar belakang & rumusan masalah", 7]);
      expect(satu!.items[1]!.justifikasi).toContain("Alasan Latar belakang");
    }
    // The comments the seeded reviewers wrote sign their names: that is the reviewers' own text,
    // shown as written. Nothing else in the page's data names them.
    const data = JSON.stringify((await get(page(), w.people.pengusul)).data).replaceAll(/(Alasan|Catatan) [^"]*/g, "");
    expect(data).not.toContain("Reviewer Satu");
    expect(data).not.toContain("Reviewer Dua");
  });

  it("TIDAK_LOLOS: the administrative verdict and its notes", async () => {
    setStatus("TIDAK_LOLOS");
    const [first] = t.db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, id)).all();
    t.db.update(schema.penugasanReviewer)
      .set({ administrasi_lolos: false, administrasi_catatan: "RAB melebihi batas honor.", total_nilai: null, substansi_at: null })
      .where(eq(schema.penugasanReviewer.id, first!.id))
      .run();
    t.db.delete(schema.penilaianItem).where(eq(schema.penilaianItem.id_penugasan, first!.id)).run();
    t.db.insert(schema.penilaianItem)
      .values({ id_penugasan: first!.id, tahap: "administrasi", kriteria: "RAB sesuai batas", urutan: 5, bobot: 0, lolos: false, justifikasi: "Honor 15 %." })
      .run();
    const [satu] = (await penilaianOf(w.people.pengusul))!.rounds[0]!.reviews;
    expect(satu).toMatchObject({ reviewer: null, administrasi_lolos: false, administrasi_catatan: "RAB melebihi batas honor.", substansi_at: null });
    expect(satu!.administrasi).toEqual([{ kriteria: "RAB sesuai batas", lolos: false, catatan: "Honor 15 %." }]);
  });

  it("a round returned to review: the closed round stays readable as history, the new one waits", async () => {
    t.db.update(schema.usulan).set({ status: "DIKEMBALIKAN_KE_REVIEW", putaran_review: 2 }).where(eq(schema.usulan.id, id)).run();
    const penilaian = await penilaianOf(w.people.pengusul);
    expect(penilaian).toMatchObject({ current: 2, menunggu: true });
    expect(penilaian!.rounds.map((r) => r.putaran)).toEqual([1]);
  });

  it("the Perbaikan screen holds them too, unnamed; someone else's proposal is not opened", async () => {
    setStatus("DIDANAI");
    t.db.update(schema.usulan).set({ dana_disetujui: 18_000_000 }).where(eq(schema.usulan.id, id)).run();
    const url = `/pengusul/penelitian/perbaikan-usulan?lihat=${id}`;
    const lihat = ((await get(url, w.people.pengusul)).data as { lihat: { penilaian: PenilaianView } }).lihat;
    expect(reviewerNames(lihat.penilaian)).toEqual([null, null]);
    expect(lihat.penilaian.rounds[0]!.reviews.map((r) => r.total_nilai)).toEqual([700, 500]);
    const other = await get(url, anggota);
    expect(other.status).toBe(302);
  });

  it("a reviewer never reads another's review on the proposal", async () => {
    setStatus("DINILAI");
    const res = await get(`/reviewer/evaluasi-substansi?status=semua&nilai=${t.db.select().from(schema.penugasanReviewer).all()[0]!.id}`, w.people.reviewer1);
    expect((res.data as { nilai: { usulan: UsulanDetail } }).nilai.usulan.penilaian).toBeNull();
  });
});
