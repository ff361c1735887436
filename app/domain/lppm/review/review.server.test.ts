/**
 * The review cycle's domain on a throw-away database: the verifier's decision, the reviewer
 * assignment (conflict rules, one transaction with the move to REVIEW), the evaluations and the
 * system's closing of the round, roundScores and the reminder job.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationOutbox, penilaianItem, penugasanReviewer, statusLog, usulan } from "../../../../db/schema";
import { createTestDb, type TestDb } from "../../../../tests/setup/test-db";
import { seedReviewScenario, SUBSTANSI_PENELITIAN, type ReviewScenario } from "../../../../tests/setup/lppm-review";
import type { Actor } from "~/domain/lppm/workflow.server";
import type { Role } from "~/domain/users/roles";
import { administrasiSchema, substansiSchema } from "~/domain/lppm/review/review.schema";
import { getVerifikasi, listVerifikasi, putuskanFakultas } from "~/domain/lppm/review/verifikasi.server";
import { getPenugasan, listPenugasan, listReviewerPilihan, tugaskanReviewer } from "~/domain/lppm/review/penugasan.server";
import {
  getPenilaian,
  isSelisihBesar,
  kriteriaRubrik,
  listPenugasanSaya,
  roundScores,
  simpanAdministrasi,
  simpanSubstansi,
} from "~/domain/lppm/review/penilaian.server";
import { remindReviewers } from "~/domain/lppm/review/pengingat.server";

const DAY = 24 * 60 * 60 * 1000;
const NOW = new Date();
const STATE = { q: "", page: 1, size: 10 };

let t: TestDb;
let s: ReviewScenario;
let operator: Actor;

const actor = (key: keyof ReviewScenario["users"], roles: Role[]): Actor => ({ id: s.users[key].id, name: s.users[key].name, roles });
const verifA = () => actor("verifikatorA", ["Verifikator-Fakultas"]);
const rev1 = () => actor("reviewer1", ["Reviewer-Internal"]);
const rev2 = () => actor("reviewer2", ["Reviewer-External"]);
const statusOf = (id = s.usulan) => t.db.select({ status: usulan.status }).from(usulan).where(eq(usulan.id, id)).get()?.status;
const assignments = () => t.db.select().from(penugasanReviewer).where(eq(penugasanReviewer.id_usulan, s.usulan)).all();
const tenggat = (days = 7) => new Date(NOW.getTime() + days * DAY);

function administrasi(lolos: boolean[], hasil: boolean, catatan = "") {
  return { items: lolos.map((l) => ({ lolos: l, catatan: "" })), hasil, catatan };
}

function substansi(skor: number[], dana = 30_000_000) {
  return {
    items: skor.map((k) => ({ skor: k, justifikasi: `Alasan skor ${k}` })),
    rekomendasi: "Layak didanai" as const,
    dana_rekomendasi: dana,
    catatan: "",
  };
}

beforeEach(() => {
  t = createTestDb();
  s = seedReviewScenario(t.db, { tag: "uji", now: NOW });
  const op = t.db.$client.prepare("select id, name from users where hak_akses like '%\"Operator\"%' order by id limit 1").get() as { id: number; name: string };
  operator = { id: op.id, name: op.name, roles: ["Operator"] };
});
afterEach(() => t.cleanup());

function approveAndAssign(reviewers = [s.users.reviewer1.id, s.users.reviewer2.id]) {
  expect(putuskanFakultas(t.db, verifA(), s.usulan, "setujui", "", NOW).ok).toBe(true);
  const result = tugaskanReviewer(t.db, operator, s.usulan, { reviewer_1: reviewers[0]!, reviewer_2: reviewers[1]!, tenggat: tenggat() }, NOW);
  expect(result).toEqual({ ok: true, putaran: 1 });
  const rows = assignments();
  return { a1: rows.find((r) => r.id_reviewer === reviewers[0])!.id, a2: rows.find((r) => r.id_reviewer === reviewers[1])!.id };
}

describe("faculty verification", () => {
  it("lists the faculty's submitted proposals only to its verifier", () => {
    expect(listVerifikasi(t.db, s.users.verifikatorA.id, STATE, "DIAJUKAN").rows.map((r) => r.id)).toEqual([s.usulan]);
    expect(listVerifikasi(t.db, s.users.verifikatorB.id, STATE, "DIAJUKAN").rows).toEqual([]);
    expect(listVerifikasi(t.db, s.users.ketua.id, STATE, "semua")).toMatchObject({ rows: [], fakultas: false });
    expect(getVerifikasi(t.db, verifA(), s.usulan)?.keputusan.map((k) => k.key)).toEqual(["setujui", "kembalikan", "tolak"]);
    expect(getVerifikasi(t.db, actor("verifikatorB", ["Verifikator-Fakultas"]), s.usulan)).toBeNull();
  });

  it("approves once: the second decision on the same proposal is refused and changes nothing", () => {
    expect(putuskanFakultas(t.db, verifA(), s.usulan, "setujui", "Lengkap", NOW)).toMatchObject({ ok: true, to: "DISETUJUI_FAKULTAS" });
    const again = putuskanFakultas(t.db, verifA(), s.usulan, "tolak", "Terlambat", NOW);
    expect(again).toMatchObject({ ok: false, status: 409 });
    expect(statusOf()).toBe("DISETUJUI_FAKULTAS");
    expect(t.db.select().from(statusLog).where(eq(statusLog.entity_id, s.usulan)).all().map((l) => l.to_status)).toEqual(["DIAJUKAN", "DISETUJUI_FAKULTAS"]);
  });

  it("refuses a return without a note, and another faculty's verifier with 404", () => {
    expect(putuskanFakultas(t.db, verifA(), s.usulan, "kembalikan", "", NOW)).toMatchObject({ ok: false, status: 422, message: "Catatan wajib diisi." });
    expect(putuskanFakultas(t.db, actor("verifikatorB", ["Verifikator-Fakultas"]), s.usulan, "setujui", "", NOW)).toMatchObject({ ok: false, status: 404 });
    expect(statusOf()).toBe("DIAJUKAN");
    expect(putuskanFakultas(t.db, verifA(), s.usulan, "kembalikan", "Perbaiki RAB", NOW)).toMatchObject({ ok: true, to: "DIKEMBALIKAN" });
  });
});

describe("reviewer assignment", () => {
  beforeEach(() => {
    expect(putuskanFakultas(t.db, verifA(), s.usulan, "setujui", "", NOW).ok).toBe(true);
  });

  const assign = (r1: number, r2: number, when = tenggat()) => tugaskanReviewer(t.db, operator, s.usulan, { reviewer_1: r1, reviewer_2: r2, tenggat: when }, NOW);

  it("refuses a team member, the ketua's prodi (reviewer_lain_prodi), a non-reviewer, the same reviewer twice and a past deadline", () => {
    expect(assign(s.users.anggota.id, s.users.reviewer2.id)).toMatchObject({ ok: false, status: 422, field: "reviewer_1", message: expect.stringContaining("termasuk tim") });
    expect(assign(s.users.reviewer1.id, s.users.reviewerSeprodi.id)).toMatchObject({ ok: false, field: "reviewer_2", message: expect.stringContaining("program studi") });
    expect(assign(s.users.reviewer1.id, s.users.sekretaris.id)).toMatchObject({ ok: false, field: "reviewer_2" });
    expect(assign(s.users.reviewer1.id, s.users.reviewer1.id)).toMatchObject({ ok: false, field: "reviewer_2" });
    expect(assign(s.users.reviewer1.id, s.users.reviewer2.id, new Date(NOW.getTime() - 1000))).toMatchObject({ ok: false, field: "tenggat" });
    expect(assign(s.users.reviewer1.id, s.users.reviewer2.id, new Date(NOW.getTime() + 60 * DAY))).toMatchObject({ ok: false, field: "tenggat", message: expect.stringContaining("penutupan review") });
    expect(assignments()).toEqual([]);
    expect(statusOf()).toBe("DISETUJUI_FAKULTAS");
  });

  it("writes both rows and moves to REVIEW in one step, telling the reviewers and the ketua", () => {
    const before = t.db.select().from(notificationOutbox).all().length;
    expect(assign(s.users.reviewer1.id, s.users.reviewer2.id)).toEqual({ ok: true, putaran: 1 });
    expect(statusOf()).toBe("REVIEW");
    expect(assignments().map((a) => [a.id_reviewer, a.putaran])).toEqual([
      [s.users.reviewer1.id, 1],
      [s.users.reviewer2.id, 1],
    ]);
    expect(t.db.select({ p: usulan.putaran_review }).from(usulan).where(eq(usulan.id, s.usulan)).get()?.p).toBe(1);
    const sent = t.db.select().from(notificationOutbox).all().slice(before).map((m) => m.user_id);
    expect(sent).toEqual(expect.arrayContaining([s.users.reviewer1.id, s.users.reviewer2.id, s.users.ketua.id]));
    // A second assignment is refused: the proposal is no longer waiting for reviewers.
    expect(assign(s.users.reviewer1.id, s.users.reviewer2.id)).toMatchObject({ ok: false, status: 409 });
    expect(assignments()).toHaveLength(2);
    expect(getPenugasan(t.db, operator, s.usulan)).toMatchObject({ bisaDitugaskan: false, ronde: [{ putaran: 1 }] });
    expect(listPenugasan(t.db, STATE, "REVIEW").rows[0]).toMatchObject({ id: s.usulan, reviewer: `${s.users.reviewer1.name}, ${s.users.reviewer2.name}` });
  });

  it("lets a non-operator nothing, and the candidates are the active reviewers", () => {
    expect(tugaskanReviewer(t.db, rev1(), s.usulan, { reviewer_1: s.users.reviewer1.id, reviewer_2: s.users.reviewer2.id, tenggat: tenggat() }, NOW)).toMatchObject({ ok: false, status: 403 });
    const ids = listReviewerPilihan(t.db).map((r) => r.id);
    expect(ids).toEqual(expect.arrayContaining([s.users.reviewer1.id, s.users.reviewer2.id, s.users.anggota.id]));
    expect(ids).not.toContain(s.users.sekretaris.id);
  });

  it("assigns a redo for DIKEMBALIKAN_KE_REVIEW in the bumped round without a status change", () => {
    assign(s.users.reviewer1.id, s.users.reviewer2.id);
    // What the secretary's return does: the next round, the status back to review.
    t.db.update(usulan).set({ status: "DIKEMBALIKAN_KE_REVIEW", putaran_review: 2 }).where(eq(usulan.id, s.usulan)).run();
    expect(getPenugasan(t.db, operator, s.usulan)).toMatchObject({ bisaDitugaskan: true, usulanReviewer: [s.users.reviewer1.id, s.users.reviewer2.id] });
    expect(assign(s.users.reviewer1.id, s.users.reviewer2.id)).toEqual({ ok: true, putaran: 2 });
    expect(statusOf()).toBe("DIKEMBALIKAN_KE_REVIEW");
    expect(assignments().filter((a) => a.putaran === 2)).toHaveLength(2);
    expect(assign(s.users.reviewer1.id, s.users.reviewer2.id)).toMatchObject({ ok: false, status: 409 });
  });
});

describe("evaluations and the round's end", () => {
  it("scores Σ bobot × skor, keeps a saved evaluation final, and DINILAI comes with the last save", () => {
    const { a1, a2 } = approveAndAssign();
    const admin = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    const pass = administrasi(Array(admin).fill(true), true);
    expect(simpanAdministrasi(t.db, rev1(), a1, pass, NOW)).toEqual({ ok: true, usulanStatus: "REVIEW" });
    expect(simpanAdministrasi(t.db, rev1(), a1, pass, NOW)).toMatchObject({ ok: false, status: 409 });
    // Another reviewer's assignment does not exist for them.
    expect(simpanAdministrasi(t.db, rev1(), a2, pass, NOW)).toMatchObject({ ok: false, status: 404 });
    expect(simpanAdministrasi(t.db, rev2(), a2, pass, NOW).ok).toBe(true);

    const skor1 = SUBSTANSI_PENELITIAN.map(() => 7);
    expect(simpanSubstansi(t.db, rev1(), a1, substansi(skor1), NOW)).toEqual({ ok: true, usulanStatus: "REVIEW" });
    expect(t.db.select().from(penugasanReviewer).where(eq(penugasanReviewer.id, a1)).get()?.total_nilai).toBe(700);
    const items = t.db.select().from(penilaianItem).where(and(eq(penilaianItem.id_penugasan, a1), eq(penilaianItem.tahap, "substansi"))).all();
    expect(items.map((i) => i.nilai)).toEqual(SUBSTANSI_PENELITIAN.map(([, bobot]) => bobot * 7));

    const skor2 = SUBSTANSI_PENELITIAN.map(() => 3);
    expect(simpanSubstansi(t.db, rev2(), a2, substansi(skor2), NOW)).toEqual({ ok: true, usulanStatus: "DINILAI" });
    const row = t.db.select().from(usulan).where(eq(usulan.id, s.usulan)).get()!;
    expect(row.status).toBe("DINILAI");
    expect(row.nilai_rata).toBe(500);
    const last = t.db.select().from(statusLog).where(eq(statusLog.entity_id, s.usulan)).all().at(-1)!;
    expect(last).toMatchObject({ from_status: "REVIEW", to_status: "DINILAI", actor_id: null, actor_name: "Sistem" });
    // 700 vs 300: more than 20 % of 700 apart.
    expect(roundScores(t.db, s.usulan, 1)).toMatchObject({ putaran: 1, rata: 500, selisihBesar: true, reviewers: [{ total_nilai: 700 }, { total_nilai: 300 }] });
  });

  it("any administrative 'Tidak lolos' ends the round as TIDAK_LOLOS once both have their result", () => {
    const { a1, a2 } = approveAndAssign();
    const n = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    expect(simpanAdministrasi(t.db, rev1(), a1, administrasi([false, ...Array(n - 1).fill(true)], false, "Dokumen tidak lengkap"), NOW)).toEqual({ ok: true, usulanStatus: "REVIEW" });
    // A failed administrasi has no substantive step.
    expect(simpanSubstansi(t.db, rev1(), a1, substansi(SUBSTANSI_PENELITIAN.map(() => 5)), NOW)).toMatchObject({ ok: false, status: 409 });
    expect(getPenilaian(t.db, rev1(), a1, "substansi", NOW)).toBeNull();
    expect(simpanAdministrasi(t.db, rev2(), a2, administrasi(Array(n).fill(true), true), NOW).ok).toBe(true);
    expect(simpanSubstansi(t.db, rev2(), a2, substansi(SUBSTANSI_PENELITIAN.map(() => 6)), NOW)).toEqual({ ok: true, usulanStatus: "TIDAK_LOLOS" });
    expect(t.db.select().from(usulan).where(eq(usulan.id, s.usulan)).get()).toMatchObject({ status: "TIDAK_LOLOS", nilai_rata: null });
  });

  it("refuses past the deadline and a budget over the proposal's", () => {
    const { a1 } = approveAndAssign();
    const n = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    const late = new Date(tenggat().getTime() + 1000);
    expect(simpanAdministrasi(t.db, rev1(), a1, administrasi(Array(n).fill(true), true), late)).toMatchObject({ ok: false, status: 409, message: expect.stringContaining("Batas waktu penilaian telah lewat") });
    expect(getPenilaian(t.db, rev1(), a1, "administrasi", late)?.tertutup).toContain("Batas waktu");
    expect(simpanAdministrasi(t.db, rev1(), a1, administrasi(Array(n).fill(true), true), NOW).ok).toBe(true);
    expect(simpanSubstansi(t.db, rev1(), a1, substansi(SUBSTANSI_PENELITIAN.map(() => 5), 90_000_000), NOW)).toMatchObject({ ok: false, status: 422, field: "dana_rekomendasi" });
    expect(t.db.select().from(penilaianItem).where(eq(penilaianItem.tahap, "substansi")).all()).toEqual([]);
  });

  it("hides the team from a blinded reviewer in both steps; the administrative one shows its composition without names", () => {
    t.db.$client.prepare("update skema set review_buta = 1 where id = ?").run(s.skema);
    const { a1 } = approveAndAssign();
    const check = getPenilaian(t.db, rev1(), a1, "administrasi", NOW)!;
    expect(check.usulan.tim).toBeNull();
    expect(check.usulan.timAnonim).toMatchObject({ ketua: { profilLengkap: true }, mahasiswa: expect.any(Number) });
    expect(JSON.stringify(check.usulan)).not.toContain(s.users.ketua.name);
    const n = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    simpanAdministrasi(t.db, rev1(), a1, administrasi(Array(n).fill(true), true), NOW);
    const view = getPenilaian(t.db, rev1(), a1, "substansi", NOW)!;
    expect(view.usulan.blind).toBe(true);
    expect(view.usulan.tim).toBeNull();
    expect(JSON.stringify(view.usulan)).not.toContain(s.users.ketua.name);
  });

  it("lists only the reviewer's own open assignments", () => {
    const { a1 } = approveAndAssign();
    expect(listPenugasanSaya(t.db, s.users.reviewer1.id, "administrasi", STATE, "belum").rows.map((r) => r.id)).toEqual([a1]);
    expect(listPenugasanSaya(t.db, s.users.reviewer1.id, "substansi", STATE, "belum").rows).toEqual([]);
    expect(listPenugasanSaya(t.db, s.users.reviewerSeprodi.id, "administrasi", STATE, "semua").rows).toEqual([]);
  });
});

describe("schemas", () => {
  it("checks the checklist's consistency and every score", () => {
    const admin = administrasiSchema(2);
    expect(admin.safeParse({ items: [{ lolos: "lolos" }, { lolos: "tidak" }], hasil: "lolos" }).success).toBe(false);
    expect(admin.safeParse({ items: [{ lolos: "lolos" }, { lolos: "tidak" }], hasil: "tidak" }).success).toBe(false);
    expect(admin.safeParse({ items: [{ lolos: "lolos" }, { lolos: "tidak" }], hasil: "tidak", catatan: "Kurang" }).success).toBe(true);
    const sub = substansiSchema(1);
    expect(sub.safeParse({ items: [{ skor: "4", justifikasi: "x" }], rekomendasi: "Layak didanai", dana_rekomendasi: "1" }).success).toBe(false);
    expect(sub.safeParse({ items: [{ skor: "7", justifikasi: "" }], rekomendasi: "Layak didanai", dana_rekomendasi: "1" }).success).toBe(false);
    expect(sub.safeParse({ items: [{ skor: "7", justifikasi: "Bagus" }], rekomendasi: "Layak didanai", dana_rekomendasi: "15.000.000" }).data?.dana_rekomendasi).toBe(15_000_000);
  });

  it("flags totals more than 140 apart", () => {
    expect(isSelisihBesar([700, 560])).toBe(false);
    expect(isSelisihBesar([700, 559])).toBe(true);
    expect(isSelisihBesar([700, null])).toBe(false);
  });
});

describe("reminders", () => {
  it("reminds each open assignment due within 3 days once, with a fake clock", () => {
    const { a1, a2 } = approveAndAssign();
    // Day 1 after the assignment: the deadline (7 days) is still far.
    expect(remindReviewers(t.db, new Date(NOW.getTime() + DAY))).toBe(0);
    const day5 = new Date(NOW.getTime() + 5 * DAY);
    const before = t.db.select().from(notificationOutbox).all().length;
    expect(remindReviewers(t.db, day5)).toBe(2);
    expect(remindReviewers(t.db, day5)).toBe(0);
    expect(remindReviewers(t.db, new Date(day5.getTime() + DAY))).toBe(0);
    const sent = t.db.select().from(notificationOutbox).all().slice(before);
    expect(sent.map((m) => m.subject)).toEqual(["Pengingat tenggat review", "Pengingat tenggat review"]);
    expect(t.db.select().from(penugasanReviewer).all().filter((a) => [a1, a2].includes(a.id)).every((a) => a.pengingat_at?.getTime() === day5.getTime())).toBe(true);
  });

  it("skips finished, failed and past-deadline assignments", () => {
    const { a1, a2 } = approveAndAssign();
    const n = kriteriaRubrik(t.db, "penelitian", "administrasi").length;
    simpanAdministrasi(t.db, rev1(), a1, administrasi([false, ...Array(n - 1).fill(true)], false, "Tidak lengkap"), NOW);
    expect(remindReviewers(t.db, new Date(NOW.getTime() + 8 * DAY))).toBe(0);
    expect(remindReviewers(t.db, new Date(NOW.getTime() + 5 * DAY))).toBe(1);
    expect(t.db.select().from(penugasanReviewer).where(eq(penugasanReviewer.id, a2)).get()?.pengingat_at).not.toBeNull();
  });
});
