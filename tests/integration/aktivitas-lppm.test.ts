/**
 * The activity log, LPPM side: every user-initiated LPPM write records who
 * (the signed-in user the area guard names), what record (entity and id), the action and the
 * fields that changed, once, through the domain's one hook — for a draft proposal and its parts,
 * the master data, a reviewer's scores, a daily note, a report, an incentive claim — and every
 * status move through the workflow engine records exactly one "status" entry. Requests go
 * through the area layout's middleware with real sessions. No entry holds a password, a hash,
 * a token or a stored file's path.
 */
import { desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as usulanDetail from "~/routes/lppm/pengusul/usulan.$usulanId";
import * as fakultasRoute from "~/routes/operator/lppm/fakultas";
import * as pengajuanInsentif from "../../app/routes/lppm/pengusul/insentif.pengajuan";
import * as persetujuanFakultas from "../../app/routes/lppm/operatorfakultas/persetujuan-usulan.usulan-reguler";
import * as penugasanRoute from "~/routes/operator/lppm/penugasan-reviewer";
import * as administrasiRoute from "../../app/routes/lppm/reviewer/evaluasi-administrasi";
import * as substansiRoute from "../../app/routes/lppm/reviewer/evaluasi-substansi";
import type { Role } from "~/domain/users/roles";
import { kriteriaRubrik } from "~/domain/lppm/review/penilaian.server";
import { toWibDateTimeInput } from "~/lib/util/wib";
import { startSession } from "../../app/http/session.server";
import { seedReviewScenario, SUBSTANSI_PENELITIAN } from "../setup/lppm-review";
import { addScoredUsulan, areaRequest, DAY, insentifWorld, klaimForm, pdfFile, penetapanWorld, person, type Person } from "../setup/lppm-penetapan";
import { TEST_USER_PASSWORD } from "../setup/data";
import { TEST_ORIGIN } from "../setup/route";
import { eachTestDb } from "../setup/test-db";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const usulanBaru = routedModule;
const catatanRoute = routedModule;
const laporanRoute = routedModule;

const each = eachTestDb();

type Row = typeof schema.aktivitas.$inferSelect;
type Changes = Record<string, [unknown, unknown]>;

function entries(): Row[] {
  return each.t.db.select().from(schema.aktivitas).orderBy(desc(schema.aktivitas.id)).all();
}

/** The entries written by `act`, oldest first. */
async function written(act: () => Promise<unknown>): Promise<Row[]> {
  const last = entries()[0]?.id ?? 0;
  await act();
  return entries()
    .filter((row) => row.id > last)
    .reverse();
}

/** `act` writes exactly one entry: that entry. */
async function one(act: () => Promise<unknown>): Promise<Row> {
  const rows = await written(act);
  expect(rows.map((r) => `${r.aksi} ${r.entitas}`), "exactly one entry").toHaveLength(1);
  return rows[0]!;
}

function changes(row: Row): Changes {
  return row.perubahan ? (JSON.parse(row.perubahan) as Changes) : {};
}

/** Who the entry names: the person, by id and name. */
const by = (who: Person) => ({ id_user: who.id, nama_user: who.name });

/** Nothing secret and no stored path in any entry. */
function expectNoSecrets() {
  const all = entries();
  expect(all.length).toBeGreaterThan(0);
  for (const row of all) {
    const keys = Object.keys(changes(row));
    expect(keys.filter((k) => /pass|hash|token|secret|session/i.test(k)), `entry ${row.id}`).toEqual([]);
    expect(keys, `entry ${row.id} keeps no stored file path`).not.toContain("file");
    expect(keys).not.toContain("berita_acara_file");
  }
  const text = JSON.stringify(all);
  expect(text).not.toContain(TEST_USER_PASSWORD);
  expect(text).not.toMatch(/\$argon2|\$2[aby]\$/);
  // A stored document's path ("usulan/<32 hex>.pdf") never leaves the server; the log keeps its original name.
  expect(text).not.toMatch(/[a-z-]+\/[0-9a-f]{32}\.(pdf|png|jpg)/);
}

describe("a draft proposal and its parts, by its ketua", () => {
  it("create, identity, a RAB line added and removed, a document, delete: one entry each, with the changed fields", async () => {
    const w = await penetapanWorld(each.t.db);
    const ketua = w.people.pengusul;
    const LIST = "/pengusul/penelitian/usulan-baru";

    const created = await one(() => areaRequest(usulanBaru, LIST, ketua, { form: { intent: "tambah", id_periode: String(w.periodeId), judul: "Briket Arang Tempurung" } }));
    expect(created).toMatchObject({ ...by(ketua), aksi: "tambah", entitas: "usulan" });
    const id = Number(created.id_entitas);
    expect(each.t.db.select().from(schema.usulan).where(eq(schema.usulan.id, id)).get()).toMatchObject({ judul: "Briket Arang Tempurung", id_ketua: ketua.id });
    expect(changes(created)).toMatchObject({ judul: [null, "Briket Arang Tempurung"], status: [null, "DRAF"], id_ketua: [null, ketua.id], id_periode: [null, w.periodeId] });

    const page = `/pengusul/usulan/${id}`;
    const params = { usulanId: String(id) };
    const identitas = { intent: "simpan-identitas", judul: "Briket Arang Batok Kelapa", ringkasan: "Briket untuk UMKM.", kata_kunci: "briket, arang, umkm", bidang_fokus: "Energi", tkt: "2", lama_bulan: "10" };
    const edited = await one(() => areaRequest(usulanDetail, `${page}?bagian=identitas`, ketua, { form: identitas, params }));
    expect(edited).toMatchObject({ ...by(ketua), aksi: "ubah", entitas: "usulan", id_entitas: String(id) });
    expect(changes(edited)).toMatchObject({
      judul: ["Briket Arang Tempurung", "Briket Arang Batok Kelapa"],
      ringkasan: ["", "Briket untuk UMKM."],
      bidang_fokus: ["", "Energi"],
      tkt: [null, 2],
      lama_bulan: [12, 10],
    });
    expect(Object.keys(changes(edited))).not.toContain("updated_at");
    // The same identity saved again changes nothing: no entry.
    expect(await written(() => areaRequest(usulanDetail, `${page}?bagian=identitas`, ketua, { form: identitas, params }))).toEqual([]);

    const rab = await one(() =>
      areaRequest(usulanDetail, `${page}?bagian=rab`, ketua, { form: { intent: "tambah-rab", kelompok: "Bahan", item: "Tempurung kelapa", satuan: "kg", volume: "40", harga_satuan: "Rp 2.500" }, params }),
    );
    const line = each.t.db.select().from(schema.usulanRab).where(eq(schema.usulanRab.id_usulan, id)).get()!;
    expect(rab).toMatchObject({ ...by(ketua), aksi: "tambah", entitas: "usulan_rab", id_entitas: String(line.id), ringkasan: `Baris RAB ditambahkan ke usulan #${id}` });
    expect(changes(rab)).toMatchObject({ id_usulan: [null, id], item: [null, "Tempurung kelapa"], volume: [null, 40], harga_satuan: [null, 2500], jumlah: [null, 100_000] });

    const unRab = await one(() => areaRequest(usulanDetail, page, ketua, { form: { intent: "hapus-rab", id: String(line.id) }, params }));
    expect(unRab).toMatchObject({ ...by(ketua), aksi: "hapus", entitas: "usulan_rab", id_entitas: String(line.id), ringkasan: `Baris RAB dihapus dari usulan #${id}` });
    expect(changes(unRab)).toMatchObject({ item: ["Tempurung kelapa", null], jumlah: [100_000, null] });

    const file = pdfFile("proposal-briket.pdf", "Proposal briket");
    const dokumen = await one(() => areaRequest(usulanDetail, `${page}?bagian=dokumen`, ketua, { form: { intent: "unggah-dokumen", berkas: file }, params }));
    const stored = each.t.db.select().from(schema.usulanDokumen).where(eq(schema.usulanDokumen.id_usulan, id)).get()!;
    expect(dokumen).toMatchObject({ ...by(ketua), aksi: "tambah", entitas: "usulan_dokumen", id_entitas: String(stored.id) });
    expect(dokumen.ringkasan).toContain(`usulan #${id}`);
    expect(changes(dokumen)).toMatchObject({ nama_file: [null, "proposal-briket.pdf"], ukuran: [null, file.size], versi: [null, 1], ronde: [null, "usulan"] });
    expect(JSON.stringify(changes(dokumen))).not.toContain(stored.file);

    const gone = await one(() => areaRequest(usulanDetail, page, ketua, { form: { intent: "hapus", id: String(id) }, params }));
    expect(gone).toMatchObject({ ...by(ketua), aksi: "hapus", entitas: "usulan", id_entitas: String(id) });
    expect(changes(gone)).toMatchObject({ judul: ["Briket Arang Batok Kelapa", null], status: ["DRAF", null] });
    expectNoSecrets();
  });

  it("a refused change (another lecturer's post) records nothing", async () => {
    const w = await penetapanWorld(each.t.db);
    await areaRequest(usulanBaru, "/pengusul/penelitian/usulan-baru", w.people.pengusul, { form: { intent: "tambah", id_periode: String(w.periodeId), judul: "Milik Budi" } });
    const id = Number(entries()[0]!.id_entitas);
    const rows = await written(() =>
      areaRequest(usulanDetail, `/pengusul/usulan/${id}?bagian=rab`, w.people.pengusulLain, {
        form: { intent: "tambah-rab", kelompok: "Bahan", item: "Semen", satuan: "sak", volume: "1", harga_satuan: "1000" },
        params: { usulanId: String(id) },
      }),
    );
    expect(rows).toEqual([]);
    expect(each.t.db.select().from(schema.usulanRab).all()).toEqual([]);
  });
});

describe("master data, by the operator", () => {
  it("a faculty added, renamed and deleted: the fields that changed, and who did it", async () => {
    const op = await person(each.t.db, "Bu Operator LPPM", ["Operator"]);
    const URL = "/operator/lppm/fakultas";

    const created = await one(() => areaRequest(fakultasRoute, `${URL}?tambah=1`, op, { form: { intent: "tambah", nama: "Fakultas Kehutanan", kode: "FHUT" } }));
    expect(created).toMatchObject({ ...by(op), aksi: "tambah", entitas: "fakultas" });
    const id = Number(created.id_entitas);
    expect(changes(created)).toEqual({ id: [null, id], nama: [null, "Fakultas Kehutanan"], kode: [null, "FHUT"] });

    const renamed = await one(() => areaRequest(fakultasRoute, `${URL}?ubah=${id}`, op, { form: { intent: "ubah", id: String(id), nama: "Fakultas Kehutanan dan Lingkungan", kode: "FHUT" } }));
    expect(renamed).toMatchObject({ ...by(op), aksi: "ubah", entitas: "fakultas", id_entitas: String(id) });
    expect(changes(renamed)).toEqual({ nama: ["Fakultas Kehutanan", "Fakultas Kehutanan dan Lingkungan"] });

    // A faculty still in use is not deleted, and nothing is recorded.
    each.t.db.insert(schema.prodi).values({ id_fakultas: id, nama: "Manajemen Hutan" }).run();
    expect(await written(() => areaRequest(fakultasRoute, `${URL}?hapus=${id}`, op, { form: { intent: "hapus", id: String(id) } }))).toEqual([]);
    each.t.db.delete(schema.prodi).where(eq(schema.prodi.id_fakultas, id)).run();

    const deleted = await one(() => areaRequest(fakultasRoute, `${URL}?hapus=${id}`, op, { form: { intent: "hapus", id: String(id) } }));
    expect(deleted).toMatchObject({ ...by(op), aksi: "hapus", entitas: "fakultas", id_entitas: String(id) });
    expect(changes(deleted)).toMatchObject({ nama: ["Fakultas Kehutanan dan Lingkungan", null], kode: ["FHUT", null] });
    expectNoSecrets();
  });
});

describe("the review: the verifier's approval, the assignment and the reviewers' scores", () => {
  it("status moves through the engine record one 'status' entry each; assignments and scores record their own rows", async () => {
    const s = seedReviewScenario(each.t.db, { tag: "aktivitas" });
    const as = async (key: keyof typeof s.users, roles: Role[]): Promise<Person> => {
      const user = s.users[key];
      const cookie = (await startSession(new Request(`${TEST_ORIGIN}/login`), user.id)).split(";")[0]!;
      return { id: user.id, name: user.name, roles, cookie };
    };
    const verifier = await as("verifikatorA", ["Verifikator-Fakultas"]);
    const reviewer1 = await as("reviewer1", ["Reviewer-Internal"]);
    const reviewer2 = await as("reviewer2", ["Reviewer-External"]);
    const op = await person(each.t.db, "Pak Operator LPPM", ["Operator"]);

    const approved = await one(() =>
      areaRequest(persetujuanFakultas, "/operatorfakultas/persetujuan-usulan/usulan-reguler", verifier, { form: { intent: "setujui", id: String(s.usulan) } }),
    );
    expect(approved).toMatchObject({ ...by(verifier), aksi: "status", entitas: "usulan", id_entitas: String(s.usulan), ringkasan: "DIAJUKAN → DISETUJUI_FAKULTAS", perubahan: null });

    const assigned = await written(() =>
      areaRequest(penugasanRoute, "/operator/lppm/penugasan-reviewer", op, {
        form: {
          intent: "tugaskan",
          id: String(s.usulan),
          reviewer_1: String(reviewer1.id),
          reviewer_2: String(reviewer2.id),
          tenggat: toWibDateTimeInput(new Date(Date.now() + 7 * DAY)),
        },
      }),
    );
    const tugas = each.t.db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, s.usulan)).all();
    const a1 = tugas.find((a) => a.id_reviewer === reviewer1.id)!.id;
    const a2 = tugas.find((a) => a.id_reviewer === reviewer2.id)!.id;
    expect(assigned).toMatchObject([
      { ...by(op), aksi: "tambah", entitas: "penugasan_reviewer", id_entitas: String(a1), ringkasan: `${reviewer1.name} ditugaskan mereview usulan #${s.usulan} (putaran 1)` },
      { ...by(op), aksi: "tambah", entitas: "penugasan_reviewer", id_entitas: String(a2) },
      { ...by(op), aksi: "status", entitas: "usulan", id_entitas: String(s.usulan), ringkasan: "DISETUJUI_FAKULTAS → REVIEW" },
    ]);
    expect(assigned).toHaveLength(3);
    expect(changes(assigned[0]!)).toMatchObject({ id_usulan: [null, s.usulan], id_reviewer: [null, reviewer1.id], putaran: [null, 1] });

    const adminForm = (id: number) => {
      const fields: Record<string, string> = { intent: "simpan", id: String(id), hasil: "lolos", catatan: "" };
      kriteriaRubrik(each.t.db, "penelitian", "administrasi").forEach((_, i) => (fields[`items[${i}].lolos`] = "lolos"));
      return fields;
    };
    const subForm = (id: number, skor: number) => {
      const fields: Record<string, string> = { intent: "simpan", id: String(id), rekomendasi: "Layak didanai", dana_rekomendasi: "30.000.000" };
      SUBSTANSI_PENELITIAN.forEach((_, i) => {
        fields[`items[${i}].skor`] = String(skor);
        fields[`items[${i}].justifikasi`] = `Alasan ${i + 1}`;
      });
      return fields;
    };

    const admin = await one(() => areaRequest(administrasiRoute, "/reviewer/evaluasi-administrasi", reviewer1, { form: adminForm(a1) }));
    expect(admin).toMatchObject({ ...by(reviewer1), aksi: "tambah", entitas: "penilaian", id_entitas: String(a1), ringkasan: `Penilaian administrasi usulan #${s.usulan}: Lolos (putaran 1)` });
    expect(changes(admin)).toMatchObject({ administrasi_lolos: [null, true], lolos_1: [null, true] });

    const scored = await one(() => areaRequest(substansiRoute, "/reviewer/evaluasi-substansi", reviewer1, { form: subForm(a1, 6) }));
    expect(scored).toMatchObject({ ...by(reviewer1), aksi: "tambah", entitas: "penilaian", id_entitas: String(a1) });
    const firstBobot = SUBSTANSI_PENELITIAN[0]![1];
    expect(changes(scored)).toMatchObject({
      total_nilai: [null, 600],
      rekomendasi: [null, "Layak didanai"],
      dana_rekomendasi: [null, 30_000_000],
      skor_1: [null, 6],
      nilai_1: [null, firstBobot * 6],
      justifikasi_1: [null, "Alasan 1"],
    });

    await areaRequest(administrasiRoute, "/reviewer/evaluasi-administrasi", reviewer2, { form: adminForm(a2) });
    // The last score closes the round: the reviewer's entry, then the system's move to DINILAI.
    const last = await written(() => areaRequest(substansiRoute, "/reviewer/evaluasi-substansi", reviewer2, { form: subForm(a2, 5) }));
    expect(last).toMatchObject([
      { ...by(reviewer2), aksi: "tambah", entitas: "penilaian", id_entitas: String(a2) },
      { id_user: null, nama_user: "Sistem", aksi: "status", entitas: "usulan", id_entitas: String(s.usulan), ringkasan: "REVIEW → DINILAI" },
    ]);
    expect(last).toHaveLength(2);
    expect(changes(last[0]!)).toMatchObject({ total_nilai: [null, 500] });
    expectNoSecrets();
  });
});

describe("a running project: the daily note and the report", () => {
  it("a daily note with evidence added and removed, a report saved twice and its PDF uploaded", async () => {
    const w = await penetapanWorld(each.t.db);
    const ketua = w.people.pengusul;
    const project = addScoredUsulan(each.t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 18_000_000 });

    const CATATAN = `/pengusul/penelitian/catatan-harian?lihat=${project}`;
    const note = new FormData();
    for (const [key, value] of Object.entries({ intent: "tambah", id: String(project), tanggal: "2026-11-20", kegiatan: "Wawancara pengrajin", capaian: "35", kelompok: "Bahan", biaya: "1.500.000" })) {
      note.set(key, value);
    }
    const kuitansi = pdfFile("kuitansi.pdf", "Kuitansi");
    note.append("bukti", kuitansi);
    const added = await one(() => areaRequest(catatanRoute, CATATAN, ketua, { form: note }));
    const catatanId = each.t.db.select().from(schema.catatanHarian).get()!.id;
    expect(added).toMatchObject({ ...by(ketua), aksi: "tambah", entitas: "catatan_harian", id_entitas: String(catatanId), ringkasan: `Catatan harian usulan #${project}` });
    expect(changes(added)).toMatchObject({
      id_usulan: [null, project],
      id_penulis: [null, ketua.id],
      tanggal: [null, "2026-11-20"],
      kegiatan: [null, "Wawancara pengrajin"],
      capaian: [null, 35],
      biaya: [null, 1_500_000],
      bukti: [null, `kuitansi.pdf (${kuitansi.size} B)`],
    });

    const removed = await one(() => areaRequest(catatanRoute, CATATAN, ketua, { form: { intent: "hapus", id: String(project), catatan: String(catatanId) } }));
    expect(removed).toMatchObject({ ...by(ketua), aksi: "hapus", entitas: "catatan_harian", id_entitas: String(catatanId) });
    expect(changes(removed)).toMatchObject({ kegiatan: ["Wawancara pengrajin", null], bukti: [`kuitansi.pdf (${kuitansi.size} B)`, null] });

    const LAPORAN = `/pengusul/penelitian/laporan-kemajuan?lihat=${project}`;
    // The first save makes the report: one entry, not a creation and an edit.
    const first = await one(() => areaRequest(laporanRoute, LAPORAN, ketua, { form: { intent: "simpan", id: String(project), capaian: "50", realisasi: "9.000.000", ringkasan: "Separuh jalan." } }));
    const laporanId = each.t.db.select().from(schema.laporan).get()!.id;
    expect(first).toMatchObject({ ...by(ketua), aksi: "tambah", entitas: "laporan", id_entitas: String(laporanId), ringkasan: `Laporan kemajuan usulan #${project}` });
    expect(changes(first)).toMatchObject({ jenis: [null, "kemajuan"], status: [null, "DRAF"], capaian: [null, 50], realisasi: [null, 9_000_000], ringkasan: [null, "Separuh jalan."] });

    const second = await one(() => areaRequest(laporanRoute, LAPORAN, ketua, { form: { intent: "simpan", id: String(project), capaian: "60", realisasi: "9.000.000", ringkasan: "Separuh jalan." } }));
    expect(second).toMatchObject({ ...by(ketua), aksi: "ubah", entitas: "laporan", id_entitas: String(laporanId) });
    expect(changes(second)).toEqual({ capaian: [50, 60] });

    const pdf = pdfFile("kemajuan.pdf", "Laporan kemajuan");
    const upload = new FormData();
    upload.set("intent", "unggah");
    upload.set("id", String(project));
    upload.set("dokumen", pdf);
    const uploaded = await one(() => areaRequest(laporanRoute, LAPORAN, ketua, { form: upload }));
    expect(uploaded).toMatchObject({ ...by(ketua), aksi: "tambah", entitas: "usulan_dokumen" });
    expect(changes(uploaded)).toMatchObject({ ronde: [null, "laporan_kemajuan"], versi: [null, 1], nama_file: [null, "kemajuan.pdf"], ukuran: [null, pdf.size] });
    expectNoSecrets();
  });
});

describe("an incentive claim", () => {
  it("saved, changed, its evidence uploaded, then submitted: the engine's move is one 'status' entry", async () => {
    const w = await penetapanWorld(each.t.db);
    const { jenisId } = insentifWorld(each.t.db);
    const dosen = w.people.pengusul;
    const PAGE = "/pengusul/insentif/pengajuan";
    const form = (over: Record<string, string> = {}) => klaimForm(jenisId, over);

    const created = await one(() => areaRequest(pengajuanInsentif, `${PAGE}?tambah=1`, dosen, { form: form() }));
    expect(created).toMatchObject({ ...by(dosen), aksi: "tambah", entitas: "insentif" });
    const id = Number(created.id_entitas);
    expect(changes(created)).toMatchObject({ judul: [null, "Pengeringan Kayu Jati dengan Tenaga Surya"], id_pengusul: [null, dosen.id], status: [null, "DRAF"], jumlah_penulis: [null, 3] });

    const changed = await one(() => areaRequest(pengajuanInsentif, `${PAGE}?lihat=${id}`, dosen, { form: { ...form({ jumlah_penulis: "4", volume_nomor: "Vol. 5 No. 3" }), id: String(id) } }));
    expect(changed).toMatchObject({ ...by(dosen), aksi: "ubah", entitas: "insentif", id_entitas: String(id) });
    expect(changes(changed)).toEqual({ jumlah_penulis: [3, 4], volume_nomor: ["Vol. 5 No. 2", "Vol. 5 No. 3"] });

    const artikel = pdfFile("artikel.pdf", "Artikel");
    const bukti = await one(() => areaRequest(pengajuanInsentif, `${PAGE}?lihat=${id}`, dosen, { form: { intent: "tambah-bukti", id: String(id), bukti: [artikel] } }));
    const buktiRow = each.t.db.select().from(schema.insentifBukti).where(eq(schema.insentifBukti.id_insentif, id)).get()!;
    expect(bukti).toMatchObject({ ...by(dosen), aksi: "tambah", entitas: "insentif_bukti", id_entitas: String(buktiRow.id), ringkasan: `Bukti diunggah ke klaim insentif #${id}` });
    expect(changes(bukti)).toMatchObject({ id_insentif: [null, id], nama_file: [null, "artikel.pdf"], ukuran: [null, artikel.size] });

    const submitted = await one(() => areaRequest(pengajuanInsentif, `${PAGE}?lihat=${id}`, dosen, { form: { intent: "ajukan", id: String(id) } }));
    expect(submitted).toMatchObject({ ...by(dosen), aksi: "status", entitas: "insentif", id_entitas: String(id), ringkasan: "DRAF → DIAJUKAN", perubahan: null });
    expect(each.t.db.select().from(schema.insentif).where(eq(schema.insentif.id, id)).get()!.status).toBe("DIAJUKAN");
    expectNoSecrets();
  });
});
