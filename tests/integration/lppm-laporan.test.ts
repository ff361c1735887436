/**
 * Laporan Kemajuan and Laporan Akhir on a throw-away database: the ketua writes and
 * submits within the window, the Operator accepts or returns with a note, every move goes
 * through the workflow engine (status_log, outbox) and an accepted final report makes the
 * project SELESAI in the same transaction. Who may change what, the final report's rules
 * (progress report accepted, 100 %, every output proven), and the evidence checked by content.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import {
  ajukanLaporan,
  HANYA_KETUA_LAPORAN,
  LAPORAN_BUKAN_BERJALAN,
  LUARAN_TIDAK_DIKENAL,
  simpanLaporan,
  simpanLuaranCapaian,
  unggahLaporan,
} from "~/domain/lppm/laporan/draft.server";
import { getLaporan, listLaporanKantor, listLaporanPengusul } from "~/domain/lppm/laporan/read.server";
import { CAPAIAN_AKHIR_KURANG, DOKUMEN_LAPORAN_BELUM, KEMAJUAN_BELUM_DITERIMA, LAPORAN_BELUM_DIISI } from "~/domain/lppm/laporan/submit.server";
import { periksaLaporan } from "~/domain/lppm/laporan/transition.server";
import { DOI_URL_TIDAK_VALID, ISSN_ISBN_TIDAK_VALID, isDoiOrUrl, isIssnOrIsbn, laporanSchema, luaranCapaianSchema, type LuaranCapaianInput } from "~/domain/lppm/laporan/laporan.schema";
import { NOT_PERMITTED, NOTE_REQUIRED } from "~/domain/lppm/workflow.server";
import { documentsDir } from "~/lib/server/documents.server";
import { UploadError } from "~/lib/server/uploads.server";
import type { TableState } from "~/lib/util/table-state";
import { formatRupiah } from "~/lib/util/rupiah";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addScoredUsulan, DAY, pdfFile, penetapanWorld, person, PNG_1X1, statusOf, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";

const STATE: TableState = { page: 1, size: 10, q: "" };
const isi = { capaian: 40, realisasi: 7_000_000, ringkasan: "Data lapangan terkumpul dari tiga sentra mebel." };
const terbit: LuaranCapaianInput = {
  status: "Published",
  judul_publikasi: "Efisiensi Kayu Jati pada Mebel Rakyat",
  nama_wadah: "Jurnal Teknik Industri",
  issn_isbn: "1234-567X",
  doi_url: "10.1234/jti.2026.7",
  tahun: 2026,
};

let t: TestDb;
let w: PenetapanWorld;
let anggota: Person;
let project: number;
let luaranId: number;

const ketua = () => w.people.pengusul;
const logOf = (kind: string) => t.db.select().from(schema.statusLog).where(eq(schema.statusLog.entity, kind)).all();
const report = (jenis: "kemajuan" | "akhir") =>
  t.db.select().from(schema.laporan).where(and(eq(schema.laporan.id_usulan, project), eq(schema.laporan.jenis, jenis))).get();
const files = (folder: string) => {
  const dir = path.join(documentsDir(), folder);
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

async function submitted(jenis: "kemajuan" | "akhir", over: Partial<typeof isi> = {}) {
  expect(simpanLaporan(t.db, ketua(), project, jenis, { ...isi, ...over })).toEqual({ ok: true });
  expect(await unggahLaporan(t.db, ketua(), project, jenis, pdfFile(`laporan-${jenis}.pdf`))).toEqual({ ok: true });
  expect(ajukanLaporan(t.db, ketua(), project, jenis)).toMatchObject({ ok: true, to: "DIAJUKAN" });
}

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  anggota = await person(t.db, "Dr. Anggota Tim", ["Pengusul"], { nidn: "0011223366", id_prodi: w.prodiId });
  project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 20_000_000 });
  t.db.insert(schema.usulanAnggota).values({ id_usulan: project, id_user: anggota.id, status_undangan: "DITERIMA" }).run();
  luaranId = t.db.insert(schema.usulanLuaran).values({ id_usulan: project, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
});
afterEach(() => t.cleanup());

describe("Laporan Kemajuan", () => {
  it("the ketua saves, uploads and submits; the Operator returns it with a note, then accepts the resubmission", async () => {
    await submitted("kemajuan");
    expect(report("kemajuan")).toMatchObject({ status: "DIAJUKAN", capaian: 40, realisasi: 7_000_000 });
    expect(report("kemajuan")!.diajukan_at).toBeInstanceOf(Date);
    // The operator hears of it (the outbox); the log starts with the draft's creation.
    expect(logOf("laporan_kemajuan").map((l) => [l.from_status, l.to_status])).toEqual([[null, "DRAF"], ["DRAF", "DIAJUKAN"]]);
    const outbox = t.db.select().from(schema.notificationOutbox).all();
    expect(outbox.map((m) => m.user_id)).toContain(w.people.operator.id);
    expect(outbox[0]!.subject).toBe("Laporan kemajuan: Diajukan");

    // The note is required to return it; nothing changes without one.
    expect(periksaLaporan(t.db, w.people.operator, project, "kemajuan", "kembalikan", null)).toEqual({ ok: false, status: 422, message: NOTE_REQUIRED });
    expect(report("kemajuan")!.status).toBe("DIAJUKAN");
    expect(periksaLaporan(t.db, w.people.operator, project, "kemajuan", "kembalikan", "Lampirkan foto kegiatan.")).toMatchObject({ ok: true, to: "DIKEMBALIKAN" });
    // Returned: the ketua may change it again and resubmit.
    expect(getLaporan(t.db, ketua(), project, "kemajuan")!.canEdit).toBe(true);
    expect(simpanLaporan(t.db, ketua(), project, "kemajuan", { ...isi, capaian: 45 })).toEqual({ ok: true });
    expect(ajukanLaporan(t.db, ketua(), project, "kemajuan")).toMatchObject({ ok: true, to: "DIAJUKAN" });
    expect(periksaLaporan(t.db, w.people.operator, project, "kemajuan", "terima", null)).toMatchObject({ ok: true, to: "DITERIMA" });
    const detail = getLaporan(t.db, anggota, project, "kemajuan")!;
    expect(detail.laporan).toMatchObject({ status: "DITERIMA", capaian: 45 });
    expect(detail.canEdit).toBe(false);
    expect(detail.timeline.map((e) => e.to)).toEqual(["DRAF", "DIAJUKAN", "DIKEMBALIKAN", "DIAJUKAN", "DITERIMA"]);
    expect(detail.timeline[2]!.note).toBe("Lampirkan foto kegiatan.");
    // Accepted: nothing more changes, and the project still runs.
    expect(simpanLaporan(t.db, ketua(), project, "kemajuan", isi)).toEqual({ ok: false, status: 409, message: "Laporan kemajuan berstatus Diterima tidak dapat diubah." });
    expect(statusOf(t.db, project).status).toBe("BERJALAN");
  });

  it("'Ajukan' lists every unmet rule and changes nothing", async () => {
    const refused = ajukanLaporan(t.db, ketua(), project, "kemajuan");
    expect(refused).toMatchObject({ ok: false, status: 422, problems: [LAPORAN_BELUM_DIISI, DOKUMEN_LAPORAN_BELUM] });
    expect(simpanLaporan(t.db, ketua(), project, "kemajuan", isi)).toEqual({ ok: true });
    expect(ajukanLaporan(t.db, ketua(), project, "kemajuan")).toMatchObject({ ok: false, status: 422, message: DOKUMEN_LAPORAN_BELUM });
    expect(report("kemajuan")!.status).toBe("DRAF");
    expect(logOf("laporan_kemajuan").map((l) => l.to_status)).toEqual(["DRAF"]);
  });

  it("only the ketua changes it; members read it; other lecturers do not learn it exists; the Kepala does not decide", async () => {
    expect(simpanLaporan(t.db, anggota, project, "kemajuan", isi)).toEqual({ ok: false, status: 403, message: HANYA_KETUA_LAPORAN });
    expect(simpanLaporan(t.db, w.people.operator, project, "kemajuan", isi)).toEqual({ ok: false, status: 403, message: HANYA_KETUA_LAPORAN });
    expect(simpanLaporan(t.db, w.people.pengusulLain, project, "kemajuan", isi)).toMatchObject({ ok: false, status: 404 });
    expect(await unggahLaporan(t.db, w.people.pengusulLain, project, "kemajuan", pdfFile())).toMatchObject({ ok: false, status: 404 });
    expect(getLaporan(t.db, w.people.pengusulLain, project, "kemajuan")).toBeNull();
    expect(getLaporan(t.db, anggota, project, "kemajuan")).toMatchObject({ onTeam: true, canEdit: false });
    expect(getLaporan(t.db, w.people.kepala, project, "kemajuan")).toMatchObject({ onTeam: false, canEdit: false });
    await submitted("kemajuan");
    expect(periksaLaporan(t.db, w.people.kepala, project, "kemajuan", "terima", null)).toEqual({ ok: false, status: 403, message: NOT_PERMITTED });
    expect(periksaLaporan(t.db, ketua(), project, "kemajuan", "terima", null)).toEqual({ ok: false, status: 403, message: NOT_PERMITTED });
    expect(report("kemajuan")!.status).toBe("DIAJUKAN");
    // Submitted: the ketua cannot change it while the office reads it.
    expect(await unggahLaporan(t.db, ketua(), project, "kemajuan", pdfFile())).toMatchObject({ ok: false, status: 409 });
  });

  it("outside its window nothing changes, with the date it closed", async () => {
    const past = new Date(Date.now() - 5 * DAY);
    t.db.update(schema.periode).set({ laporan_kemajuan_buka: new Date(Date.now() - 10 * DAY), laporan_kemajuan_tutup: past }).where(eq(schema.periode.id, w.periodeId)).run();
    const refused = simpanLaporan(t.db, ketua(), project, "kemajuan", isi);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect((refused as { message: string }).message).toMatch(/^Laporan kemajuan ditutup pada \d+ \w+ \d{4} pukul \d{2}\.\d{2} WIB\.$/);
    expect(report("kemajuan")).toBeUndefined();
    expect(getLaporan(t.db, ketua(), project, "kemajuan")).toMatchObject({ canEdit: false });
  });

  it("a project that is not running has no report to write", async () => {
    const funded = addScoredUsulan(t.db, w, { judul: "Baru didanai", status: "DIDANAI", dana_disetujui: 10_000_000 });
    expect(getLaporan(t.db, ketua(), funded, "kemajuan")).toBeNull();
    expect(simpanLaporan(t.db, ketua(), funded, "kemajuan", isi)).toEqual({ ok: false, status: 409, message: LAPORAN_BUKAN_BERJALAN });
  });

  it("the report PDF is checked by content and versioned; a refused file leaves nothing behind", async () => {
    const fake = new File(["<html>not a pdf</html>"], "laporan.pdf", { type: "application/pdf" });
    await expect(unggahLaporan(t.db, ketua(), project, "kemajuan", fake)).rejects.toSatisfy((e: unknown) => e instanceof UploadError && e.status === 415);
    expect(files("laporan-kemajuan")).toHaveLength(0);
    expect(report("kemajuan")).toBeUndefined();
    await unggahLaporan(t.db, ketua(), project, "kemajuan", pdfFile("v1.pdf"));
    await unggahLaporan(t.db, ketua(), project, "kemajuan", pdfFile("v2.pdf"));
    expect(getLaporan(t.db, ketua(), project, "kemajuan")!.dokumen.map((d) => [d.versi, d.nama_file])).toEqual([[2, "v2.pdf"], [1, "v1.pdf"]]);
    expect(files("laporan-kemajuan")).toHaveLength(2);
  });
});

describe("the outputs (luaran)", () => {
  it("records the status, the publication and a certificate; a bad certificate or another project's output is refused", async () => {
    const png = new File([PNG_1X1], "sertifikat.png", { type: "image/png" });
    expect(await simpanLuaranCapaian(t.db, ketua(), project, "kemajuan", luaranId, terbit, png)).toEqual({ ok: true });
    const luaran = getLaporan(t.db, ketua(), project, "kemajuan")!.luaran[0]!;
    expect(luaran.capaian).toMatchObject({ status: "Published", doi_url: "10.1234/jti.2026.7", tahun: 2026, bukti: { nama_file: "sertifikat.png" } });
    // Saved again without a file: the certificate stays.
    await simpanLuaranCapaian(t.db, ketua(), project, "kemajuan", luaranId, { ...terbit, status: "Accepted" }, null);
    expect(getLaporan(t.db, ketua(), project, "kemajuan")!.luaran[0]!.capaian).toMatchObject({ status: "Accepted", bukti: { nama_file: "sertifikat.png" } });
    const fake = new File(["MZ-not-an-image"], "sertifikat.png", { type: "image/png" });
    await expect(simpanLuaranCapaian(t.db, ketua(), project, "kemajuan", luaranId, terbit, fake)).rejects.toBeInstanceOf(UploadError);
    expect(files("bukti-luaran")).toHaveLength(1);
    const other = addScoredUsulan(t.db, w, { judul: "Proyek lain", status: "BERJALAN", ketua: w.people.pengusulLain });
    const foreign = t.db.insert(schema.usulanLuaran).values({ id_usulan: other, jenis: "HKI", target: "Terdaftar" }).returning().get().id;
    expect(await simpanLuaranCapaian(t.db, ketua(), project, "kemajuan", foreign, terbit, null)).toEqual({ ok: false, status: 404, message: LUARAN_TIDAK_DIKENAL });
    expect(await simpanLuaranCapaian(t.db, anggota, project, "kemajuan", luaranId, terbit, null)).toMatchObject({ ok: false, status: 403 });
  });

  it("the form checks DOIs, URLs, ISSN/ISBN and the year", () => {
    expect(isDoiOrUrl("10.1234/jti.2026.7")).toBe(true);
    expect(isDoiOrUrl("https://ejournal.example.ac.id/article/7")).toBe(true);
    expect(isDoiOrUrl("javascript:alert(1)")).toBe(false);
    expect(isDoiOrUrl("doi 10.1234")).toBe(false);
    expect(isIssnOrIsbn("1234-567X")).toBe(true);
    expect(isIssnOrIsbn("978-602-1234-56-7")).toBe(true);
    expect(isIssnOrIsbn("12-34")).toBe(false);
    const schema = luaranCapaianSchema(2027);
    const bad = schema.safeParse({ status: "Published", doi_url: "javascript:alert(1)", issn_isbn: "abc", tahun: "2031" });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message);
    expect(messages).toEqual(expect.arrayContaining([DOI_URL_TIDAK_VALID, ISSN_ISBN_TIDAK_VALID, "Tahun harus antara 1990 dan 2027."]));
    expect(laporanSchema.safeParse({ capaian: "120", realisasi: "1.000", ringkasan: "x" }).error!.issues[0]!.message).toBe("Capaian harus antara 0 dan 100.");
  });
});

describe("Laporan Akhir", () => {
  it("needs the progress report accepted, 100 % and every output proven; accepted, the project is SELESAI", async () => {
    const budget = getLaporan(t.db, ketua(), project, "akhir")!.anggaran.total;
    expect(simpanLaporan(t.db, ketua(), project, "akhir", { ...isi, capaian: 90 })).toEqual({ ok: true });
    await unggahLaporan(t.db, ketua(), project, "akhir", pdfFile("akhir.pdf"));
    const refused = ajukanLaporan(t.db, ketua(), project, "akhir");
    expect(refused).toMatchObject({ ok: false, status: 422 });
    const problems = (refused as { problems: string[] }).problems;
    expect(problems).toEqual([
      KEMAJUAN_BELUM_DITERIMA,
      CAPAIAN_AKHIR_KURANG,
      `Realisasi anggaran pada laporan akhir harus 100% dari anggaran (${formatRupiah(budget)}).`,
      'Luaran "Jurnal nasional terakreditasi" belum dilengkapi status dan bukti (DOI/URL atau sertifikat).',
    ]);

    await submitted("kemajuan");
    periksaLaporan(t.db, w.people.operator, project, "kemajuan", "terima", null);
    simpanLaporan(t.db, ketua(), project, "akhir", { ...isi, capaian: 100, realisasi: budget });
    await simpanLuaranCapaian(t.db, ketua(), project, "akhir", luaranId, terbit, null);
    expect(ajukanLaporan(t.db, ketua(), project, "akhir")).toMatchObject({ ok: true, to: "DIAJUKAN" });
    expect(periksaLaporan(t.db, w.people.operator, project, "akhir", "terima", "Lengkap.")).toMatchObject({ ok: true, to: "DITERIMA" });
    expect(statusOf(t.db, project).status).toBe("SELESAI");
    expect(logOf("usulan").at(-1)).toMatchObject({ from_status: "BERJALAN", to_status: "SELESAI", actor_name: "Sistem" });
    // The finished project's reports stay readable, and nothing changes any more.
    expect(getLaporan(t.db, anggota, project, "akhir")).toMatchObject({ laporan: { status: "DITERIMA" }, canEdit: false });
    expect(simpanLaporan(t.db, ketua(), project, "kemajuan", isi)).toEqual({ ok: false, status: 409, message: LAPORAN_BUKAN_BERJALAN });
  });

  it("when the project cannot become SELESAI, the acceptance is rolled back too", async () => {
    await submitted("kemajuan");
    periksaLaporan(t.db, w.people.operator, project, "kemajuan", "terima", null);
    const budget = getLaporan(t.db, ketua(), project, "akhir")!.anggaran.total;
    simpanLaporan(t.db, ketua(), project, "akhir", { ...isi, capaian: 100, realisasi: budget });
    await unggahLaporan(t.db, ketua(), project, "akhir", pdfFile("akhir.pdf"));
    await simpanLuaranCapaian(t.db, ketua(), project, "akhir", luaranId, terbit, null);
    ajukanLaporan(t.db, ketua(), project, "akhir");
    // Someone moved the project meanwhile (a data fix): the final report's acceptance must not half-happen.
    t.db.update(schema.usulan).set({ status: "DIDANAI" }).where(eq(schema.usulan.id, project)).run();
    const refused = periksaLaporan(t.db, w.people.operator, project, "akhir", "terima", null);
    expect(refused).toMatchObject({ ok: false, status: 409 });
    expect(report("akhir")!.status).toBe("DIAJUKAN");
    expect(logOf("laporan_akhir").map((l) => l.to_status)).toEqual(["DRAF", "DIAJUKAN"]);
  });
});

describe("lists", () => {
  it("the team lists its running projects with the report's status; the office sees submitted reports only", async () => {
    const row = () => listLaporanPengusul(t.db, anggota.id, "penelitian", "kemajuan", STATE).rows.find((r) => r.id === project)!;
    expect(row()).toMatchObject({ laporan_status: null, capaian: null, versi_dokumen: null });
    expect(listLaporanPengusul(t.db, w.people.pengusulLain.id, "penelitian", "kemajuan", STATE).rows).toHaveLength(0);
    simpanLaporan(t.db, ketua(), project, "kemajuan", isi);
    expect(row()).toMatchObject({ laporan_status: "DRAF", capaian: 40 });
    expect(listLaporanKantor(t.db, "kemajuan", STATE, ["DIAJUKAN"]).rows).toHaveLength(0);
    await unggahLaporan(t.db, ketua(), project, "kemajuan", pdfFile());
    ajukanLaporan(t.db, ketua(), project, "kemajuan");
    expect(listLaporanKantor(t.db, "kemajuan", STATE, ["DIAJUKAN"]).rows).toMatchObject([{ id: project, laporan_status: "DIAJUKAN", versi_dokumen: 1, realisasi: 7_000_000 }]);
    expect(listLaporanKantor(t.db, "akhir", STATE, ["DIAJUKAN"]).rows).toHaveLength(0);
    expect(listLaporanKantor(t.db, "kemajuan", { ...STATE, q: "tidak ada" }, ["DIAJUKAN"]).rows).toHaveLength(0);
  });
});
