/**
 * Catatan Harian's screens through their loaders and actions, as React Router runs
 * them behind the area's guard: the team's page (list, ?lihat=, 'Simpan' with evidence, field
 * errors, 'Hapus'), the evidence download, and the office's monitoring list with its filters,
 * read-only for the Operator and the Kepala.
 */
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as bukti from "~/routes/lppm/catatan-bukti";
import * as detail from "~/routes/lppm/pengusul/usulan.$usulanId";
import type { ProyekCatatan, ProyekRow } from "~/domain/lppm/catatan/catatan.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, pdfFile, penetapanWorld, PNG_1X1, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const catatan = routedModule;
const monitoring = routedModule;

const PAGE = "/pengusul/penelitian/catatan-harian";
const OPERATOR = "/operator/lppm/catatan-harian";
const KEPALA = "/kepalalppm/monitoring/catatan-harian";

type PageData = { list: { rows: ProyekRow[]; total: number }; lihat: ProyekCatatan | null };

let t: TestDb;
let w: PenetapanWorld;
let project: number;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 18_000_000 });
});

const fields = { intent: "tambah", tanggal: "2026-11-20", kegiatan: "Wawancara pengrajin", capaian: "35", kelompok: "Bahan", biaya: "1.500.000" };

function form(over: Record<string, string> = {}, files: File[] = []): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries({ ...fields, id: String(project), ...over })) data.set(key, value);
  for (const file of files) data.append("bukti", file);
  return data;
}

function post(data: FormData, who: Person = w.people.pengusul) {
  return areaRequest(catatan, `${PAGE}?lihat=${project}`, who, { form: data });
}

const notes = () => t.db.select().from(schema.catatanHarian).all();

describe("the team's page", () => {
  it("lists the running project and opens it; someone else's ?lihat= goes back to the list", async () => {
    const res = await areaRequest(catatan, PAGE, w.people.pengusul);
    expect(res.status).toBe(200);
    expect((res.data as PageData).list.rows.map((r) => r.judul)).toEqual(["Proyek berjalan"]);
    const opened = await areaRequest(catatan, `${PAGE}?lihat=${project}`, w.people.pengusul);
    expect((opened.data as PageData).lihat).toMatchObject({ judul: "Proyek berjalan", canWrite: true, catatan: [] });
    // The other kind's page does not open it, nor does another lecturer.
    expect((await areaRequest(catatan, `/pengusul/pengabdian/catatan-harian?lihat=${project}`, w.people.pengusul)).status).toBe(302);
    const other = await areaRequest(catatan, `${PAGE}?lihat=${project}`, w.people.pengusulLain);
    expect(other.status).toBe(302);
    expect((await flashOf(other))?.message).toBe("Gagal menampilkan data");
  });

  it("'Simpan' stores the note with its evidence and returns to the project with a toast; 'Hapus' removes it", async () => {
    const saved = await post(form({}, [pdfFile("kuitansi.pdf"), new File([PNG_1X1], "foto.png", { type: "image/png" })]));
    expect(saved.status).toBe(302);
    expect(saved.location).toBe(`${PAGE}?lihat=${project}`);
    expect((await flashOf(saved))?.message).toBe("Data berhasil disimpan");
    expect(notes()).toMatchObject([{ kegiatan: "Wawancara pengrajin", capaian: 35, biaya: 1_500_000, id_penulis: w.people.pengusul.id }]);
    const lihat = ((await areaRequest(catatan, `${PAGE}?lihat=${project}`, w.people.pengusul)).data as PageData).lihat!;
    expect(lihat.catatan[0]!.bukti.map((b) => b.nama_file)).toEqual(["kuitansi.pdf", "foto.png"]);
    // The evidence downloads for the team and the office, and for nobody else.
    const params = { usulanId: String(project), buktiId: String(lihat.catatan[0]!.bukti[1]!.id) };
    const file = await areaRequest(bukti, `/pengusul/usulan/${project}/catatan-bukti/${params.buktiId}`, w.people.pengusul, { params });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/png");
    expect((await areaRequest(bukti, `/kepalalppm/usulan/${project}/catatan-bukti/${params.buktiId}`, w.people.kepala, { params })).status).toBe(200);
    expect((await areaRequest(bukti, `/pengusul/usulan/${project}/catatan-bukti/${params.buktiId}`, w.people.pengusulLain, { params })).status).toBe(404);
    const removed = await post(form({ intent: "hapus", catatan: String(notes()[0]!.id) }));
    expect(removed.status).toBe(302);
    expect((await flashOf(removed))?.message).toBe("Data berhasil dihapus");
    expect(notes()).toHaveLength(0);
    expect(t.db.select().from(schema.catatanHarianBukti).all()).toHaveLength(0);
  });

  it("refuses bad input field by field, wrong files, an unknown intent and a stranger, storing nothing", async () => {
    const bad = await post(form({ tanggal: "2999-01-01", capaian: "150", biaya: "-5", kegiatan: "" }));
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      message: "Gagal menyimpan data",
      result: { error: {
        tanggal: ["Tanggal tidak boleh setelah hari ini."],
        capaian: ["Capaian harus antara 0 dan 100."],
        kegiatan: ["Kegiatan wajib diisi."],
      } },
    });
    const notImage = await post(form({}, [new File(["<svg onload=alert(1)>"], "foto.png", { type: "image/png" })]));
    expect(notImage.status).toBe(415);
    expect(notImage.data).toMatchObject({ result: { error: { bukti: ["Format file harus PDF, JPG atau PNG."] } } });
    const six = await post(form({}, Array.from({ length: 6 }, (_, i) => new File([PNG_1X1], `f${i}.png`, { type: "image/png" }))));
    expect(six.status).toBe(400);
    expect(six.data).toMatchObject({ result: { error: { bukti: ["Bukti maksimal 5 file."] } } });
    const big = new Uint8Array(11 * 1024 * 1024);
    big.set(new TextEncoder().encode("%PDF-1.4\n"));
    const tooBig = await post(form({}, [new File([big], "besar.pdf", { type: "application/pdf" })]));
    expect(tooBig.status).toBe(413);
    expect(tooBig.data).toMatchObject({ result: { error: { bukti: ["Ukuran semua bukti sekaligus maksimal 10 MB."] } } });
    expect((await post(form({ intent: "entah" }))).status).toBe(400);
    const stranger = await post(form(), w.people.pengusulLain);
    expect(stranger.status).toBe(404);
    const office = await post(form(), w.people.operator);
    expect(office.status).toBe(404);
    expect(notes()).toHaveLength(0);
    t.db.update(schema.usulan).set({ status: "SELESAI" }).where(eq(schema.usulan.id, project)).run();
    const finished = await post(form());
    expect(finished.status).toBe(409);
    expect(finished.data).toMatchObject({ message: "Catatan harian hanya dapat diubah selama kegiatan berjalan." });
    expect(notes()).toHaveLength(0);
  });
});

describe("the proposal's own page", () => {
  it("shows a running project's team its budget against the notes' spending, with the way to the notes", async () => {
    await post(form({ kelompok: "Honor", biaya: "300.000" }));
    const page = await areaRequest(detail, `/pengusul/usulan/${project}`, w.people.pengusul, { params: { usulanId: String(project) } });
    expect(page.status).toBe(200);
    const anggaran = (page.data as { anggaran: { kelompok: string; terpakai: number }[] | null }).anggaran!;
    expect(anggaran.find((k) => k.kelompok === "Honor")!.terpakai).toBe(300_000);
    expect(anggaran.filter((k) => k.kelompok !== "Honor").every((k) => k.terpakai === 0)).toBe(true);
    // A proposal that never ran has no such section.
    const funded = addScoredUsulan(t.db, w, { judul: "Masih didanai", status: "DIDANAI", dana_disetujui: 10_000_000 });
    const other = await areaRequest(detail, `/pengusul/usulan/${funded}`, w.people.pengusul, { params: { usulanId: String(funded) } });
    expect((other.data as { anggaran: unknown }).anggaran).toBeNull();
  });
});

describe("the office's monitoring", () => {
  it("lists every running project with its last note for the Operator and the Kepala, filtered by periode and fakultas", async () => {
    await post(form());
    addScoredUsulan(t.db, w, { judul: "Masih didanai", status: "DIDANAI", dana_disetujui: 10_000_000 });
    for (const [path, who] of [
      [OPERATOR, w.people.operator],
      [KEPALA, w.people.kepala],
    ] as const) {
      const res = await areaRequest(monitoring, path, who);
      expect(res.status).toBe(200);
      expect((res.data as PageData).list.rows.map((r) => [r.judul, r.terakhir, r.capaian, r.terpakai])).toEqual([["Proyek berjalan", "2026-11-20", 35, 1_500_000]]);
      expect(((await areaRequest(monitoring, `${path}?periode=${w.periodeId + 99}`, who)).data as PageData).list.total).toBe(0);
      const opened = (await areaRequest(monitoring, `${path}?lihat=${project}`, who)).data as PageData;
      expect(opened.lihat).toMatchObject({ canWrite: false, capaian: 35 });
    }
    // A proposal that is not running does not open here.
    const funded = t.db.select().from(schema.usulan).where(eq(schema.usulan.judul, "Masih didanai")).get()!.id;
    expect((await areaRequest(monitoring, `${OPERATOR}?lihat=${funded}`, w.people.operator)).status).toBe(302);
  });
});
