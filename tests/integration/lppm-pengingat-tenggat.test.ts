/**
 * The deadlines beyond the reviews' (LPPM.md "Every screen", Reminders) on a throw-away database
 * with a fixed clock: the monev reviewer, the incentive reviewer and the ketua of a funded
 * proposal whose revision is due each get one reminder 3 days before their deadline; once a
 * deadline (or a report's window) passes with the work not done, every active Operator gets one
 * message listing what passed, pointing to the screen where they act. Running a job again sends
 * nothing again; extending the deadline (the operator's 'Perpanjang tenggat', another reviewer,
 * or the periode's window moved later) lets the reminder and the notice come again.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { Actor } from "~/domain/lppm/workflow.server";
import { aktifBerperan } from "~/domain/users/users.server";
import { escalateOverdueMonev, remindMonev } from "~/domain/lppm/monev/pengingat.server";
import { escalateOverdueKlaim, remindKlaim } from "~/domain/lppm/insentif/pengingat.server";
import { escalateOverduePerbaikan, remindPerbaikan } from "~/domain/lppm/perbaikan/pengingat.server";
import { escalateOverdueLaporan, remindLaporan } from "~/domain/lppm/laporan/pengingat.server";
import { tandaiEskalasi, tandaiPengingat } from "~/domain/lppm/pengingat.server";
import { perpanjangTenggatMonev, tugaskanMonev } from "~/domain/lppm/monev/monev.server";
import { perpanjangTenggatKlaim, tugaskanReviewerKlaim } from "~/domain/lppm/insentif/transition.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { fakeWhatsApp, type FakeWhatsApp } from "../setup/whatsapp";
import { addScoredUsulan, DAY, insentifWorld, penetapanWorld, person, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";

/** 24 November 2026, 10.00 WIB: a fixed clock, so the messages' dates are known. */
const NOW = new Date("2026-11-24T03:00:00Z");
const HOUR = 60 * 60 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let t: TestDb;
let w: PenetapanWorld;
let operatorLain: Person;
/** The incentives' tariff and call, made by the first claim of a test. */
let klaimWorld: { jenisId: number; periodeId: number } | undefined;

const operator = (): Actor => ({ id: w.people.operator.id, name: w.people.operator.name, roles: ["Operator"] });

/** The inbox rows of `subject`, oldest first. */
function inbox(subject: string) {
  return t.db
    .select({ user_id: schema.notificationOutbox.user_id, body: schema.notificationOutbox.body, link: schema.notificationOutbox.link })
    .from(schema.notificationOutbox)
    .where(and(eq(schema.notificationOutbox.subject, subject), eq(schema.notificationOutbox.channel, "inbox")))
    .orderBy(asc(schema.notificationOutbox.id))
    .all();
}

/** Every active Operator (the seeded one, the LPPM's and another), by id. */
function operatorIds(): number[] {
  return t.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(aktifBerperan("Operator"))
    .orderBy(asc(schema.users.id))
    .all()
    .map((u) => u.id);
}

/** What every active Operator got under `subject`: one inbox message each, the same body and link. */
function toOperators(subject: string, body: string, link: string) {
  return operatorIds().map((id) => ({ user_id: id, body, link }));
}

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  klaimWorld = undefined;
  operatorLain = await person(t.db, "Operator Kedua", ["Operator"]);
  // An operator who left is told nothing.
  const keluar = await person(t.db, "Operator Nonaktif", ["Operator"]);
  t.db.update(schema.users).set({ status_aktif: "Tidak-Aktif" }).where(eq(schema.users.id, keluar.id)).run();
  // By default nothing of the periode is due: its windows opened 10 days ago and close in 20.
  t.db
    .update(schema.periode)
    .set({
      perbaikan_buka: at(-10),
      perbaikan_tutup: at(20),
      laporan_kemajuan_buka: at(-10),
      laporan_kemajuan_tutup: at(20),
      laporan_akhir_buka: at(-10),
      laporan_akhir_tutup: at(20),
    })
    .where(eq(schema.periode.id, w.periodeId))
    .run();
});
afterEach(() => t.cleanup());

// ---- Monev ---------------------------------------------------------------------------------------

/** A running project (progress report accepted) whose monev, by `reviewer`, is due `days` from NOW. */
function monevDue(judul: string, days: number, over: { status?: "DITUGASKAN" | "DINILAI"; reviewer?: Person } = {}) {
  const usulanId = addScoredUsulan(t.db, w, { judul, status: "BERJALAN", dana_disetujui: 15_000_000 });
  t.db.insert(schema.laporan).values({ id_usulan: usulanId, jenis: "kemajuan", status: "DITERIMA", capaian: 50, realisasi: 0, ringkasan: "Laporan kemajuan." }).run();
  const monevId = t.db
    .insert(schema.monev)
    .values({ id_usulan: usulanId, id_reviewer: (over.reviewer ?? w.people.reviewer1).id, status: over.status ?? "DITUGASKAN", tenggat: at(days) })
    .returning()
    .get().id;
  return { usulanId, monevId };
}

describe("monev deadlines", () => {
  it("a monev due within 3 days: one reminder to its reviewer, linking to the monev; again and later: still one", () => {
    const { usulanId } = monevDue("Proyek Mebel Jepara", 2);
    expect(remindMonev(t.db, NOW)).toBe(1);
    expect(remindMonev(t.db, NOW)).toBe(0);
    expect(remindMonev(t.db, at(1))).toBe(0);
    expect(inbox("Pengingat tenggat monev")).toEqual([
      {
        user_id: w.people.reviewer1.id,
        body: `Pengingat — penilaian monev kegiatan "Proyek Mebel Jepara" berakhir pada 26 November 2026 pukul 10.00 WIB.`,
        link: `/reviewer/evaluasi-monev?lihat=${usulanId}`,
      },
    ]);
  });

  it("not due yet, already scored, or already past: no reminder", () => {
    monevDue("Masih Lama", 4);
    monevDue("Sudah Dinilai", 2, { status: "DINILAI" });
    monevDue("Sudah Lewat", -1);
    expect(remindMonev(t.db, NOW)).toBe(0);
    expect(inbox("Pengingat tenggat monev")).toEqual([]);
    // The one due in 4 days is reminded a day later.
    expect(remindMonev(t.db, at(1))).toBe(1);
    expect(inbox("Pengingat tenggat monev").map((m) => m.body)).toEqual([`Pengingat — penilaian monev kegiatan "Masih Lama" berakhir pada 28 November 2026 pukul 10.00 WIB.`]);
  });

  it("a deadline passed unscored: every active operator gets one message listing them, once; never before the deadline", () => {
    monevDue("Monev A", -2);
    monevDue("Monev B", -1 / 24, { reviewer: w.people.reviewer2 });
    monevDue("Monev Dinilai", -3, { status: "DINILAI" });
    monevDue("Monev Belum Lewat", 1);
    expect(escalateOverdueMonev(t.db, NOW)).toBe(2);
    expect(escalateOverdueMonev(t.db, NOW)).toBe(0);
    expect(escalateOverdueMonev(t.db, new Date(at(1).getTime() - HOUR))).toBe(0);
    const body = [
      "2 penilaian monev lewat tenggat:",
      `- "Monev A" — Prof. Reviewer Satu, tenggat 22 November 2026 pukul 10.00 WIB`,
      `- "Monev B" — Dr. Reviewer Dua, tenggat 24 November 2026 pukul 09.00 WIB`,
      "",
      "Tugaskan reviewer lain atau perpanjang tenggat di LPPM → Monev Internal PT.",
    ].join("\n");
    expect(operatorIds()).toEqual(expect.arrayContaining([w.people.operator.id, operatorLain.id]));
    expect(inbox("Penilaian monev lewat tenggat")).toEqual(toOperators("Penilaian monev lewat tenggat", body, "/operator/lppm/monev-internal?status=DITUGASKAN"));
    // The one still open passes a day later: a message of its own.
    expect(escalateOverdueMonev(t.db, at(1))).toBe(1);
    expect(inbox("Penilaian monev lewat tenggat")).toHaveLength(2 * operatorIds().length);
  });

  it("'Perpanjang tenggat' lets the reminder and the operators' notice come again", () => {
    const { usulanId, monevId } = monevDue("Proyek Diperpanjang", 2);
    expect(remindMonev(t.db, NOW)).toBe(1);
    expect(escalateOverdueMonev(t.db, at(3))).toBe(1);
    const later = at(3);
    expect(perpanjangTenggatMonev(t.db, operator(), usulanId, { tenggat: at(10), catatan: "Jadwal kunjungan mundur." }, later)).toEqual({ ok: true });
    expect(t.db.select().from(schema.monev).where(eq(schema.monev.id, monevId)).get()).toMatchObject({ pengingat_at: null, eskalasi_at: null });
    expect(remindMonev(t.db, at(7))).toBe(1);
    expect(escalateOverdueMonev(t.db, at(11))).toBe(1);
    expect(inbox("Pengingat tenggat monev").map((m) => m.body)).toEqual([
      `Pengingat — penilaian monev kegiatan "Proyek Diperpanjang" berakhir pada 26 November 2026 pukul 10.00 WIB.`,
      `Pengingat — penilaian monev kegiatan "Proyek Diperpanjang" berakhir pada 4 Desember 2026 pukul 10.00 WIB.`,
    ]);
    expect(inbox("Penilaian monev lewat tenggat")).toHaveLength(2 * operatorIds().length);
  });

  it("another reviewer assigned: the new reviewer gets the reminder", () => {
    const { usulanId } = monevDue("Proyek Ganti Reviewer", 2);
    expect(remindMonev(t.db, NOW)).toBe(1);
    expect(tugaskanMonev(t.db, operator(), usulanId, { reviewer: w.people.reviewer2.id, tenggat: at(2) }, NOW)).toEqual({ ok: true });
    expect(remindMonev(t.db, NOW)).toBe(1);
    expect(inbox("Pengingat tenggat monev").map((m) => m.user_id)).toEqual([w.people.reviewer1.id, w.people.reviewer2.id]);
  });
});

// ---- Incentive claims ----------------------------------------------------------------------------

/** A claim in `status`, with `reviewer` (null: none yet) and its evaluation due `days` from NOW. */
function klaim(judul: string, days: number | null, over: { status?: string; reviewer?: Person | null } = {}): number {
  klaimWorld ??= insentifWorld(t.db);
  const reviewer = over.reviewer === undefined ? w.people.reviewer1 : over.reviewer;
  return t.db
    .insert(schema.insentif)
    .values({
      id_periode: klaimWorld.periodeId,
      id_pengusul: w.people.pengusul.id,
      id_jenis: klaimWorld.jenisId,
      status: over.status ?? "DIAJUKAN",
      judul,
      nama_wadah: "Jurnal Teknik Kayu",
      tahun: 2026,
      peran: "pertama",
      jumlah_penulis: 2,
      id_reviewer: reviewer?.id ?? null,
      tenggat: days === null ? null : at(days),
    })
    .returning()
    .get().id;
}

describe("incentive evaluation deadlines", () => {
  it("a claim due within 3 days: one reminder to its reviewer, linking to the claim; again and later: still one", () => {
    const id = klaim("Sambungan Kayu Tanpa Paku", 3);
    expect(remindKlaim(t.db, NOW)).toBe(1);
    expect(remindKlaim(t.db, NOW)).toBe(0);
    expect(remindKlaim(t.db, at(2))).toBe(0);
    expect(inbox("Pengingat tenggat evaluasi insentif")).toEqual([
      {
        user_id: w.people.reviewer1.id,
        body: `Pengingat — evaluasi klaim insentif "Sambungan Kayu Tanpa Paku" berakhir pada 27 November 2026 pukul 10.00 WIB.`,
        link: `/reviewer/evaluasi-insentif?lihat=${id}`,
      },
    ]);
  });

  it("not due yet, without a reviewer, already evaluated or returned: no reminder and no notice", () => {
    klaim("Masih Lama", 5);
    klaim("Tanpa Reviewer", null, { reviewer: null });
    klaim("Sudah Dievaluasi", 1, { status: "DIEVALUASI" });
    klaim("Dikembalikan", -1, { status: "DIKEMBALIKAN" });
    expect(remindKlaim(t.db, NOW)).toBe(0);
    expect(escalateOverdueKlaim(t.db, NOW)).toBe(0);
    expect(inbox("Pengingat tenggat evaluasi insentif")).toEqual([]);
    expect(inbox("Evaluasi klaim insentif lewat tenggat")).toEqual([]);
  });

  it("an evaluation deadline passed: every active operator gets one message listing the claims, once", () => {
    klaim("Artikel A", -1);
    klaim("Artikel B", -3, { reviewer: w.people.reviewer2 });
    klaim("Artikel Belum Lewat", 1);
    expect(escalateOverdueKlaim(t.db, NOW)).toBe(2);
    expect(escalateOverdueKlaim(t.db, NOW)).toBe(0);
    const body = [
      "2 evaluasi klaim insentif lewat tenggat:",
      `- "Artikel B" — Dr. Reviewer Dua, tenggat 21 November 2026 pukul 10.00 WIB`,
      `- "Artikel A" — Prof. Reviewer Satu, tenggat 23 November 2026 pukul 10.00 WIB`,
      "",
      "Tugaskan reviewer lain atau perpanjang tenggat di LPPM → Klaim Insentif.",
    ].join("\n");
    expect(inbox("Evaluasi klaim insentif lewat tenggat")).toEqual(toOperators("Evaluasi klaim insentif lewat tenggat", body, "/operator/lppm/insentif?status=DIAJUKAN"));
  });

  it("'Perpanjang tenggat' and another reviewer let the reminder and the notice come again", () => {
    const id = klaim("Artikel Diperpanjang", 2);
    expect(remindKlaim(t.db, NOW)).toBe(1);
    expect(escalateOverdueKlaim(t.db, at(3))).toBe(1);
    expect(perpanjangTenggatKlaim(t.db, operator(), id, { tenggat: at(10), catatan: "Reviewer cuti." }, at(3))).toEqual({ ok: true });
    expect(t.db.select().from(schema.insentif).where(eq(schema.insentif.id, id)).get()).toMatchObject({ pengingat_at: null, eskalasi_at: null });
    expect(remindKlaim(t.db, at(8))).toBe(1);
    expect(escalateOverdueKlaim(t.db, at(11))).toBe(1);
    expect(tugaskanReviewerKlaim(t.db, operator(), id, { reviewer: w.people.reviewer2.id, tenggat: at(13) }, at(11))).toEqual({ ok: true });
    expect(remindKlaim(t.db, at(11))).toBe(1);
    expect(inbox("Pengingat tenggat evaluasi insentif").map((m) => [m.user_id, m.body])).toEqual([
      [w.people.reviewer1.id, `Pengingat — evaluasi klaim insentif "Artikel Diperpanjang" berakhir pada 26 November 2026 pukul 10.00 WIB.`],
      [w.people.reviewer1.id, `Pengingat — evaluasi klaim insentif "Artikel Diperpanjang" berakhir pada 4 Desember 2026 pukul 10.00 WIB.`],
      [w.people.reviewer2.id, `Pengingat — evaluasi klaim insentif "Artikel Diperpanjang" berakhir pada 7 Desember 2026 pukul 10.00 WIB.`],
    ]);
    expect(inbox("Evaluasi klaim insentif lewat tenggat")).toHaveLength(2 * operatorIds().length);
  });
});

// ---- Perbaikan -----------------------------------------------------------------------------------

/** Moves the periode's perbaikan window: opened `buka` days from NOW, closing `tutup` days from NOW. */
function perbaikanWindow(buka: number, tutup: number) {
  t.db.update(schema.periode).set({ perbaikan_buka: at(buka), perbaikan_tutup: at(tutup) }).where(eq(schema.periode.id, w.periodeId)).run();
}

describe("perbaikan deadlines", () => {
  it("a funded proposal whose perbaikan window closes within 3 days: one reminder to its ketua, linking to its revision", () => {
    const id = addScoredUsulan(t.db, w, { judul: "Pengering Kayu Jati", status: "DIDANAI", dana_disetujui: 18_000_000 });
    perbaikanWindow(-10, 2);
    expect(remindPerbaikan(t.db, NOW)).toBe(1);
    expect(remindPerbaikan(t.db, NOW)).toBe(0);
    expect(remindPerbaikan(t.db, at(1))).toBe(0);
    expect(inbox("Pengingat perbaikan usulan")).toEqual([
      {
        user_id: w.people.pengusul.id,
        body: `Pengingat — perbaikan usulan "Pengering Kayu Jati" ditutup pada 26 November 2026 pukul 10.00 WIB. Segera unggah usulan perbaikan dan RAB final, lalu ajukan.`,
        link: `/pengusul/penelitian/perbaikan-usulan?lihat=${id}`,
      },
    ]);
  });

  it("a revision already submitted or accepted, a window not open yet or closing later: no reminder", () => {
    addScoredUsulan(t.db, w, { judul: "Sudah Diajukan", status: "PERBAIKAN_DIAJUKAN", dana_disetujui: 18_000_000 });
    addScoredUsulan(t.db, w, { judul: "Sudah Berjalan", status: "BERJALAN", dana_disetujui: 18_000_000 });
    perbaikanWindow(-10, 2);
    expect(remindPerbaikan(t.db, NOW)).toBe(0);
    addScoredUsulan(t.db, w, { judul: "Didanai", status: "DIDANAI", dana_disetujui: 18_000_000 });
    perbaikanWindow(1, 3);
    expect(remindPerbaikan(t.db, NOW)).toBe(0);
    perbaikanWindow(-10, 4);
    expect(remindPerbaikan(t.db, NOW)).toBe(0);
    expect(inbox("Pengingat perbaikan usulan")).toEqual([]);
  });

  it("the window closed with the revision not submitted: every active operator gets one message listing them, once", () => {
    addScoredUsulan(t.db, w, { judul: "Belum Diperbaiki", status: "DIDANAI", dana_disetujui: 18_000_000 });
    addScoredUsulan(t.db, w, { judul: "Perbaikan Lain", status: "DIDANAI", ketua: w.people.pengusulLain, dana_disetujui: 18_000_000 });
    addScoredUsulan(t.db, w, { judul: "Sudah Diajukan", status: "PERBAIKAN_DIAJUKAN", dana_disetujui: 18_000_000 });
    perbaikanWindow(-10, 1);
    expect(escalateOverduePerbaikan(t.db, NOW)).toBe(0);
    expect(escalateOverduePerbaikan(t.db, at(1))).toBe(2);
    expect(escalateOverduePerbaikan(t.db, at(2))).toBe(0);
    const body = [
      "2 usulan didanai belum mengajukan perbaikan hingga jadwalnya ditutup:",
      `- "Belum Diperbaiki" — Dr. Budi Santoso, ditutup 25 November 2026 pukul 10.00 WIB`,
      `- "Perbaikan Lain" — Dr. Sari Dewi, ditutup 25 November 2026 pukul 10.00 WIB`,
      "",
      "Hubungi ketuanya, atau perpanjang jadwal perbaikan usulan di LPPM → Periode; daftarnya di LPPM → Perbaikan Usulan.",
    ].join("\n");
    expect(inbox("Perbaikan usulan lewat tenggat")).toEqual(toOperators("Perbaikan usulan lewat tenggat", body, "/operator/lppm/perbaikan-usulan?status=DIDANAI"));
  });

  it("the window moved later: the reminder and the notice come again for the new closing", () => {
    const id = addScoredUsulan(t.db, w, { judul: "Jadwal Diundur", status: "DIDANAI", dana_disetujui: 18_000_000 });
    perbaikanWindow(-10, 2);
    expect(remindPerbaikan(t.db, NOW)).toBe(1);
    expect(escalateOverduePerbaikan(t.db, at(3))).toBe(1);
    perbaikanWindow(-10, 9);
    expect(remindPerbaikan(t.db, at(3))).toBe(0);
    expect(remindPerbaikan(t.db, at(7))).toBe(1);
    expect(escalateOverduePerbaikan(t.db, at(7))).toBe(0);
    expect(escalateOverduePerbaikan(t.db, at(10))).toBe(1);
    expect(escalateOverduePerbaikan(t.db, at(11))).toBe(0);
    // A second process that read the same rows before the mark landed sends nothing.
    expect(tandaiPengingat(t.db, id, "perbaikan", at(9), at(7))).toBe(false);
    expect(tandaiEskalasi(t.db, id, "perbaikan", at(9), at(10))).toBe(false);
    expect(inbox("Pengingat perbaikan usulan").map((m) => m.body.match(/ditutup pada (.+ WIB)\./)?.[1])).toEqual(["26 November 2026 pukul 10.00 WIB", "3 Desember 2026 pukul 10.00 WIB"]);
    expect(inbox("Perbaikan usulan lewat tenggat")).toHaveLength(2 * operatorIds().length);
  });
});

// ---- Reports -------------------------------------------------------------------------------------

function reportWindow(jenis: "kemajuan" | "akhir", buka: number, tutup: number) {
  const values = jenis === "kemajuan" ? { laporan_kemajuan_buka: at(buka), laporan_kemajuan_tutup: at(tutup) } : { laporan_akhir_buka: at(buka), laporan_akhir_tutup: at(tutup) };
  t.db.update(schema.periode).set(values).where(eq(schema.periode.id, w.periodeId)).run();
}

function running(judul: string, reports: Partial<Record<"kemajuan" | "akhir", string>> = {}, ketua?: Person): number {
  const id = addScoredUsulan(t.db, w, { judul, status: "BERJALAN", dana_disetujui: 15_000_000, ...(ketua ? { ketua } : {}) });
  for (const [jenis, status] of Object.entries(reports)) {
    t.db.insert(schema.laporan).values({ id_usulan: id, jenis: jenis as "kemajuan" | "akhir", status, capaian: 40, realisasi: 0, ringkasan: "Ringkasan." }).run();
  }
  return id;
}

describe("report windows that closed", () => {
  it("a progress report missing, a draft or returned when its window closed: the operators get one message listing them, once", () => {
    running("Belum Menulis");
    running("Masih Draf", { kemajuan: "DRAF" });
    running("Dikembalikan", { kemajuan: "DIKEMBALIKAN" }, w.people.pengusulLain);
    running("Sudah Diajukan", { kemajuan: "DIAJUKAN" });
    running("Sudah Diterima", { kemajuan: "DITERIMA" });
    addScoredUsulan(t.db, w, { judul: "Belum Berjalan", status: "DIDANAI", dana_disetujui: 15_000_000 });
    reportWindow("kemajuan", -10, -1);
    expect(escalateOverdueLaporan(t.db, NOW)).toBe(3);
    expect(escalateOverdueLaporan(t.db, NOW)).toBe(0);
    expect(escalateOverdueLaporan(t.db, at(1))).toBe(0);
    const body = [
      "3 laporan kemajuan belum diajukan hingga jadwalnya ditutup:",
      `- "Belum Menulis" — Dr. Budi Santoso (belum ditulis), ditutup 23 November 2026 pukul 10.00 WIB`,
      `- "Masih Draf" — Dr. Budi Santoso (masih draf), ditutup 23 November 2026 pukul 10.00 WIB`,
      `- "Dikembalikan" — Dr. Sari Dewi (dikembalikan, belum diajukan ulang), ditutup 23 November 2026 pukul 10.00 WIB`,
      "",
      "Hubungi ketuanya, atau perpanjang jadwal laporan kemajuan di LPPM → Periode; laporan yang diajukan diperiksa di LPPM → Laporan Kemajuan.",
    ].join("\n");
    expect(inbox("Laporan kemajuan lewat tenggat")).toEqual(toOperators("Laporan kemajuan lewat tenggat", body, "/operator/lppm/laporan-kemajuan"));
    expect(inbox("Laporan akhir lewat tenggat")).toEqual([]);
  });

  it("the final report has its own message and link; a window still open tells nobody", () => {
    running("Proyek Akhir", { kemajuan: "DITERIMA", akhir: "DRAF" });
    reportWindow("akhir", -10, 0.5);
    expect(escalateOverdueLaporan(t.db, NOW)).toBe(0);
    expect(escalateOverdueLaporan(t.db, at(1))).toBe(1);
    expect(inbox("Laporan akhir lewat tenggat")).toEqual(
      toOperators(
        "Laporan akhir lewat tenggat",
        [
          "1 laporan akhir belum diajukan hingga jadwalnya ditutup:",
          `- "Proyek Akhir" — Dr. Budi Santoso (masih draf), ditutup 24 November 2026 pukul 22.00 WIB`,
          "",
          "Hubungi ketuanya, atau perpanjang jadwal laporan akhir di LPPM → Periode; laporan yang diajukan diperiksa di LPPM → Laporan Akhir.",
        ].join("\n"),
        "/operator/lppm/laporan-akhir",
      ),
    );
  });

  it("the window moved later: the ketua is reminded again and the operators told again for the new closing", () => {
    const id = running("Laporan Terlambat");
    reportWindow("kemajuan", -10, 2);
    expect(remindLaporan(t.db, NOW)).toBe(1);
    expect(escalateOverdueLaporan(t.db, at(3))).toBe(1);
    reportWindow("kemajuan", -10, 9);
    expect(remindLaporan(t.db, at(3))).toBe(0);
    expect(remindLaporan(t.db, at(6))).toBe(1);
    expect(remindLaporan(t.db, at(7))).toBe(0);
    expect(escalateOverdueLaporan(t.db, at(10))).toBe(1);
    expect(escalateOverdueLaporan(t.db, at(11))).toBe(0);
    expect(inbox("Pengingat laporan").map((m) => [m.user_id, m.link])).toEqual([
      [w.people.pengusul.id, `/pengusul/usulan/${id}`],
      [w.people.pengusul.id, `/pengusul/usulan/${id}`],
    ]);
    expect(inbox("Laporan kemajuan lewat tenggat")).toHaveLength(2 * operatorIds().length);
  });
});

// ---- Every job -----------------------------------------------------------------------------------

describe("the messages' signature", () => {
  let wa: FakeWhatsApp;
  beforeEach(() => {
    wa = fakeWhatsApp();
  });
  afterEach(() => wa.restore());

  it("every reminder and notice on WhatsApp is signed with the institute's name", () => {
    t.db.update(schema.setting).set({ nama_lppm: "LPPM Universitas Contoh" }).run();
    monevDue("Monev Bertanda", 2);
    monevDue("Monev Lewat", -1);
    klaim("Klaim Bertanda", 2);
    klaim("Klaim Lewat", -1);
    addScoredUsulan(t.db, w, { judul: "Perbaikan Bertanda", status: "DIDANAI", dana_disetujui: 18_000_000 });
    running("Laporan Lewat");
    perbaikanWindow(-10, 2);
    reportWindow("kemajuan", -10, -1);
    for (const job of [remindMonev, escalateOverdueMonev, remindKlaim, escalateOverdueKlaim, remindPerbaikan, escalateOverdueLaporan]) expect(job(t.db, NOW)).toBe(1);
    const subjects = [
      "Pengingat tenggat monev",
      "Penilaian monev lewat tenggat",
      "Pengingat tenggat evaluasi insentif",
      "Evaluasi klaim insentif lewat tenggat",
      "Pengingat perbaikan usulan",
      "Laporan kemajuan lewat tenggat",
    ];
    const rows = t.db
      .select({ subject: schema.notificationOutbox.subject, body: schema.notificationOutbox.body })
      .from(schema.notificationOutbox)
      .where(and(eq(schema.notificationOutbox.channel, "whatsapp"), inArray(schema.notificationOutbox.subject, subjects)))
      .all();
    expect(new Set(rows.map((r) => r.subject))).toEqual(new Set(subjects));
    for (const row of rows) expect(row.body.startsWith(`*LPPM Universitas Contoh*\n${row.subject}\n`)).toBe(true);
  });
});
