/**
 * Scope 7: each LPPM area's dashboard shows the user's real figures, through the area
 * layout's guard and the dashboard loader, on a throw-away database.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Role } from "~/domain/users/roles";
import { addUser } from "../setup/data";
import { addFakultas, addPenugasan, addPeriode, addProdi, addUsulan } from "../setup/lppm-data";
import { sessionCookie, visitArea } from "../setup/area";
import { createTestDb, type TestDb } from "../setup/test-db";
import * as schema from "../../db/schema";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const dashboard = routedModule;

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const DAY = 24 * 60 * 60 * 1000;

async function open(path: string, userId: number | null): Promise<{ status: number; figures?: unknown }> {
  const result = await visitArea(path, userId === null ? null : await sessionCookie(userId), dashboard);
  return { status: result.status, figures: (result.page as { figures?: unknown } | undefined)?.figures };
}

async function person(roles: Role[], over: Parameters<typeof addUser>[2] = {}) {
  return addUser(t.db, roles, over);
}

describe("LPPM dashboards", () => {
  it("the proposer: their own proposals by status, invitations to answer, open stage windows", async () => {
    const { periode } = addPeriode(t.db, { closed: ["laporan_akhir"] });
    const me = await person(["Pengusul"]);
    const other = await person(["Pengusul"]);
    addUsulan(t.db, periode.id, me.id, "DRAF");
    addUsulan(t.db, periode.id, me.id, "DRAF");
    addUsulan(t.db, periode.id, me.id, "REVIEW");
    addUsulan(t.db, periode.id, other.id, "DIDANAI");
    const theirs = addUsulan(t.db, periode.id, other.id, "DRAF");
    t.db.insert(schema.usulanAnggota).values({ id_usulan: theirs.id, id_user: me.id, status_undangan: "MENUNGGU" }).run();

    const result = await open("/pengusul/dashboard", me.id);
    expect(result.status).toBe(200);
    expect(result.figures).toMatchObject({
      kind: "pengusul",
      total: 3,
      perStatus: [
        { status: "DRAF", label: "Draf", jumlah: 2 },
        { status: "REVIEW", label: "Review", jumlah: 1 },
      ],
      undanganMenunggu: 1,
    });
    expect((result.figures as { berikutnya: { stage: string; judul: string } }).berikutnya).toMatchObject({ stage: "pengajuan", judul: "Usulan DRAF" });
    const tenggat = (result.figures as { tenggat: { tahap: string; state: { kind: string } }[] }).tenggat;
    expect(tenggat).toHaveLength(4);
    expect(tenggat.every((w) => w.state.kind === "dibuka")).toBe(true);
    expect(tenggat.map((w) => w.tahap)).not.toContain("Laporan akhir");
  });

  it("the reviewer: open assignments of the current round, soonest first, overdue marked; done counted", async () => {
    const { periode } = addPeriode(t.db);
    const ketua = await person(["Pengusul"]);
    const me = await person(["Reviewer-Internal"]);
    const a = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Lewat tenggat", putaran_review: 1 });
    const b = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Minggu depan", putaran_review: 1 });
    const c = addUsulan(t.db, periode.id, ketua.id, "DINILAI", { judul: "Sudah selesai", putaran_review: 1 });
    const d = addUsulan(t.db, periode.id, ketua.id, "REVIEW", { judul: "Milik reviewer lain", putaran_review: 1 });
    addPenugasan(t.db, b.id, me.id, { tenggat: new Date(Date.now() + 7 * DAY), administrasi_lolos: true, administrasi_at: new Date() });
    addPenugasan(t.db, a.id, me.id, { tenggat: new Date(Date.now() - DAY) });
    addPenugasan(t.db, c.id, me.id, { substansi_at: new Date(), total_nilai: 500 });
    addPenugasan(t.db, d.id, (await person(["Reviewer-External"])).id);

    const result = await open("/reviewer/dashboard", me.id);
    expect(result.figures).toMatchObject({
      kind: "reviewer",
      terlambat: 1,
      selesai: 1,
      terbuka: [
        { judul: "Lewat tenggat", lewat: true, tahap: "Administrasi" },
        { judul: "Minggu depan", lewat: false, tahap: "Substansi" },
      ],
    });
  });

  it("the verifier: their faculty's proposals waiting; without a faculty, whom to ask", async () => {
    const { periode } = addPeriode(t.db);
    const ft = addFakultas(t.db, "Fakultas Teknik");
    const fe = addFakultas(t.db, "Fakultas Ekonomi");
    const ti = addProdi(t.db, ft.id, "Teknik Informatika");
    const ak = addProdi(t.db, fe.id, "Akuntansi");
    const dosenFt = await person(["Pengusul"], { id_prodi: ti.id });
    const dosenFe = await person(["Pengusul"], { id_prodi: ak.id });
    addUsulan(t.db, periode.id, dosenFt.id, "DIAJUKAN");
    addUsulan(t.db, periode.id, dosenFt.id, "DIAJUKAN");
    addUsulan(t.db, periode.id, dosenFt.id, "DRAF");
    addUsulan(t.db, periode.id, dosenFe.id, "DIAJUKAN");
    const verifier = await person(["Verifikator-Fakultas"], { id_fakultas_verifikasi: ft.id });

    const result = await open("/operatorfakultas/dashboard", verifier.id);
    expect(result.figures).toMatchObject({
      kind: "persetujuan",
      antrean: [{ label: "Usulan menunggu persetujuan fakultas", jumlah: 2 }],
      perStatus: [{ status: "DIAJUKAN", jumlah: 2 }],
      catatan: null,
    });
    const unassigned = await person(["Verifikator-Fakultas"]);
    expect((await open("/operatorfakultas/dashboard", unassigned.id)).figures).toMatchObject({
      antrean: [{ jumlah: 0 }],
      catatan: "Akun Anda belum ditetapkan sebagai verifikator fakultas mana pun. Hubungi operator LPPM.",
    });
  });

  it("the secretary and the head: what waits for them; the head's budget used per periode", async () => {
    const { periode } = addPeriode(t.db, { periode: { anggaran_total: 50_000_000, kuota_judul: 3 } });
    const ketua = await person(["Pengusul"]);
    addUsulan(t.db, periode.id, ketua.id, "DINILAI");
    addUsulan(t.db, periode.id, ketua.id, "DIVERIFIKASI");
    addUsulan(t.db, periode.id, ketua.id, "DIREKOMENDASIKAN");
    addUsulan(t.db, periode.id, ketua.id, "DIREKOMENDASIKAN");
    addUsulan(t.db, periode.id, ketua.id, "DIDANAI", { dana_disetujui: 12_000_000 });
    addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { dana_disetujui: 8_000_000 });
    addUsulan(t.db, periode.id, ketua.id, "TIDAK_DIDANAI", { dana_disetujui: null });

    // A progress report to check, and publication-incentive claims at each approval.
    const berjalan = addUsulan(t.db, periode.id, ketua.id, "BERJALAN", { dana_disetujui: 0 });
    t.db.insert(schema.laporan).values({ id_usulan: berjalan.id, jenis: "kemajuan", status: "DIAJUKAN" }).run();
    const jenisInsentif = t.db.insert(schema.jenisInsentif).values({ jenis: "HKI", peringkat: "-", tarif_utama: 2_000_000 }).returning().get().id;
    const call = t.db.insert(schema.periodeInsentif).values({ tahun: 2026, anggaran_total: 10_000_000 }).returning().get().id;
    for (const [i, status] of ["DIEVALUASI", "DIEVALUASI", "DISETUJUI_SEKRETARIS", "DISETUJUI_KEPALA", "DRAF"].entries()) {
      t.db.insert(schema.insentif).values({ id_periode: call, id_pengusul: ketua.id, id_jenis: jenisInsentif, status, judul: `Paten ${i}`, nama_wadah: "DJKI", tahun: 2026, peran: "pertama", jumlah_penulis: 1 }).run();
    }

    const sekretaris = await person(["Sekretaris-LPPM"]);
    expect((await open("/sekretarislppm/dashboard", sekretaris.id)).figures).toMatchObject({
      antrean: [{ jumlah: 1 }, { jumlah: 0 }, { label: "Klaim insentif dievaluasi, menunggu persetujuan", jumlah: 2 }],
    });
    const kepala = await person(["Kepala-LPPM"]);
    expect((await open("/kepalalppm/dashboard", kepala.id)).figures).toMatchObject({
      kind: "kepala",
      antrean: [{ jumlah: 1 }, { jumlah: 2 }, { jumlah: 0 }, { jumlah: 1 }, { jumlah: 0 }, { jumlah: 1 }, { jumlah: 1 }],
      anggaran: [{ id: periode.id, anggaranTotal: 50_000_000, terpakai: 20_000_000, kuota: 3, didanai: 3 }],
    });
  });

  it("each dashboard opens only for its roles; anonymous goes to /login", async () => {
    const pengusul = await person(["Pengusul"]);
    expect((await open("/kepalalppm/dashboard", pengusul.id)).status).toBe(404);
    expect((await open("/reviewer/dashboard", pengusul.id)).status).toBe(404);
    expect((await open("/pengusul/dashboard", null)).status).toBe(302);
  });
});
