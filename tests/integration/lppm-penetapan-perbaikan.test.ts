/**
 * Perbaikan usulan (DIDANAI → BERJALAN): the proposer's list and detail (own funded
 * proposals only), the revised PDF (by content, versioned), the final RAB (≤ dana disetujui),
 * 'Ajukan' in the perbaikan window; the Operator's 'Terima' / 'Kembalikan' (note required);
 * the Kepala's read-only view (its posts refused); the documents' download for each role.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import * as dokumen from "~/routes/lppm/perbaikan-dokumen";
import type { PerbaikanDetail, PerbaikanRow } from "~/domain/lppm/perbaikan/perbaikan.server";
import { NOT_PERMITTED, NOTE_REQUIRED } from "~/domain/lppm/workflow.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, pdfFile, penetapanWorld, statusOf, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const perbaikan = routedModule;
const periksa = routedModule;

const PENGUSUL = "/pengusul/penelitian/perbaikan-usulan";
const OPERATOR = "/operator/lppm/perbaikan-usulan";
const KEPALA = "/kepalalppm/monitoring/perbaikan-usulan";

let t: TestDb;
let w: PenetapanWorld;
afterEach(() => t.cleanup());

async function world(closed: string[] = []) {
  t = createTestDb();
  w = await penetapanWorld(t.db, { closed });
}

type ListData = { list: { rows: PerbaikanRow[]; total: number }; lihat: PerbaikanDetail | null; canDecide?: boolean };

function funded(judul = "Didanai", ketua?: Person) {
  return addScoredUsulan(t.db, w, { judul, status: "DIDANAI", dana: 20_000_000, dana_disetujui: 18_000_000, ...(ketua ? { ketua } : {}) });
}

function post(id: number, fields: Record<string, string | File>, who: Person = w.people.pengusul, path = PENGUSUL) {
  return areaRequest(perbaikan, `${path}?lihat=${id}`, who, { form: { id: String(id), ...fields } });
}

function rabLine(harga: string, kelompok = "Bahan") {
  return { intent: "tambah-rab", kelompok, item: "Bahan uji", satuan: "paket", volume: "2", harga_satuan: harga };
}

function docs(id: number) {
  return t.db.select().from(schema.usulanDokumen).where(and(eq(schema.usulanDokumen.id_usulan, id), eq(schema.usulanDokumen.ronde, "perbaikan"))).all();
}

describe("the proposer's perbaikan", () => {
  beforeEach(() => world());

  it("lists their own funded proposals of the page's kind only", async () => {
    const mine = funded("Milik saya");
    funded("Milik orang lain", w.people.pengusulLain);
    addScoredUsulan(t.db, w, { judul: "Masih direkomendasikan", status: "DIREKOMENDASIKAN" });
    const res = await areaRequest(perbaikan, PENGUSUL, w.people.pengusul);
    expect(res.status).toBe(200);
    expect((res.data as ListData).list.rows.map((r) => r.id)).toEqual([mine]);
    expect(((await areaRequest(perbaikan, "/pengusul/pengabdian/perbaikan-usulan", w.people.pengusul)).data as ListData).list.total).toBe(0);
    // Another proposer's ?lihat= goes back to the list.
    const other = await areaRequest(perbaikan, `${PENGUSUL}?lihat=${mine}`, w.people.pengusulLain);
    expect(other.status).toBe(302);
    expect((await flashOf(other))?.message).toBe("Gagal menampilkan data");
  });

  it("uploads versions of the PDF, writes the final RAB and submits it → Perbaikan Diajukan", async () => {
    const id = funded();
    expect((await post(id, { intent: "unggah", dokumen: pdfFile("revisi-1.pdf") })).status).toBe(302);
    expect((await post(id, { intent: "unggah", dokumen: pdfFile("revisi-2.pdf") })).status).toBe(302);
    expect(docs(id).map((d) => [d.versi, d.nama_file])).toEqual([
      [1, "revisi-1.pdf"],
      [2, "revisi-2.pdf"],
    ]);
    // Copy the proposal's RAB (20 jt), too much for 18 jt: 'Ajukan' refuses and nothing changes.
    expect((await post(id, { intent: "salin-rab" })).status).toBe(302);
    const over = await post(id, { intent: "ajukan" });
    expect(over.status).toBe(422);
    expect(over.data).toMatchObject({ message: "Total RAB perbaikan melebihi dana disetujui." });
    expect(statusOf(t.db, id).status).toBe("DIDANAI");
    // Replace the lines: 2 × 8 jt of Bahan and 1 jt of Honor = 17 jt.
    const lines = t.db.select().from(schema.usulanRab).where(and(eq(schema.usulanRab.id_usulan, id), eq(schema.usulanRab.tahap, "perbaikan"))).all();
    for (const line of lines) expect((await post(id, { intent: "hapus-rab", rab: String(line.id) })).status).toBe(302);
    expect((await post(id, rabLine("8.000.000"))).status).toBe(302);
    expect((await post(id, { ...rabLine("1000000", "Honor"), volume: "1" })).status).toBe(302);
    const detail = ((await areaRequest(perbaikan, `${PENGUSUL}?lihat=${id}`, w.people.pengusul)).data as ListData).lihat!;
    expect(detail.summary.total).toBe(17_000_000);
    expect(detail.problems).toEqual([]);
    const done = await post(id, { intent: "ajukan" });
    expect(done.status).toBe(302);
    expect(done.location).toBe(PENGUSUL);
    expect(statusOf(t.db, id).status).toBe("PERBAIKAN_DIAJUKAN");
    // The proposal's own RAB is untouched.
    expect(t.db.select().from(schema.usulanRab).where(and(eq(schema.usulanRab.id_usulan, id), eq(schema.usulanRab.tahap, "usulan"))).all()).toHaveLength(2);
    // Submitted: no more changes.
    const late = await post(id, { intent: "unggah", dokumen: pdfFile() });
    expect(late.status).toBe(409);
    expect(late.data).toMatchObject({ message: "Usulan berstatus Perbaikan Diajukan tidak dapat diperbaiki." });
  });

  it("refuses what is missing or wrong with Indonesian messages, changing nothing", async () => {
    const id = funded();
    const missing = await post(id, { intent: "ajukan" });
    expect(missing.status).toBe(422);
    expect(missing.data).toMatchObject({
      message: "Perbaikan belum dapat diajukan: 2 syarat belum terpenuhi.",
      problems: ["Dokumen perbaikan usulan (PDF) belum diunggah.", "RAB belum diisi."],
    });
    const notPdf = await post(id, { intent: "unggah", dokumen: new File(["bukan pdf"], "revisi.pdf", { type: "application/pdf" }) });
    expect(notPdf.status).toBe(415);
    expect(notPdf.data).toMatchObject({ message: "Format file harus PDF.", result: { error: { dokumen: ["Format file harus PDF."] } } });
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooBig = await post(id, { intent: "unggah", dokumen: new File([big], "besar.pdf", { type: "application/pdf" }) });
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toMatchObject({ message: "Ukuran file maksimal 10 MB.", result: { error: { dokumen: ["Ukuran file maksimal 10 MB."] } } });
    const noFile = await post(id, { intent: "unggah" });
    expect(noFile.status).toBe(400);
    expect(noFile.data).toMatchObject({ message: "File wajib dipilih." });
    const badLine = await post(id, { ...rabLine("satu juta"), item: "" });
    expect(badLine.status).toBe(400);
    expect(badLine.data).toMatchObject({ message: "Gagal menyimpan data", result: { error: { item: ["Item wajib diisi."], harga_satuan: ["Harga satuan tidak valid. Tulis angka rupiah tanpa desimal, contoh 15.000.000 atau 15000000."] } } });
    expect((await post(id, { intent: "entah" })).status).toBe(400);
    expect((await post(id, { intent: "hapus-rab", rab: "999999" })).status).toBe(404);
    expect(docs(id)).toHaveLength(0);
    expect(t.db.select().from(schema.usulanRab).where(eq(schema.usulanRab.tahap, "perbaikan")).all()).toHaveLength(0);
    expect(statusOf(t.db, id).status).toBe("DIDANAI");
  });

  it("another proposer (the wrong owner) cannot change it; other roles get 404; anonymous /login", async () => {
    const id = funded();
    const wrong = await post(id, { intent: "unggah", dokumen: pdfFile() }, w.people.pengusulLain);
    expect(wrong.status).toBe(404);
    expect((await post(id, { intent: "ajukan" }, w.people.pengusulLain)).status).toBe(404);
    for (const who of [w.people.sekretaris, w.people.kepala, w.people.operator, w.people.reviewer1, w.people.verifikator]) {
      expect((await areaRequest(perbaikan, PENGUSUL, who)).status, who.name).toBe(404);
      expect((await post(id, { intent: "ajukan" }, who)).status, who.name).toBe(404);
    }
    expect((await areaRequest(perbaikan, PENGUSUL, null)).location).toMatch(/^\/login/);
    expect(docs(id)).toHaveLength(0);
    expect(statusOf(t.db, id).status).toBe("DIDANAI");
  });
});

describe("outside the perbaikan window", () => {
  beforeEach(() => world(["perbaikan"]));

  it("locks uploading, the RAB and 'Ajukan' with the window's message", async () => {
    const id = funded();
    const attempts: Record<string, string | File>[] = [{ intent: "unggah", dokumen: pdfFile() }, rabLine("1.000"), { intent: "ajukan" }];
    for (const fields of attempts) {
      const res = await post(id, fields);
      expect(res.status).toBe(409);
      expect((res.data as { message: string }).message).toMatch(/^Perbaikan usulan ditutup pada .+ WIB\.$/);
    }
    expect(docs(id)).toHaveLength(0);
    expect(statusOf(t.db, id).status).toBe("DIDANAI");
  });
});

describe("the Operator's check and the Kepala's view", () => {
  beforeEach(() => world());

  async function submitted(judul = "Diajukan") {
    const id = funded(judul);
    await post(id, { intent: "unggah", dokumen: pdfFile() });
    await post(id, rabLine("5.000.000"));
    expect((await post(id, { intent: "ajukan" })).status).toBe(302);
    return id;
  }

  it("lists PERBAIKAN_DIAJUKAN; 'Terima' → BERJALAN", async () => {
    const id = await submitted();
    const list = (await areaRequest(periksa, OPERATOR, w.people.operator)).data as ListData;
    expect(list.list.rows.map((r) => [r.id, r.rab_perbaikan, r.versi_dokumen])).toEqual([[id, 10_000_000, 1]]);
    expect(list.canDecide).toBe(true);
    const res = await areaRequest(periksa, `${OPERATOR}?lihat=${id}`, w.people.operator, { form: { intent: "terima", id: String(id) } });
    expect(res.status).toBe(302);
    expect(res.location).toBe(OPERATOR);
    expect(statusOf(t.db, id).status).toBe("BERJALAN");
  });

  it("'Kembalikan' needs a note and sends it back to DIDANAI, where the proposer can fix it", async () => {
    const id = await submitted();
    const noNote = await areaRequest(periksa, OPERATOR, w.people.operator, { form: { intent: "kembalikan", id: String(id) } });
    expect(noNote.status).toBe(422);
    expect(noNote.data).toMatchObject({ message: NOTE_REQUIRED });
    expect(statusOf(t.db, id).status).toBe("PERBAIKAN_DIAJUKAN");
    expect((await areaRequest(periksa, OPERATOR, w.people.operator, { form: { intent: "kembalikan", id: String(id), catatan: "RAB honor kurang rinci" } })).status).toBe(302);
    expect(statusOf(t.db, id).status).toBe("DIDANAI");
    expect((await post(id, { intent: "unggah", dokumen: pdfFile() })).status).toBe(302);
    expect(docs(id)).toHaveLength(2);
  });

  it("the Kepala sees the same list read-only; her posts are refused; other roles 404", async () => {
    const id = await submitted();
    const list = await areaRequest(periksa, KEPALA, w.people.kepala);
    expect(list.status).toBe(200);
    expect((list.data as ListData).canDecide).toBe(false);
    expect((list.data as ListData).list.total).toBe(1);
    const refused = await areaRequest(periksa, KEPALA, w.people.kepala, { form: { intent: "terima", id: String(id) } });
    expect(refused.status).toBe(403);
    expect(refused.data).toMatchObject({ message: NOT_PERMITTED });
    expect(statusOf(t.db, id).status).toBe("PERBAIKAN_DIAJUKAN");
    for (const who of [w.people.sekretaris, w.people.pengusul, w.people.reviewer2, w.people.verifikator, w.people.kepala]) {
      expect((await areaRequest(periksa, OPERATOR, who)).status, who.name).toBe(404);
      expect((await areaRequest(periksa, OPERATOR, who, { form: { intent: "terima", id: String(id) } })).status, who.name).toBe(404);
    }
    for (const who of [w.people.sekretaris, w.people.pengusul, w.people.operator]) {
      expect((await areaRequest(periksa, KEPALA, who)).status, who.name).toBe(404);
    }
    expect((await areaRequest(periksa, OPERATOR, null)).location).toMatch(/^\/login/);
    expect(statusOf(t.db, id).status).toBe("PERBAIKAN_DIAJUKAN");
  });

  it("the revised PDF downloads for the ketua, the Operator and the Kepala; 404 for anyone else", async () => {
    const id = await submitted();
    const [doc] = docs(id);
    const get = (path: string, who: Person | null) => areaRequest(dokumen, `${path}/dokumen/${doc!.id}`, who, { params: { id: String(doc!.id) } });
    for (const [path, who] of [
      ["/pengusul/perbaikan-usulan", w.people.pengusul],
      [OPERATOR, w.people.operator],
      [KEPALA, w.people.kepala],
    ] as const) {
      const res = await get(path, who);
      expect(res.status, who.name).toBe(200);
      expect(res.headers.get("Content-Disposition")).toContain("perbaikan.pdf");
      expect(String(res.data)).toMatch(/^%PDF-/);
    }
    expect((await get("/pengusul/perbaikan-usulan", w.people.pengusulLain)).status).toBe(404);
    expect((await get(OPERATOR, w.people.pengusul)).status).toBe(404);
    expect((await get("/pengusul/perbaikan-usulan", null)).location).toMatch(/^\/login/);
    expect((await areaRequest(dokumen, "/pengusul/perbaikan-usulan/dokumen/999999", w.people.pengusul, { params: { id: "999999" } })).status).toBe(404);
  });
});
