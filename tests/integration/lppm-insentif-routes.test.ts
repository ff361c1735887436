/**
 * Publication incentives through their screens, as React Router runs them behind the
 * area guards, on a throw-away database: the lecturer's Jenis Insentif and Pengajuan Insentif
 * (list, ?tambah=1 prefilled from a recorded output, ?lihat=, 'Simpan', the evidence, 'Ajukan',
 * 'Hapus Draf', field errors), the Operator's tariff table and incentive calls, the Operator's
 * Klaim Insentif ('Tugaskan', 'Cairkan'), the reviewer's Evaluasi Insentif, the Sekretaris's and
 * the Kepala's Persetujuan, the Kepala's Penetapan within the budget, and the evidence download
 * in every area — one claim from Draf to Dicairkan, then each screen's refusals.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as jenisPage from "../../app/routes/lppm/pengusul/insentif";
import * as pengajuan from "../../app/routes/lppm/pengusul/insentif.pengajuan";
import * as kantor from "../../app/routes/operator/lppm/insentif";
import * as evaluasi from "../../app/routes/lppm/reviewer/evaluasi-insentif";
import * as penetapan from "../../app/routes/lppm/kepalalppm/penetapan-pemenang.usulan-insentif";
import * as bukti from "../../app/routes/lppm/insentif-bukti";
import * as jenisInsentifRoute from "~/routes/operator/lppm/jenis-insentif";
import * as periodeInsentifRoute from "~/routes/operator/lppm/periode-insentif";
import * as rubrikRoute from "~/routes/operator/lppm/rubrik";
import type { InsentifDetail, InsentifRow } from "~/domain/lppm/insentif/read.server";
import { BUKTI_INSENTIF_BELUM, KLAIM_GANDA_DOI, PERAN_TIDAK_BERHAK } from "~/domain/lppm/insentif/submit.server";
import { ajukanKlaim, KLAIM_TIDAK_DAPAT_DIUBAH, LUARAN_BUKAN_MILIK, simpanKlaim, tambahBuktiKlaim } from "~/domain/lppm/insentif/draft.server";
import {
  evaluasiKlaim,
  REVIEWER_INSENTIF_TIDAK_VALID,
  REVIEWER_PENGUSUL_SENDIRI,
  setujuiKlaim,
  TENGGAT_INSENTIF_LEWAT,
  tugaskanReviewerKlaim,
} from "~/domain/lppm/insentif/transition.server";
import { PILIH_KLAIM, type PapanInsentif } from "~/domain/lppm/insentif/penetapan.server";
import { JENIS_INSENTIF_DIPAKAI_DUA, saveJenisInsentif, TAHUN_INSENTIF_DIPAKAI } from "~/domain/lppm/insentif/master.server";
import {
  ANGGOTA_MINIMAL_DUA,
  BUKTI_INSENTIF_TYPES,
  BUTIR_BELUM_SESUAI,
  RUBRIK_INSENTIF_BELUM_ADA,
  RUBRIK_INSENTIF_BERUBAH,
  DOI_ATAU_ISSN,
  NOMINAL_MELEBIHI_TARIF,
  TUTUP_SEBELUM_BUKA,
  type KlaimInput,
} from "~/domain/lppm/insentif/insentif.schema";
import { DOI_URL_TIDAK_VALID } from "~/domain/lppm/laporan/laporan.schema";
import { TENGGAT_TIDAK_VALID } from "~/domain/lppm/review/review.schema";
import { NOTE_REQUIRED } from "~/domain/lppm/workflow.server";
import { DELETED, LOAD_FAILED, NOT_FOUND, SAVE_FAILED, SAVED } from "../../app/lib/util/messages";
import { UNKNOWN_INTENT } from "../../app/http/action.server";
import { DOCUMENT_BAD_TYPE } from "~/lib/util/document-rules";
import { toWibDateInput, toWibDateTimeInput } from "~/lib/util/wib";
import { createTestDb, type TestDb } from "../setup/test-db";
import { fieldErrors, flashOf, type FormFields } from "../setup/operator-helpers";
import { DEFAULT_CHECKLIST_INSENTIF } from "../../scripts/seed/lppm-rubrik";
import { addScoredUsulan, areaRequest, DAY, evaluasiLengkap, insentifWorld, kriteriaInsentif, klaimForm as klaimFormOf, pdfFile, penetapanWorld, type PenetapanWorld, person, type Person, PNG_1X1 } from "../setup/lppm-penetapan";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const persetujuan = routedModule;

const JENIS = "/pengusul/insentif";
const PAGE = "/pengusul/insentif/pengajuan";
const KANTOR = "/operator/lppm/insentif";
const REVIEWER = "/reviewer/evaluasi-insentif";
const SEKRETARIS = "/sekretarislppm/persetujuan-usulan/insentif-publikasi";
const KEPALA = "/kepalalppm/persetujuan-usulan/insentif-publikasi";
const PENETAPAN = "/kepalalppm/penetapan-pemenang/usulan-insentif";
const OP_JENIS = "/operator/lppm/jenis-insentif";
const OP_PERIODE = "/operator/lppm/periode-insentif";
const TAHUN = new Date().getFullYear();
const JUDUL = "Pengeringan Kayu Jati dengan Tenaga Surya";
const NOT_ASSIGNED = "Anda tidak ditugaskan pada data ini.";

type List = { rows: InsentifRow[]; total: number };
type Isian = Record<string, string>;
type PengajuanData = {
  title: string;
  list: List;
  lihat: InsentifDetail | null;
  tambah: boolean;
  isianBaru: Isian;
  periode: { tahun: number; jadwal: { kind: string } } | null;
  jenis: { id: number; label: string }[];
  luaran: { id: number; label: string }[];
};
type Reply = { intent: string; message: string; id?: number; result: { error?: Record<string, string[] | null> }; problems?: string[]; isian?: Isian };
type KantorData = { title: string; status: string; list: List; lihat: InsentifDetail | null; reviewers: { id: number }[] };
type PersetujuanData = { area: string; menunggu: string; list: List; lihat: InsentifDetail | null };
type PenetapanData = { periodes: { id: number; label: string }[]; papan: PapanInsentif | null };

let t: TestDb;
let w: PenetapanWorld;
let jenisId: number;
let periodeId: number;

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  ({ jenisId, periodeId } = insentifWorld(t.db));
});
afterEach(() => t.cleanup());

// ---- Helpers ------------------------------------------------------------------------------------

/** The claim form as the lecturer posts it ('Simpan'). */
const klaimForm = (over: Record<string, string> = {}) => klaimFormOf(jenisId, over);

/** The reviewer's complete evaluation ('Simpan Penilaian'): the rubric's criteria shown, every one ticked. */
const penilaian = (id: number, over: FormFields = {}): FormFields => {
  const ids = kriteriaInsentif(t.db).map(String);
  return { intent: "simpan", id: String(id), kriteria: ids.join(","), butir: ids, nominal_rekomendasi: "4.500.000", catatan: "Terindeks SINTA 2.", ...over };
};

const tugaskan = (id: number, over: Record<string, string> = {}): Record<string, string> => ({
  intent: "tugaskan",
  id: String(id),
  reviewer: String(w.people.reviewer1.id),
  tenggat: toWibDateTimeInput(new Date(Date.now() + 5 * DAY)),
  ...over,
});

const row = (id: number) => t.db.select().from(schema.insentif).where(eq(schema.insentif.id, id)).get();
const claims = () => t.db.select().from(schema.insentif).all();
const evidence = (id: number) => t.db.select().from(schema.insentifBukti).where(eq(schema.insentifBukti.id_insentif, id)).all();
const lihatOf = (location: string | null) => Number(new URL(location ?? "", "http://x").searchParams.get("lihat"));
const reply = (result: { data: unknown }) => result.data as Reply;

// Arranging the later steps directly through the domain (each screen's own test acts on its screen).
const klaim = (over: Partial<KlaimInput> = {}): KlaimInput => ({
  id_jenis: jenisId,
  judul: JUDUL,
  nama_wadah: "Jurnal Teknik Kayu",
  issn_isbn: "",
  doi_url: "10.1234/jtk.2026.15",
  tahun: TAHUN,
  volume_nomor: "",
  peran: "pertama",
  jumlah_penulis: 3,
  id_luaran: null,
  ...over,
});


function draf(over: Partial<KlaimInput> = {}, who: Person = w.people.pengusul): number {
  const saved = simpanKlaim(t.db, who, klaim(over));
  if (!saved.ok) throw new Error(saved.message);
  return saved.id;
}

/** A claim with one PDF of evidence, submitted; assigned to reviewer 1 unless `assign` is false. */
async function diajukan(over: Partial<KlaimInput> = {}, options: { who?: Person; assign?: boolean; files?: File[] } = {}): Promise<number> {
  const who = options.who ?? w.people.pengusul;
  const id = draf(over, who);
  expect(await tambahBuktiKlaim(t.db, who, id, options.files ?? [pdfFile("artikel.pdf", "Artikel")])).toEqual({ ok: true });
  expect(ajukanKlaim(t.db, who, id)).toMatchObject({ ok: true, to: "DIAJUKAN" });
  if (options.assign !== false) {
    expect(tugaskanReviewerKlaim(t.db, w.people.operator, id, { reviewer: w.people.reviewer1.id, tenggat: new Date(Date.now() + 5 * DAY) })).toEqual({ ok: true });
  }
  return id;
}

async function dievaluasi(over: Partial<KlaimInput> = {}): Promise<number> {
  const id = await diajukan(over);
  expect(evaluasiKlaim(t.db, w.people.reviewer1, id, "simpan", evaluasiLengkap(t.db), null)).toMatchObject({ ok: true, to: "DIEVALUASI" });
  return id;
}

async function disetujuiKepala(over: Partial<KlaimInput> = {}): Promise<number> {
  const id = await dievaluasi(over);
  expect(setujuiKlaim(t.db, w.people.sekretaris, id, "DISETUJUI_SEKRETARIS", null)).toMatchObject({ ok: true });
  expect(setujuiKlaim(t.db, w.people.kepala, id, "DISETUJUI_KEPALA", null)).toMatchObject({ ok: true });
  return id;
}

// ---- One claim through every screen --------------------------------------------------------------

describe("a claim from Draf to Dicairkan through the screens", () => {
  it("the lecturer writes and submits it, the Operator assigns it, the reviewer evaluates it, the Sekretaris and the Kepala approve it, the Kepala decides it, the Operator pays it", async () => {
    const pengusul = w.people.pengusul;
    // The tariff table and the open call.
    const tarif = await areaRequest(jenisPage, JENIS, pengusul);
    expect(tarif.status).toBe(200);
    expect(tarif.data).toMatchObject({
      title: "Jenis Insentif",
      jenis: [{ id: jenisId, jenis: "Jurnal nasional terakreditasi", peringkat: "Sinta 2", tarif_utama: 5_000_000 }],
      periode: { tahun: TAHUN, jadwal: { kind: "dibuka" } },
    });

    // 'Tambah Klaim', 'Simpan': a draft, opened.
    const baru = await areaRequest(pengajuan, `${PAGE}?tambah=1`, pengusul);
    expect(baru.data).toMatchObject({ title: "Pengajuan Insentif", tambah: true, lihat: null, isianBaru: { peran: "pertama" }, list: { total: 0 } });
    expect((baru.data as PengajuanData).jenis).toEqual([{ id: jenisId, label: "Jurnal nasional terakreditasi · Sinta 2 (Rp. 5.000.000)" }]);
    const saved = await areaRequest(pengajuan, `${PAGE}?tambah=1`, pengusul, { form: klaimForm() });
    expect(saved.status).toBe(302);
    const id = lihatOf(saved.location);
    expect(saved.location).toBe(`${PAGE}?lihat=${id}`);
    expect((await flashOf(saved))?.message).toBe(SAVED);
    expect(row(id)).toMatchObject({ status: "DRAF", id_pengusul: pengusul.id, id_periode: periodeId, judul: JUDUL, tahun: TAHUN, jumlah_penulis: 3, doi_kunci: "10.1234/jtk.2026.15" });
    const opened = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul);
    expect((opened.data as PengajuanData).lihat).toMatchObject({ id, status: "DRAF", canEdit: true, tarif: 5_000_000, bukti: [], problems: [BUKTI_INSENTIF_BELUM] });

    // The evidence: a PDF and a PNG added, the PNG removed again.
    const uploaded = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul, {
      form: { intent: "tambah-bukti", id: String(id), bukti: [pdfFile("artikel.pdf", "Artikel"), new File([PNG_1X1], "sampul.png", { type: "image/png" })] },
    });
    expect(uploaded.status).toBe(302);
    expect(uploaded.location).toBe(`${PAGE}?lihat=${id}`);
    expect(evidence(id).map((b) => b.nama_file)).toEqual(["artikel.pdf", "sampul.png"]);
    const png = evidence(id)[1]!.id;
    const removed = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul, { form: { intent: "hapus-bukti", id: String(id), bukti_id: String(png) } });
    expect(removed.status).toBe(302);
    expect(evidence(id).map((b) => b.nama_file)).toEqual(["artikel.pdf"]);
    expect(((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul)).data as PengajuanData).lihat!.problems).toEqual([]);

    // 'Ajukan': back to the list, Diajukan, no longer editable.
    const sent = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul, { form: { intent: "ajukan", id: String(id) } });
    expect(sent.status).toBe(302);
    expect(sent.location).toBe(PAGE);
    expect((await flashOf(sent))?.message).toBe(SAVED);
    expect(row(id)!.status).toBe("DIAJUKAN");
    expect(((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul)).data as PengajuanData).lihat).toMatchObject({ status: "DIAJUKAN", canEdit: false });

    // The Operator: the claim under Diajukan, the reviewer assigned from its dialog.
    const list = await areaRequest(kantor, KANTOR, w.people.operator);
    expect(list.data).toMatchObject({ title: "Klaim Insentif", status: "DIAJUKAN", list: { total: 1, rows: [{ id, status: "DIAJUKAN", pengusul: "Dr. Budi Santoso", reviewer: null }] } });
    const dialog = (await areaRequest(kantor, `${KANTOR}?lihat=${id}`, w.people.operator)).data as KantorData;
    expect(dialog.lihat).toMatchObject({ id, status: "DIAJUKAN", reviewer: null });
    expect(dialog.reviewers.map((r) => r.id)).toEqual(expect.arrayContaining([w.people.reviewer1.id, w.people.reviewer2.id]));
    const tenggat = new Date(Date.now() + 5 * DAY);
    const assigned = await areaRequest(kantor, `${KANTOR}?lihat=${id}`, w.people.operator, { form: tugaskan(id, { tenggat: toWibDateTimeInput(tenggat) }) });
    expect(assigned.status).toBe(302);
    expect(assigned.location).toBe(`${KANTOR}?lihat=${id}`);
    expect((await flashOf(assigned))?.message).toBe(SAVED);
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", id_reviewer: w.people.reviewer1.id });
    expect(toWibDateTimeInput(row(id)!.tenggat)).toBe(toWibDateTimeInput(tenggat));

    // The reviewer: the claim in their list, opened, evaluated.
    expect(((await areaRequest(evaluasi, REVIEWER, w.people.reviewer1)).data as { list: List }).list.rows).toMatchObject([{ id, status: "DIAJUKAN", tarif: 5_000_000 }]);
    expect(((await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1)).data as { lihat: InsentifDetail }).lihat).toMatchObject({ canEvaluate: true, bukti: [{ nama_file: "artikel.pdf" }] });
    const evaluated = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form: penilaian(id) });
    expect(evaluated.status).toBe(302);
    expect(evaluated.location).toBe(REVIEWER);
    expect((await flashOf(evaluated))?.message).toBe(SAVED);
    expect(row(id)).toMatchObject({ status: "DIEVALUASI", nominal_rekomendasi: 4_500_000, catatan_evaluasi: "Terindeks SINTA 2." });
    expect(((await areaRequest(evaluasi, REVIEWER, w.people.reviewer1)).data as { list: List }).list.total).toBe(0);

    // The Sekretaris, then the Kepala: each list holds the claim while it waits for them.
    const sekList = (await areaRequest(persetujuan, SEKRETARIS, w.people.sekretaris)).data as PersetujuanData;
    expect(sekList).toMatchObject({ area: "sekretarislppm", menunggu: "DIEVALUASI", list: { rows: [{ id, nominal_rekomendasi: 4_500_000, reviewer: "Prof. Reviewer Satu" }] } });
    const sekDialog = (await areaRequest(persetujuan, `${SEKRETARIS}?lihat=${id}`, w.people.sekretaris)).data as PersetujuanData;
    expect(sekDialog.lihat!.evaluasi).toMatchObject({ nominal_rekomendasi: 4_500_000, catatan: "Terindeks SINTA 2." });
    expect(sekDialog.lihat!.evaluasi!.butir.map((b) => [b.butir, b.sesuai])).toEqual(DEFAULT_CHECKLIST_INSENTIF.map((b) => [b, true]));
    const bySek = await areaRequest(persetujuan, `${SEKRETARIS}?lihat=${id}`, w.people.sekretaris, { form: { intent: "setujui", id: String(id), catatan: "" } });
    expect(bySek.status).toBe(302);
    expect(bySek.location).toBe(SEKRETARIS);
    expect((await flashOf(bySek))?.message).toBe(SAVED);
    expect(row(id)!.status).toBe("DISETUJUI_SEKRETARIS");
    expect(((await areaRequest(persetujuan, KEPALA, w.people.kepala)).data as PersetujuanData).list.rows).toMatchObject([{ id, status: "DISETUJUI_SEKRETARIS" }]);
    const byKepala = await areaRequest(persetujuan, `${KEPALA}?lihat=${id}`, w.people.kepala, { form: { intent: "setujui", id: String(id), catatan: "Layak." } });
    expect(byKepala.status).toBe(302);
    expect(byKepala.location).toBe(KEPALA);
    expect(row(id)!.status).toBe("DISETUJUI_KEPALA");

    // The Kepala's penetapan: the board, the SK, the amount.
    const board = (await areaRequest(penetapan, `${PENETAPAN}?periode=${periodeId}`, w.people.kepala)).data as PenetapanData;
    expect(board.periodes).toEqual([{ id: periodeId, label: `Insentif ${TAHUN}` }]);
    expect(board.papan).toMatchObject({ periode: { id: periodeId }, terpakai: 0, sisa: 12_000_000, klaim: [{ id, nominal_usul: 4_500_000, tarif: 5_000_000 }] });
    const tanggal = toWibDateInput(new Date());
    const decided = await areaRequest(penetapan, `${PENETAPAN}?periode=${periodeId}`, w.people.kepala, {
      form: { intent: "tetapkan", periode: String(periodeId), nomor_sk: "045/LPPM/SK/2026", tanggal_sk: tanggal, pilih: [String(id)], [`nominal_${id}`]: "4.500.000" },
    });
    expect(decided.status).toBe(302);
    expect(decided.location).toBe(`${PENETAPAN}?periode=${periodeId}`);
    expect((await flashOf(decided))?.message).toBe(SAVED);
    expect(row(id)).toMatchObject({ status: "DITETAPKAN", nominal_disetujui: 4_500_000 });
    const sk = t.db.select().from(schema.penetapanInsentif).all();
    expect(sk).toMatchObject([{ id_periode: periodeId, nomor_sk: "045/LPPM/SK/2026", id_user: w.people.kepala.id }]);
    expect(toWibDateInput(sk[0]!.tanggal_sk)).toBe(tanggal);
    expect(((await areaRequest(penetapan, `${PENETAPAN}?periode=${periodeId}`, w.people.kepala)).data as PenetapanData).papan).toMatchObject({ terpakai: 4_500_000, sisa: 7_500_000, klaim: [] });

    // The Operator pays it.
    const decidedList = (await areaRequest(kantor, `${KANTOR}?status=DITETAPKAN`, w.people.operator)).data as KantorData;
    expect(decidedList.list.rows).toMatchObject([{ id, status: "DITETAPKAN", nominal_disetujui: 4_500_000 }]);
    const paid = await areaRequest(kantor, `${KANTOR}?status=DITETAPKAN&lihat=${id}`, w.people.operator, { form: { intent: "cairkan", id: String(id) } });
    expect(paid.status).toBe(302);
    expect(paid.location).toBe(`${KANTOR}?status=DITETAPKAN`);
    expect((await flashOf(paid))?.message).toBe(SAVED);
    expect(row(id)).toMatchObject({ status: "DICAIRKAN", nominal_disetujui: 4_500_000 });
    expect(row(id)!.dicairkan_at).toBeInstanceOf(Date);

    // The lecturer sees it paid, with the SK and every step.
    const mine = (await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, pengusul)).data as PengajuanData;
    expect(mine.list.rows).toMatchObject([{ id, status: "DICAIRKAN", nominal_disetujui: 4_500_000 }]);
    expect(mine.lihat).toMatchObject({ status: "DICAIRKAN", nominal_disetujui: 4_500_000, sk: { nomor_sk: "045/LPPM/SK/2026" }, canEdit: false });
    expect(mine.lihat!.timeline.map((e) => e.to)).toEqual(["DRAF", "DIAJUKAN", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DITETAPKAN", "DICAIRKAN"]);
  });
});

// ---- The lecturer's pages --------------------------------------------------------------------------

describe("Jenis Insentif (the lecturer)", () => {
  it("shows the active kinds with their tariff and the open call; without an open call it says none; other areas do not have it", async () => {
    saveJenisInsentif(t.db, { jenis: "Prosiding nasional", peringkat: "-", tarif_utama: 1_000_000, tarif_anggota: 0, anggota_boleh: false, pembagian: "per_peran", porsi_utama: 60, aturan: "", aktif: false });
    const page = await areaRequest(jenisPage, JENIS, w.people.pengusul);
    expect((page.data as { jenis: { jenis: string }[] }).jenis.map((j) => j.jenis)).toEqual(["Jurnal nasional terakreditasi"]);
    // Each kind says how a claim's amount follows from its tariff.
    expect(page.data).toMatchObject({ jenis: [{ pembagian_tarif: "Penulis pertama/korespondensi Rp. 5.000.000; penulis anggota tidak berhak. Jumlah penulis tidak mengubah tarif." }] });
    expect(page.data).toMatchObject({ periode: { tahun: TAHUN, jadwal: { kind: "dibuka" } } });

    t.db.update(schema.periodeInsentif).set({ pengajuan_tutup: new Date(Date.now() - 1000) }).where(eq(schema.periodeInsentif.id, periodeId)).run();
    expect((await areaRequest(jenisPage, JENIS, w.people.pengusul)).data).toMatchObject({ periode: null });
    expect((await areaRequest(jenisPage, JENIS, w.people.reviewer1)).status).toBe(404);
  });
});

describe("Pengajuan Insentif (the lecturer)", () => {
  it("?tambah=1&luaran= fills the form from the lecturer's own recorded output only; a stranger's output is refused on save", async () => {
    const project = addScoredUsulan(t.db, w, { judul: "Proyek selesai", status: "SELESAI" });
    const luaran = t.db.insert(schema.usulanLuaran).values({ id_usulan: project, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
    t.db.insert(schema.luaranCapaian).values({ id_luaran: luaran, status: "Published", judul_publikasi: "Artikel dari proyek", nama_wadah: "Jurnal Mebel", issn_isbn: "2407-1234", doi_url: "10.1111/mebel.1", tahun: TAHUN }).run();

    const filled = (await areaRequest(pengajuan, `${PAGE}?tambah=1&luaran=${luaran}`, w.people.pengusul)).data as PengajuanData;
    expect(filled.luaran).toEqual([{ id: luaran, label: "Artikel dari proyek — Proyek selesai" }]);
    expect(filled.isianBaru).toEqual({
      judul: "Artikel dari proyek",
      nama_wadah: "Jurnal Mebel",
      issn_isbn: "2407-1234",
      doi_url: "10.1111/mebel.1",
      tahun: String(TAHUN),
      id_luaran: String(luaran),
      peran: "pertama",
    });
    const stranger = (await areaRequest(pengajuan, `${PAGE}?tambah=1&luaran=${luaran}`, w.people.pengusulLain)).data as PengajuanData;
    expect(stranger).toMatchObject({ tambah: true, luaran: [], isianBaru: { peran: "pertama" } });
    expect(stranger.isianBaru.judul).toBeUndefined();

    const form = klaimForm({ judul: "Artikel dari proyek", nama_wadah: "Jurnal Mebel", issn_isbn: "2407-1234", doi_url: "10.1111/mebel.1", id_luaran: String(luaran) });
    const refused = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusulLain, { form });
    expect(refused.status).toBe(422);
    expect(reply(refused)).toMatchObject({ message: LUARAN_BUKAN_MILIK, result: { error: { id_luaran: [LUARAN_BUKAN_MILIK] } } });
    expect(claims()).toHaveLength(0);
    const saved = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul, { form });
    expect(saved.status).toBe(302);
    expect(row(lihatOf(saved.location))).toMatchObject({ id_luaran: luaran, judul: "Artikel dari proyek", id_pengusul: w.people.pengusul.id });
  });

  it("refuses bad input field by field with the typed values echoed, a duplicate publication, an unknown intent and a stranger; nothing stored", async () => {
    const noKey = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul, { form: klaimForm({ doi_url: "", issn_isbn: "", judul: "Artikel tanpa nomor" }) });
    expect(noKey.status).toBe(400);
    expect(reply(noKey)).toMatchObject({ intent: "simpan", message: SAVE_FAILED, result: { error: { doi_url: [DOI_ATAU_ISSN] } }, isian: { judul: "Artikel tanpa nomor", nama_wadah: "Jurnal Teknik Kayu", tahun: String(TAHUN), doi_url: "", issn_isbn: "" } });
    const badDoi = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul, { form: klaimForm({ doi_url: "javascript:alert(1)" }) });
    expect(badDoi.status).toBe(400);
    expect(reply(badDoi)).toMatchObject({ result: { error: { doi_url: [DOI_URL_TIDAK_VALID] } }, isian: { doi_url: "javascript:alert(1)" } });
    const several = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul, { form: klaimForm({ judul: " ", id_jenis: "", tahun: String(TAHUN + 5), jumlah_penulis: "0" }) });
    expect(several.status).toBe(400);
    expect(reply(several).result.error).toEqual({
      judul: ["Judul publikasi wajib diisi."],
      id_jenis: ["Jenis insentif wajib dipilih."],
      tahun: [`Tahun terbit harus antara 1990 dan ${TAHUN + 1}.`],
      jumlah_penulis: ["Jumlah penulis harus antara 1 dan 100."],
    });
    expect((await areaRequest(pengajuan, PAGE, w.people.pengusul, { form: { intent: "entah", id: "1" } })).data).toMatchObject({ message: UNKNOWN_INTENT });
    expect((await areaRequest(pengajuan, PAGE, w.people.pengusul, { form: { intent: "entah" } })).status).toBe(400);
    expect(claims()).toHaveLength(0);

    // Another lecturer's claim of the same DOI is refused on its field; so is changing someone else's claim.
    const id = draf();
    const twice = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusulLain, { form: klaimForm({ judul: "Judul lain", issn_isbn: "" }) });
    expect(twice.status).toBe(409);
    expect(reply(twice)).toMatchObject({ message: KLAIM_GANDA_DOI, result: { error: { doi_url: [KLAIM_GANDA_DOI] } }, isian: { judul: "Judul lain" } });
    const notTheirs = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusulLain, { form: klaimForm({ id: String(id), judul: "Diubah orang lain" }) });
    expect(notTheirs.status).toBe(404);
    expect(reply(notTheirs).message).toBe(NOT_FOUND);
    const other = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusulLain);
    expect(other.status).toBe(302);
    expect(other.location).toBe(PAGE);
    expect((await flashOf(other))?.message).toBe(LOAD_FAILED);
    expect(claims()).toMatchObject([{ id, judul: JUDUL }]);
    expect((await areaRequest(pengajuan, PAGE, w.people.pengusulLain)).data).toMatchObject({ list: { total: 0 } });
    // The office has no Pengajuan page.
    expect((await areaRequest(pengajuan, PAGE, w.people.operator)).status).toBe(404);

    // Its claimant changes the draft.
    const changed = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: klaimForm({ id: String(id), judul: "Judul yang diperbaiki", jumlah_penulis: "4" }) });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe(`${PAGE}?lihat=${id}`);
    expect(claims()).toMatchObject([{ id, judul: "Judul yang diperbaiki", jumlah_penulis: 4, status: "DRAF" }]);
  });

  it("evidence: a fake file (415) or none (400) is refused; 'Ajukan' of an incomplete claim lists what is missing (422); a draft is deleted, a submitted claim is not", async () => {
    const id = draf({ peran: "anggota", tahun: TAHUN - 1 });
    const post = (form: Record<string, string | File | File[]>) => areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: { id: String(id), ...form } });

    const fake = await post({ intent: "tambah-bukti", bukti: new File(["<html>bukan pdf</html>"], "artikel.pdf", { type: "application/pdf" }) });
    expect(fake.status).toBe(415);
    expect(reply(fake).result.error).toEqual({ bukti: [DOCUMENT_BAD_TYPE(BUKTI_INSENTIF_TYPES)] });
    const none = await post({ intent: "tambah-bukti" });
    expect(none.status).toBe(400);
    expect(reply(none).result.error).toEqual({ bukti: ["Pilih file bukti."] });
    expect(evidence(id)).toHaveLength(0);

    const incomplete = await post({ intent: "ajukan" });
    expect(incomplete.status).toBe(422);
    expect(reply(incomplete)).toEqual({
      intent: "ajukan",
      id,
      message: "Klaim belum dapat diajukan: 3 syarat belum terpenuhi.",
      problems: [PERAN_TIDAK_BERHAK, `Publikasi harus terbit pada tahun ${TAHUN} (periode insentif).`, BUKTI_INSENTIF_BELUM],
      result: { status: "error", error: { "": ["Klaim belum dapat diajukan: 3 syarat belum terpenuhi."] } },
    });
    await post(klaimForm({ peran: "pertama" }));
    const oneLeft = await post({ intent: "ajukan" });
    expect(oneLeft.status).toBe(422);
    expect(reply(oneLeft)).toMatchObject({ message: BUKTI_INSENTIF_BELUM, problems: [BUKTI_INSENTIF_BELUM] });
    expect(row(id)!.status).toBe("DRAF");

    // Someone else's evidence post and delete are refused.
    expect((await areaRequest(pengajuan, PAGE, w.people.pengusulLain, { form: { intent: "tambah-bukti", id: String(id), bukti: pdfFile() } })).status).toBe(404);
    expect((await areaRequest(pengajuan, PAGE, w.people.pengusulLain, { form: { intent: "hapus", id: String(id) } })).status).toBe(404);
    expect(row(id)).toBeDefined();

    // A draft is deleted with its evidence.
    expect((await post({ intent: "tambah-bukti", bukti: pdfFile("artikel.pdf") })).status).toBe(302);
    expect(evidence(id)).toHaveLength(1);
    const gone = await post({ intent: "hapus" });
    expect(gone.status).toBe(302);
    expect(gone.location).toBe(PAGE);
    expect((await flashOf(gone))?.message).toBe(DELETED);
    expect(row(id)).toBeUndefined();
    expect(t.db.select().from(schema.insentifBukti).all()).toHaveLength(0);

    // A submitted claim is neither deleted nor changed, nor its evidence.
    const sent = await diajukan({ doi_url: "10.5555/lain", judul: "Artikel lain" }, { assign: false });
    const buktiId = evidence(sent)[0]!.id;
    for (const form of [{ intent: "hapus" }, { intent: "hapus-bukti", bukti_id: String(buktiId) }, klaimForm({ judul: "Diubah setelah diajukan" })]) {
      const refused = await areaRequest(pengajuan, `${PAGE}?lihat=${sent}`, w.people.pengusul, { form: { id: String(sent), ...form } });
      expect(refused.status, form.intent).toBe(409);
      expect(reply(refused).message).toBe(KLAIM_TIDAK_DAPAT_DIUBAH);
    }
    expect(row(sent)).toMatchObject({ status: "DIAJUKAN", judul: "Artikel lain" });
    expect(evidence(sent)).toHaveLength(1);
  });
});

// ---- The Operator's master data ----------------------------------------------------------------------

describe("Jenis Insentif and Periode Insentif (the Operator)", () => {
  const jenisForm = (over: Record<string, string> = {}): Record<string, string> => ({
    intent: "tambah",
    jenis: "Jurnal internasional bereputasi",
    peringkat: "Q1",
    tarif_utama: "15.000.000",
    tarif_anggota: "2.500.000",
    anggota_boleh: "on",
    pembagian: "proporsional",
    porsi_utama: "70",
    aturan: "Terindeks Scopus.",
    aktif: "on",
    ...over,
  });

  it("adds, changes and deletes a kind; a bad amount and a repeated kind and rank are refused; a kind a claim uses is not deleted (409)", async () => {
    const saved = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?tambah=1`, w.people.operator, { form: jenisForm() });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(OP_JENIS);
    expect((await flashOf(saved))?.message).toBe(SAVED);
    const q1 = t.db.select().from(schema.jenisInsentif).where(eq(schema.jenisInsentif.peringkat, "Q1")).get()!;
    expect(q1).toMatchObject({ jenis: "Jurnal internasional bereputasi", tarif_utama: 15_000_000, tarif_anggota: 2_500_000, anggota_boleh: true, pembagian: "proporsional", porsi_utama: 70, aktif: true });

    const bad = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?tambah=1`, w.people.operator, {
      form: jenisForm({ peringkat: "Q2", tarif_utama: "lima juta", jenis: "Majalah", pembagian: "undian", porsi_utama: "120" }),
    });
    expect(bad.status).toBe(400);
    expect(fieldErrors(bad)).toMatchObject({
      tarif_utama: ["Tarif penulis pertama/korespondensi tidak valid. Tulis angka rupiah tanpa desimal, contoh 15.000.000 atau 15000000."],
      jenis: ["Jenis publikasi wajib dipilih."],
      pembagian: ["Pembagian tarif wajib dipilih."],
      porsi_utama: ["Porsi penulis pertama/korespondensi harus antara 1 dan 100."],
    });
    const twice = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?tambah=1`, w.people.operator, { form: jenisForm({ tarif_utama: "1.000.000" }) });
    expect(twice.status).toBe(409);
    expect(fieldErrors(twice).peringkat).toEqual([JENIS_INSENTIF_DIPAKAI_DUA]);
    expect(t.db.select().from(schema.jenisInsentif).all()).toHaveLength(2);

    // Unticked boxes are false: co-authors no longer claim it, lecturers no longer pick it.
    const changed = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?ubah=${q1.id}`, w.people.operator, {
      form: { intent: "ubah", id: String(q1.id), jenis: "Jurnal internasional bereputasi", peringkat: "Q1", tarif_utama: "12.500.000", tarif_anggota: "0", pembagian: "per_peran", porsi_utama: "", aturan: "" },
    });
    expect(changed.status).toBe(302);
    expect(changed.location).toBe(OP_JENIS);
    // A blank share is the default 60 %.
    expect(t.db.select().from(schema.jenisInsentif).where(eq(schema.jenisInsentif.id, q1.id)).get()).toMatchObject({ tarif_utama: 12_500_000, anggota_boleh: false, pembagian: "per_peran", porsi_utama: 60, aktif: false });
    expect((await areaRequest(jenisPage, JENIS, w.people.pengusul)).data).toMatchObject({ jenis: [{ id: jenisId }] });
    const sameRank = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?ubah=${q1.id}`, w.people.operator, {
      form: { ...jenisForm({ intent: "ubah", id: String(q1.id), jenis: "Jurnal nasional terakreditasi", peringkat: "Sinta 2" }) },
    });
    expect(sameRank.status).toBe(409);
    expect(fieldErrors(sameRank).peringkat).toEqual([JENIS_INSENTIF_DIPAKAI_DUA]);

    // In use by a claim: 409 with its message, nothing deleted; an unused kind goes.
    draf();
    const inUse = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?hapus=${jenisId}`, w.people.operator, { form: { intent: "hapus", id: String(jenisId) } });
    expect(inUse.status).toBe(409);
    expect(reply(inUse).message).toBe("Jenis insentif ini dipakai 1 klaim. Nonaktifkan saja agar tidak dapat dipilih lagi.");
    const hapus = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?hapus=${jenisId}`, w.people.operator);
    expect(hapus.data).toMatchObject({ hapus: { id: jenisId, dipakai: "Jenis insentif ini dipakai 1 klaim. Nonaktifkan saja agar tidak dapat dipilih lagi." } });
    const deleted = await areaRequest(jenisInsentifRoute, `${OP_JENIS}?hapus=${q1.id}`, w.people.operator, { form: { intent: "hapus", id: String(q1.id) } });
    expect(deleted.status).toBe(302);
    expect((await flashOf(deleted))?.message).toBe(DELETED);
    expect(t.db.select().from(schema.jenisInsentif).all().map((j) => j.id)).toEqual([jenisId]);

    expect((await areaRequest(jenisInsentifRoute, OP_JENIS, w.people.operator, { form: { intent: "entah" } })).status).toBe(400);
    // Only the Operator's area has it.
    expect((await areaRequest(jenisInsentifRoute, OP_JENIS, w.people.kepala, { form: jenisForm({ peringkat: "Q3" }) })).status).toBe(404);
    expect(t.db.select().from(schema.jenisInsentif).all()).toHaveLength(1);
  });

  it("adds an incentive call with its window; a window that closes before it opens, a year already called and deleting a call a claim uses are refused", async () => {
    const periodeForm = (over: Record<string, string> = {}): Record<string, string> => ({
      intent: "tambah",
      tahun: String(TAHUN + 1),
      anggaran_total: "50.000.000",
      pengajuan_buka: toWibDateTimeInput(new Date(Date.now() + 100 * DAY)),
      pengajuan_tutup: toWibDateTimeInput(new Date(Date.now() + 130 * DAY)),
      ...over,
    });
    const saved = await areaRequest(periodeInsentifRoute, `${OP_PERIODE}?tambah=1`, w.people.operator, { form: periodeForm() });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(OP_PERIODE);
    expect((await flashOf(saved))?.message).toBe(SAVED);
    const next = t.db.select().from(schema.periodeInsentif).where(eq(schema.periodeInsentif.tahun, TAHUN + 1)).get()!;
    expect(next).toMatchObject({ anggaran_total: 50_000_000 });
    expect(toWibDateTimeInput(next.pengajuan_tutup)).toBe(periodeForm().pengajuan_tutup);
    expect(((await areaRequest(periodeInsentifRoute, OP_PERIODE, w.people.operator)).data as { list: { rows: { tahun: number }[] } }).list.rows.map((r) => r.tahun)).toEqual([TAHUN + 1, TAHUN]);

    const backwards = await areaRequest(periodeInsentifRoute, `${OP_PERIODE}?tambah=1`, w.people.operator, {
      form: periodeForm({ tahun: String(TAHUN + 2), pengajuan_tutup: toWibDateTimeInput(new Date(Date.now() + 50 * DAY)) }),
    });
    expect(backwards.status).toBe(400);
    expect(fieldErrors(backwards).pengajuan_tutup).toEqual([TUTUP_SEBELUM_BUKA]);
    const badDate = await areaRequest(periodeInsentifRoute, `${OP_PERIODE}?tambah=1`, w.people.operator, { form: periodeForm({ tahun: String(TAHUN + 2), pengajuan_buka: "besok" }) });
    expect(fieldErrors(badDate).pengajuan_buka).toEqual(["Pembukaan pengajuan tidak valid."]);
    const sameYear = await areaRequest(periodeInsentifRoute, `${OP_PERIODE}?tambah=1`, w.people.operator, { form: periodeForm({ tahun: String(TAHUN) }) });
    expect(sameYear.status).toBe(409);
    expect(fieldErrors(sameYear).tahun).toEqual([TAHUN_INSENTIF_DIPAKAI]);
    expect(t.db.select().from(schema.periodeInsentif).all()).toHaveLength(2);

    draf();
    const inUse = await areaRequest(periodeInsentifRoute, `${OP_PERIODE}?hapus=${periodeId}`, w.people.operator, { form: { intent: "hapus", id: String(periodeId) } });
    expect(inUse.status).toBe(409);
    expect(reply(inUse).message).toBe("Periode ini dipakai 1 klaim insentif dan tidak dapat dihapus.");
    const deleted = await areaRequest(periodeInsentifRoute, `${OP_PERIODE}?hapus=${next.id}`, w.people.operator, { form: { intent: "hapus", id: String(next.id) } });
    expect(deleted.status).toBe(302);
    expect((await flashOf(deleted))?.message).toBe(DELETED);
    expect(t.db.select().from(schema.periodeInsentif).all().map((p) => p.id)).toEqual([periodeId]);
  });
});

// ---- The Operator's claims -------------------------------------------------------------------------

describe("Klaim Insentif (the Operator)", () => {
  it("never lists or opens a lecturer's draft; lists by status", async () => {
    const drafted = draf();
    const sent = await diajukan({ doi_url: "10.5555/diajukan", judul: "Artikel diajukan" }, { assign: false });
    expect((await areaRequest(kantor, `${KANTOR}?status=semua`, w.people.operator)).data).toMatchObject({ status: "semua", list: { total: 1, rows: [{ id: sent }] } });
    expect((await areaRequest(kantor, `${KANTOR}?status=DRAF`, w.people.operator)).data).toMatchObject({ status: "DIAJUKAN", list: { total: 1, rows: [{ id: sent }] } });
    expect(((await areaRequest(kantor, `${KANTOR}?status=DIEVALUASI`, w.people.operator)).data as KantorData).list.total).toBe(0);
    const draft = await areaRequest(kantor, `${KANTOR}?lihat=${drafted}`, w.people.operator);
    expect(draft.status).toBe(302);
    expect(draft.location).toBe(KANTOR);
    expect((await flashOf(draft))?.message).toBe(LOAD_FAILED);
    expect((await areaRequest(kantor, `${KANTOR}?lihat=999999`, w.people.operator)).status).toBe(302);
    expect((await areaRequest(kantor, `${KANTOR}?lihat=${drafted}`, w.people.operator, { form: tugaskan(drafted) })).data).toMatchObject({
      message: "Reviewer hanya dapat ditugaskan pada klaim berstatus Diajukan.",
    });
    expect(row(drafted)).toMatchObject({ status: "DRAF", id_reviewer: null });
  });

  it("'Tugaskan' refuses bad input field by field, a past deadline, a non-reviewer, the claimant as reviewer; 'Cairkan' only a decided claim; an unknown intent", async () => {
    const id = await diajukan({}, { assign: false });
    const post = (form: Record<string, string>) => areaRequest(kantor, `${KANTOR}?lihat=${id}`, w.people.operator, { form });

    const bad = await post(tugaskan(id, { reviewer: "", tenggat: "besok" }));
    expect(bad.status).toBe(400);
    expect(reply(bad)).toMatchObject({ message: SAVE_FAILED, result: { error: { tenggat: [TENGGAT_TIDAK_VALID] } } });
    expect(reply(bad).result.error?.reviewer).toEqual(["Pilih reviewer klaim."]);
    const past = await post(tugaskan(id, { tenggat: toWibDateTimeInput(new Date(Date.now() - DAY)) }));
    expect(past.status).toBe(422);
    expect(reply(past).result.error).toEqual({ tenggat: [TENGGAT_INSENTIF_LEWAT] });
    const notReviewer = await post(tugaskan(id, { reviewer: String(w.people.pengusulLain.id) }));
    expect(notReviewer.status).toBe(422);
    expect(reply(notReviewer).result.error).toEqual({ reviewer: [REVIEWER_INSENTIF_TIDAK_VALID] });
    expect((await post({ intent: "tugaskan", reviewer: String(w.people.reviewer1.id), tenggat: tugaskan(id).tenggat! })).status).toBe(400);
    const unknown = await post({ intent: "hapus", id: String(id) });
    expect(unknown.status).toBe(400);
    expect(reply(unknown).message).toBe(UNKNOWN_INTENT);
    const notDecided = await post({ intent: "cairkan", id: String(id) });
    expect(notDecided.status).toBe(409);
    expect(reply(notDecided).message).toBe("Klaim insentif berstatus Diajukan tidak dapat diubah menjadi Dicairkan.");
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", id_reviewer: null });

    // A lecturer who also reviews is not offered, nor accepted, as the reviewer of their own claim.
    const dosenReviewer = await person(t.db, "Dr. Dosen Reviewer", ["Pengusul", "Reviewer-Internal"], { nidn: "0011223366", id_prodi: w.prodiId });
    const own = await diajukan({ doi_url: "10.5555/sendiri", judul: "Artikel reviewer" }, { who: dosenReviewer, assign: false });
    const dialog = (await areaRequest(kantor, `${KANTOR}?lihat=${own}`, w.people.operator)).data as KantorData;
    expect(dialog.reviewers.map((r) => r.id)).not.toContain(dosenReviewer.id);
    expect(dialog.reviewers.map((r) => r.id)).toContain(w.people.reviewer1.id);
    const self = await areaRequest(kantor, `${KANTOR}?lihat=${own}`, w.people.operator, { form: tugaskan(own, { reviewer: String(dosenReviewer.id) }) });
    expect(self.status).toBe(422);
    expect(reply(self)).toMatchObject({ message: REVIEWER_PENGUSUL_SENDIRI, result: { error: { reviewer: [REVIEWER_PENGUSUL_SENDIRI] } } });
    expect(row(own)!.id_reviewer).toBeNull();

    // Reassigned until evaluated; the other reviewer then has it.
    expect((await post(tugaskan(id))).status).toBe(302);
    expect((await post(tugaskan(id, { reviewer: String(w.people.reviewer2.id) }))).status).toBe(302);
    expect(row(id)!.id_reviewer).toBe(w.people.reviewer2.id);
    expect(((await areaRequest(evaluasi, REVIEWER, w.people.reviewer2)).data as { list: List }).list.rows).toMatchObject([{ id }]);
    expect(((await areaRequest(evaluasi, REVIEWER, w.people.reviewer1)).data as { list: List }).list.total).toBe(0);
  });
});

// ---- The tariff's rule for co-authors ------------------------------------------------------------------

describe("the amount by the tariff's rule (the lecturer, the reviewer, the Kepala)", () => {
  it("a kind shared by its authors: the lecturer reads the rule and the claim's amount with how; a co-author needs 2 authors; the reviewer may recommend at most that amount", async () => {
    // One amount per publication: 60 % to the first or corresponding author, 40 % shared by the co-authors.
    t.db.update(schema.jenisInsentif).set({ pembagian: "proporsional", porsi_utama: 60, anggota_boleh: true }).where(eq(schema.jenisInsentif.id, jenisId)).run();
    const tarif = await areaRequest(jenisPage, JENIS, w.people.pengusul);
    expect(tarif.data).toMatchObject({
      jenis: [{ pembagian_tarif: "Rp. 5.000.000 per publikasi: penulis tunggal menerima seluruhnya; bila lebih dari satu penulis, penulis pertama/korespondensi 60%, dan 40% dibagi rata kepada penulis anggota." }],
    });
    expect(((await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul)).data as PengajuanData).jenis).toEqual([
      { id: jenisId, label: "Jurnal nasional terakreditasi · Sinta 2 (Rp. 5.000.000 per publikasi, dibagi menurut jumlah penulis)" },
    ]);

    // A co-author alone is refused on the field, nothing stored.
    const alone = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul, { form: klaimForm({ peran: "anggota", jumlah_penulis: "1" }) });
    expect(alone.status).toBe(400);
    expect(reply(alone).result.error).toEqual({ jumlah_penulis: [ANGGOTA_MINIMAL_DUA] });
    expect(claims()).toHaveLength(0);

    // One of three authors, a co-author: 40 % of Rp 5.000.000 shared by 2 co-authors.
    const saved = await areaRequest(pengajuan, `${PAGE}?tambah=1`, w.people.pengusul, { form: klaimForm({ peran: "anggota", jumlah_penulis: "3" }) });
    expect(saved.status).toBe(302);
    const id = lihatOf(saved.location);
    const mine = (await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul)).data as PengajuanData;
    expect(mine.lihat).toMatchObject({ tarif: 1_000_000, cara_tarif: "40% dari Rp. 5.000.000 dibagi 2 penulis anggota." });
    expect(mine.list.rows).toMatchObject([{ id, tarif: 1_000_000 }]);
    // The first author of the same three would be worth 60 %.
    expect((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: klaimForm({ id: String(id), peran: "pertama", jumlah_penulis: "3" }) })).status).toBe(302);
    expect(((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul)).data as PengajuanData).lihat).toMatchObject({
      tarif: 3_000_000,
      cara_tarif: "60% dari Rp. 5.000.000 untuk penulis pertama/korespondensi (3 penulis).",
    });
    expect((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: klaimForm({ id: String(id), peran: "anggota", jumlah_penulis: "3" }) })).status).toBe(302);

    // Submitted and assigned: the reviewer sees the same amount and may recommend no more.
    expect(await tambahBuktiKlaim(t.db, w.people.pengusul, id, [pdfFile("artikel.pdf", "Artikel")])).toEqual({ ok: true });
    expect(ajukanKlaim(t.db, w.people.pengusul, id)).toMatchObject({ ok: true });
    expect(tugaskanReviewerKlaim(t.db, w.people.operator, id, { reviewer: w.people.reviewer1.id, tenggat: new Date(Date.now() + 5 * DAY) })).toEqual({ ok: true });
    const opened = (await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1)).data as { lihat: InsentifDetail };
    expect(opened.lihat).toMatchObject({ tarif: 1_000_000, cara_tarif: "40% dari Rp. 5.000.000 dibagi 2 penulis anggota." });
    const tooMuch = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form: penilaian(id, { nominal_rekomendasi: "1.500.000" }) });
    expect(tooMuch.status).toBe(422);
    expect(reply(tooMuch).result.error).toEqual({ nominal_rekomendasi: [`${NOMINAL_MELEBIHI_TARIF} (Rp. 1.000.000)`] });
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", nominal_rekomendasi: null });
    const ok = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form: penilaian(id, { nominal_rekomendasi: "1.000.000" }) });
    expect(ok.status).toBe(302);

    // Approved: the Kepala's board proposes the recommendation, at most the claim's amount.
    expect(setujuiKlaim(t.db, w.people.sekretaris, id, "DISETUJUI_SEKRETARIS", null)).toMatchObject({ ok: true });
    expect(setujuiKlaim(t.db, w.people.kepala, id, "DISETUJUI_KEPALA", null)).toMatchObject({ ok: true });
    const board = (await areaRequest(penetapan, `${PENETAPAN}?periode=${periodeId}`, w.people.kepala)).data as PenetapanData;
    expect(board.papan).toMatchObject({ klaim: [{ id, tarif: 1_000_000, nominal_usul: 1_000_000 }], menunggu: { jumlah: 1, nominal: 1_000_000 } });
  });
});

// ---- The reviewer -----------------------------------------------------------------------------------

describe("Evaluasi Insentif (the reviewer)", () => {
  it("only the assigned reviewer opens and evaluates; the checklist, the amount and the note are checked; nothing changes on a refusal", async () => {
    const id = await diajukan();
    const post = (form: FormFields, who: Person = w.people.reviewer1) => areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, who, { form });

    expect(((await areaRequest(evaluasi, REVIEWER, w.people.reviewer2)).data as { list: List }).list.total).toBe(0);
    const stranger = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer2);
    expect(stranger.status).toBe(302);
    expect(stranger.location).toBe(REVIEWER);
    expect((await flashOf(stranger))?.message).toBe(LOAD_FAILED);
    const notAssigned = await post(penilaian(id), w.people.reviewer2);
    expect(notAssigned.status).toBe(403);
    expect(reply(notAssigned).message).toBe(NOT_ASSIGNED);
    expect((await post({ intent: "tolak", id: String(id), catatan: "Bukan milik saya." }, w.people.reviewer2)).status).toBe(403);
    // Whatever the form holds, another reviewer hears only that: never the claim's tariff.
    for (const form of [penilaian(id, { nominal_rekomendasi: "9.000.000" }), penilaian(id, { butir: [] })]) {
      const other = await post(form, w.people.reviewer2);
      expect(other.status).toBe(403);
      expect(reply(other).message).toBe(NOT_ASSIGNED);
    }

    const unchecked = await post(penilaian(id, { butir: kriteriaInsentif(t.db).filter((_, i) => i !== 2).map(String) }));
    expect(unchecked.status).toBe(422);
    expect(reply(unchecked).message).toBe(BUTIR_BELUM_SESUAI);
    const tooMuch = await post(penilaian(id, { nominal_rekomendasi: "6.000.000" }));
    expect(tooMuch.status).toBe(422);
    expect(reply(tooMuch).result.error).toEqual({ nominal_rekomendasi: [`${NOMINAL_MELEBIHI_TARIF} (Rp. 5.000.000)`] });
    const notAmount = await post(penilaian(id, { nominal_rekomendasi: "empat juta" }));
    expect(notAmount.status).toBe(400);
    expect(reply(notAmount).result.error).toEqual({ nominal_rekomendasi: ["Nominal rekomendasi tidak valid. Tulis angka rupiah tanpa desimal, contoh 15.000.000 atau 15000000."] });
    const noNote = await post({ intent: "kembalikan", id: String(id), catatan: "  " });
    expect(noNote.status).toBe(422);
    expect(reply(noNote).message).toBe(NOTE_REQUIRED);
    expect((await post({ intent: "tolak", id: String(id) })).data).toMatchObject({ message: NOTE_REQUIRED });
    expect((await post({ intent: "setujui", id: String(id) })).data).toMatchObject({ message: UNKNOWN_INTENT });
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", nominal_rekomendasi: null, evaluasi: null });

    // 'Kembalikan' with a note: the lecturer changes it and submits it again, to the same reviewer.
    const returned = await post({ intent: "kembalikan", id: String(id), catatan: "Unggah halaman sampul jurnal." });
    expect(returned.status).toBe(302);
    expect(returned.location).toBe(REVIEWER);
    expect(row(id)!.status).toBe("DIKEMBALIKAN");
    const lecturer = (await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul)).data as PengajuanData;
    expect(lecturer.lihat).toMatchObject({ status: "DIKEMBALIKAN", canEdit: true });
    expect(lecturer.lihat!.timeline.at(-1)).toMatchObject({ to: "DIKEMBALIKAN", note: "Unggah halaman sampul jurnal." });
    const notDraft = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: { intent: "hapus", id: String(id) } });
    expect(notDraft.status).toBe(409);
    expect(reply(notDraft).message).toBe("Hanya klaim berstatus Draf yang dapat dihapus.");
    const sampul = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: { intent: "tambah-bukti", id: String(id), bukti: new File([PNG_1X1], "sampul.png", { type: "image/png" }) } });
    expect(sampul.status).toBe(302);
    expect((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: { intent: "ajukan", id: String(id) } })).status).toBe(302);
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", id_reviewer: w.people.reviewer1.id });
    expect(((await areaRequest(evaluasi, REVIEWER, w.people.reviewer1)).data as { list: List }).list.rows).toMatchObject([{ id }]);

    const saved = await post(penilaian(id, { nominal_rekomendasi: "5.000.000", catatan: "" }));
    expect(saved.status).toBe(302);
    expect(row(id)).toMatchObject({ status: "DIEVALUASI", nominal_rekomendasi: 5_000_000 });
    // Evaluated: still readable under 'Semua', no longer to evaluate.
    expect(((await areaRequest(evaluasi, `${REVIEWER}?status=semua&lihat=${id}`, w.people.reviewer1)).data as { lihat: InsentifDetail }).lihat).toMatchObject({ status: "DIEVALUASI", canEvaluate: false });
    expect((await post(penilaian(id))).status).toBe(409);
  });

  it("the checklist is the operator's insentif rubric: changed in Rubrik, the form follows; an unticked criterion and a form of the old criteria are refused; the evaluation keeps the criteria as they read", async () => {
    const id = await diajukan();
    type Evaluasi = { lihat: InsentifDetail; rubrik: { nama: string; kriteria: { id: number; kriteria: string }[] } | null };
    const open = async () => (await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1)).data as Evaluasi;
    const post = (form: FormFields) => areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form });
    const before = await open();
    expect(before.rubrik).toMatchObject({ nama: "Evaluasi Klaim Insentif" });
    expect(before.rubrik!.kriteria.map((k) => k.kriteria)).toEqual([...DEFAULT_CHECKLIST_INSENTIF]);
    const oldForm = penilaian(id);

    // The Operator reshapes the rubric: one kept, one reworded, the rest removed, one added.
    const rubrik = t.db.select().from(schema.rubrik).where(eq(schema.rubrik.tahap, "insentif")).get()!;
    const [first, second] = before.rubrik!.kriteria;
    const rows: FormFields = {
      intent: "ubah",
      id: String(rubrik.id),
      nama: "Verifikasi Klaim Insentif 2026",
      "baris[0].id": String(first!.id),
      "baris[0].kriteria": first!.kriteria,
      "baris[1].id": String(second!.id),
      "baris[1].kriteria": "Pengusul tercantum sebagai penulis pertama, korespondensi atau anggota sesuai klaim",
      "baris[2].kriteria": "Jumlah penulis sesuai publikasi",
    };
    before.rubrik!.kriteria.slice(2).forEach((k, i) => Object.assign(rows, { [`baris[${i + 3}].id`]: String(k.id), [`baris[${i + 3}].kriteria`]: k.kriteria, [`baris[${i + 3}].hapus`]: "on" }));
    const changed = await areaRequest(rubrikRoute, `/operator/lppm/rubrik?ubah=${rubrik.id}`, w.people.operator, { form: rows });
    expect(changed.status, JSON.stringify(changed.data)).toBe(302);
    const after = await open();
    expect(after.rubrik).toMatchObject({ nama: "Verifikasi Klaim Insentif 2026" });
    expect(after.rubrik!.kriteria.map((k) => k.kriteria)).toEqual([
      "Publikasi sesuai jenis dan peringkat yang diklaim",
      "Pengusul tercantum sebagai penulis pertama, korespondensi atau anggota sesuai klaim",
      "Jumlah penulis sesuai publikasi",
    ]);

    // The form of the old rubric, every box ticked, passes nothing it never showed.
    const stale = await post(oldForm);
    expect(stale.status).toBe(409);
    expect(reply(stale).message).toBe(RUBRIK_INSENTIF_BERUBAH);
    // A criterion left unticked: refused, what was ticked and typed comes back.
    const ids = after.rubrik!.kriteria.map((k) => String(k.id));
    const unticked = await post(penilaian(id, { butir: ids.slice(0, 2), nominal_rekomendasi: "4.000.000" }));
    expect(unticked.status).toBe(422);
    expect(reply(unticked)).toMatchObject({ message: BUTIR_BELUM_SESUAI, isian: { butir: ids.slice(0, 2), nominal_rekomendasi: "4.000.000", catatan: "Terindeks SINTA 2." } });
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", evaluasi: null });

    const saved = await post(penilaian(id, { butir: ids }));
    expect(saved.status).toBe(302);
    expect(JSON.parse(row(id)!.evaluasi!)).toEqual(after.rubrik!.kriteria.map((k) => ({ butir: k.kriteria, sesuai: true })));
    // A later change of the rubric leaves the stored evaluation as it was.
    t.db.update(schema.rubrikKriteria).set({ kriteria: "Diubah lagi" }).where(eq(schema.rubrikKriteria.id, first!.id)).run();
    const sek = (await areaRequest(persetujuan, `${SEKRETARIS}?lihat=${id}`, w.people.sekretaris)).data as PersetujuanData;
    expect(sek.lihat!.evaluasi!.butir.map((b) => b.butir)).toEqual(after.rubrik!.kriteria.map((k) => k.kriteria));
  });

  it("without an insentif rubric the reviewer is told so and cannot save; returning the claim still works", async () => {
    const id = await diajukan();
    const rubrik = t.db.select().from(schema.rubrik).where(eq(schema.rubrik.tahap, "insentif")).get()!;
    const form = penilaian(id);
    expect((await areaRequest(rubrikRoute, `/operator/lppm/rubrik?hapus=${rubrik.id}`, w.people.operator, { form: { intent: "hapus", id: String(rubrik.id) } })).status).toBe(302);
    expect(((await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1)).data as { rubrik: unknown }).rubrik).toBeNull();
    const refused = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form });
    expect(refused.status).toBe(409);
    expect(reply(refused).message).toBe(RUBRIK_INSENTIF_BELUM_ADA);
    expect(row(id)).toMatchObject({ status: "DIAJUKAN", evaluasi: null });
    const returned = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form: { intent: "kembalikan", id: String(id), catatan: "Lengkapi bukti." } });
    expect(returned.status).toBe(302);
    expect(row(id)!.status).toBe("DIKEMBALIKAN");
  });

  it("an evaluation stored before the checklist was a rubric still displays, item by item", async () => {
    const id = await dievaluasi();
    const lama = [
      { butir: "Publikasi sesuai jenis dan peringkat yang diklaim", sesuai: true },
      { butir: "Butir lama yang tidak ada di rubrik mana pun", sesuai: true },
    ];
    t.db.update(schema.insentif).set({ evaluasi: JSON.stringify(lama) }).where(eq(schema.insentif.id, id)).run();
    for (const [who, url] of [
      [w.people.sekretaris, `${SEKRETARIS}?lihat=${id}`],
      [w.people.pengusul, `${PAGE}?lihat=${id}`],
    ] as const) {
      const mod = url.startsWith(PAGE) ? pengajuan : persetujuan;
      expect(((await areaRequest(mod, url, who)).data as { lihat: InsentifDetail }).lihat.evaluasi).toMatchObject({ butir: lama, nominal_rekomendasi: 4_500_000 });
    }
  });

  it("'Tolak' with a note makes the claim Tidak Valid: the lecturer can no longer change it", async () => {
    const id = await diajukan();
    const refused = await areaRequest(evaluasi, `${REVIEWER}?lihat=${id}`, w.people.reviewer1, { form: { intent: "tolak", id: String(id), catatan: "Jurnal tidak terakreditasi pada tahun terbit." } });
    expect(refused.status).toBe(302);
    expect((await flashOf(refused))?.message).toBe(SAVED);
    expect(row(id)!.status).toBe("TIDAK_VALID");
    const change = await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul, { form: klaimForm({ id: String(id) }) });
    expect(change.status).toBe(409);
    expect(reply(change).message).toBe(KLAIM_TIDAK_DAPAT_DIUBAH);
    expect(((await areaRequest(pengajuan, `${PAGE}?lihat=${id}`, w.people.pengusul)).data as PengajuanData).lihat).toMatchObject({ status: "TIDAK_VALID", canEdit: false });
  });
});

// ---- The Sekretaris and the Kepala ------------------------------------------------------------------

describe("Persetujuan Insentif Publikasi (the Sekretaris and the Kepala)", () => {
  it("each page lists what waits for it; the Kepala cannot approve before the Sekretaris (409); each approval goes back to the list", async () => {
    const id = await dievaluasi();
    const waiting = await diajukan({ doi_url: "10.5555/menunggu", judul: "Artikel belum dievaluasi" });

    expect((await areaRequest(persetujuan, SEKRETARIS, w.people.sekretaris)).data).toMatchObject({ menunggu: "DIEVALUASI", list: { total: 1, rows: [{ id, status: "DIEVALUASI" }] } });
    expect((await areaRequest(persetujuan, KEPALA, w.people.kepala)).data).toMatchObject({ area: "kepalalppm", menunggu: "DISETUJUI_SEKRETARIS", list: { total: 0 } });
    // A claim not yet evaluated does not open on these pages.
    const early = await areaRequest(persetujuan, `${SEKRETARIS}?lihat=${waiting}`, w.people.sekretaris);
    expect(early.status).toBe(302);
    expect(early.location).toBe(SEKRETARIS);
    expect((await flashOf(early))?.message).toBe(LOAD_FAILED);

    const skipped = await areaRequest(persetujuan, `${KEPALA}?lihat=${id}`, w.people.kepala, { form: { intent: "setujui", id: String(id) } });
    expect(skipped.status).toBe(409);
    const notYet = "Klaim insentif berstatus Dievaluasi tidak dapat diubah menjadi Disetujui Kepala.";
    expect(skipped.data).toEqual({ intent: "setujui", id, message: notYet, result: { status: "error", error: { "": [notYet] } } });
    expect((await areaRequest(persetujuan, SEKRETARIS, w.people.sekretaris, { form: { intent: "tolak", id: String(id) } })).data).toMatchObject({ message: UNKNOWN_INTENT });
    const noId = await areaRequest(persetujuan, SEKRETARIS, w.people.sekretaris, { form: { intent: "setujui" } });
    expect(noId.status).toBe(400);
    expect(reply(noId).message).toBe("Klaim tidak valid.");
    expect((await areaRequest(persetujuan, SEKRETARIS, w.people.sekretaris, { form: { intent: "setujui", id: String(waiting) } })).status).toBe(409);
    expect(row(id)!.status).toBe("DIEVALUASI");
    expect(row(waiting)!.status).toBe("DIAJUKAN");

    const bySek = await areaRequest(persetujuan, `${SEKRETARIS}?lihat=${id}`, w.people.sekretaris, { form: { intent: "setujui", id: String(id), catatan: "Lengkap." } });
    expect(bySek.status).toBe(302);
    expect(bySek.location).toBe(SEKRETARIS);
    expect((await flashOf(bySek))?.message).toBe(SAVED);
    expect(row(id)!.status).toBe("DISETUJUI_SEKRETARIS");
    expect(((await areaRequest(persetujuan, SEKRETARIS, w.people.sekretaris)).data as PersetujuanData).list.total).toBe(0);
    expect(((await areaRequest(persetujuan, `${SEKRETARIS}?status=semua`, w.people.sekretaris)).data as PersetujuanData).list.rows).toMatchObject([{ id, status: "DISETUJUI_SEKRETARIS" }]);
    expect((await areaRequest(persetujuan, `${SEKRETARIS}?lihat=${id}`, w.people.sekretaris, { form: { intent: "setujui", id: String(id) } })).status).toBe(409);

    expect(((await areaRequest(persetujuan, KEPALA, w.people.kepala)).data as PersetujuanData).list.rows).toMatchObject([{ id }]);
    const byKepala = await areaRequest(persetujuan, `${KEPALA}?lihat=${id}&status=semua`, w.people.kepala, { form: { intent: "setujui", id: String(id) } });
    expect(byKepala.status).toBe(302);
    expect(byKepala.location).toBe(`${KEPALA}?status=semua`);
    expect(row(id)!.status).toBe("DISETUJUI_KEPALA");
    // The Sekretaris's page is not the Kepala's.
    expect((await areaRequest(persetujuan, SEKRETARIS, w.people.kepala)).status).toBe(404);
  });
});

describe("Penetapan Pemenang Usulan Insentif (the Kepala)", () => {
  it("decides the chosen claims within the budget, all or none; refuses a missing SK number, no claim, a bad or too large amount; an unknown call is 404", async () => {
    const a = await disetujuiKepala();
    const b = await disetujuiKepala({ doi_url: "10.5555/kedua", judul: "Artikel kedua" });
    const url = `${PENETAPAN}?periode=${periodeId}`;
    const tanggal = toWibDateInput(new Date());
    const tetapkan = (over: Record<string, string | string[]> = {}) =>
      areaRequest(penetapan, url, w.people.kepala, {
        form: { intent: "tetapkan", periode: String(periodeId), nomor_sk: "046/LPPM/SK/2026", tanggal_sk: tanggal, pilih: [String(a), String(b)], [`nominal_${a}`]: "4.500.000", [`nominal_${b}`]: "4.500.000", ...over },
      });

    expect((await areaRequest(penetapan, `${PENETAPAN}?periode=999999`, w.people.kepala)).status).toBe(404);
    const board = (await areaRequest(penetapan, PENETAPAN, w.people.kepala)).data as PenetapanData;
    expect(board.papan).toMatchObject({ periode: { id: periodeId }, sisa: 12_000_000 });
    expect(board.papan!.klaim.map((k) => k.id).sort()).toEqual([a, b].sort());

    // 9 M over a budget cut to 8 M: refused with both amounts, nothing decided.
    t.db.update(schema.periodeInsentif).set({ anggaran_total: 8_000_000 }).where(eq(schema.periodeInsentif.id, periodeId)).run();
    const over = await tetapkan();
    expect(over.status).toBe(409);
    expect(reply(over).message).toBe("Total nominal (Rp. 9.000.000) melebihi sisa anggaran insentif (Rp. 8.000.000).");
    const noSk = await tetapkan({ nomor_sk: " " });
    expect(noSk.status).toBe(400);
    expect(reply(noSk)).toMatchObject({ message: SAVE_FAILED, result: { error: { nomor_sk: ["Nomor SK wajib diisi."] } } });
    expect(reply(await tetapkan({ tanggal_sk: "31/12/2026" })).result.error).toEqual({ tanggal_sk: ["Tanggal SK tidak valid."] });
    const none = await tetapkan({ pilih: [] });
    expect(none.status).toBe(422);
    expect(reply(none).message).toBe(PILIH_KLAIM);
    const zero = await tetapkan({ [`nominal_${b}`]: "0" });
    expect(zero.status).toBe(400);
    expect(reply(zero).result.error).toEqual({ [`nominal_${b}`]: ["Nominal tidak valid."] });
    const aboveTariff = await tetapkan({ pilih: [String(a)], [`nominal_${a}`]: "5.500.000" });
    expect(aboveTariff.status).toBe(422);
    expect(reply(aboveTariff).message).toBe(`Nominal "${JUDUL}" melebihi tarif (Rp. 5.000.000).`);
    expect((await tetapkan({ pilih: [String(a), "999999"], [`nominal_999999`]: "1.000" })).status).toBe(409);
    expect((await tetapkan({ intent: "batal" })).status).toBe(400);
    expect([row(a)!.status, row(b)!.status]).toEqual(["DISETUJUI_KEPALA", "DISETUJUI_KEPALA"]);
    expect(t.db.select().from(schema.penetapanInsentif).all()).toHaveLength(0);
    // The Sekretaris has no penetapan page.
    expect((await areaRequest(penetapan, url, w.people.sekretaris, { form: { intent: "tetapkan" } })).status).toBe(404);

    // One claim at a lower amount fits: decided; the other still waits, within what is left.
    const decided = await tetapkan({ pilih: [String(a)], [`nominal_${a}`]: "4.000.000" });
    expect(decided.status).toBe(302);
    expect(decided.location).toBe(url);
    expect((await flashOf(decided))?.message).toBe(SAVED);
    expect(row(a)).toMatchObject({ status: "DITETAPKAN", nominal_disetujui: 4_000_000 });
    expect(row(b)).toMatchObject({ status: "DISETUJUI_KEPALA", nominal_disetujui: null });
    expect(((await areaRequest(penetapan, url, w.people.kepala)).data as PenetapanData).papan).toMatchObject({ terpakai: 4_000_000, sisa: 4_000_000, klaim: [{ id: b }] });
    expect(reply(await tetapkan({ pilih: [String(b)] })).message).toBe("Total nominal (Rp. 4.500.000) melebihi sisa anggaran insentif (Rp. 4.000.000).");
  });
});

// ---- The evidence download ---------------------------------------------------------------------------

describe("a claim's evidence in every area", () => {
  it("downloads for its claimant, its assigned reviewer and the office; 404 for another lecturer, another reviewer, or a file of another claim", async () => {
    const id = await diajukan({}, { files: [pdfFile("artikel.pdf", "Artikel"), new File([PNG_1X1], "sampul.png", { type: "image/png" })] });
    const [pdf, png] = evidence(id).map((b) => b.id);
    const other = await diajukan({ doi_url: "10.5555/lain", judul: "Artikel lain" }, { who: w.people.pengusulLain });
    const otherFile = evidence(other)[0]!.id;
    const get = (area: string, who: Person, buktiId: number, insentifId = id) =>
      areaRequest(bukti, `${area}/insentif/${insentifId}/bukti/${buktiId}`, who, { params: { insentifId: String(insentifId), buktiId: String(buktiId) } });

    for (const [area, who] of [
      ["/pengusul", w.people.pengusul],
      ["/reviewer", w.people.reviewer1],
      ["/operator/lppm", w.people.operator],
      ["/sekretarislppm", w.people.sekretaris],
      ["/kepalalppm", w.people.kepala],
    ] as const) {
      const file = await get(area, who, pdf!);
      expect(file.status, `${who.name} ${area}`).toBe(200);
      expect(file.headers.get("content-type")).toBe("application/pdf");
      expect(String(file.data)).toContain("(Artikel) Tj");
    }
    const image = await get("/pengusul", w.people.pengusul, png!);
    expect(image.status).toBe(200);
    expect(image.headers.get("content-type")).toBe("image/png");

    for (const [area, who, buktiId, insentifId] of [
      ["/pengusul", w.people.pengusulLain, pdf, id],
      ["/reviewer", w.people.reviewer2, pdf, id],
      ["/pengusul", w.people.pengusul, otherFile, id],
      ["/pengusul", w.people.pengusul, otherFile, other],
      ["/operator/lppm", w.people.operator, 999_999, id],
    ] as const) {
      const refused = await get(area, who, buktiId!, insentifId);
      expect(refused.status, `${who.name} ${area} ${buktiId}`).toBe(404);
      expect(refused.data).toBe("Berkas tidak ditemukan.");
    }
  });
});
