/**
 * What waits for each person on a throw-away database: every role gets its own kinds of work
 * with the right items (title, whose, deadline, overdue, the page to act on) and nothing that is
 * someone else's — another lecturer's drafts, another reviewer's or another round's assignments,
 * another faculty's proposals, steps already taken.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import type { Role } from "~/domain/users/roles";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { addUser } from "../../../tests/setup/data";
import { addFakultas, addPenugasan, addPeriode, addProdi, addUsulan } from "../../../tests/setup/lppm-data";
import { TUGAS_TERATAS, tugasKepala, tugasOperator, tugasPengusul, tugasReviewer, tugasSekretaris, tugasUntuk, tugasVerifikator, type KelompokTugas } from "~/domain/lppm/tugas.server";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const person = (roles: Role[], over: Parameters<typeof addUser>[2] = {}) => addUser(t.db, roles, over);

/** The kinds by key, each with its count and items' titles. */
function byKind(groups: KelompokTugas[]) {
  return Object.fromEntries(groups.map((g) => [g.kunci, { jumlah: g.jumlah, judul: g.items.map((i) => i.judul) }]));
}

function kind(groups: KelompokTugas[], kunci: string): KelompokTugas {
  const found = groups.find((g) => g.kunci === kunci);
  if (!found) throw new Error(`no ${kunci} in ${groups.map((g) => g.kunci).join(", ")}`);
  return found;
}

/** An incentive call (submission window closing in `closesInDays`) and one kind of publication. */
function insentifCall(closesInDays = 7) {
  const jenis = t.db.insert(schema.jenisInsentif).values({ jenis: "HKI", peringkat: "-", tarif_utama: 2_000_000 }).returning().get().id;
  const periode = t.db
    .insert(schema.periodeInsentif)
    .values({ tahun: 2026, anggaran_total: 50_000_000, pengajuan_buka: new Date(NOW.getTime() - 30 * DAY), pengajuan_tutup: new Date(NOW.getTime() + closesInDays * DAY) })
    .returning()
    .get().id;
  return (pengusul: number, status: string, judul: string, values: Partial<typeof schema.insentif.$inferInsert> = {}) =>
    t.db
      .insert(schema.insentif)
      .values({ id_periode: periode, id_pengusul: pengusul, id_jenis: jenis, status, judul, nama_wadah: "DJKI", tahun: 2026, peran: "pertama", jumlah_penulis: 1, ...values })
      .returning()
      .get().id;
}

describe("the lecturer", () => {
  it("invitations, drafts, returned proposals, revisions and reports due, returned claims: their own only, soonest first", async () => {
    const { periode } = addPeriode(t.db);
    const { periode: closed } = addPeriode(t.db, { closed: ["pengajuan"] });
    const me = await person(["Pengusul"]);
    const other = await person(["Pengusul"], { name: "Dr. Lain" });
    addUsulan(t.db, periode.id, me.id, "DRAF", { judul: "Draf saya" });
    addUsulan(t.db, closed.id, me.id, "DRAF", { judul: "Draf lewat" });
    addUsulan(t.db, periode.id, me.id, "DIKEMBALIKAN", { judul: "Dikembalikan ke saya" });
    const didanai = addUsulan(t.db, periode.id, me.id, "DIDANAI", { judul: "Saya didanai", jenis: "pengabdian" });
    const berjalan = addUsulan(t.db, periode.id, me.id, "BERJALAN", { judul: "Proyek tanpa laporan" });
    const sudah = addUsulan(t.db, periode.id, me.id, "BERJALAN", { judul: "Proyek laporan diajukan" });
    t.db.insert(schema.laporan).values({ id_usulan: sudah.id, jenis: "kemajuan", status: "DIAJUKAN" }).run();
    t.db.insert(schema.laporan).values({ id_usulan: sudah.id, jenis: "akhir", status: "DRAF" }).run();
    addUsulan(t.db, periode.id, me.id, "REVIEW", { judul: "Sedang direview" });
    // Someone else's: their draft, and their draft inviting me (that one waits for me).
    addUsulan(t.db, periode.id, other.id, "DRAF", { judul: "Draf orang lain" });
    addUsulan(t.db, periode.id, other.id, "DIKEMBALIKAN", { judul: "Dikembalikan ke orang lain" });
    const undangan = addUsulan(t.db, periode.id, other.id, "DRAF", { judul: "Mengundang saya" });
    t.db.insert(schema.usulanAnggota).values({ id_usulan: undangan.id, id_user: me.id, status_undangan: "MENUNGGU" }).run();
    const diterima = addUsulan(t.db, periode.id, other.id, "DRAF", { judul: "Sudah saya terima" });
    t.db.insert(schema.usulanAnggota).values({ id_usulan: diterima.id, id_user: me.id, status_undangan: "DITERIMA" }).run();
    const klaim = insentifCall();
    const kembali = klaim(me.id, "DIKEMBALIKAN", "Klaim saya dikembalikan");
    klaim(me.id, "DIAJUKAN", "Klaim saya diajukan");
    klaim(other.id, "DIKEMBALIKAN", "Klaim orang lain");

    const groups = tugasPengusul(t.db, me.id, NOW);
    expect(byKind(groups)).toEqual({
      undangan: { jumlah: 1, judul: ["Mengundang saya"] },
      draf: { jumlah: 2, judul: ["Draf lewat", "Draf saya"] },
      dikembalikan: { jumlah: 1, judul: ["Dikembalikan ke saya"] },
      perbaikan: { jumlah: 1, judul: ["Saya didanai"] },
      "laporan-kemajuan": { jumlah: 1, judul: ["Proyek tanpa laporan"] },
      "laporan-akhir": { jumlah: 2, judul: ["Proyek tanpa laporan", "Proyek laporan diajukan"] },
      "klaim-dikembalikan": { jumlah: 1, judul: ["Klaim saya dikembalikan"] },
    });
    const [lewat, buka] = kind(groups, "draf").items;
    expect(lewat).toMatchObject({ lewat: true, siapa: null, to: expect.stringMatching(/^\/pengusul\/usulan\/\d+$/) });
    expect(buka).toMatchObject({ lewat: false });
    expect(buka!.tenggat).toBeGreaterThan(NOW.getTime());
    expect(kind(groups, "undangan").items[0]).toMatchObject({ siapa: "Dr. Lain", to: "/pengusul/penelitian/usulan-baru", lewat: false });
    expect(kind(groups, "perbaikan").items[0]).toMatchObject({ to: `/pengusul/pengabdian/perbaikan-usulan?lihat=${didanai.id}` });
    expect(kind(groups, "laporan-kemajuan").items[0]).toMatchObject({ to: `/pengusul/penelitian/laporan-kemajuan?lihat=${berjalan.id}` });
    expect(kind(groups, "klaim-dikembalikan").items[0]).toMatchObject({ to: `/pengusul/insentif/pengajuan?lihat=${kembali}`, lewat: false });

    // Somebody with nothing to do has no kinds at all.
    expect(tugasPengusul(t.db, (await person(["Pengusul"])).id, NOW)).toEqual([]);
  });

  it("a report whose window has not opened is not due yet", async () => {
    const { periode } = addPeriode(t.db, { periode: { laporan_kemajuan_buka: new Date(NOW.getTime() + 3 * DAY), laporan_akhir_buka: new Date(NOW.getTime() + 30 * DAY) } });
    const me = await person(["Pengusul"]);
    addUsulan(t.db, periode.id, me.id, "BERJALAN", { judul: "Baru mulai" });
    expect(tugasPengusul(t.db, me.id, NOW)).toEqual([]);
  });

  it("lists the first few of a kind, soonest deadline first, and counts them all", async () => {
    const me = await person(["Pengusul"]);
    const closes = [9, 2, 7, 4, 12, 3, 5];
    for (const [i, days] of closes.entries()) {
      const { periode } = addPeriode(t.db, { periode: { pengajuan_tutup: new Date(NOW.getTime() + days * DAY) } });
      addUsulan(t.db, periode.id, me.id, "DRAF", { judul: `Draf ${i} (${days} hari)` });
    }
    const draf = kind(tugasPengusul(t.db, me.id, NOW), "draf");
    expect(draf.jumlah).toBe(closes.length);
    expect(draf.items).toHaveLength(TUGAS_TERATAS);
    expect(draf.items.map((i) => i.judul)).toEqual(["Draf 1 (2 hari)", "Draf 5 (3 hari)", "Draf 3 (4 hari)", "Draf 6 (5 hari)", "Draf 2 (7 hari)"]);
  });
});

describe("the reviewer", () => {
  it("open assignments of the current round by deadline, the blind skema's ketua hidden, monev and claims; nobody else's", async () => {
    const { periode } = addPeriode(t.db);
    const { periode: buta } = addPeriode(t.db, { skema: { review_buta: true } });
    const ketua = await person(["Pengusul"], { name: "Dr. Ketua" });
    const me = await person(["Reviewer-Internal"]);
    const other = await person(["Reviewer-External"]);
    const admin = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Cek administrasi", putaran_review: 1 });
    const pAdmin = addPenugasan(t.db, admin.id, me.id, { tenggat: new Date(NOW.getTime() - DAY) });
    // A blind skema's administrative check: whose it is stays unsaid there too.
    const adminButa = addUsulan(t.db, buta.id, ketua.id, "REVIEW", { judul: "Cek administrasi buta", putaran_review: 1 });
    addPenugasan(t.db, adminButa.id, me.id, { tenggat: new Date(NOW.getTime() + DAY) });
    const terbuka = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Substansi terbuka", putaran_review: 1 });
    addPenugasan(t.db, terbuka.id, me.id, { tenggat: new Date(NOW.getTime() + 2 * DAY), administrasi_lolos: true, administrasi_at: NOW });
    const rahasia = addUsulan(t.db, buta.id, ketua.id, "REVIEW", { judul: "Substansi buta", putaran_review: 1 });
    const pRahasia = addPenugasan(t.db, rahasia.id, me.id, { tenggat: new Date(NOW.getTime() + 5 * DAY), administrasi_lolos: true, administrasi_at: NOW });
    // Done, failed, another round, another reviewer's: none waits for me.
    const selesai = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Sudah saya nilai", putaran_review: 1 });
    addPenugasan(t.db, selesai.id, me.id, { administrasi_lolos: true, administrasi_at: NOW, substansi_at: NOW, total_nilai: 500 });
    const gagal = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Tidak lolos administrasi", putaran_review: 1 });
    addPenugasan(t.db, gagal.id, me.id, { administrasi_lolos: false, administrasi_at: NOW });
    const ulang = addUsulan(t.db, periode.id, ketua.id, "DIKEMBALIKAN_KE_REVIEW", { judul: "Putaran lama", putaran_review: 2 });
    addPenugasan(t.db, ulang.id, me.id, { putaran: 1 });
    const milikLain = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Reviewer lain", putaran_review: 1 });
    addPenugasan(t.db, milikLain.id, other.id);
    // Monev and a claim, mine and another's.
    const proyek = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { judul: "Proyek monev saya" });
    t.db.insert(schema.monev).values({ id_usulan: proyek.id, id_reviewer: me.id, tenggat: new Date(NOW.getTime() + 3 * DAY) }).run();
    const proyekLain = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { judul: "Proyek monev lain" });
    t.db.insert(schema.monev).values({ id_usulan: proyekLain.id, id_reviewer: other.id, tenggat: new Date(NOW.getTime() + 3 * DAY) }).run();
    const klaim = insentifCall();
    const kSaya = klaim(ketua.id, "DIAJUKAN", "Klaim untuk saya", { id_reviewer: me.id, tenggat: new Date(NOW.getTime() + DAY) });
    klaim(ketua.id, "DIAJUKAN", "Klaim untuk lain", { id_reviewer: other.id, tenggat: new Date(NOW.getTime() + DAY) });
    klaim(ketua.id, "DIEVALUASI", "Klaim sudah saya evaluasi", { id_reviewer: me.id, tenggat: new Date(NOW.getTime() + DAY) });

    const groups = tugasReviewer(t.db, me.id, NOW);
    expect(byKind(groups)).toEqual({
      administrasi: { jumlah: 2, judul: ["Cek administrasi", "Cek administrasi buta"] },
      substansi: { jumlah: 2, judul: ["Substansi terbuka", "Substansi buta"] },
      monev: { jumlah: 1, judul: ["Proyek monev saya"] },
      insentif: { jumlah: 1, judul: ["Klaim untuk saya"] },
    });
    expect(kind(groups, "administrasi").items[0]).toMatchObject({ siapa: "Dr. Ketua", lewat: true, to: `/reviewer/evaluasi-administrasi?nilai=${pAdmin.id}` });
    expect(kind(groups, "administrasi").items[1]).toMatchObject({ judul: "Cek administrasi buta", siapa: null });
    const [open, blind] = kind(groups, "substansi").items;
    expect(open).toMatchObject({ siapa: "Dr. Ketua", lewat: false });
    expect(blind).toMatchObject({ siapa: null, to: `/reviewer/evaluasi-substansi?nilai=${pRahasia.id}` });
    expect(kind(groups, "monev").items[0]).toMatchObject({ to: `/reviewer/evaluasi-monev?lihat=${proyek.id}` });
    expect(kind(groups, "insentif").items[0]).toMatchObject({ siapa: "Dr. Ketua", to: `/reviewer/evaluasi-insentif?lihat=${kSaya}` });
    expect(tugasReviewer(t.db, other.id, NOW).map((g) => g.kunci)).toEqual(["administrasi", "monev", "insentif"]);
  });
});

describe("the verifier, the secretary and the head", () => {
  it("the verifier: submitted proposals of their own faculty only, by the review window; none without a faculty", async () => {
    const { periode } = addPeriode(t.db);
    const ft = addFakultas(t.db, "Fakultas Teknik");
    const fe = addFakultas(t.db, "Fakultas Ekonomi");
    const dosenFt = await person(["Pengusul"], { id_prodi: addProdi(t.db, ft.id).id, name: "Dosen Teknik" });
    const dosenFe = await person(["Pengusul"], { id_prodi: addProdi(t.db, fe.id).id });
    const a = addUsulan(t.db, periode.id, dosenFt.id, "DIAJUKAN", { judul: "Teknik diajukan" });
    addUsulan(t.db, periode.id, dosenFt.id, "DRAF", { judul: "Teknik draf" });
    addUsulan(t.db, periode.id, dosenFt.id, "DISETUJUI_FAKULTAS", { judul: "Teknik disetujui" });
    addUsulan(t.db, periode.id, dosenFe.id, "DIAJUKAN", { judul: "Ekonomi diajukan" });
    const verifier = await person(["Verifikator-Fakultas"], { id_fakultas_verifikasi: ft.id });

    const groups = tugasVerifikator(t.db, verifier.id, NOW);
    expect(byKind(groups)).toEqual({ diajukan: { jumlah: 1, judul: ["Teknik diajukan"] } });
    expect(groups[0]!.items[0]).toMatchObject({ siapa: "Dosen Teknik", lewat: false, to: `/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=${a.id}` });
    expect(groups[0]!.items[0]!.tenggat).toBeGreaterThan(NOW.getTime());
    expect(tugasVerifikator(t.db, (await person(["Verifikator-Fakultas"])).id, NOW)).toEqual([]);
  });

  it("the secretary: scored proposals and evaluated claims; the head: verified and recommended proposals, claims to approve and decide", async () => {
    const { periode } = addPeriode(t.db);
    const { periode: lewat } = addPeriode(t.db, { closed: ["penetapan"] });
    const ketua = await person(["Pengusul"]);
    const dinilai = addUsulan(t.db, periode.id, ketua.id, "DINILAI", { judul: "Dinilai" });
    addUsulan(t.db, periode.id, ketua.id, "DIVERIFIKASI", { judul: "Diverifikasi" });
    addUsulan(t.db, lewat.id, ketua.id, "DIREKOMENDASIKAN", { judul: "Direkomendasikan lewat" });
    addUsulan(t.db, periode.id, ketua.id, "DIREKOMENDASIKAN", { judul: "Direkomendasikan" });
    for (const s of ["REVIEW", "DIDANAI", "PERBAIKAN_DIAJUKAN", "DIKEMBALIKAN_KE_REVIEW"] as const) addUsulan(t.db, periode.id, ketua.id, s, { judul: s });
    const klaim = insentifCall();
    const evaluasi = klaim(ketua.id, "DIEVALUASI", "Klaim dievaluasi");
    klaim(ketua.id, "DISETUJUI_SEKRETARIS", "Klaim disetujui sekretaris");
    klaim(ketua.id, "DISETUJUI_KEPALA", "Klaim disetujui kepala");
    klaim(ketua.id, "DITETAPKAN", "Klaim ditetapkan");

    const sekretaris = tugasSekretaris(t.db, NOW);
    expect(byKind(sekretaris)).toEqual({
      dinilai: { jumlah: 1, judul: ["Dinilai"] },
      "klaim-dievaluasi": { jumlah: 1, judul: ["Klaim dievaluasi"] },
    });
    expect(kind(sekretaris, "dinilai").items[0]).toMatchObject({ to: `/sekretarislppm/persetujuan-usulan/usulan-reguler?lihat=${dinilai.id}` });
    expect(kind(sekretaris, "klaim-dievaluasi").items[0]).toMatchObject({ tenggat: null, lewat: false, to: `/sekretarislppm/persetujuan-usulan/insentif-publikasi?lihat=${evaluasi}` });

    const kepala = tugasKepala(t.db, NOW);
    expect(byKind(kepala)).toEqual({
      diverifikasi: { jumlah: 1, judul: ["Diverifikasi"] },
      direkomendasikan: { jumlah: 2, judul: ["Direkomendasikan lewat", "Direkomendasikan"] },
      "klaim-disetujui-sekretaris": { jumlah: 1, judul: ["Klaim disetujui sekretaris"] },
      "klaim-disetujui-kepala": { jumlah: 1, judul: ["Klaim disetujui kepala"] },
    });
    const [closed, open] = kind(kepala, "direkomendasikan").items;
    expect(closed).toMatchObject({ lewat: true, to: `/kepalalppm/penetapan-pemenang/usulan-reguler?periode=${lewat.id}` });
    expect(open).toMatchObject({ lewat: false, to: `/kepalalppm/penetapan-pemenang/usulan-reguler?periode=${periode.id}` });
    expect(kind(kepala, "klaim-disetujui-kepala").items[0]!.to).toMatch(/^\/kepalalppm\/penetapan-pemenang\/usulan-insentif\?periode=\d+$/);
  });
});

describe("the Operator", () => {
  it("reviewers to assign and reassign, revisions and reports to check, monev to assign, claims to assign and to pay", async () => {
    const { periode } = addPeriode(t.db);
    const ketua = await person(["Pengusul"], { name: "Dr. Pengusul" });
    const reviewer = await person(["Reviewer-Internal"]);
    const disetujui = addUsulan(t.db, periode.id, ketua.id, "DISETUJUI_FAKULTAS", { judul: "Menunggu reviewer" });
    addUsulan(t.db, periode.id, ketua.id, "DIKEMBALIKAN_KE_REVIEW", { judul: "Menunggu reviewer ulang", putaran_review: 2 });
    const sudahUlang = addUsulan(t.db, periode.id, ketua.id, "DIKEMBALIKAN_KE_REVIEW", { judul: "Reviewer ulang sudah ada", putaran_review: 2 });
    addPenugasan(t.db, sudahUlang.id, reviewer.id, { putaran: 2 });
    const perbaikan = addUsulan(t.db, periode.id, ketua.id, "PERBAIKAN_DIAJUKAN", { judul: "Perbaikan masuk" });
    const laporanMasuk = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { judul: "Laporan kemajuan masuk" });
    t.db.insert(schema.laporan).values({ id_usulan: laporanMasuk.id, jenis: "kemajuan", status: "DIAJUKAN" }).run();
    const akhirMasuk = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { judul: "Laporan akhir masuk" });
    t.db.insert(schema.laporan).values({ id_usulan: akhirMasuk.id, jenis: "kemajuan", status: "DITERIMA" }).run();
    t.db.insert(schema.laporan).values({ id_usulan: akhirMasuk.id, jenis: "akhir", status: "DIAJUKAN" }).run();
    t.db.insert(schema.monev).values({ id_usulan: akhirMasuk.id, id_reviewer: reviewer.id, status: "DINILAI", tenggat: NOW }).run();
    const monevBelum = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { judul: "Siap monev" });
    t.db.insert(schema.laporan).values({ id_usulan: monevBelum.id, jenis: "kemajuan", status: "DITERIMA" }).run();
    const monevAda = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { judul: "Monev sudah ditugaskan" });
    t.db.insert(schema.laporan).values({ id_usulan: monevAda.id, jenis: "kemajuan", status: "DITERIMA" }).run();
    t.db.insert(schema.monev).values({ id_usulan: monevAda.id, id_reviewer: reviewer.id, tenggat: NOW }).run();
    // Steps that wait for others.
    for (const s of ["DIAJUKAN", "DINILAI", "DIVERIFIKASI", "DIREKOMENDASIKAN", "REVIEW", "DIDANAI"] as const) addUsulan(t.db, periode.id, ketua.id, s, { judul: s });
    const klaim = insentifCall();
    const tanpaReviewer = klaim(ketua.id, "DIAJUKAN", "Klaim tanpa reviewer");
    klaim(ketua.id, "DIAJUKAN", "Klaim sudah ada reviewer", { id_reviewer: reviewer.id, tenggat: NOW });
    const ditetapkan = klaim(ketua.id, "DITETAPKAN", "Klaim siap dicairkan");
    klaim(ketua.id, "DICAIRKAN", "Klaim sudah dicairkan");

    const groups = tugasOperator(t.db, NOW);
    expect(byKind(groups)).toEqual({
      "disetujui-fakultas": { jumlah: 1, judul: ["Menunggu reviewer"] },
      "dikembalikan-ke-review": { jumlah: 1, judul: ["Menunggu reviewer ulang"] },
      "perbaikan-diajukan": { jumlah: 1, judul: ["Perbaikan masuk"] },
      "laporan-kemajuan": { jumlah: 1, judul: ["Laporan kemajuan masuk"] },
      "laporan-akhir": { jumlah: 1, judul: ["Laporan akhir masuk"] },
      monev: { jumlah: 1, judul: ["Siap monev"] },
      "klaim-diajukan": { jumlah: 1, judul: ["Klaim tanpa reviewer"] },
      "klaim-ditetapkan": { jumlah: 1, judul: ["Klaim siap dicairkan"] },
    });
    expect(kind(groups, "disetujui-fakultas").items[0]).toMatchObject({ siapa: "Dr. Pengusul", lewat: false, to: `/operator/lppm/penugasan-reviewer?lihat=${disetujui.id}` });
    expect(kind(groups, "perbaikan-diajukan").items[0]).toMatchObject({ tenggat: null, to: `/operator/lppm/perbaikan-usulan?lihat=${perbaikan.id}` });
    expect(kind(groups, "laporan-kemajuan").items[0]).toMatchObject({ to: `/operator/lppm/laporan-kemajuan?lihat=${laporanMasuk.id}` });
    expect(kind(groups, "monev").items[0]).toMatchObject({ to: `/operator/lppm/monev-internal?status=belum&lihat=${monevBelum.id}` });
    expect(kind(groups, "klaim-diajukan").items[0]).toMatchObject({ to: `/operator/lppm/insentif?status=DIAJUKAN&lihat=${tanpaReviewer}` });
    expect(kind(groups, "klaim-ditetapkan").items[0]).toMatchObject({ to: `/operator/lppm/insentif?status=DITETAPKAN&lihat=${ditetapkan}` });
    expect(tugasUntuk(t.db, "operator", 0, NOW)).toEqual(groups);
  });
});
