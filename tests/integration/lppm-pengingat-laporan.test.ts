/**
 * The proposers' report reminder (item 5; LPPM.md "Every screen", Reminders) on a
 * throw-away database with a fake clock: the ketua of a running project whose progress or final
 * report window closes within 3 days gets one outbox message per report, once — however often
 * and at whatever moment inside those 3 days the daily job runs — and nobody else does.
 */
import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { remindLaporan } from "~/domain/lppm/laporan/pengingat.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addScoredUsulan, DAY, penetapanWorld, type PenetapanWorld } from "../setup/lppm-penetapan";

/** 24 November 2026, 10.00 WIB: a fixed clock, so the message's date is known. */
const NOW = new Date("2026-11-24T03:00:00Z");
const HOUR = 60 * 60 * 1000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

let t: TestDb;
let w: PenetapanWorld;

/** Sets the periode's report windows: opened `buka` days from NOW (negative: ago), closing `tutup` days from NOW. */
function windows(jenis: "kemajuan" | "akhir", buka: number, tutup: number) {
  const values = jenis === "kemajuan" ? { laporan_kemajuan_buka: at(buka), laporan_kemajuan_tutup: at(tutup) } : { laporan_akhir_buka: at(buka), laporan_akhir_tutup: at(tutup) };
  t.db.update(schema.periode).set(values).where(eq(schema.periode.id, w.periodeId)).run();
}

function project(judul: string, status = "BERJALAN") {
  return addScoredUsulan(t.db, w, { judul, status, dana_disetujui: 15_000_000 });
}

function report(idUsulan: number, jenis: "kemajuan" | "akhir", status: "DRAF" | "DIAJUKAN" | "DITERIMA" | "DIKEMBALIKAN") {
  t.db.insert(schema.laporan).values({ id_usulan: idUsulan, jenis, status, capaian: 40, realisasi: 0, ringkasan: "Ringkasan." }).run();
}

/** The reminders in the outbox, oldest first. */
function reminders() {
  return t.db
    .select({ user_id: schema.notificationOutbox.user_id, channel: schema.notificationOutbox.channel, body: schema.notificationOutbox.body, link: schema.notificationOutbox.link })
    .from(schema.notificationOutbox)
    .where(eq(schema.notificationOutbox.subject, "Pengingat laporan"))
    .orderBy(schema.notificationOutbox.id)
    .all();
}

function marks() {
  return t.db.select().from(schema.pengingatLaporan).orderBy(schema.pengingatLaporan.id_usulan, schema.pengingatLaporan.jenis).all();
}

beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  // By default neither report is due: both windows open and closing in 20 days.
  windows("kemajuan", -10, 20);
  windows("akhir", -10, 20);
});
afterEach(() => t.cleanup());

describe("report reminders", () => {
  it("a progress report window closing within 3 days: exactly one message to the ketua, with the date it closes", () => {
    const id = project("Proyek Mebel Jepara");
    windows("kemajuan", -10, 2);
    expect(remindLaporan(t.db, NOW)).toBe(1);
    expect(reminders()).toEqual([
      {
        user_id: w.people.pengusul.id,
        channel: "inbox",
        body: `Pengingat — Laporan kemajuan "Proyek Mebel Jepara" ditutup pada 26 November 2026 pukul 10.00 WIB. Segera lengkapi dan ajukan laporan.`,
        link: `/pengusul/usulan/${id}`,
      },
    ]);
    expect(marks()).toEqual([{ id_usulan: id, jenis: "kemajuan", sent_at: NOW }]);
  });

  it("runs twice, and again later inside the 3 days: still one message", () => {
    const id = project("Proyek Mebel Jepara");
    windows("kemajuan", -10, 3);
    expect(remindLaporan(t.db, NOW)).toBe(1);
    expect(remindLaporan(t.db, NOW)).toBe(0);
    expect(remindLaporan(t.db, at(1))).toBe(0);
    expect(remindLaporan(t.db, new Date(at(3).getTime() - HOUR))).toBe(0);
    expect(reminders()).toHaveLength(1);
    expect(marks()).toEqual([{ id_usulan: id, jenis: "kemajuan", sent_at: NOW }]);
  });

  it("a window closing in 4 days: nothing yet, and one message once it closes within 3", () => {
    project("Proyek Mebel Jepara");
    windows("kemajuan", -10, 4);
    expect(remindLaporan(t.db, NOW)).toBe(0);
    expect(reminders()).toEqual([]);
    expect(marks()).toEqual([]);
    expect(remindLaporan(t.db, at(1))).toBe(1);
    expect(reminders().map((m) => m.body)).toEqual([
      `Pengingat — Laporan kemajuan "Proyek Mebel Jepara" ditutup pada 28 November 2026 pukul 10.00 WIB. Segera lengkapi dan ajukan laporan.`,
    ]);
  });

  it("a closed window, or one not opened yet: nothing", () => {
    project("Proyek Mebel Jepara");
    windows("kemajuan", -10, -1);
    // Closing exactly now counts as closed.
    windows("akhir", -10, 0);
    expect(remindLaporan(t.db, NOW)).toBe(0);
    windows("kemajuan", 1, 2);
    windows("akhir", 1, 3);
    expect(remindLaporan(t.db, NOW)).toBe(0);
    expect(reminders()).toEqual([]);
    expect(marks()).toEqual([]);
  });

  it("a report already submitted or accepted: nothing; a draft, a returned one or none at all: reminded", () => {
    const diajukan = project("Proyek Diajukan");
    const diterima = project("Proyek Diterima");
    const draf = project("Proyek Draf");
    const dikembalikan = project("Proyek Dikembalikan");
    const belum = project("Proyek Belum Menulis");
    report(diajukan, "kemajuan", "DIAJUKAN");
    report(diterima, "kemajuan", "DITERIMA");
    report(draf, "kemajuan", "DRAF");
    report(dikembalikan, "kemajuan", "DIKEMBALIKAN");
    windows("kemajuan", -10, 2);
    expect(remindLaporan(t.db, NOW)).toBe(3);
    expect(marks().map((m) => [m.id_usulan, m.jenis])).toEqual([
      [draf, "kemajuan"],
      [dikembalikan, "kemajuan"],
      [belum, "kemajuan"],
    ]);
    expect(reminders().map((m) => m.body.match(/"(.+)"/)?.[1])).toEqual(["Proyek Draf", "Proyek Dikembalikan", "Proyek Belum Menulis"]);
  });

  it("a project that is not running: nothing", () => {
    for (const status of ["DIDANAI", "PERBAIKAN_DIAJUKAN", "SELESAI", "DIREKOMENDASIKAN"]) project(`Proyek ${status}`, status);
    windows("kemajuan", -10, 2);
    windows("akhir", -10, 2);
    expect(remindLaporan(t.db, NOW)).toBe(0);
    expect(reminders()).toEqual([]);
    expect(marks()).toEqual([]);
  });

  it("the progress and the final report are reminded separately, each to its own project's ketua", () => {
    const a = project("Proyek A");
    const b = addScoredUsulan(t.db, w, { judul: "Proyek B", status: "BERJALAN", ketua: w.people.pengusulLain, dana_disetujui: 15_000_000 });
    report(a, "kemajuan", "DITERIMA");
    windows("kemajuan", -10, 1);
    windows("akhir", -10, 5);
    // Day 0: only the progress report is due — project B's (A's was accepted).
    expect(remindLaporan(t.db, NOW)).toBe(1);
    // Day 2: the progress window is closed and the final one closes in 3 days: both projects.
    expect(remindLaporan(t.db, at(2))).toBe(2);
    expect(remindLaporan(t.db, at(3))).toBe(0);
    expect(reminders()).toEqual([
      {
        user_id: w.people.pengusulLain.id,
        channel: "inbox",
        body: `Pengingat — Laporan kemajuan "Proyek B" ditutup pada 25 November 2026 pukul 10.00 WIB. Segera lengkapi dan ajukan laporan.`,
        link: `/pengusul/usulan/${b}`,
      },
      {
        user_id: w.people.pengusul.id,
        channel: "inbox",
        body: `Pengingat — Laporan akhir "Proyek A" ditutup pada 29 November 2026 pukul 10.00 WIB. Segera lengkapi dan ajukan laporan.`,
        link: `/pengusul/usulan/${a}`,
      },
      {
        user_id: w.people.pengusulLain.id,
        channel: "inbox",
        body: `Pengingat — Laporan akhir "Proyek B" ditutup pada 29 November 2026 pukul 10.00 WIB. Segera lengkapi dan ajukan laporan.`,
        link: `/pengusul/usulan/${b}`,
      },
    ]);
    expect(marks()).toEqual([
      { id_usulan: a, jenis: "akhir", sent_at: at(2) },
      { id_usulan: b, jenis: "akhir", sent_at: at(2) },
      { id_usulan: b, jenis: "kemajuan", sent_at: NOW },
    ]);
    expect(t.db.select().from(schema.pengingatLaporan).where(and(eq(schema.pengingatLaporan.id_usulan, a), eq(schema.pengingatLaporan.jenis, "kemajuan"))).get()).toBeUndefined();
  });
});
