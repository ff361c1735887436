/**
 * Monev Internal's screens behind the area guards: the Operator's Monev Internal PT
 * ('Tugaskan', field errors, read-only for the Kepala), the reviewer's Evaluasi Monev ('Simpan
 * Penilaian' with the berita acara, field errors, someone else's monev), and the berita acara's
 * download in each area.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { seedLppmRubrik } from "../../scripts/seed/lppm-rubrik";
import * as evaluasi from "../../app/routes/lppm/reviewer/evaluasi-monev";
import * as beritaAcara from "~/routes/lppm/monev-berita-acara";
import type { MonevDetail, MonevRow } from "~/domain/lppm/monev/monev.server";
import { toWibDateTimeInput } from "~/lib/util/wib";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, DAY, pdfFile, penetapanWorld, type PenetapanWorld } from "../setup/lppm-penetapan";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const office = routedModule;

const OPERATOR = "/operator/lppm/monev-internal";
const KEPALA = "/kepalalppm/monitoring/monev-internal";
const REVIEWER = "/reviewer/evaluasi-monev";

type PageData = { title: string; list: { rows: MonevRow[]; total: number }; lihat: MonevDetail | null; canAssign?: boolean; reviewers?: { id: number }[] };

let t: TestDb;
let w: PenetapanWorld;
let project: number;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  seedLppmRubrik(t.db);
  w = await penetapanWorld(t.db);
  project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 20_000_000 });
  t.db.insert(schema.laporan).values({ id_usulan: project, jenis: "kemajuan", status: "DITERIMA", capaian: 55, realisasi: 9_000_000, ringkasan: "Separuh jalan." }).run();
});

const monevRow = () => t.db.select().from(schema.monev).where(eq(schema.monev.id_usulan, project)).get();
const tugaskan = (over: Record<string, string> = {}) => ({
  intent: "tugaskan",
  id: String(project),
  reviewer: String(w.people.reviewer1.id),
  tenggat: toWibDateTimeInput(new Date(Date.now() + 5 * DAY)),
  ...over,
});

function scores(over: Record<string, string> = {}, file: File | null = pdfFile("berita-acara.pdf")): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ intent: "simpan", id: String(project), skor_1: "90", skor_2: "80", skor_3: "70", skor_4: "60", skor_5: "50", catatan: "Sesuai rencana.", ...over })) {
    data.set(key, value);
  }
  if (file) data.set("berita_acara", file);
  return data;
}

describe("Monev Internal PT (the office)", () => {
  it("the Operator assigns the reviewer from the project's dialog; bad input is said field by field; the Kepala only reads", async () => {
    const list = await areaRequest(office, OPERATOR, w.people.operator);
    expect(list.data).toMatchObject({ title: "Monev Internal PT", list: { rows: [{ id: project, monev_status: null }] } });
    const opened = await areaRequest(office, `${OPERATOR}?lihat=${project}`, w.people.operator);
    expect((opened.data as PageData).canAssign).toBe(true);
    expect((opened.data as PageData).reviewers!.map((r) => r.id)).toEqual(expect.arrayContaining([w.people.reviewer1.id, w.people.reviewer2.id]));

    const bad = await areaRequest(office, `${OPERATOR}?lihat=${project}`, w.people.operator, { form: tugaskan({ reviewer: "", tenggat: "besok" }) });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { reviewer: ["Pilih reviewer monev."], tenggat: ["Tenggat tidak valid. Pilih tanggal dan jam."] } } });
    const kepala = await areaRequest(office, KEPALA, w.people.kepala, { form: tugaskan() });
    expect(kepala.status).toBe(403);
    expect((await areaRequest(office, OPERATOR, w.people.operator, { form: tugaskan({ intent: "hapus" }) })).status).toBe(400);
    expect(monevRow()).toBeUndefined();

    const done = await areaRequest(office, `${OPERATOR}?lihat=${project}`, w.people.operator, { form: tugaskan() });
    expect(done.status).toBe(302);
    expect(done.location).toBe(`${OPERATOR}?lihat=${project}`);
    expect((await flashOf(done))?.message).toBe("Data berhasil disimpan");
    expect(monevRow()).toMatchObject({ status: "DITUGASKAN", id_reviewer: w.people.reviewer1.id });
    const read = await areaRequest(office, `${KEPALA}?lihat=${project}`, w.people.kepala);
    expect(read.data).toMatchObject({ canAssign: false, reviewers: [], lihat: { monev: { reviewer: "Prof. Reviewer Satu" } } });
  });
});

describe("Evaluasi Monev (the reviewer)", () => {
  beforeEach(async () => {
    await areaRequest(office, OPERATOR, w.people.operator, { form: tugaskan() });
  });

  it("scores with the berita acara; bad scores and a missing file are refused; nobody else opens or scores it", async () => {
    const list = await areaRequest(evaluasi, REVIEWER, w.people.reviewer1);
    expect((list.data as PageData).list.rows).toMatchObject([{ id: project, monev_status: "DITUGASKAN" }]);
    // The criteria to score 0–100, with the guidance the operator wrote for one of them.
    const luaranWajib = t.db.select().from(schema.rubrikKriteria).where(eq(schema.rubrikKriteria.kriteria, "Luaran wajib")).get()!;
    t.db.update(schema.rubrikKriteria).set({ panduan: "80–100: semua luaran wajib sudah terbit." }).where(eq(schema.rubrikKriteria.id, luaranWajib.id)).run();
    const opened = ((await areaRequest(evaluasi, `${REVIEWER}?lihat=${project}`, w.people.reviewer1)).data as PageData).lihat!;
    expect(opened).toMatchObject({ canScore: true });
    expect(opened.kriteria[0]).toEqual({ urutan: 1, kriteria: "Luaran wajib", bobot: 30, panduan: "80–100: semua luaran wajib sudah terbit." });
    expect(opened.kriteria[1]).toMatchObject({ kriteria: "Luaran tambahan", panduan: null });
    const stranger = await areaRequest(evaluasi, `${REVIEWER}?lihat=${project}`, w.people.reviewer2);
    expect(stranger.status).toBe(302);
    expect((await areaRequest(evaluasi, REVIEWER, w.people.reviewer2, { form: scores() })).status).toBe(404);

    const bad = await areaRequest(evaluasi, `${REVIEWER}?lihat=${project}`, w.people.reviewer1, { form: scores({ skor_1: "120", skor_3: "" }) });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ result: { error: { skor_1: ["Nilai Luaran wajib harus antara 0 dan 100."], skor_3: ["Nilai Kesesuaian pelaksanaan dengan usulan wajib diisi."] } } });
    const noFile = await areaRequest(evaluasi, `${REVIEWER}?lihat=${project}`, w.people.reviewer1, { form: scores({}, null) });
    expect(noFile.status).toBe(422);
    expect(noFile.data).toMatchObject({ result: { error: { berita_acara: ["Berita acara (PDF) wajib diunggah."] } } });
    const fake = await areaRequest(evaluasi, `${REVIEWER}?lihat=${project}`, w.people.reviewer1, { form: scores({}, new File(["<html>"], "ba.pdf")) });
    expect(fake.status).toBe(415);
    expect(monevRow()!.status).toBe("DITUGASKAN");

    const saved = await areaRequest(evaluasi, `${REVIEWER}?lihat=${project}`, w.people.reviewer1, { form: scores() });
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(REVIEWER);
    expect(monevRow()).toMatchObject({ status: "DINILAI", total_nilai: 73 });
    const row = ((await areaRequest(office, `${OPERATOR}?status=DINILAI`, w.people.operator)).data as PageData).list.rows[0]!;
    expect(row).toMatchObject({ grade: "Baik", total_nilai: 73 });

    // The berita acara downloads in the office's areas and the reviewer's, and nowhere else.
    const params = { usulanId: String(project) };
    for (const [path, who, status] of [
      [`/operator/lppm/usulan/${project}/monev-berita-acara`, w.people.operator, 200],
      [`/kepalalppm/usulan/${project}/monev-berita-acara`, w.people.kepala, 200],
      [`/reviewer/usulan/${project}/monev-berita-acara`, w.people.reviewer1, 200],
      [`/reviewer/usulan/${project}/monev-berita-acara`, w.people.reviewer2, 404],
      [`/pengusul/usulan/${project}/monev-berita-acara`, w.people.pengusul, 404],
    ] as const) {
      expect((await areaRequest(beritaAcara, path, who, { params })).status, `${who.name} ${path}`).toBe(status);
    }
  });
});
