/**
 * Withdrawing a proposal and reopening a decision on a throw-away database: who may, from which
 * statuses, what the move writes (status, log, notices, the review assignments it closes, the
 * round or SK it reopens) and what it refuses, changing nothing.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationOutbox, penetapan, penugasanReviewer, statusLog, usulan } from "../../../../db/schema";
import { createTestDb, type TestDb } from "../../../../tests/setup/test-db";
import { seedReviewScenario, type ReviewScenario } from "../../../../tests/setup/lppm-review";
import type { Actor } from "~/domain/lppm/workflow.server";
import type { Role } from "~/domain/users/roles";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { listVerifikasi, putuskanFakultas } from "~/domain/lppm/review/verifikasi.server";
import { listPenugasan, MENUNGGU_PENUGASAN_ULANG, tugaskanReviewer } from "~/domain/lppm/review/penugasan.server";
import { kriteriaRubrik, listPenugasanSaya, simpanAdministrasi, USULAN_DITARIK } from "~/domain/lppm/review/penilaian.server";
import { KEPALA, putuskan } from "~/domain/lppm/penetapan/persetujuan.server";
import { periodeLimitProblemsOf } from "~/domain/lppm/usulan/submit.server";
import { BATAS_PERIODE_BUKA_KEMBALI, bukaKembaliTujuan, bukaKembaliUsulan, tarikUsulan } from "~/domain/lppm/usulan/override.server";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
const STATE = { q: "", page: 1, size: 10 };

let t: TestDb;
let s: ReviewScenario;
let operator: Actor;

const actor = (key: keyof ReviewScenario["users"], roles: Role[]): Actor => ({ id: s.users[key].id, name: s.users[key].name, roles });
const ketua = () => actor("ketua", ["Pengusul"]);
const kepala = () => actor("kepala", ["Kepala-LPPM"]);
const proposal = () => t.db.select().from(usulan).where(eq(usulan.id, s.usulan)).get()!;
const logs = () => t.db.select().from(statusLog).where(and(eq(statusLog.entity, "usulan"), eq(statusLog.entity_id, s.usulan))).all();
const outboxCount = () => t.db.select().from(notificationOutbox).all().length;
const outboxAfter = (n: number) => t.db.select().from(notificationOutbox).all().slice(n);
const setStatus = (status: UsulanStatus, extra: Partial<typeof usulan.$inferInsert> = {}) =>
  t.db.update(usulan).set({ status, ...extra }).where(eq(usulan.id, s.usulan)).run();
/** A second proposal of the same ketua in the same periode (the periode allows one each). */
const another = (status: UsulanStatus) =>
  Number(
    t.db.$client
      .prepare("insert into usulan (id_periode, jenis, id_ketua, status, judul, diajukan_at) values (?, 'penelitian', ?, ?, 'Usulan kedua', ?)")
      .run(s.periode, s.users.ketua.id, status, NOW.getTime()).lastInsertRowid,
  );

beforeEach(() => {
  t = createTestDb();
  s = seedReviewScenario(t.db, { tag: "koreksi", now: NOW });
  const op = t.db.$client.prepare("select id, name from users where hak_akses like '%\"Operator\"%' order by id limit 1").get() as { id: number; name: string };
  operator = { id: op.id, name: op.name, roles: ["Operator"] };
});
afterEach(() => t.cleanup());

describe("withdrawing a proposal (Tarik)", () => {
  it("by its ketua during the review: it leaves the queues, its open assignments close, the reviewers and the office are told", () => {
    expect(putuskanFakultas(t.db, actor("verifikatorA", ["Verifikator-Fakultas"]), s.usulan, "setujui", "", NOW).ok).toBe(true);
    tugaskanReviewer(t.db, operator, s.usulan, { reviewer_1: s.users.reviewer1.id, reviewer_2: s.users.reviewer2.id, tenggat: new Date(NOW.getTime() + 7 * DAY) }, NOW);
    const [a1] = t.db.select().from(penugasanReviewer).all().map((r) => r.id);
    const sent = outboxCount();
    expect(tarikUsulan(t.db, ketua(), s.usulan, null, NOW)).toMatchObject({ ok: true, from: "REVIEW", to: "DITARIK" });
    expect(proposal().status).toBe("DITARIK");
    expect(logs().at(-1)).toMatchObject({ from_status: "REVIEW", to_status: "DITARIK", aksi: "tarik", actor_id: s.users.ketua.id, note: null });
    expect(t.db.select().from(penugasanReviewer).all().map((r) => r.ditutup)).toEqual(["DITARIK", "DITARIK"]);
    const told = outboxAfter(sent).map((m) => m.user_id);
    expect(told).toEqual(expect.arrayContaining([s.users.reviewer1.id, s.users.reviewer2.id, s.users.anggota.id, operator.id]));
    expect(told).not.toContain(s.users.ketua.id);
    expect(listPenugasanSaya(t.db, s.users.reviewer1.id, "administrasi", STATE, "belum").rows).toEqual([]);
    expect(listPenugasan(t.db, STATE, "semua").rows).toEqual([]);
    const n = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    const pass = { items: Array.from({ length: n }, () => ({ lolos: true, catatan: "" })), hasil: true, catatan: "" };
    expect(simpanAdministrasi(t.db, actor("reviewer1", ["Reviewer-Internal"]), a1!, pass, NOW)).toMatchObject({ ok: false, status: 409, message: USULAN_DITARIK });
  });

  it("frees the ketua's place in the periode", () => {
    const second = another("DRAF");
    expect(periodeLimitProblemsOf(t.db, second)).toEqual([expect.stringContaining("sudah menjadi ketua pada 1 usulan lain")]);
    expect(tarikUsulan(t.db, ketua(), s.usulan, "Fokus pada usulan lain.", NOW).ok).toBe(true);
    expect(periodeLimitProblemsOf(t.db, second)).toEqual([]);
    expect(listVerifikasi(t.db, s.users.verifikatorA.id, STATE, "DIAJUKAN").rows).toEqual([]);
  });

  it("by the operator at the lecturer's request, with a note", () => {
    setStatus("DIREKOMENDASIKAN");
    expect(tarikUsulan(t.db, operator, s.usulan, null, NOW)).toMatchObject({ ok: false, status: 422, message: "Catatan wajib diisi." });
    expect(proposal().status).toBe("DIREKOMENDASIKAN");
    const sent = outboxCount();
    expect(tarikUsulan(t.db, operator, s.usulan, "Atas permintaan dosen (surat 12/2026).", NOW)).toMatchObject({ ok: true, to: "DITARIK" });
    expect(outboxAfter(sent).map((m) => m.user_id)).toEqual(expect.arrayContaining([s.users.ketua.id, s.users.anggota.id]));
    expect(outboxAfter(sent)[0]!.body).toContain("Catatan: Atas permintaan dosen");
  });

  it("is refused from a draft, once funded, to anyone but the ketua and the operator", () => {
    const refusal = { ok: false, status: 409, message: "Usulan hanya dapat ditarik setelah diajukan dan sebelum didanai." };
    for (const status of ["DRAF", "DIDANAI", "BERJALAN", "DITOLAK"] as const) {
      setStatus(status);
      expect(tarikUsulan(t.db, operator, s.usulan, "x", NOW), status).toEqual(refusal);
    }
    setStatus("DIAJUKAN");
    expect(tarikUsulan(t.db, actor("anggota", ["Pengusul", "Reviewer-Internal"]), s.usulan, null, NOW)).toMatchObject({ status: 403, message: "Hanya ketua pengusul yang dapat melakukan tindakan ini." });
    expect(tarikUsulan(t.db, kepala(), s.usulan, "x", NOW)).toMatchObject({ status: 403 });
    expect(tarikUsulan(t.db, actor("sekretaris", ["Sekretaris-LPPM"]), s.usulan, "x", NOW)).toMatchObject({ status: 403 });
    expect(proposal().status).toBe("DIAJUKAN");
    expect(logs().filter((l) => l.aksi)).toEqual([]);
  });
});

describe("reopening a decision (Buka kembali)", () => {
  it("a verifier's 'Tolak' goes back to Diajukan: the verifier decides again; the ketua and the verifiers are told", () => {
    const verifier = actor("verifikatorA", ["Verifikator-Fakultas"]);
    const diajukan = proposal().diajukan_at;
    expect(putuskanFakultas(t.db, verifier, s.usulan, "tolak", "Tidak sesuai skema.", NOW).ok).toBe(true);
    expect(bukaKembaliTujuan(t.db, s.usulan)).toBe("DIAJUKAN");
    expect(bukaKembaliUsulan(t.db, operator, s.usulan, " ", NOW)).toMatchObject({ ok: false, status: 422, message: "Catatan wajib diisi." });
    const sent = outboxCount();
    expect(bukaKembaliUsulan(t.db, operator, s.usulan, "Ternyata sesuai skema.", NOW)).toMatchObject({ ok: true, from: "DITOLAK", to: "DIAJUKAN" });
    expect(proposal()).toMatchObject({ status: "DIAJUKAN", diajukan_at: diajukan });
    expect(logs().at(-1)).toMatchObject({ from_status: "DITOLAK", to_status: "DIAJUKAN", aksi: "buka-kembali", note: "Ternyata sesuai skema." });
    expect(outboxAfter(sent).map((m) => m.user_id)).toEqual(expect.arrayContaining([s.users.ketua.id, s.users.verifikatorA.id]));
    expect(listVerifikasi(t.db, s.users.verifikatorA.id, STATE, "DIAJUKAN").rows.map((r) => r.id)).toEqual([s.usulan]);
    expect(putuskanFakultas(t.db, verifier, s.usulan, "setujui", "", NOW)).toMatchObject({ ok: true, to: "DISETUJUI_FAKULTAS" });
  });

  it("the Kepala's 'Tolak' goes back to Diverifikasi, by the Kepala", () => {
    setStatus("DIVERIFIKASI");
    expect(putuskan(t.db, KEPALA, kepala(), s.usulan, "tolak", "Anggaran tidak cukup.", NOW).ok).toBe(true);
    expect(bukaKembaliTujuan(t.db, s.usulan)).toBe("DIVERIFIKASI");
    expect(bukaKembaliUsulan(t.db, kepala(), s.usulan, "Anggaran ditambah.", NOW)).toMatchObject({ ok: true, to: "DIVERIFIKASI" });
  });

  it("a failed review goes back to review as a new round waiting for its reviewers", () => {
    setStatus("TIDAK_LOLOS", { putaran_review: 1 });
    expect(bukaKembaliUsulan(t.db, operator, s.usulan, "Reviewer salah membaca dokumen.", NOW)).toMatchObject({ ok: true, to: "DIKEMBALIKAN_KE_REVIEW" });
    expect(proposal()).toMatchObject({ status: "DIKEMBALIKAN_KE_REVIEW", putaran_review: 2, nilai_rata: null });
    expect(listPenugasan(t.db, STATE, "semua").rows[0]).toMatchObject({ id: s.usulan, menunggu: MENUNGGU_PENUGASAN_ULANG });
    expect(tugaskanReviewer(t.db, operator, s.usulan, { reviewer_1: s.users.reviewer1.id, reviewer_2: s.users.reviewer2.id, tenggat: new Date(NOW.getTime() + 7 * DAY) }, NOW)).toEqual({ ok: true, putaran: 2 });
  });

  it("a 'Tidak Didanai' goes back to the ranking board without its SK", () => {
    const sk = t.db.insert(penetapan).values({ id_periode: s.periode, nomor_sk: "SK/1/2026", tanggal_sk: NOW }).returning().get().id;
    setStatus("TIDAK_DIDANAI", { id_penetapan: sk });
    expect(bukaKembaliUsulan(t.db, kepala(), s.usulan, "Kuota bertambah.", NOW)).toMatchObject({ ok: true, to: "DIREKOMENDASIKAN" });
    expect(proposal()).toMatchObject({ status: "DIREKOMENDASIKAN", id_penetapan: null, dana_disetujui: null });
  });

  it("is refused for what is not a decision, to others than the operator and the Kepala, and past the periode's limits", () => {
    setStatus("DINILAI");
    expect(bukaKembaliTujuan(t.db, s.usulan)).toBeNull();
    expect(bukaKembaliUsulan(t.db, operator, s.usulan, "x", NOW)).toEqual({
      ok: false,
      status: 409,
      message: "Hanya keputusan Ditolak, Tidak Lolos atau Tidak Didanai yang dapat dibuka kembali.",
    });
    setStatus("TIDAK_LOLOS");
    for (const who of [actor("sekretaris", ["Sekretaris-LPPM"]), ketua(), actor("verifikatorA", ["Verifikator-Fakultas"])]) {
      expect(bukaKembaliUsulan(t.db, who, s.usulan, "x", NOW), who.name).toMatchObject({ ok: false, status: 403 });
    }
    // After the refusal the ketua proposed again in the same periode: one proposal as ketua at most.
    another("DIAJUKAN");
    expect(bukaKembaliUsulan(t.db, operator, s.usulan, "Salah baca.", NOW)).toEqual({
      ok: false,
      status: 409,
      message: `${BATAS_PERIODE_BUKA_KEMBALI} ${s.users.ketua.name} sudah menjadi ketua pada 1 usulan lain di periode ini (maksimal 1 usulan sebagai ketua).`,
    });
    expect(proposal()).toMatchObject({ status: "TIDAK_LOLOS", putaran_review: 0 });
    expect(logs().filter((l) => l.aksi)).toEqual([]);
  });
});
