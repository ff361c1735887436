/**
 * Catatan Harian's domain rules on a throw-away database: who writes (the ketua and
 * accepted members, while BERJALAN), who reads (whoever may see the proposal), the evidence
 * (checked by content, at most five, removed with the note and never left behind by a refusal),
 * spending against the budget per RAB group, and the lists of the team and of the office.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import {
  addCatatan,
  BUKAN_BERJALAN,
  buktiFile,
  getProyekCatatan,
  HANYA_PENULIS,
  HANYA_TIM,
  listProyekMonitoring,
  listProyekPengusul,
  RAB_KELOMPOK,
  removeCatatan,
} from "~/domain/lppm/catatan/catatan.server";
import { BUKTI_TERLALU_BANYAK, catatanSchema, TANGGAL_MASA_DEPAN, TANGGAL_TIDAK_VALID, type CatatanInput } from "~/domain/lppm/catatan/catatan.schema";
import { documentsDir } from "~/lib/server/documents.server";
import { UploadError } from "~/lib/server/uploads.server";
import type { TableState } from "~/lib/util/table-state";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addScoredUsulan, pdfFile, penetapanWorld, person, PNG_1X1, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";

const PNG = PNG_1X1;
const png = (name = "foto.png") => new File([PNG], name, { type: "image/png" });
const STATE: TableState = { page: 1, size: 10, q: "" };

let t: TestDb;
let w: PenetapanWorld;
let anggota: Person;
let project: number;

const note = (over: Partial<CatatanInput> = {}): CatatanInput => ({
  tanggal: "2026-11-20",
  kegiatan: "Pengambilan data di bengkel mebel",
  capaian: 30,
  kelompok: "Bahan",
  biaya: 750_000,
  ...over,
});

function member(id: number, who: Person, status: "DITERIMA" | "MENUNGGU" = "DITERIMA") {
  t.db.insert(schema.usulanAnggota).values({ id_usulan: id, id_user: who.id, status_undangan: status }).run();
}

function storedFiles(): string[] {
  const dir = path.join(documentsDir(), "catatan");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  anggota = await person(t.db, "Dr. Anggota Tim", ["Pengusul"], { nidn: "0011223366", id_prodi: w.prodiId });
  project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 18_000_000 });
  member(project, anggota);
});
afterEach(() => t.cleanup());

describe("writing notes", () => {
  it("the ketua adds a note with PDF and PNG evidence; the team sees spending against the budget per group", async () => {
    const added = await addCatatan(t.db, w.people.pengusul, project, note(), [pdfFile("nota.pdf"), png()]);
    expect(added).toMatchObject({ ok: true });
    const detail = getProyekCatatan(t.db, anggota, project)!;
    expect(detail.canWrite).toBe(true);
    expect(detail.capaian).toBe(30);
    expect(detail.catatan).toHaveLength(1);
    expect(detail.catatan[0]).toMatchObject({ kegiatan: "Pengambilan data di bengkel mebel", penulis: "Dr. Budi Santoso", biaya: 750_000 });
    expect(detail.catatan[0]!.bukti.map((b) => b.nama_file)).toEqual(["nota.pdf", "foto.png"]);
    expect(storedFiles()).toHaveLength(2);
    const rab = t.db.select().from(schema.usulanRab).where(eq(schema.usulanRab.id_usulan, project)).all();
    const budgetBahan = rab.filter((r) => r.kelompok === "Bahan" && r.tahap === "usulan").reduce((s, r) => s + r.jumlah, 0);
    const bahan = detail.anggaran.find((k) => k.kelompok === "Bahan")!;
    expect(bahan).toEqual({ kelompok: "Bahan", anggaran: budgetBahan, terpakai: 750_000, sisa: budgetBahan - 750_000 });
    expect(detail.anggaran.map((k) => k.kelompok)).toEqual([...RAB_KELOMPOK]);
    expect(detail.total.terpakai).toBe(750_000);
  });

  it("a note is not dated before the project started running", async () => {
    const started = new Date("2026-11-19T03:00:00Z"); // 10.00 WIB, 19 November
    t.db.insert(schema.statusLog).values({ entity: "usulan", entity_id: project, from_status: "PERBAIKAN_DIAJUKAN", to_status: "BERJALAN", actor_name: "Operator", created_at: started }).run();
    expect(await addCatatan(t.db, w.people.pengusul, project, note({ tanggal: "2026-11-18" }), [])).toEqual({
      ok: false,
      status: 422,
      message: "Tanggal tidak boleh sebelum kegiatan berjalan (19 Nov 2026).",
    });
    expect(await addCatatan(t.db, w.people.pengusul, project, note({ tanggal: "2026-11-19" }), [])).toMatchObject({ ok: true });
  });

  it("an accepted member writes too; the newest day comes first and sets the progress", async () => {
    await addCatatan(t.db, w.people.pengusul, project, note({ tanggal: "2026-11-18", capaian: 20 }), []);
    await addCatatan(t.db, anggota, project, note({ tanggal: "2026-11-21", capaian: 45, kelompok: "Perjalanan", biaya: 0 }), []);
    const detail = getProyekCatatan(t.db, w.people.pengusul, project)!;
    expect(detail.catatan.map((c) => [c.tanggal, c.penulis])).toEqual([
      ["2026-11-21", "Dr. Anggota Tim"],
      ["2026-11-18", "Dr. Budi Santoso"],
    ]);
    expect(detail.capaian).toBe(45);
  });

  it("refuses whoever is not on the team, and every write once the project is not running", async () => {
    const invited = await person(t.db, "Dr. Masih Diundang", ["Pengusul"], { nidn: "0011223377", id_prodi: w.prodiId });
    member(project, invited, "MENUNGGU");
    expect(await addCatatan(t.db, invited, project, note(), [])).toEqual({ ok: false, status: 403, message: HANYA_TIM });
    // The LPPM office sees the project but writes nothing in it.
    expect(await addCatatan(t.db, w.people.operator, project, note(), [])).toEqual({ ok: false, status: 403, message: HANYA_TIM });
    // Another lecturer does not even learn that it exists.
    expect(await addCatatan(t.db, w.people.pengusulLain, project, note(), [])).toMatchObject({ ok: false, status: 404 });
    expect(await addCatatan(t.db, w.people.pengusul, 999_999, note(), [])).toMatchObject({ ok: false, status: 404 });
    const funded = addScoredUsulan(t.db, w, { judul: "Baru didanai", status: "DIDANAI", dana_disetujui: 10_000_000 });
    expect(await addCatatan(t.db, w.people.pengusul, funded, note(), [])).toEqual({ ok: false, status: 409, message: BUKAN_BERJALAN });
    expect(t.db.select().from(schema.catatanHarian).all()).toHaveLength(0);
  });

  it("evidence is checked by content: a refused file leaves no note and no file behind", async () => {
    const fake = new File(["<script>alert(1)</script>"], "bukti.png", { type: "image/png" });
    await expect(addCatatan(t.db, w.people.pengusul, project, note(), [png(), fake])).rejects.toSatisfy(
      (error: unknown) => error instanceof UploadError && error.status === 415 && error.message === "Format file harus PDF, JPG atau PNG.",
    );
    expect(t.db.select().from(schema.catatanHarian).all()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
    const six = Array.from({ length: 6 }, (_, i) => png(`foto-${i}.png`));
    expect(await addCatatan(t.db, w.people.pengusul, project, note(), six)).toEqual({ ok: false, status: 422, message: BUKTI_TERLALU_BANYAK });
    expect(storedFiles()).toHaveLength(0);
  });

  it("a note goes with its files, removed by its writer or the ketua only", async () => {
    const byKetua = await addCatatan(t.db, w.people.pengusul, project, note(), [png()]);
    const byMember = await addCatatan(t.db, anggota, project, note({ tanggal: "2026-11-21" }), [png("kedua.png")]);
    if (!byKetua.ok || !byMember.ok) throw new Error("setup");
    expect(await removeCatatan(t.db, anggota, project, byKetua.id)).toEqual({ ok: false, status: 403, message: HANYA_PENULIS });
    expect(await removeCatatan(t.db, w.people.pengusulLain, project, byKetua.id)).toMatchObject({ ok: false, status: 404 });
    // A note of another project, named through this one, is not found.
    const other = addScoredUsulan(t.db, w, { judul: "Proyek lain", status: "BERJALAN", dana_disetujui: 10_000_000 });
    expect(await removeCatatan(t.db, w.people.pengusul, other, byKetua.id)).toMatchObject({ ok: false, status: 404 });
    expect(await removeCatatan(t.db, w.people.pengusul, project, byMember.id)).toEqual({ ok: true });
    expect(await removeCatatan(t.db, anggota, project, byKetua.id)).toEqual({ ok: false, status: 403, message: HANYA_PENULIS });
    expect(await removeCatatan(t.db, w.people.pengusul, project, byKetua.id)).toEqual({ ok: true });
    expect(t.db.select().from(schema.catatanHarianBukti).all()).toHaveLength(0);
    expect(storedFiles()).toHaveLength(0);
  });
});

describe("reading notes and evidence", () => {
  it("whoever may see the proposal reads its notes and files; nobody else, and no file through another project", async () => {
    const added = await addCatatan(t.db, w.people.pengusul, project, note(), [png()]);
    if (!added.ok) throw new Error("setup");
    const buktiId = getProyekCatatan(t.db, w.people.pengusul, project)!.catatan[0]!.bukti[0]!.id;
    for (const who of [w.people.pengusul, anggota, w.people.operator, w.people.kepala, w.people.sekretaris, w.people.verifikator]) {
      expect(getProyekCatatan(t.db, who, project)?.catatan, who.name).toHaveLength(1);
      expect(buktiFile(t.db, who, project, buktiId)?.nama_file, who.name).toBe("foto.png");
    }
    expect(getProyekCatatan(t.db, w.people.operator, project)!.canWrite).toBe(false);
    expect(getProyekCatatan(t.db, w.people.pengusulLain, project)).toBeNull();
    expect(buktiFile(t.db, w.people.pengusulLain, project, buktiId)).toBeNull();
    const mine = addScoredUsulan(t.db, w, { judul: "Proyek Sari", status: "BERJALAN", ketua: w.people.pengusulLain, dana_disetujui: 10_000_000 });
    expect(buktiFile(t.db, w.people.pengusulLain, mine, buktiId)).toBeNull();
  });

  it("an assigned reviewer reads them, except in a blind-review skema (the notes name the team)", async () => {
    const added = await addCatatan(t.db, w.people.pengusul, project, note(), [png()]);
    if (!added.ok) throw new Error("setup");
    const buktiId = getProyekCatatan(t.db, w.people.pengusul, project)!.catatan[0]!.bukti[0]!.id;
    expect(getProyekCatatan(t.db, w.people.reviewer1, project)?.catatan).toHaveLength(1);
    t.db.update(schema.skema).set({ review_buta: true }).where(eq(schema.skema.id, w.skemaId)).run();
    expect(getProyekCatatan(t.db, w.people.reviewer1, project)).toBeNull();
    expect(buktiFile(t.db, w.people.reviewer1, project, buktiId)).toBeNull();
    // The team and the office still read them.
    expect(getProyekCatatan(t.db, w.people.pengusul, project)?.catatan).toHaveLength(1);
    expect(getProyekCatatan(t.db, w.people.kepala, project)?.catatan).toHaveLength(1);
  });

  it("the team's list holds its running projects of the page's kind, with the last note and the spending", async () => {
    await addCatatan(t.db, anggota, project, note({ tanggal: "2026-11-19", capaian: 25, biaya: 100_000 }), []);
    await addCatatan(t.db, w.people.pengusul, project, note({ tanggal: "2026-11-22", capaian: 40, biaya: 50_000 }), []);
    addScoredUsulan(t.db, w, { judul: "Masih didanai", status: "DIDANAI", dana_disetujui: 10_000_000 });
    addScoredUsulan(t.db, w, { judul: "Milik Sari", status: "BERJALAN", ketua: w.people.pengusulLain, dana_disetujui: 10_000_000 });
    for (const who of [w.people.pengusul, anggota]) {
      const rows = listProyekPengusul(t.db, who.id, "penelitian", STATE).rows;
      expect(rows.map((r) => [r.judul, r.terakhir, r.capaian, r.terpakai, r.catatan])).toEqual([["Proyek berjalan", "2026-11-22", 40, 150_000, 2]]);
    }
    expect(listProyekPengusul(t.db, w.people.pengusul.id, "pengabdian", STATE).total).toBe(0);
  });

  it("the office's list holds every running project, filtered by periode and by the ketua's fakultas", async () => {
    addScoredUsulan(t.db, w, { judul: "Milik Sari", status: "BERJALAN", ketua: w.people.pengusulLain, dana_disetujui: 10_000_000 });
    const all = listProyekMonitoring(t.db, STATE, { periode: null, fakultas: null });
    expect(all.rows.map((r) => r.judul).sort()).toEqual(["Milik Sari", "Proyek berjalan"]);
    expect(all.rows.find((r) => r.judul === "Proyek berjalan")).toMatchObject({ terakhir: null, capaian: null, terpakai: 0, catatan: 0 });
    expect(listProyekMonitoring(t.db, STATE, { periode: w.periodeId, fakultas: null }).total).toBe(2);
    expect(listProyekMonitoring(t.db, STATE, { periode: w.periodeId + 999, fakultas: null }).total).toBe(0);
    const fakultasId = t.db.select().from(schema.prodi).where(eq(schema.prodi.id, w.prodiId)).get()!.id_fakultas;
    expect(listProyekMonitoring(t.db, STATE, { periode: null, fakultas: fakultasId }).total).toBe(2);
    expect(listProyekMonitoring(t.db, STATE, { periode: null, fakultas: fakultasId + 999 }).total).toBe(0);
  });
});

describe("the form", () => {
  const schema = catatanSchema(RAB_KELOMPOK, "2026-11-25");
  const valid = { tanggal: "2026-11-25", kegiatan: "Survei", capaian: "10", kelompok: "Honor", biaya: "0" };

  it("takes a WIB day up to today, progress 0–100, a known group and a spending of 0 or more", () => {
    expect(schema.safeParse(valid)).toMatchObject({ success: true, data: { capaian: 10, biaya: 0, bukti: [] } });
    expect(schema.safeParse({ ...valid, biaya: "1.250.000" }).data?.biaya).toBe(1_250_000);
    const message = (over: Record<string, unknown>) => schema.safeParse({ ...valid, ...over }).error?.issues[0]?.message;
    expect(message({ tanggal: "2026-11-26" })).toBe(TANGGAL_MASA_DEPAN);
    expect(message({ tanggal: "2026-02-30" })).toBe(TANGGAL_TIDAK_VALID);
    expect(message({ tanggal: "25/11/2026" })).toBe(TANGGAL_TIDAK_VALID);
    expect(message({ capaian: "101" })).toBe("Capaian harus antara 0 dan 100.");
    expect(message({ kelompok: "Konsumsi" })).toBe("Kelompok RAB wajib dipilih.");
    expect(message({ kegiatan: undefined })).toBe("Kegiatan wajib diisi.");
  });

  it("counts only chosen evidence files, at most five", () => {
    const empty = new File([], "");
    expect(schema.safeParse({ ...valid, bukti: [png(), empty] }).data?.bukti).toHaveLength(1);
    expect(schema.safeParse({ ...valid, bukti: Array.from({ length: 6 }, () => png()) }).error?.issues[0]?.message).toBe(BUKTI_TERLALU_BANYAK);
  });
});
