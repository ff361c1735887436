/**
 * The overrides' screens behind their area guards, with real Requests: the operator replaces a
 * reviewer and extends deadlines on Penugasan Reviewer, Monev Internal PT and Klaim Insentif,
 * withdraws and reopens on Daftar Usulan; the ketua withdraws on their proposal's page; the
 * Kepala reopens on Persetujuan Usulan Reguler. Bad input answers 4xx with its Indonesian message
 * on its field and changes nothing; success goes back with the toast.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { toWibDateTimeInput } from "~/lib/util/wib";
import type { PenugasanDetail, PenugasanBaris } from "~/domain/lppm/review/penugasan.server";
import type { UsulanKoreksi } from "~/domain/lppm/usulan/override.server";
import type { MonevDetail } from "~/domain/lppm/monev/monev.server";
import { routedModule } from "../setup/app-routes";
import { flashOf, snapshot } from "../setup/operator-helpers";
import { addInsentifBukti, addScoredUsulan, areaRequest, DAY, penetapanWorld, person, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { createTestDb, type TestDb } from "../setup/test-db";
import type { RouteResult } from "../setup/route";

const PENUGASAN = "/operator/lppm/penugasan-reviewer";
const DAFTAR = "/operator/lppm/daftar-usulan";
const KEPALA = "/kepalalppm/persetujuan-usulan/usulan-reguler";
const MONEV = "/operator/lppm/monev-internal";
const INSENTIF = "/operator/lppm/insentif";

let t: TestDb;
let w: PenetapanWorld;
let pengganti: Person;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  pengganti = await person(t.db, "Reviewer Pengganti", ["Reviewer-Internal"]);
});

const errorsOf = (r: RouteResult) => ((r.data as { result?: { error?: Record<string, string[]> } }).result?.error ?? {}) as Record<string, string[]>;
const messageOf = (r: RouteResult) => (r.data as { message?: string }).message;
/** The corrections Daftar Usulan offers on the opened proposal (null: none). */
const koreksiOf = (r: RouteResult) => (r.data as { lihat: { koreksi: UsulanKoreksi | null } }).lihat.koreksi;
const wib = (offsetDays: number) => toWibDateTimeInput(new Date(Date.now() + offsetDays * DAY));
const proposal = (id: number) => t.db.select().from(schema.usulan).where(eq(schema.usulan.id, id)).get()!;
const assignments = (id: number) => t.db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, id)).orderBy(schema.penugasanReviewer.id).all();
const overrideLogs = (entity: string, id: number) =>
  t.db.select().from(schema.statusLog).where(and(eq(schema.statusLog.entity, entity), eq(schema.statusLog.entity_id, id))).all().filter((l) => l.aksi);

/** A proposal in review whose two reviewers have not scored, their deadline `days` from now (negative: passed). */
function inReview(days: number): { id: number; a1: number; a2: number } {
  const id = t.db
    .insert(schema.usulan)
    .values({ id_periode: w.periodeId, jenis: "penelitian", id_ketua: w.people.pengusul.id, status: "REVIEW", judul: "Usulan yang macet", putaran_review: 1, diajukan_at: new Date() })
    .returning()
    .get().id;
  const [a1, a2] = [w.people.reviewer1, w.people.reviewer2].map(
    (r) => t.db.insert(schema.penugasanReviewer).values({ id_usulan: id, id_reviewer: r.id, putaran: 1, tenggat: new Date(Date.now() + days * DAY) }).returning().get().id,
  ) as [number, number];
  return { id, a1, a2 };
}

describe("Penugasan Reviewer: a reviewer who never answers", () => {
  it("shows the overdue assignment in words, opens its forms by URL, and refuses bad input changing nothing", async () => {
    const { id, a1, a2 } = inReview(-1);
    const list = await areaRequest(routedModule, PENUGASAN, w.people.operator);
    expect((list.data as { list: { rows: PenugasanBaris[] } }).list.rows).toEqual([expect.objectContaining({ id, lewat: true, menunggu: null })]);
    const opened = await areaRequest(routedModule, `${PENUGASAN}?lihat=${id}&ganti=${a1}`, w.people.operator);
    const page = opened.data as { lihat: PenugasanDetail; ganti: { penugasanId: number } | null; reviewer: { id: number }[] };
    expect(page.lihat.ronde[0]!.reviewer.map((r) => [r.penugasanId, r.lewat, r.terbuka])).toEqual([
      [a1, true, true],
      [a2, true, true],
    ]);
    expect(page.ganti).toMatchObject({ penugasanId: a1 });
    // The replacement is chosen among reviewers not yet in the round.
    expect(page.reviewer.map((r) => r.id)).toContain(pengganti.id);
    expect(page.reviewer.map((r) => r.id)).not.toContain(w.people.reviewer2.id);
    expect((await areaRequest(routedModule, `${PENUGASAN}?lihat=${id}&ganti=999999`, w.people.operator)).status).toBe(404);
    expect((await areaRequest(routedModule, `${PENUGASAN}?lihat=${id}&perpanjang=abc`, w.people.operator)).status).toBe(404);

    const before = snapshot(t.db, t.uploadsDir);
    const ganti = (over: Record<string, string>) =>
      areaRequest(routedModule, `${PENUGASAN}?lihat=${id}&ganti=${a1}`, w.people.operator, {
        form: { intent: "ganti-reviewer", id: String(a1), reviewer: String(pengganti.id), tenggat: wib(5), catatan: "Tidak merespons.", ...over },
      });
    const noNote = await ganti({ catatan: "" });
    expect(noNote.status).toBe(400);
    expect(errorsOf(noNote).catatan).toEqual(["Catatan wajib diisi."]);
    const noReviewer = await ganti({ reviewer: "" });
    expect(errorsOf(noReviewer).reviewer).toEqual(["Pilih reviewer pengganti."]);
    const onTeam = await ganti({ reviewer: String(w.people.pengusul.id) });
    expect(onTeam.status).toBe(422);
    expect(errorsOf(onTeam).reviewer).toEqual(["Reviewer tidak ditemukan, tidak aktif, atau tidak memegang peran reviewer."]);
    const inRound = await ganti({ reviewer: String(w.people.reviewer2.id) });
    expect(inRound.status).toBe(422);
    expect(errorsOf(inRound).reviewer).toEqual([`${w.people.reviewer2.name} sudah ditugaskan pada putaran review ini.`]);
    const past = await ganti({ tenggat: wib(-1) });
    expect(past.status).toBe(422);
    expect(errorsOf(past).tenggat).toEqual(["Tenggat harus setelah waktu sekarang."]);
    expect((await ganti({ id: "" })).status).toBe(400);
    for (const who of [w.people.kepala, w.people.reviewer1, w.people.pengusul]) {
      const posted = await areaRequest(routedModule, PENUGASAN, who, { form: { intent: "ganti-reviewer", id: String(a1), reviewer: String(pengganti.id), tenggat: wib(5), catatan: "x" } });
      expect(posted.status, who.name).toBe(404);
    }
    expect(snapshot(t.db, t.uploadsDir)).toEqual(before);
  });

  it("replaces the reviewer after the deadline: back to the list with the toast, the new reviewer listed", async () => {
    const { id, a1 } = inReview(-1);
    const done = await areaRequest(routedModule, `${PENUGASAN}?status=REVIEW&lihat=${id}&ganti=${a1}`, w.people.operator, {
      form: { intent: "ganti-reviewer", id: String(a1), reviewer: String(pengganti.id), tenggat: wib(5), catatan: "Tidak merespons dua minggu." },
    });
    expect(done).toMatchObject({ status: 302, location: `${PENUGASAN}?status=REVIEW` });
    expect((await flashOf(done))?.message).toBe("Data berhasil disimpan");
    expect(assignments(id).map((a) => [a.id_reviewer, a.ditutup])).toEqual([
      [w.people.reviewer1.id, "DIGANTI"],
      [w.people.reviewer2.id, null],
      [pengganti.id, null],
    ]);
    expect(overrideLogs("usulan", id)).toEqual([expect.objectContaining({ aksi: "ganti-reviewer", note: "Tidak merespons dua minggu." })]);
    const list = await areaRequest(routedModule, PENUGASAN, w.people.operator);
    expect((list.data as { list: { rows: PenugasanBaris[] } }).list.rows[0]).toMatchObject({ reviewer: `${w.people.reviewer2.name}, Reviewer Pengganti` });
    // The replaced assignment has no forms any more.
    expect((await areaRequest(routedModule, `${PENUGASAN}?lihat=${id}&ganti=${a1}`, w.people.operator)).status).toBe(404);
  });

  it("extends a deadline with a note; a scored assignment is not extended", async () => {
    const { id, a1, a2 } = inReview(-1);
    const extend = (penugasan: number, over: Record<string, string> = {}) =>
      areaRequest(routedModule, `${PENUGASAN}?lihat=${id}&perpanjang=${penugasan}`, w.people.operator, {
        form: { intent: "perpanjang-tenggat", id: String(penugasan), tenggat: wib(5), catatan: "Beri waktu tambahan.", ...over },
      });
    expect(errorsOf(await extend(a1, { catatan: " " })).catatan).toEqual(["Catatan wajib diisi."]);
    expect(errorsOf(await extend(a1, { tenggat: "" })).tenggat).toEqual(["Tenggat wajib diisi."]);
    t.db.update(schema.penugasanReviewer).set({ administrasi_lolos: false, administrasi_at: new Date() }).where(eq(schema.penugasanReviewer.id, a2)).run();
    const scored = await extend(a2);
    expect(scored.status).toBe(409);
    expect(messageOf(scored)).toBe("Reviewer ini sudah menyelesaikan penilaiannya; penugasannya tidak dapat diganti atau diperpanjang.");
    expect(overrideLogs("usulan", id)).toEqual([]);
    const done = await extend(a1);
    expect(done).toMatchObject({ status: 302, location: PENUGASAN });
    expect(assignments(id)[0]!.tenggat.getTime()).toBeGreaterThan(Date.now());
    expect(overrideLogs("usulan", id)).toEqual([expect.objectContaining({ aksi: "perpanjang-tenggat" })]);
  });
});

describe("Daftar Usulan (the operator's corrections)", () => {
  it("withdraws at the lecturer's request with a note, and reopens a refusal", async () => {
    const aktif = addScoredUsulan(t.db, w, { judul: "Diminta ditarik", status: "DIVERIFIKASI" });
    const list = await areaRequest(routedModule, DAFTAR, w.people.operator);
    expect((list.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toContain(aktif);
    const opened = await areaRequest(routedModule, `${DAFTAR}?lihat=${aktif}`, w.people.operator);
    expect(koreksiOf(opened)).toEqual({ bisaTarik: true, bukaKembali: null });

    const noNote = await areaRequest(routedModule, `${DAFTAR}?lihat=${aktif}`, w.people.operator, { form: { intent: "tarik", id: String(aktif) } });
    expect(noNote.status).toBe(422);
    expect(messageOf(noNote)).toBe("Catatan wajib diisi.");
    expect(proposal(aktif).status).toBe("DIVERIFIKASI");
    const done = await areaRequest(routedModule, `${DAFTAR}?lihat=${aktif}`, w.people.operator, { form: { intent: "tarik", id: String(aktif), catatan: "Surat permohonan dosen." } });
    expect(done).toMatchObject({ status: 302, location: DAFTAR });
    expect(proposal(aktif).status).toBe("DITARIK");
    // Withdrawn: nothing more to do with it.
    expect(koreksiOf(await areaRequest(routedModule, `${DAFTAR}?lihat=${aktif}`, w.people.operator))).toBeNull();
    expect((await areaRequest(routedModule, DAFTAR, w.people.operator, { form: { intent: "tarik", id: String(aktif), catatan: "lagi" } })).status).toBe(409);

    const ditolak = addScoredUsulan(t.db, w, { judul: "Ditolak keliru", status: "DITOLAK" });
    t.db.insert(schema.statusLog).values({ entity: "usulan", entity_id: ditolak, from_status: "DIAJUKAN", to_status: "DITOLAK", actor_id: w.people.verifikator.id, actor_name: "Verifikator", created_at: new Date() }).run();
    expect(koreksiOf(await areaRequest(routedModule, `${DAFTAR}?lihat=${ditolak}`, w.people.operator))).toEqual({ bisaTarik: false, bukaKembali: "DIAJUKAN" });
    const reopened = await areaRequest(routedModule, DAFTAR, w.people.operator, { form: { intent: "buka-kembali", id: String(ditolak), catatan: "Salah fakultas." } });
    expect(reopened.status).toBe(302);
    expect(proposal(ditolak).status).toBe("DIAJUKAN");
    expect((await areaRequest(routedModule, DAFTAR, w.people.kepala)).status).toBe(404);
    // The Kepala's own Daftar Usulan reads it, without the Operator's corrections.
    const kepala = await areaRequest(routedModule, `/kepalalppm/monitoring/daftar-usulan?lihat=${ditolak}`, w.people.kepala);
    expect(kepala.status).toBe(200);
    expect(koreksiOf(kepala)).toBeNull();
  });
});

describe("the ketua withdraws their proposal", () => {
  it("opens the dialog by URL, withdraws it, and nobody else can", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Usulan saya", status: "DINILAI" });
    const page = `/pengusul/usulan/${id}`;
    const params = { usulanId: String(id) };
    expect((await areaRequest(routedModule, page, w.people.pengusul, { params })).data).toMatchObject({ bisaTarik: true, tarik: false });
    expect((await areaRequest(routedModule, `${page}?tarik=1`, w.people.pengusul, { params })).data).toMatchObject({ tarik: true });
    expect((await areaRequest(routedModule, `${page}?tarik=1`, w.people.pengusulLain, { params })).status).toBe(404);
    expect((await areaRequest(routedModule, page, w.people.pengusulLain, { params, form: { intent: "tarik" } })).status).toBe(404);
    const tooLong = await areaRequest(routedModule, `${page}?tarik=1`, w.people.pengusul, { params, form: { intent: "tarik", catatan: "x".repeat(2001) } });
    expect(tooLong.status).toBe(400);
    expect(proposal(id).status).toBe("DINILAI");

    const done = await areaRequest(routedModule, `${page}?tarik=1`, w.people.pengusul, { params, form: { intent: "tarik", catatan: "" } });
    expect(done).toMatchObject({ status: 302, location: page });
    expect((await flashOf(done))?.message).toBe("Usulan berhasil ditarik.");
    expect(proposal(id).status).toBe("DITARIK");
    expect((await areaRequest(routedModule, page, w.people.pengusul, { params })).data).toMatchObject({ bisaTarik: false });
    expect((await areaRequest(routedModule, `${page}?tarik=1`, w.people.pengusul, { params })).status).toBe(404);
  });
});

describe("the Kepala reopens a decision", () => {
  it("lists the decided proposals, reopens one with a note, and the Sekretaris cannot", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Gagal administrasi keliru", status: "TIDAK_LOLOS" });
    const list = await areaRequest(routedModule, `${KEPALA}?status=TIDAK_LOLOS`, w.people.kepala);
    expect((list.data as { list: { rows: { id: number }[] } }).list.rows.map((r) => r.id)).toEqual([id]);
    expect((await areaRequest(routedModule, `${KEPALA}?status=TIDAK_LOLOS&lihat=${id}`, w.people.kepala)).data).toMatchObject({ lihat: { bukaKembali: "DIKEMBALIKAN_KE_REVIEW" } });
    const noNote = await areaRequest(routedModule, KEPALA, w.people.kepala, { form: { intent: "buka-kembali", id: String(id) } });
    expect(noNote.status).toBe(422);
    expect(messageOf(noNote)).toBe("Catatan wajib diisi.");
    const sekretaris = await areaRequest(routedModule, "/sekretarislppm/persetujuan-usulan/usulan-reguler", w.people.sekretaris, { form: { intent: "buka-kembali", id: String(id), catatan: "x" } });
    expect(sekretaris.status).toBe(400);
    expect(proposal(id)).toMatchObject({ status: "TIDAK_LOLOS", putaran_review: 1 });
    const done = await areaRequest(routedModule, `${KEPALA}?status=TIDAK_LOLOS&lihat=${id}`, w.people.kepala, { form: { intent: "buka-kembali", id: String(id), catatan: "Administrasi sebenarnya lengkap." } });
    expect(done).toMatchObject({ status: 302, location: `${KEPALA}?status=TIDAK_LOLOS` });
    expect(proposal(id)).toMatchObject({ status: "DIKEMBALIKAN_KE_REVIEW", putaran_review: 2 });
    const waiting = await areaRequest(routedModule, PENUGASAN, w.people.operator);
    expect((waiting.data as { list: { rows: PenugasanBaris[] } }).list.rows[0]).toMatchObject({ id, menunggu: "Menunggu penugasan ulang" });
  });
});

describe("extending monev and incentive deadlines", () => {
  it("Monev Internal PT: the operator extends an unscored monev's deadline with a note; the Kepala only reads", async () => {
    const project = addScoredUsulan(t.db, w, { judul: "Proyek berjalan", status: "BERJALAN", dana_disetujui: 20_000_000 });
    t.db.insert(schema.laporan).values({ id_usulan: project, jenis: "kemajuan", status: "DITERIMA", capaian: 55, realisasi: 0, ringkasan: "." }).run();
    const monev = t.db.insert(schema.monev).values({ id_usulan: project, id_reviewer: w.people.reviewer1.id, tenggat: new Date(Date.now() - DAY) }).returning().get();
    const opened = await areaRequest(routedModule, `${MONEV}?lihat=${project}`, w.people.operator);
    expect((opened.data as { lihat: MonevDetail }).lihat).toMatchObject({ canExtend: true, monev: { lewat: true } });
    expect((opened.data as { list: { rows: { id: number; lewat: boolean }[] } }).list.rows).toEqual([expect.objectContaining({ id: project, lewat: true })]);
    const form = (over: Record<string, string> = {}) => ({ intent: "perpanjang-tenggat", id: String(project), tenggat: wib(5), catatan: "Jadwal kunjungan mundur.", ...over });
    const noNote = await areaRequest(routedModule, `${MONEV}?lihat=${project}`, w.people.operator, { form: form({ catatan: "" }) });
    expect(noNote.status).toBe(400);
    expect(errorsOf(noNote).catatan).toEqual(["Catatan wajib diisi."]);
    expect((await areaRequest(routedModule, "/kepalalppm/monitoring/monev-internal", w.people.kepala, { form: form() })).status).toBe(403);
    const done = await areaRequest(routedModule, `${MONEV}?lihat=${project}`, w.people.operator, { form: form() });
    expect(done).toMatchObject({ status: 302, location: `${MONEV}?lihat=${project}` });
    expect(t.db.select().from(schema.monev).where(eq(schema.monev.id, monev.id)).get()!.tenggat.getTime()).toBeGreaterThan(Date.now());
    expect(overrideLogs("monev", monev.id)).toEqual([expect.objectContaining({ from_status: "DITUGASKAN", to_status: "DITUGASKAN", aksi: "perpanjang-tenggat" })]);
    const earlier = await areaRequest(routedModule, `${MONEV}?lihat=${project}`, w.people.operator, { form: form({ tenggat: wib(1) }) });
    expect(earlier.status).toBe(422);
    expect(errorsOf(earlier).tenggat?.[0]).toMatch(/^Tenggat baru harus setelah tenggat saat ini/);
  });

  it("Klaim Insentif: the operator extends the reviewer's deadline of a submitted claim; a claim without a reviewer is refused", async () => {
    const klaim = await addInsentifBukti(t.db, w.people.pengusul.id, w.people.reviewer1.id);
    const form = (over: Record<string, string> = {}) => ({ intent: "perpanjang-tenggat", id: String(klaim.insentif), tenggat: wib(5), catatan: "Reviewer cuti.", ...over });
    const noNote = await areaRequest(routedModule, `${INSENTIF}?lihat=${klaim.insentif}`, w.people.operator, { form: form({ catatan: "" }) });
    expect(errorsOf(noNote).catatan).toEqual(["Catatan wajib diisi."]);
    const done = await areaRequest(routedModule, `${INSENTIF}?lihat=${klaim.insentif}`, w.people.operator, { form: form() });
    expect(done.status).toBe(302);
    expect(overrideLogs("insentif", klaim.insentif)).toEqual([expect.objectContaining({ aksi: "perpanjang-tenggat", note: "Reviewer cuti." })]);
    t.db.update(schema.insentif).set({ id_reviewer: null, tenggat: null }).where(eq(schema.insentif.id, klaim.insentif)).run();
    const none = await areaRequest(routedModule, `${INSENTIF}?lihat=${klaim.insentif}`, w.people.operator, { form: form({ tenggat: wib(6) }) });
    expect(none.status).toBe(409);
    expect(messageOf(none)).toBe("Klaim ini belum memiliki reviewer; tugaskan reviewer lebih dulu.");
    // The claimant's timeline leaves the office's step about the reviewer out.
    const own = await areaRequest(routedModule, `/pengusul/insentif/pengajuan?lihat=${klaim.insentif}`, w.people.pengusul);
    expect(own.status).toBe(200);
    expect((own.data as { lihat: { timeline: unknown[] } }).lihat.timeline).toEqual([]);
    const office = await areaRequest(routedModule, `${INSENTIF}?lihat=${klaim.insentif}`, w.people.operator);
    expect((office.data as { lihat: { timeline: { aksi: string | null }[] } }).lihat.timeline.map((e) => e.aksi)).toEqual(["perpanjang-tenggat"]);
  });
});
