/**
 * Publication incentives on a throw-away database: a claim from DRAF to DICAIRKAN
 * through every role, each move through the workflow engine (status_log, outbox); the lecturer's
 * rules (eligible role, year of the call, evidence, one claim per publication by DOI or
 * ISSN+title, the open window); the reviewer's checklist and amount; the penetapan batch within
 * the budget, all of it or nothing; and who may read a claim and its files.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { buktiKlaim } from "~/domain/lppm/insentif/access.server";
import { getKlaim, listKlaimKantor, listKlaimPengusul, luaranPilihan } from "~/domain/lppm/insentif/read.server";
import { BUKTI_INSENTIF_BELUM, KLAIM_GANDA_DOI, KLAIM_GANDA_JUDUL, PERAN_TIDAK_BERHAK } from "~/domain/lppm/insentif/submit.server";
import {
  ajukanKlaim,
  hapusKlaim,
  KLAIM_TIDAK_DAPAT_DIUBAH,
  LUARAN_BUKAN_MILIK,
  PENGAJUAN_INSENTIF_BELUM_DIBUKA,
  simpanKlaim,
  tambahBuktiKlaim,
} from "~/domain/lppm/insentif/draft.server";
import { cairkanKlaim, evaluasiKlaim, setujuiKlaim, tugaskanReviewerKlaim } from "~/domain/lppm/insentif/transition.server";
import { papanInsentif, tetapkanInsentif } from "~/domain/lppm/insentif/penetapan.server";
import { reviewerDashboard } from "~/domain/lppm/dashboard.server";
import { ANGGOTA_MINIMAL_DUA, BUTIR_BELUM_SESUAI, doiKunci, judulKunci, klaimSchema, type EvaluasiInsentifInput, type KlaimInput } from "~/domain/lppm/insentif/insentif.schema";
import { NOT_PERMITTED, NOTE_REQUIRED } from "~/domain/lppm/workflow.server";
import { documentsDir } from "~/lib/server/documents.server";
import { UploadError } from "~/lib/server/uploads.server";
import type { TableState } from "~/lib/util/table-state";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addScoredUsulan, DAY, evaluasiLengkap, insentifWorld, kriteriaInsentif, pdfFile, penetapanWorld, type PenetapanWorld, PNG_1X1 } from "../setup/lppm-penetapan";

const STATE: TableState = { page: 1, size: 10, q: "" };
const TAHUN = new Date().getFullYear();

let t: TestDb;
let w: PenetapanWorld;
let jenisId: number;
let periodeId: number;

const klaim = (over: Partial<KlaimInput> = {}): KlaimInput => ({
  id_jenis: jenisId,
  judul: "Pengeringan Kayu Jati dengan Tenaga Surya",
  nama_wadah: "Jurnal Teknik Kayu",
  issn_isbn: "1234-567X",
  doi_url: "https://doi.org/10.1234/JTK.2026.15",
  tahun: TAHUN,
  volume_nomor: "Vol. 5 No. 2",
  peran: "pertama",
  jumlah_penulis: 3,
  id_luaran: null,
  ...over,
});
/** The reviewer's evaluation: every criterion of the insentif rubric met, Rp 4.500.000, a note. */
const lengkap = (over: Partial<EvaluasiInsentifInput> = {}) => evaluasiLengkap(t.db, { catatan: "Terindeks SINTA 2.", ...over });
const statusOf = (id: number) => t.db.select().from(schema.insentif).where(eq(schema.insentif.id, id)).get()!;
const files = () => {
  const dir = path.join(documentsDir(), "insentif");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

/** A claim by the world's lecturer with one PDF of evidence, submitted and assigned to reviewer 1. */
async function diajukan(over: Partial<KlaimInput> = {}): Promise<number> {
  const saved = simpanKlaim(t.db, w.people.pengusul, klaim(over));
  if (!saved.ok) throw new Error(saved.message);
  expect(await tambahBuktiKlaim(t.db, w.people.pengusul, saved.id, [pdfFile("artikel.pdf")])).toEqual({ ok: true });
  expect(ajukanKlaim(t.db, w.people.pengusul, saved.id)).toMatchObject({ ok: true, to: "DIAJUKAN" });
  expect(tugaskanReviewerKlaim(t.db, w.people.operator, saved.id, { reviewer: w.people.reviewer1.id, tenggat: new Date(Date.now() + 5 * DAY) })).toEqual({ ok: true });
  return saved.id;
}

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  ({ jenisId, periodeId } = insentifWorld(t.db));
});
afterEach(() => t.cleanup());

describe("a claim from Draf to Dicairkan", () => {
  it("passes every role, each step logged and told to whoever acts next", async () => {
    const id = await diajukan();
    expect(statusOf(id)).toMatchObject({ status: "DIAJUKAN", id_reviewer: w.people.reviewer1.id, doi_kunci: "10.1234/jtk.2026.15" });
    // The reviewer reads it and its evidence; another reviewer does not.
    const detail = getKlaim(t.db, w.people.reviewer1, id)!;
    expect(detail).toMatchObject({ canEvaluate: true, tarif: 5_000_000, bukti: [{ nama_file: "artikel.pdf" }] });
    expect(getKlaim(t.db, w.people.reviewer2, id)).toBeNull();
    expect(buktiKlaim(t.db, w.people.reviewer2, id, detail.bukti[0]!.id)).toBeNull();
    expect(buktiKlaim(t.db, w.people.pengusulLain, id, detail.bukti[0]!.id)).toBeNull();
    expect(buktiKlaim(t.db, w.people.kepala, id, detail.bukti[0]!.id)).toMatchObject({ nama_file: "artikel.pdf" });

    expect(evaluasiKlaim(t.db, w.people.reviewer2, id, "simpan", lengkap(), null)).toMatchObject({ ok: false, status: 403 });
    expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "simpan", lengkap({ nominal_rekomendasi: 6_000_000 }), null)).toMatchObject({ ok: false, status: 422, field: "nominal_rekomendasi" });
    expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "simpan", lengkap({ butir: kriteriaInsentif(t.db).filter((_, i) => i !== 2) }), null)).toMatchObject({ ok: false, status: 422, message: BUTIR_BELUM_SESUAI });
    expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "simpan", lengkap(), null)).toMatchObject({ ok: true, to: "DIEVALUASI" });
    expect(statusOf(id)).toMatchObject({ nominal_rekomendasi: 4_500_000, catatan_evaluasi: "Terindeks SINTA 2." });
    expect(getKlaim(t.db, w.people.sekretaris, id)!.evaluasi!.butir.every((b) => b.sesuai)).toBe(true);

    // The Kepala cannot skip the Sekretaris; each approves their step.
    expect(setujuiKlaim(t.db, w.people.kepala, id, "DISETUJUI_KEPALA", null)).toMatchObject({ ok: false, status: 409 });
    expect(setujuiKlaim(t.db, w.people.sekretaris, id, "DISETUJUI_SEKRETARIS", null)).toMatchObject({ ok: true });
    expect(setujuiKlaim(t.db, w.people.kepala, id, "DISETUJUI_KEPALA", "Layak.")).toMatchObject({ ok: true });

    const papan = papanInsentif(t.db, periodeId)!;
    expect(papan).toMatchObject({ terpakai: 0, sisa: 12_000_000, klaim: [{ id, nominal_usul: 4_500_000 }] });
    const sk = { nomor_sk: "045/LPPM/SK/2026", tanggal_sk: new Date() };
    expect(tetapkanInsentif(t.db, w.people.sekretaris, periodeId, sk, [{ id, nominal: 4_500_000 }])).toEqual({ ok: false, status: 403, message: NOT_PERMITTED });
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, sk, [{ id, nominal: 5_500_000 }])).toMatchObject({ ok: false, status: 422 });
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, sk, [{ id, nominal: 4_500_000 }])).toEqual({ ok: true, jumlah: 1, total: 4_500_000 });
    expect(statusOf(id)).toMatchObject({ status: "DITETAPKAN", nominal_disetujui: 4_500_000 });
    expect(getKlaim(t.db, w.people.pengusul, id)!.sk).toMatchObject({ nomor_sk: "045/LPPM/SK/2026" });
    expect(papanInsentif(t.db, periodeId)).toMatchObject({ terpakai: 4_500_000, sisa: 7_500_000, klaim: [] });

    expect(cairkanKlaim(t.db, w.people.kepala, id)).toMatchObject({ ok: false, status: 403 });
    expect(cairkanKlaim(t.db, w.people.operator, id)).toMatchObject({ ok: true, to: "DICAIRKAN" });
    expect(statusOf(id).dicairkan_at).toBeInstanceOf(Date);
    const timeline = getKlaim(t.db, w.people.pengusul, id)!.timeline.map((e) => e.to);
    expect(timeline).toEqual(["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"]);
    const told = t.db.select().from(schema.notificationOutbox).all();
    expect(told.filter((m) => m.user_id === w.people.pengusul.id).map((m) => m.subject)).toEqual(
      expect.arrayContaining(["Klaim insentif: Disetujui Kepala", "Klaim insentif: Ditetapkan", "Klaim insentif: Dicairkan"]),
    );
    expect(told.some((m) => m.user_id === w.people.reviewer1.id && /ditugaskan mengevaluasi klaim insentif/.test(m.body))).toBe(true);
  });

  it("a returned claim is changed and resubmitted to the same reviewer; a refused one frees its publication", async () => {
    const id = await diajukan();
    expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "kembalikan", null, null)).toEqual({ ok: false, status: 422, message: NOTE_REQUIRED });
    expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "kembalikan", null, "Unggah halaman sampul jurnal.")).toMatchObject({ ok: true, to: "DIKEMBALIKAN" });
    expect(getKlaim(t.db, w.people.pengusul, id)).toMatchObject({ canEdit: true });
    expect(await tambahBuktiKlaim(t.db, w.people.pengusul, id, [new File([PNG_1X1], "sampul.png", { type: "image/png" })])).toEqual({ ok: true });
    expect(ajukanKlaim(t.db, w.people.pengusul, id)).toMatchObject({ ok: true, to: "DIAJUKAN" });
    expect(statusOf(id).id_reviewer).toBe(w.people.reviewer1.id);
    expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "tolak", null, "Jurnal tidak terakreditasi pada tahun terbit.")).toMatchObject({ ok: true, to: "TIDAK_VALID" });
    // Refused: nothing changes any more, and the publication may be claimed again.
    expect(simpanKlaim(t.db, w.people.pengusul, klaim(), id)).toEqual({ ok: false, status: 409, message: KLAIM_TIDAK_DAPAT_DIUBAH });
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim())).toMatchObject({ ok: true });
  });
});

describe("the lecturer's rules", () => {
  it("one claim per publication: the same DOI, or the same ISSN/ISBN and title, is refused", () => {
    expect(simpanKlaim(t.db, w.people.pengusul, klaim())).toMatchObject({ ok: true });
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim({ doi_url: "10.1234/jtk.2026.15", judul: "Judul lain" }))).toMatchObject({ ok: false, status: 409, message: KLAIM_GANDA_DOI });
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim({ doi_url: "", judul: "pengeringan KAYU jati — dengan tenaga surya" }))).toMatchObject({ ok: false, status: 409, message: KLAIM_GANDA_JUDUL });
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim({ doi_url: "", issn_isbn: "2407-1234" }))).toMatchObject({ ok: true });
    expect(doiKunci("https://dx.doi.org/10.5555/ABC")).toBe("10.5555/abc");
    expect(doiKunci("https://ejournal.example.ac.id/7")).toBe("");
    expect(judulKunci("1234-567x", "Judul, Satu!")).toBe("1234567X|judul satu");
  });

  it("'Ajukan' needs an eligible role, the call's year, evidence, the open window; each is said", async () => {
    const saved = simpanKlaim(t.db, w.people.pengusul, klaim({ peran: "anggota", tahun: TAHUN - 1 }));
    if (!saved.ok) throw new Error(saved.message);
    const refused = ajukanKlaim(t.db, w.people.pengusul, saved.id);
    expect(refused).toMatchObject({ ok: false, status: 422 });
    expect((refused as { problems: string[] }).problems).toEqual([PERAN_TIDAK_BERHAK, `Publikasi harus terbit pada tahun ${TAHUN} (periode insentif).`, BUKTI_INSENTIF_BELUM]);
    // Co-authors may claim a kind that says so, at its co-author tariff.
    t.db.update(schema.jenisInsentif).set({ anggota_boleh: true }).where(eq(schema.jenisInsentif.id, jenisId)).run();
    simpanKlaim(t.db, w.people.pengusul, klaim({ peran: "anggota" }), saved.id);
    await tambahBuktiKlaim(t.db, w.people.pengusul, saved.id, [pdfFile()]);
    t.db.update(schema.periodeInsentif).set({ pengajuan_tutup: new Date(Date.now() - 1000) }).where(eq(schema.periodeInsentif.id, periodeId)).run();
    const closed = ajukanKlaim(t.db, w.people.pengusul, saved.id);
    expect((closed as { message: string }).message).toMatch(/^Pengajuan insentif ditutup pada /);
    expect(statusOf(saved.id).status).toBe("DRAF");
    // With no call open, no new claim.
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim({ doi_url: "10.9999/lain", judul: "Publikasi lain" }))).toEqual({ ok: false, status: 409, message: PENGAJUAN_INSENTIF_BELUM_DIBUKA });
  });

  it("evidence is checked by content, at most five; a draft is deleted with its files; nobody else changes it", async () => {
    const saved = simpanKlaim(t.db, w.people.pengusul, klaim());
    if (!saved.ok) throw new Error(saved.message);
    await expect(tambahBuktiKlaim(t.db, w.people.pengusul, saved.id, [new File(["<html>"], "x.pdf")])).rejects.toBeInstanceOf(UploadError);
    expect(files()).toHaveLength(0);
    expect(await tambahBuktiKlaim(t.db, w.people.pengusul, saved.id, Array.from({ length: 6 }, () => pdfFile()))).toMatchObject({ ok: false, status: 422 });
    expect(await tambahBuktiKlaim(t.db, w.people.pengusulLain, saved.id, [pdfFile()])).toMatchObject({ ok: false, status: 404 });
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim({ judul: "Diubah" }), saved.id)).toMatchObject({ ok: false, status: 404 });
    await tambahBuktiKlaim(t.db, w.people.pengusul, saved.id, [pdfFile(), pdfFile("kedua.pdf")]);
    expect(files()).toHaveLength(2);
    expect(await hapusKlaim(t.db, w.people.pengusul, saved.id)).toEqual({ ok: true });
    expect(files()).toHaveLength(0);
    expect(t.db.select().from(schema.insentif).all()).toHaveLength(0);
  });

  it("a claim is prefilled from an output recorded on the lecturer's own project only", () => {
    const project = addScoredUsulan(t.db, w, { judul: "Proyek selesai", status: "SELESAI" });
    const luaran = t.db.insert(schema.usulanLuaran).values({ id_usulan: project, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
    t.db.insert(schema.luaranCapaian).values({ id_luaran: luaran, status: "Published", judul_publikasi: "Artikel dari proyek", nama_wadah: "Jurnal Mebel", issn_isbn: "2407-1234", doi_url: "10.1111/mebel.1", tahun: TAHUN }).run();
    expect(luaranPilihan(t.db, w.people.pengusul.id)).toMatchObject([{ id: luaran, judul: "Artikel dari proyek", kegiatan: "Proyek selesai" }]);
    expect(luaranPilihan(t.db, w.people.pengusulLain.id)).toEqual([]);
    expect(simpanKlaim(t.db, w.people.pengusulLain, klaim({ id_luaran: luaran }))).toMatchObject({ ok: false, status: 422, message: LUARAN_BUKAN_MILIK });
    expect(simpanKlaim(t.db, w.people.pengusul, klaim({ id_luaran: luaran }))).toMatchObject({ ok: true });
  });

  it("the form asks for a DOI/URL or an ISSN/ISBN, and checks the role and year", () => {
    const result = klaimSchema(2027).safeParse({ id_jenis: "1", judul: "A", nama_wadah: "B", tahun: "2031", peran: "pembimbing", jumlah_penulis: "0" });
    expect(result.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual(
      expect.arrayContaining([
        ["tahun", "Tahun terbit harus antara 1990 dan 2027."],
        ["peran", "Peran wajib dipilih."],
        ["jumlah_penulis", "Jumlah penulis harus antara 1 dan 100."],
      ]),
    );
    const noKey = klaimSchema(2027).safeParse({ id_jenis: "1", judul: "A", nama_wadah: "B", tahun: "2026", peran: "pertama", jumlah_penulis: "2" });
    expect(noKey.error!.issues.map((i) => i.message)).toEqual(["Isi DOI/URL atau ISSN/ISBN publikasi."]);
    // A co-author is never the only author; a sole first author is.
    const alone = klaimSchema(2027).safeParse({ id_jenis: "1", judul: "A", nama_wadah: "B", doi_url: "10.1234/abc", tahun: "2026", peran: "anggota", jumlah_penulis: "1" });
    expect(alone.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([["jumlah_penulis", ANGGOTA_MINIMAL_DUA]]);
    expect(klaimSchema(2027).safeParse({ id_jenis: "1", judul: "A", nama_wadah: "B", doi_url: "10.1234/abc", tahun: "2026", peran: "pertama", jumlah_penulis: "1" }).success).toBe(true);
  });
});

describe("the penetapan batch", () => {
  it("keeps to the budget: all of the batch or none of it", async () => {
    const ids = [];
    for (const [i, doi] of ["10.1/a", "10.1/b", "10.1/c"].entries()) {
      const id = await diajukan({ doi_url: doi, judul: `Artikel ${i}`, issn_isbn: "" });
      evaluasiKlaim(t.db, w.people.reviewer1, id, "simpan", lengkap(), null);
      setujuiKlaim(t.db, w.people.sekretaris, id, "DISETUJUI_SEKRETARIS", null);
      setujuiKlaim(t.db, w.people.kepala, id, "DISETUJUI_KEPALA", null);
      ids.push(id);
    }
    const sk = { nomor_sk: "046/LPPM/SK/2026", tanggal_sk: new Date() };
    // 3 × 4.5 M = 13.5 M over a budget of 12 M: refused, nothing decided.
    const over = tetapkanInsentif(t.db, w.people.kepala, periodeId, sk, ids.map((id) => ({ id, nominal: 4_500_000 })));
    expect(over).toEqual({ ok: false, status: 409, message: "Total nominal (Rp. 13.500.000) melebihi sisa anggaran insentif (Rp. 12.000.000)." });
    expect(ids.map((id) => statusOf(id).status)).toEqual(["DISETUJUI_KEPALA", "DISETUJUI_KEPALA", "DISETUJUI_KEPALA"]);
    expect(t.db.select().from(schema.penetapanInsentif).all()).toHaveLength(0);
    // A claim not waiting for this call's penetapan spoils the batch too.
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, sk, [{ id: ids[0]!, nominal: 1 }, { id: 999_999, nominal: 1 }])).toMatchObject({ ok: false, status: 409 });
    expect(statusOf(ids[0]!).status).toBe("DISETUJUI_KEPALA");
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, sk, [])).toMatchObject({ ok: false, status: 422 });
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, sk, ids.slice(0, 2).map((id) => ({ id, nominal: 4_500_000 })))).toEqual({ ok: true, jumlah: 2, total: 9_000_000 });
    expect(papanInsentif(t.db, periodeId)).toMatchObject({ sisa: 3_000_000, klaim: [{ id: ids[2] }] });
  });

  it("a call of many claims: the board shows the first 25 and their total, all on request; any waiting claim can be decided", () => {
    t.db.update(schema.periodeInsentif).set({ anggaran_total: 500_000_000 }).where(eq(schema.periodeInsentif.id, periodeId)).run();
    const ids = Array.from({ length: 27 }, (_, i) =>
      t.db
        .insert(schema.insentif)
        .values({ id_periode: periodeId, id_pengusul: w.people.pengusul.id, id_jenis: jenisId, status: "DISETUJUI_KEPALA", judul: `Artikel ${i}`, nama_wadah: "Jurnal", tahun: TAHUN, peran: "pertama", jumlah_penulis: 1, nominal_rekomendasi: i === 0 ? 2_000_000 : null, updated_at: new Date(Date.now() + i * 1000) })
        .returning()
        .get().id,
    );
    const papan = papanInsentif(t.db, periodeId)!;
    expect(papan.klaim).toHaveLength(25);
    // 26 at the tariff, one at its recommendation.
    expect(papan.menunggu).toEqual({ jumlah: 27, nominal: 26 * 5_000_000 + 2_000_000 });
    expect(papanInsentif(t.db, periodeId, { semua: true })!.klaim).toHaveLength(27);
    const hidden = ids.find((id) => !papan.klaim.some((k) => k.id === id))!;
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, { nomor_sk: "050/LPPM/SK/2026", tanggal_sk: new Date() }, [{ id: hidden, nominal: 5_000_000 }])).toMatchObject({ ok: true, jumlah: 1 });
    expect(statusOf(hidden).status).toBe("DITETAPKAN");

    // A kind whose amount is shared by the authors: each waiting claim at its share, the decision at most that.
    t.db.update(schema.jenisInsentif).set({ pembagian: "proporsional", porsi_utama: 60, anggota_boleh: true }).where(eq(schema.jenisInsentif.id, jenisId)).run();
    t.db.update(schema.insentif).set({ jumlah_penulis: 4 }).where(eq(schema.insentif.id, ids[1]!)).run();
    t.db.update(schema.insentif).set({ jumlah_penulis: 4, peran: "anggota" }).where(eq(schema.insentif.id, ids[2]!)).run();
    const shared = papanInsentif(t.db, periodeId, { semua: true })!;
    expect(shared.klaim.find((k) => k.id === ids[1])).toMatchObject({ tarif: 3_000_000, nominal_usul: 3_000_000 });
    expect(shared.klaim.find((k) => k.id === ids[2])).toMatchObject({ tarif: 666_666, nominal_usul: 666_666 });
    // The first claim (the one with a recommendation) was decided above: 24 sole authors at the whole amount, a first author of 4 at 60 %, a co-author of 4 at 40 % ÷ 3.
    expect(hidden).toBe(ids[0]);
    expect(shared.menunggu).toEqual({ jumlah: 26, nominal: 24 * 5_000_000 + 3_000_000 + 666_666 });
    expect(tetapkanInsentif(t.db, w.people.kepala, periodeId, { nomor_sk: "051/LPPM/SK/2026", tanggal_sk: new Date() }, [{ id: ids[2]!, nominal: 700_000 }])).toMatchObject({
      ok: false,
      status: 422,
      message: 'Nominal "Artikel 2" melebihi tarif (Rp. 666.666).',
    });
  });

  it("the lists: the lecturer's own, the office's by status, the reviewer's assigned", async () => {
    const id = await diajukan();
    expect(listKlaimPengusul(t.db, w.people.pengusul.id, STATE).rows).toMatchObject([{ id, status: "DIAJUKAN", tarif: 5_000_000, reviewer: "Prof. Reviewer Satu" }]);
    expect(listKlaimPengusul(t.db, w.people.pengusulLain.id, STATE).rows).toHaveLength(0);
    expect(listKlaimKantor(t.db, STATE, ["DIAJUKAN"]).total).toBe(1);
    expect(listKlaimKantor(t.db, STATE, ["DIAJUKAN"], w.people.reviewer2.id).total).toBe(0);
    expect(listKlaimKantor(t.db, { ...STATE, q: "Budi" }, ["DIAJUKAN"]).total).toBe(1);
    // The reviewer's dashboard lists it among the open assignments.
    expect(reviewerDashboard(t.db, w.people.reviewer1.id).terbuka).toEqual([expect.objectContaining({ id, tahap: "Insentif", lewat: false })]);
    expect(tugaskanReviewerKlaim(t.db, w.people.operator, id, { reviewer: w.people.pengusul.id, tenggat: new Date(Date.now() + DAY) })).toMatchObject({ ok: false, status: 422 });
    expect(tugaskanReviewerKlaim(t.db, w.people.kepala, id, { reviewer: w.people.reviewer2.id, tenggat: new Date(Date.now() + DAY) })).toEqual({ ok: false, status: 403, message: NOT_PERMITTED });
  });
});
