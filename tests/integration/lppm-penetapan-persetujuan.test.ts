/**
 * The secretary's verification and the head's approval (DINILAI → DIREKOMENDASIKAN):
 * lists and details per role, the 'Selisih nilai reviewer > 20%' flag, each decision through
 * the workflow (status_log, putaran + 1 on a return to review, earlier rounds kept), refusals
 * (no note, unknown decision, wrong status) answered in Indonesian with nothing changed, and
 * every other role, anonymous, answered by the area guard.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import { SELISIH_LABEL } from "~/domain/lppm/penetapan/penetapan";
import type { PersetujuanDetail, PersetujuanRow } from "~/domain/lppm/penetapan/persetujuan.server";
import { NOTE_REQUIRED } from "~/domain/lppm/workflow.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, penetapanWorld, statusOf, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";
import { routedModule } from "../setup/app-routes";

/** The module serving each URL this test asks (a screen mounted at several URLs). */
const persetujuan = routedModule;

const SEK = "/sekretarislppm/persetujuan-usulan/usulan-reguler";
const KEP = "/kepalalppm/persetujuan-usulan/usulan-reguler";

let t: TestDb;
let w: PenetapanWorld;
beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
});
afterEach(() => t.cleanup());

type ListData = { list: { rows: PersetujuanRow[]; total: number }; lihat: PersetujuanDetail | null };

function others(except: keyof PenetapanWorld["people"]): Person[] {
  return Object.entries(w.people)
    .filter(([key]) => key !== except)
    .map(([, p]) => p);
}

function logOf(id: number) {
  return t.db.select().from(schema.statusLog).where(and(eq(schema.statusLog.entity, "usulan"), eq(schema.statusLog.entity_id, id))).all();
}

describe("Sekretaris: Persetujuan Usulan Reguler", () => {
  it("lists DINILAI proposals with the >20% flag; the status filter shows the others", async () => {
    const dekat = addScoredUsulan(t.db, w, { judul: "Nilai berdekatan", skor: [6, 5] }); // 600 vs 500: 100 ≤ 140
    const jauh = addScoredUsulan(t.db, w, { judul: "Nilai berjauhan", skor: [7, 5] }); // 700 vs 500: 200 > 140
    addScoredUsulan(t.db, w, { judul: "Sudah diverifikasi", status: "DIVERIFIKASI" });
    const res = await areaRequest(persetujuan, SEK, w.people.sekretaris);
    expect(res.status).toBe(200);
    const { list } = res.data as ListData;
    expect(list.rows.map((r) => r.judul).sort()).toEqual(["Nilai berdekatan", "Nilai berjauhan"]);
    expect(list.rows.find((r) => r.id === jauh)).toMatchObject({ selisih: 200, selisihBesar: true });
    expect(list.rows.find((r) => r.id === dekat)).toMatchObject({ selisih: 100, selisihBesar: false });
    const verified = (await areaRequest(persetujuan, `${SEK}?status=DIVERIFIKASI`, w.people.sekretaris)).data as ListData;
    expect(verified.list.rows.map((r) => r.judul)).toEqual(["Sudah diverifikasi"]);
    const all = (await areaRequest(persetujuan, `${SEK}?status=semua`, w.people.sekretaris)).data as ListData;
    expect(all.list.total).toBe(3);
    const searched = (await areaRequest(persetujuan, `${SEK}?q=berjauhan`, w.people.sekretaris)).data as ListData;
    expect(searched.list.rows.map((r) => r.id)).toEqual([jauh]);
  });

  it("?lihat=ID shows each reviewer's total, items with justifications, recommendation and budget", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Detail", skor: [7, 5], rekomendasi: [18_000_000, 20_000_000] });
    const res = await areaRequest(persetujuan, `${SEK}?lihat=${id}`, w.people.sekretaris);
    const { lihat } = res.data as ListData;
    expect(lihat?.selisihBesar).toBe(true);
    expect(SELISIH_LABEL).toBe("Selisih nilai reviewer > 20%");
    const [round] = lihat!.penilaian!.rounds;
    expect(round!.reviews.map((r) => [r.reviewer, r.total_nilai, r.dana_rekomendasi, r.rekomendasi])).toEqual([
      ["Prof. Reviewer Satu", 700, 18_000_000, "Layak didanai"],
      ["Dr. Reviewer Dua", 500, 20_000_000, "Layak didanai"],
    ]);
    expect(round!.reviews[0]!.items).toHaveLength(6);
    expect(round!.reviews[0]!.items[1]).toMatchObject({ kriteria: "Latar belakang & rumusan masalah", bobot: 25, skor: 7, nilai: 175 });
    expect(round!.reviews[0]!.items[1]!.justifikasi).toContain("Alasan");
  });

  it("an unknown or out-of-screen ?lihat= goes back to the list with 'Gagal menampilkan data'", async () => {
    const other = addScoredUsulan(t.db, w, { judul: "Direkomendasikan", status: "DIREKOMENDASIKAN" });
    for (const id of [999_999, other]) {
      const res = await areaRequest(persetujuan, `${SEK}?lihat=${id}`, w.people.sekretaris);
      expect(res.status).toBe(302);
      expect(res.location).toBe(SEK);
      expect((await flashOf(res))?.message).toBe("Gagal menampilkan data");
    }
  });

  it("'Setujui' → DIVERIFIKASI, logged, with the toast", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Setujui" });
    const res = await areaRequest(persetujuan, `${SEK}?lihat=${id}`, w.people.sekretaris, { form: { intent: "setujui", id: String(id), catatan: "" } });
    expect(res.status).toBe(302);
    expect(res.location).toBe(SEK);
    expect((await flashOf(res))?.message).toBe("Data berhasil disimpan");
    expect(statusOf(t.db, id).status).toBe("DIVERIFIKASI");
    expect(logOf(id).map((l) => [l.from_status, l.to_status, l.actor_name])).toEqual([["DINILAI", "DIVERIFIKASI", "Sekretaris LPPM"]]);
  });

  it("'Kembalikan' needs a note; with one it opens round 2 and keeps round 1's scores", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Kembalikan" });
    const refused = await areaRequest(persetujuan, SEK, w.people.sekretaris, { form: { intent: "kembalikan", id: String(id), catatan: "  " } });
    expect(refused.status).toBe(422);
    expect(refused.data).toMatchObject({ message: NOTE_REQUIRED });
    expect(statusOf(t.db, id)).toMatchObject({ status: "DINILAI", putaran_review: 1 });
    expect(logOf(id)).toHaveLength(0);

    const res = await areaRequest(persetujuan, SEK, w.people.sekretaris, { form: { intent: "kembalikan", id: String(id), catatan: "Nilai reviewer terlalu berbeda" } });
    expect(res.status).toBe(302);
    expect(statusOf(t.db, id)).toMatchObject({ status: "DIKEMBALIKAN_KE_REVIEW", putaran_review: 2 });
    expect(t.db.select().from(schema.penugasanReviewer).where(eq(schema.penugasanReviewer.id_usulan, id)).all()).toHaveLength(2);
    expect(logOf(id)[0]!.note).toBe("Nilai reviewer terlalu berbeda");
    // The returned proposal is listed under its own status, with round 1 as history.
    const detail = (await areaRequest(persetujuan, `${SEK}?status=DIKEMBALIKAN_KE_REVIEW&lihat=${id}`, w.people.sekretaris)).data as ListData;
    expect(detail.lihat?.penilaian?.rounds.map((r) => r.putaran)).toEqual([1]);
    expect(detail.lihat?.penilaian?.current).toBe(2);
  });

  it("refuses the head's decisions, unknown intents, bad ids, long notes and a second decision", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Tolak?" });
    const cases: [Record<string, string>, number, string][] = [
      [{ intent: "tolak", id: String(id), catatan: "x" }, 400, "Permintaan tidak dikenal."],
      [{ intent: "hapus", id: String(id) }, 400, "Permintaan tidak dikenal."],
      [{ intent: "setujui", id: "abc" }, 400, "Usulan tidak valid."],
      [{ intent: "setujui", id: String(id), catatan: "x".repeat(2001) }, 400, "Catatan maksimal 2000 karakter."],
      [{ intent: "setujui", id: "999999" }, 404, "Data tidak ditemukan"],
    ];
    for (const [form, status, message] of cases) {
      const res = await areaRequest(persetujuan, SEK, w.people.sekretaris, { form });
      expect(res.status, JSON.stringify(form)).toBe(status);
      expect(res.data).toMatchObject({ message });
    }
    expect(statusOf(t.db, id).status).toBe("DINILAI");
    // Two secretaries at once: one wins, the other hears the status changed.
    const [a, b] = await Promise.all([
      areaRequest(persetujuan, SEK, w.people.sekretaris, { form: { intent: "setujui", id: String(id) } }),
      areaRequest(persetujuan, SEK, w.people.sekretaris, { form: { intent: "kembalikan", id: String(id), catatan: "ulang" } }),
    ]);
    expect([a.status, b.status].sort()).toEqual([302, 409]);
    expect(logOf(id)).toHaveLength(1);
  });

  it("every other role gets 404, anonymous goes to /login; nothing changes", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Terkunci" });
    for (const who of others("sekretaris")) {
      expect((await areaRequest(persetujuan, SEK, who)).status, who.name).toBe(404);
      expect((await areaRequest(persetujuan, SEK, who, { form: { intent: "setujui", id: String(id) } })).status, who.name).toBe(404);
    }
    const anon = await areaRequest(persetujuan, SEK, null);
    expect(anon.status).toBe(302);
    expect(anon.location).toMatch(/^\/login\?redirectTo=/);
    expect((await areaRequest(persetujuan, SEK, null, { form: { intent: "setujui", id: String(id) } })).location).toMatch(/^\/login/);
    expect(statusOf(t.db, id).status).toBe("DINILAI");
  });
});

describe("Kepala: Persetujuan Usulan Reguler", () => {
  it("lists DIVERIFIKASI; 'Setujui' → DIREKOMENDASIKAN; 'Tolak' needs a note → DITOLAK", async () => {
    const a = addScoredUsulan(t.db, w, { judul: "Untuk disetujui", status: "DIVERIFIKASI" });
    const b = addScoredUsulan(t.db, w, { judul: "Untuk ditolak", status: "DIVERIFIKASI" });
    addScoredUsulan(t.db, w, { judul: "Masih dinilai" });
    const list = (await areaRequest(persetujuan, KEP, w.people.kepala)).data as ListData;
    expect(list.list.rows.map((r) => r.judul).sort()).toEqual(["Untuk disetujui", "Untuk ditolak"]);

    expect((await areaRequest(persetujuan, KEP, w.people.kepala, { form: { intent: "setujui", id: String(a) } })).status).toBe(302);
    expect(statusOf(t.db, a).status).toBe("DIREKOMENDASIKAN");

    const noNote = await areaRequest(persetujuan, KEP, w.people.kepala, { form: { intent: "tolak", id: String(b) } });
    expect(noNote.status).toBe(422);
    expect(noNote.data).toMatchObject({ message: NOTE_REQUIRED });
    expect(statusOf(t.db, b).status).toBe("DIVERIFIKASI");
    expect((await areaRequest(persetujuan, KEP, w.people.kepala, { form: { intent: "tolak", id: String(b), catatan: "Tidak sesuai roadmap" } })).status).toBe(302);
    expect(statusOf(t.db, b).status).toBe("DITOLAK");
  });

  it("the head cannot return to review, nor decide a proposal the secretary has not verified", async () => {
    const dinilai = addScoredUsulan(t.db, w, { judul: "Belum diverifikasi" });
    const back = await areaRequest(persetujuan, KEP, w.people.kepala, { form: { intent: "kembalikan", id: String(dinilai), catatan: "x" } });
    expect(back.status).toBe(400);
    const early = await areaRequest(persetujuan, KEP, w.people.kepala, { form: { intent: "setujui", id: String(dinilai) } });
    expect(early.status).toBe(409);
    expect((early.data as { message: string }).message).toBe("Usulan berstatus Dinilai tidak dapat diubah menjadi Direkomendasikan.");
    expect(statusOf(t.db, dinilai).status).toBe("DINILAI");
  });

  it("every other role gets 404 and anonymous /login", async () => {
    const id = addScoredUsulan(t.db, w, { judul: "Kepala saja", status: "DIVERIFIKASI" });
    for (const who of others("kepala")) {
      expect((await areaRequest(persetujuan, KEP, who)).status, who.name).toBe(404);
      expect((await areaRequest(persetujuan, KEP, who, { form: { intent: "setujui", id: String(id) } })).status, who.name).toBe(404);
    }
    expect((await areaRequest(persetujuan, KEP, null)).location).toMatch(/^\/login/);
    expect(statusOf(t.db, id).status).toBe("DIVERIFIKASI");
  });
});
