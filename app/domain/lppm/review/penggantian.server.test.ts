/**
 * A stuck review on a throw-away database: the operator replaces a reviewer who has not
 * submitted (before or after the deadline) and extends an open assignment's deadline — the
 * allowed cases with everything they write (assignments, status log, activity log, notices), the
 * refused ones changing nothing — and what the lists, the round's end and the daily escalation
 * make of it.
 */
import { and, eq, gt } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { aktivitas, notificationOutbox, penugasanReviewer, statusLog, usulan } from "../../../../db/schema";
import { createTestDb, type TestDb } from "../../../../tests/setup/test-db";
import { seedReviewScenario, SUBSTANSI_PENELITIAN, type ReviewScenario } from "../../../../tests/setup/lppm-review";
import type { Actor } from "~/domain/lppm/workflow.server";
import type { Role } from "~/domain/users/roles";
import { putuskanFakultas } from "~/domain/lppm/review/verifikasi.server";
import { getPenugasan, listPenugasan, MENUNGGU_PENUGASAN_ULANG, tugaskanReviewer } from "~/domain/lppm/review/penugasan.server";
import { gantiReviewer, PENUGASAN_TIDAK_AKTIF, perpanjangTenggat, SUDAH_DI_PUTARAN, SUDAH_MENILAI } from "~/domain/lppm/review/penggantian.server";
import { getPenilaian, kriteriaRubrik, listPenugasanSaya, PENUGASAN_DIALIHKAN, roundScores, simpanAdministrasi, simpanSubstansi } from "~/domain/lppm/review/penilaian.server";
import { escalateOverdueReviews, remindReviewers } from "~/domain/lppm/review/pengingat.server";
import { putuskan, SEKRETARIS } from "~/domain/lppm/penetapan/persetujuan.server";
import { reviewerDashboard } from "~/domain/lppm/dashboard.server";
import { TENGGAT_TIDAK_MAJU } from "~/domain/lppm/tenggat";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
/** A day after the 7-day deadline passed. */
const LATE = new Date(NOW.getTime() + 8 * DAY);
const STATE = { q: "", page: 1, size: 10 };

let t: TestDb;
let s: ReviewScenario;
let operator: Actor;
let a1: number;
let a2: number;

const actor = (key: keyof ReviewScenario["users"], roles: Role[]): Actor => ({ id: s.users[key].id, name: s.users[key].name, roles });
const rev1 = () => actor("reviewer1", ["Reviewer-Internal"]);
const rev2 = () => actor("reviewer2", ["Reviewer-External"]);
/** A fourth reviewer, from another prodi than the ketua's: the replacement. */
let pengganti: Actor;
const statusOf = () => t.db.select({ status: usulan.status }).from(usulan).where(eq(usulan.id, s.usulan)).get()?.status;
const rows = () => t.db.select().from(penugasanReviewer).where(eq(penugasanReviewer.id_usulan, s.usulan)).all();
const row = (id: number) => rows().find((r) => r.id === id)!;
const logs = () => t.db.select().from(statusLog).where(and(eq(statusLog.entity, "usulan"), eq(statusLog.entity_id, s.usulan))).all();
const outboxAfter = (n: number) => t.db.select().from(notificationOutbox).all().slice(n);
const outboxCount = () => t.db.select().from(notificationOutbox).all().length;
const ADM = () => kriteriaRubrik(t.db, "penelitian", "administrasi").length;
const lolos = () => ({ items: Array.from({ length: ADM() }, () => ({ lolos: true, catatan: "" })), hasil: true, catatan: "" });
const skor = (k: number) => ({ items: SUBSTANSI_PENELITIAN.map(() => ({ skor: k, justifikasi: `Skor ${k}` })), rekomendasi: "Layak didanai" as const, dana_rekomendasi: 30_000_000, catatan: "" });
const tenggat = (days: number) => new Date(NOW.getTime() + days * DAY);

beforeEach(() => {
  t = createTestDb();
  s = seedReviewScenario(t.db, { tag: "ganti", now: NOW });
  const op = t.db.$client.prepare("select id, name from users where hak_akses like '%\"Operator\"%' order by id limit 1").get() as { id: number; name: string };
  operator = { id: op.id, name: op.name, roles: ["Operator"] };
  const id = Number(
    t.db.$client
      .prepare("insert into users (username, name, no_hp, email, password_hash, hak_akses, status_aktif, id_prodi) values ('pengganti', 'Reviewer Pengganti', '081299990001', 'pengganti@example.test', 'x', '[\"Reviewer-Internal\"]', 'Aktif', ?)")
      .run(s.prodi.b1).lastInsertRowid,
  );
  pengganti = { id, name: "Reviewer Pengganti", roles: ["Reviewer-Internal"] };
  expect(putuskanFakultas(t.db, actor("verifikatorA", ["Verifikator-Fakultas"]), s.usulan, "setujui", "", NOW).ok).toBe(true);
  expect(tugaskanReviewer(t.db, operator, s.usulan, { reviewer_1: s.users.reviewer1.id, reviewer_2: s.users.reviewer2.id, tenggat: tenggat(7) }, NOW)).toEqual({ ok: true, putaran: 1 });
  [a1, a2] = rows().map((r) => r.id) as [number, number];
});
afterEach(() => t.cleanup());

describe("replacing a reviewer who has not submitted", () => {
  it("after the deadline: the old assignment is kept as replaced history, the new reviewer gets the round, both are told, the log says so", () => {
    // Reviewer 1 passed the administrasi but never scored: that partial work must count for nothing.
    expect(simpanAdministrasi(t.db, rev1(), a1, lolos(), NOW).ok).toBe(true);
    const sent = outboxCount();
    const result = gantiReviewer(t.db, operator, a1, { reviewer: pengganti.id, tenggat: tenggat(14), catatan: "Reviewer tidak merespons." }, LATE);
    expect(result).toEqual({ ok: true });
    expect(statusOf()).toBe("REVIEW");
    const baru = rows().find((r) => r.id_reviewer === pengganti.id)!;
    expect(row(a1)).toMatchObject({ ditutup: "DIGANTI", ditutup_at: LATE, id_pengganti: baru.id, administrasi_lolos: true });
    expect(baru).toMatchObject({ putaran: 1, tenggat: tenggat(14), ditutup: null, administrasi_lolos: null });
    expect(logs().at(-1)).toMatchObject({ from_status: "REVIEW", to_status: "REVIEW", aksi: "ganti-reviewer", actor_id: operator.id, note: "Reviewer tidak merespons." });
    const told = outboxAfter(sent);
    expect(told.map((m) => [m.user_id, m.subject])).toEqual([
      [pengganti.id, "Usulan: Penugasan review"],
      [s.users.reviewer1.id, "Usulan: Penugasan review dialihkan"],
    ]);
    expect(told[0]!.body).toContain("menggantikan reviewer sebelumnya");
    expect(told[1]!.body).toContain("Catatan: Reviewer tidak merespons.");
    // The operator's detail keeps the history: who was replaced, by whom.
    expect(getPenugasan(t.db, operator, s.usulan, LATE)!.ronde[0]!.reviewer.map((r) => [r.name, r.ditutup, r.pengganti])).toEqual([
      [s.users.reviewer1.name, "DIGANTI", "Reviewer Pengganti"],
      [s.users.reviewer2.name, null, null],
      ["Reviewer Pengganti", null, null],
    ]);
    const activity = t.db.select().from(aktivitas).where(eq(aktivitas.entitas, "penugasan_reviewer")).all().map((a) => a.ringkasan);
    expect(activity).toEqual(expect.arrayContaining([expect.stringContaining(`${s.users.reviewer1.name} diganti Reviewer Pengganti`)]));

    // The replaced reviewer: nothing left to do, nor to open; a late save is refused.
    expect(listPenugasanSaya(t.db, s.users.reviewer1.id, "substansi", STATE, "semua", LATE).rows).toEqual([]);
    expect(getPenilaian(t.db, rev1(), a1, "substansi", LATE)).toBeNull();
    expect(simpanSubstansi(t.db, rev1(), a1, skor(7), NOW)).toMatchObject({ ok: false, status: 409, message: PENUGASAN_DIALIHKAN });
    // The new one has it, and completes the round with the other reviewer.
    expect(listPenugasanSaya(t.db, pengganti.id, "administrasi", STATE, "belum", LATE).rows.map((r) => r.id)).toEqual([baru.id]);
    expect(simpanAdministrasi(t.db, rev2(), a2, lolos(), LATE).ok).toBe(false); // reviewer 2's own deadline passed too
    expect(perpanjangTenggat(t.db, operator, a2, { tenggat: tenggat(14), catatan: "Menyesuaikan reviewer pengganti." }, LATE)).toEqual({ ok: true });
    expect(simpanAdministrasi(t.db, rev2(), a2, lolos(), LATE).ok).toBe(true);
    expect(simpanSubstansi(t.db, rev2(), a2, skor(5), LATE)).toEqual({ ok: true, usulanStatus: "REVIEW" });
    expect(simpanAdministrasi(t.db, pengganti, baru.id, lolos(), LATE).ok).toBe(true);
    expect(simpanSubstansi(t.db, pengganti, baru.id, skor(7), LATE)).toEqual({ ok: true, usulanStatus: "DINILAI" });
    expect(t.db.select({ n: usulan.nilai_rata }).from(usulan).where(eq(usulan.id, s.usulan)).get()?.n).toBe(600);
    // The secretary reads the two standing reviews only.
    expect(roundScores(t.db, s.usulan, 1).reviewers.map((r) => r.nama)).toEqual([s.users.reviewer2.name, "Reviewer Pengganti"]);
  });

  it("before the deadline too, and the round's detail shows who replaced whom", () => {
    expect(gantiReviewer(t.db, operator, a2, { reviewer: pengganti.id, tenggat: tenggat(10), catatan: "Konflik kepentingan." }, NOW)).toEqual({ ok: true });
    const detail = getPenugasan(t.db, operator, s.usulan, NOW)!;
    expect(detail.ronde[0]!.reviewer.map((r) => [r.name, r.ditutup, r.pengganti, r.terbuka])).toEqual([
      [s.users.reviewer1.name, null, null, true],
      [s.users.reviewer2.name, "DIGANTI", "Reviewer Pengganti", false],
      ["Reviewer Pengganti", null, null, true],
    ]);
    expect(listPenugasan(t.db, STATE, "REVIEW", NOW).rows[0]).toMatchObject({ reviewer: `${s.users.reviewer1.name}, Reviewer Pengganti`, lewat: false });
  });

  it("refuses bad input with its message, changing nothing", () => {
    const before = { rows: rows(), logs: logs().length, outbox: outboxCount() };
    const ganti = (over: Partial<{ reviewer: number; tenggat: Date; catatan: string }>, who = operator, id = a1) =>
      gantiReviewer(t.db, who, id, { reviewer: pengganti.id, tenggat: tenggat(14), catatan: "Tidak merespons.", ...over }, LATE);
    expect(ganti({ catatan: "  " })).toMatchObject({ ok: false, status: 422, field: "catatan", message: "Catatan wajib diisi." });
    expect(ganti({ reviewer: s.users.anggota.id })).toMatchObject({ ok: false, status: 422, field: "reviewer", message: `${s.users.anggota.name} termasuk tim usulan ini dan tidak dapat menjadi reviewernya.` });
    expect(ganti({ reviewer: s.users.reviewerSeprodi.id })).toMatchObject({ ok: false, status: 422, field: "reviewer", message: expect.stringContaining("program studi ketua pengusul") });
    expect(ganti({ reviewer: s.users.sekretaris.id })).toMatchObject({ ok: false, status: 422, field: "reviewer", message: "Reviewer tidak ditemukan, tidak aktif, atau tidak memegang peran reviewer." });
    expect(ganti({ reviewer: s.users.reviewer2.id })).toMatchObject({ ok: false, status: 422, field: "reviewer", message: SUDAH_DI_PUTARAN(s.users.reviewer2.name) });
    expect(ganti({ reviewer: s.users.reviewer1.id })).toMatchObject({ ok: false, status: 422, field: "reviewer" });
    expect(ganti({ tenggat: new Date(LATE.getTime() - 1000) })).toMatchObject({ ok: false, status: 422, field: "tenggat", message: "Tenggat harus setelah waktu sekarang." });
    expect(ganti({ tenggat: tenggat(60) })).toMatchObject({ ok: false, status: 422, field: "tenggat", message: expect.stringContaining("penutupan review") });
    expect(ganti({}, rev2())).toMatchObject({ ok: false, status: 403 });
    expect(ganti({}, actor("kepala", ["Kepala-LPPM"]))).toMatchObject({ ok: false, status: 403 });
    expect(ganti({}, operator, 999_999)).toMatchObject({ ok: false, status: 404 });
    // A reviewer who has submitted is not replaced.
    expect(simpanAdministrasi(t.db, rev2(), a2, lolos(), NOW).ok).toBe(true);
    expect(simpanSubstansi(t.db, rev2(), a2, skor(5), NOW).ok).toBe(true);
    const afterScore = { rows: rows(), logs: logs().length, outbox: outboxCount() };
    expect(ganti({}, operator, a2)).toMatchObject({ ok: false, status: 409, message: SUDAH_MENILAI });
    expect({ rows: rows(), logs: logs().length, outbox: outboxCount() }).toEqual(afterScore);
    expect(afterScore.rows.filter((r) => r.id !== a2)).toEqual(before.rows.filter((r) => r.id !== a2));
    expect(afterScore.logs).toBe(before.logs);
  });

  it("is refused outside a review round, and on an assignment of an earlier round", () => {
    t.db.update(usulan).set({ status: "DINILAI" }).where(eq(usulan.id, s.usulan)).run();
    expect(gantiReviewer(t.db, operator, a1, { reviewer: pengganti.id, tenggat: tenggat(14), catatan: "x" }, NOW)).toEqual({
      ok: false,
      status: 409,
      message: "Reviewer hanya dapat diganti selama usulan dalam tahap review.",
    });
    t.db.update(usulan).set({ status: "DIKEMBALIKAN_KE_REVIEW", putaran_review: 2 }).where(eq(usulan.id, s.usulan)).run();
    expect(gantiReviewer(t.db, operator, a1, { reviewer: pengganti.id, tenggat: tenggat(14), catatan: "x" }, NOW)).toMatchObject({ ok: false, status: 409, message: PENUGASAN_TIDAK_AKTIF });
    expect(rows().every((r) => r.ditutup === null)).toBe(true);
  });
});

describe("extending a deadline", () => {
  it("after it passed: the reviewer may save again, is told, gets a reminder again, and the log says so", () => {
    expect(simpanAdministrasi(t.db, rev1(), a1, lolos(), LATE)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Batas waktu penilaian telah lewat") });
    // Reminded and reported once already.
    remindReviewers(t.db, tenggat(5));
    expect(escalateOverdueReviews(t.db, LATE)).toBe(2);
    const sent = outboxCount();
    expect(perpanjangTenggat(t.db, operator, a1, { tenggat: tenggat(14), catatan: "Diberi waktu tambahan." }, LATE)).toEqual({ ok: true });
    expect(row(a1)).toMatchObject({ tenggat: tenggat(14), pengingat_at: null, eskalasi_at: null });
    expect(logs().at(-1)).toMatchObject({ from_status: "REVIEW", to_status: "REVIEW", aksi: "perpanjang-tenggat", note: "Diberi waktu tambahan." });
    expect(outboxAfter(sent).map((m) => [m.user_id, m.subject])).toEqual([[s.users.reviewer1.id, "Usulan: Tenggat review diperpanjang"]]);
    expect(simpanAdministrasi(t.db, rev1(), a1, lolos(), LATE).ok).toBe(true);
    expect(remindReviewers(t.db, tenggat(12))).toBe(1);
  });

  it("refuses a deadline not later than the current one, no note, a finished assignment, another role", () => {
    const before = rows();
    expect(perpanjangTenggat(t.db, operator, a1, { tenggat: tenggat(6), catatan: "x" }, NOW)).toMatchObject({ ok: false, status: 422, field: "tenggat", message: TENGGAT_TIDAK_MAJU(tenggat(7)) });
    expect(perpanjangTenggat(t.db, operator, a1, { tenggat: tenggat(10), catatan: "" }, NOW)).toMatchObject({ ok: false, status: 422, field: "catatan" });
    expect(perpanjangTenggat(t.db, operator, a1, { tenggat: tenggat(60), catatan: "x" }, NOW)).toMatchObject({ ok: false, status: 422, field: "tenggat", message: expect.stringContaining("penutupan review") });
    expect(perpanjangTenggat(t.db, actor("sekretaris", ["Sekretaris-LPPM"]), a1, { tenggat: tenggat(10), catatan: "x" }, NOW)).toMatchObject({ ok: false, status: 403 });
    const n = ADM();
    simpanAdministrasi(t.db, rev1(), a1, { items: Array.from({ length: n }, (_, i) => ({ lolos: i > 0, catatan: "" })), hasil: false, catatan: "Tidak lengkap" }, NOW);
    expect(perpanjangTenggat(t.db, operator, a1, { tenggat: tenggat(10), catatan: "x" }, NOW)).toMatchObject({ ok: false, status: 409, message: SUDAH_MENILAI });
    expect(rows().map((r) => r.tenggat)).toEqual(before.map((r) => r.tenggat));
    expect(logs().filter((l) => l.aksi)).toEqual([]);
  });
});

describe("the overdue marks and the escalation", () => {
  it("marks open assignments past their deadline in the reviewer's list and dashboard and the operator's list", () => {
    expect(listPenugasanSaya(t.db, s.users.reviewer1.id, "administrasi", STATE, "belum", NOW).rows[0]).toMatchObject({ id: a1, lewat: false });
    expect(listPenugasanSaya(t.db, s.users.reviewer1.id, "administrasi", STATE, "belum", LATE).rows[0]).toMatchObject({ id: a1, lewat: true });
    expect(reviewerDashboard(t.db, s.users.reviewer1.id, LATE)).toMatchObject({ terlambat: 1, terbuka: [expect.objectContaining({ lewat: true })] });
    expect(listPenugasan(t.db, STATE, "semua", LATE).rows[0]).toMatchObject({ id: s.usulan, lewat: true });
    expect(getPenugasan(t.db, operator, s.usulan, LATE)!.ronde[0]!.reviewer.map((r) => r.lewat)).toEqual([true, true]);
    // Done is never late.
    simpanAdministrasi(t.db, rev1(), a1, lolos(), NOW);
    simpanSubstansi(t.db, rev1(), a1, skor(6), NOW);
    expect(getPenugasan(t.db, operator, s.usulan, LATE)!.ronde[0]!.reviewer.map((r) => r.lewat)).toEqual([false, true]);
  });

  it("tells the operators once per overdue assignment, never before the deadline", () => {
    expect(escalateOverdueReviews(t.db, NOW)).toBe(0);
    const sent = outboxCount();
    expect(escalateOverdueReviews(t.db, LATE)).toBe(2);
    expect(escalateOverdueReviews(t.db, new Date(LATE.getTime() + DAY))).toBe(0);
    const told = outboxAfter(sent);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((m) => m.subject === "Penugasan review lewat tenggat")).toBe(true);
    expect(told.map((m) => m.user_id)).toContain(operator.id);
    expect(told[0]!.body).toContain(s.judul);
    expect(told[0]!.body).toContain("Penugasan Reviewer");
    expect(t.db.select().from(penugasanReviewer).where(gt(penugasanReviewer.eskalasi_at, new Date(0))).all()).toHaveLength(2);
  });
});

describe("a review returned by the Sekretaris", () => {
  it("waits for the operator's assignment, first in their list with its badge, and the operators are told", () => {
    for (const [who, id] of [[rev1(), a1], [rev2(), a2]] as const) {
      expect(simpanAdministrasi(t.db, who, id, lolos(), NOW).ok).toBe(true);
      simpanSubstansi(t.db, who, id, skor(6), NOW);
    }
    expect(statusOf()).toBe("DINILAI");
    // Another proposal approved later: without the redo first, it would lead the list (newest first).
    const other = Number(
      t.db.$client
        .prepare("insert into usulan (id_periode, jenis, id_ketua, status, judul, diajukan_at) values (?, 'penelitian', ?, 'DISETUJUI_FAKULTAS', 'Usulan lain', ?)")
        .run(s.periode, s.users.anggota.id, NOW.getTime() + DAY).lastInsertRowid,
    );
    const sent = outboxCount();
    expect(putuskan(t.db, SEKRETARIS, actor("sekretaris", ["Sekretaris-LPPM"]), s.usulan, "kembalikan", "Nilai reviewer berbeda jauh.", NOW)).toMatchObject({ ok: true });
    const told = outboxAfter(sent);
    expect(told.map((m) => m.user_id)).toContain(operator.id);
    expect(told.map((m) => m.user_id)).not.toContain(s.users.reviewer1.id);
    expect(told[0]!.body).toContain("Dikembalikan ke Review");
    const list = listPenugasan(t.db, STATE, "semua", NOW).rows;
    expect(list.map((r) => [r.id, r.menunggu])).toEqual([
      [s.usulan, MENUNGGU_PENUGASAN_ULANG],
      [other, "Menunggu penugasan"],
    ]);
    expect(getPenugasan(t.db, operator, s.usulan, NOW)).toMatchObject({ bisaDitugaskan: true, menunggu: MENUNGGU_PENUGASAN_ULANG });
  });
});
