/**
 * Laporan Kemajuan and Laporan Akhir through their screens, as React Router runs them
 * behind the area's guard: the team's page (list, ?lihat=, 'Simpan', 'Unggah', the outputs'
 * forms, 'Ajukan', field errors, an unknown intent, a stranger), the report's PDF download, and
 * the office's pages: the Operator decides, the Kepala reads.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as dokumen from "~/routes/lppm/usulan-dokumen";
import type { LaporanDetail, LaporanRow } from "~/domain/lppm/laporan/read.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, pdfFile, penetapanWorld, PNG_1X1, statusOf, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const laporan = routedModule;
const periksa = routedModule;

const PAGE = "/pengusul/penelitian/laporan-kemajuan";
const AKHIR = "/pengusul/penelitian/laporan-akhir";
const OPERATOR = "/operator/lppm/laporan-kemajuan";
const KEPALA = "/kepalalppm/monitoring/laporan-kemajuan";

type PageData = { title: string; list: { rows: LaporanRow[]; total: number }; lihat: LaporanDetail | null; canDecide?: boolean };

let t: TestDb;
let w: PenetapanWorld;
let project: number;
let luaranId: number;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 20_000_000 });
  luaranId = t.db.insert(schema.usulanLuaran).values({ id_usulan: project, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
});

function form(fields: Record<string, string>, files: Record<string, File> = {}): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ id: String(project), ...fields })) data.set(key, value);
  for (const [key, file] of Object.entries(files)) data.set(key, file);
  return data;
}

function post(data: FormData, who: Person = w.people.pengusul, page = PAGE) {
  return areaRequest(laporan, `${page}?lihat=${project}`, who, { form: data });
}

const report = (jenis: "kemajuan" | "akhir" = "kemajuan") =>
  t.db.select().from(schema.laporan).where(and(eq(schema.laporan.id_usulan, project), eq(schema.laporan.jenis, jenis))).get();

async function submit() {
  expect((await post(form({ intent: "simpan", capaian: "50", realisasi: "9.000.000", ringkasan: "Separuh jalan." }))).status).toBe(302);
  expect((await post(form({ intent: "unggah" }, { dokumen: pdfFile("kemajuan.pdf") }))).status).toBe(302);
  const sent = await post(form({ intent: "ajukan" }));
  expect(sent.status).toBe(302);
  return sent;
}

describe("the team's page", () => {
  it("lists the running project, opens it, and writes the report through to 'Ajukan'", async () => {
    const list = await areaRequest(laporan, PAGE, w.people.pengusul);
    expect(list.status).toBe(200);
    expect((list.data as PageData).title).toBe("Laporan Kemajuan Penelitian");
    expect((list.data as PageData).list.rows).toMatchObject([{ judul: "Proyek berjalan", laporan_status: null }]);
    const opened = await areaRequest(laporan, `${PAGE}?lihat=${project}`, w.people.pengusul);
    expect((opened.data as PageData).lihat).toMatchObject({ canEdit: true, laporan: null, problems: expect.arrayContaining(["Dokumen laporan (PDF) belum diunggah."]) });

    const saved = await post(form({ intent: "simpan", capaian: "50", realisasi: "9.000.000", ringkasan: "Separuh jalan." }));
    expect(saved.location).toBe(`${PAGE}?lihat=${project}`);
    expect((await flashOf(saved))?.message).toBe("Data berhasil disimpan");
    expect(report()).toMatchObject({ status: "DRAF", capaian: 50, realisasi: 9_000_000 });
    const luaran = await post(form({ intent: "simpan-luaran", luaran: String(luaranId), status: "Submitted", doi_url: "https://jurnal.example.ac.id/7" }, { bukti: new File([PNG_1X1], "bukti.png", { type: "image/png" }) }));
    expect(luaran.status).toBe(302);
    expect(t.db.select().from(schema.luaranCapaian).get()).toMatchObject({ status: "Submitted", doi_url: "https://jurnal.example.ac.id/7" });
    await post(form({ intent: "unggah" }, { dokumen: pdfFile("kemajuan.pdf") }));
    const sent = await post(form({ intent: "ajukan" }));
    expect(sent.location).toBe(PAGE);
    expect(report()!.status).toBe("DIAJUKAN");

    // The PDF downloads for the team and the office, and for nobody else.
    const lihat = ((await areaRequest(laporan, `${PAGE}?lihat=${project}`, w.people.pengusul)).data as PageData).lihat!;
    expect(lihat.canEdit).toBe(false);
    const params = { usulanId: String(project), dokumenId: String(lihat.dokumen[0]!.id) };
    const file = await areaRequest(dokumen, `/pengusul/usulan/${project}/dokumen/${params.dokumenId}`, w.people.pengusul, { params });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect((await areaRequest(dokumen, `/kepalalppm/usulan/${project}/dokumen/${params.dokumenId}`, w.people.kepala, { params })).status).toBe(200);
    expect((await areaRequest(dokumen, `/pengusul/usulan/${project}/dokumen/${params.dokumenId}`, w.people.pengusulLain, { params })).status).toBe(404);
  });

  it("refuses bad input field by field, wrong files, an unknown intent and a stranger, storing nothing", async () => {
    const bad = await post(form({ intent: "simpan", capaian: "150", realisasi: "-1", ringkasan: "" }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      message: "Gagal menyimpan data",
      result: { error: { capaian: ["Capaian harus antara 0 dan 100."], ringkasan: ["Ringkasan wajib diisi."] } },
    });
    const badLuaran = await post(form({ intent: "simpan-luaran", luaran: String(luaranId), status: "Published", doi_url: "javascript:alert(1)" }));
    expect(badLuaran.status).toBe(400);
    expect(badLuaran.data).toMatchObject({ luaran: luaranId, result: { error: { doi_url: ["DOI atau URL tidak valid (contoh: 10.1234/abcd.2026 atau https://…)."] } } });
    const notPdf = await post(form({ intent: "unggah" }, { dokumen: new File(["<html>"], "laporan.pdf", { type: "application/pdf" }) }));
    expect(notPdf.status).toBe(415);
    expect(notPdf.data).toMatchObject({ result: { error: { dokumen: ["Format file harus PDF."] } } });
    expect((await post(form({ intent: "unggah" }))).status).toBe(400);
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooBig = await post(form({ intent: "unggah" }, { dokumen: new File([big], "besar.pdf", { type: "application/pdf" }) }));
    expect(tooBig.status).toBe(413);
    expect((await post(form({ intent: "entah" }))).status).toBe(400);
    const incomplete = await post(form({ intent: "ajukan" }));
    expect(incomplete.status).toBe(422);
    expect(incomplete.data).toMatchObject({ message: "Laporan kemajuan belum dapat diajukan: 2 syarat belum terpenuhi.", problems: expect.any(Array) });
    expect((await post(form({ intent: "simpan", capaian: "5", realisasi: "0", ringkasan: "x" }), w.people.pengusulLain)).status).toBe(404);
    expect((await post(form({ intent: "simpan", capaian: "5", realisasi: "0", ringkasan: "x" }), w.people.operator)).status).toBe(404);
    expect(report()).toBeUndefined();
    expect(t.db.select().from(schema.usulanDokumen).all()).toHaveLength(0);
    // Another lecturer's ?lihat= and the other kind's page go back to the list.
    const other = await areaRequest(laporan, `${PAGE}?lihat=${project}`, w.people.pengusulLain);
    expect(other.status).toBe(302);
    expect((await flashOf(other))?.message).toBe("Gagal menampilkan data");
    expect((await areaRequest(laporan, `/pengusul/pengabdian/laporan-kemajuan?lihat=${project}`, w.people.pengusul)).status).toBe(302);
  });
});

describe("the office's pages", () => {
  it("the Operator accepts a submitted report; the Kepala reads the same list and cannot decide", async () => {
    // A draft is not the office's to read.
    await post(form({ intent: "simpan", capaian: "50", realisasi: "9.000.000", ringkasan: "Separuh jalan." }));
    expect((await areaRequest(periksa, `${OPERATOR}?lihat=${project}`, w.people.operator)).status).toBe(302);
    await submit();
    const list = await areaRequest(periksa, OPERATOR, w.people.operator);
    expect(list.data).toMatchObject({ title: "Laporan Kemajuan", canDecide: true, list: { rows: [{ id: project, laporan_status: "DIAJUKAN" }] } });
    const kepala = await areaRequest(periksa, `${KEPALA}?lihat=${project}`, w.people.kepala);
    expect(kepala.data).toMatchObject({ title: "Monitoring Laporan Kemajuan", canDecide: false, lihat: { laporan: { status: "DIAJUKAN" } } });
    const refused = await areaRequest(periksa, KEPALA, w.people.kepala, { form: { intent: "terima", id: String(project) } });
    expect(refused.status).toBe(403);
    expect(report()!.status).toBe("DIAJUKAN");
    const noNote = await areaRequest(periksa, `${OPERATOR}?lihat=${project}`, w.people.operator, { form: { intent: "kembalikan", id: String(project) } });
    expect(noNote.status).toBe(422);
    expect(noNote.data).toMatchObject({ message: "Catatan wajib diisi.", id: project });
    const accepted = await areaRequest(periksa, `${OPERATOR}?lihat=${project}`, w.people.operator, { form: { intent: "terima", id: String(project), catatan: "" } });
    expect(accepted.status).toBe(302);
    expect(accepted.location).toBe(OPERATOR);
    expect(report()!.status).toBe("DITERIMA");
    // Accepted reports leave the default (Diajukan) list and show under 'Diterima'.
    expect(((await areaRequest(periksa, OPERATOR, w.people.operator)).data as PageData).list.total).toBe(0);
    expect(((await areaRequest(periksa, `${OPERATOR}?status=DITERIMA`, w.people.operator)).data as PageData).list.total).toBe(1);
    // The final report's page is its own list.
    expect(((await areaRequest(periksa, "/operator/lppm/laporan-akhir?status=semua", w.people.operator)).data as PageData).list.total).toBe(0);
  });

  it("an accepted final report makes the project Selesai", async () => {
    await submit();
    await areaRequest(periksa, OPERATOR, w.people.operator, { form: { intent: "terima", id: String(project) } });
    const budget = ((await areaRequest(laporan, `${AKHIR}?lihat=${project}`, w.people.pengusul)).data as PageData).lihat!.anggaran.total;
    await post(form({ intent: "simpan", capaian: "100", realisasi: String(budget), ringkasan: "Selesai." }), w.people.pengusul, AKHIR);
    await post(form({ intent: "unggah" }, { dokumen: pdfFile("akhir.pdf") }), w.people.pengusul, AKHIR);
    await post(form({ intent: "simpan-luaran", luaran: String(luaranId), status: "Published", doi_url: "10.1234/jti.2026.7" }), w.people.pengusul, AKHIR);
    expect((await post(form({ intent: "ajukan" }), w.people.pengusul, AKHIR)).status).toBe(302);
    const done = await areaRequest(periksa, "/operator/lppm/laporan-akhir", w.people.operator, { form: { intent: "terima", id: String(project) } });
    expect(done.status).toBe(302);
    expect(report("akhir")!.status).toBe("DITERIMA");
    expect(statusOf(t.db, project).status).toBe("SELESAI");
    // A finished project still lists on the team's page, read-only.
    const row = ((await areaRequest(laporan, AKHIR, w.people.pengusul)).data as PageData).list.rows[0]!;
    expect(row).toMatchObject({ status: "SELESAI", laporan_status: "DITERIMA" });
  });
});
