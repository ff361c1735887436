/**
 * The workflow engine on a throw-away copy of the database, with a small stand-in record table
 * (the LPPM entity modules bring the real adapters). The stand-in adapter uses the test's own
 * connection: inside better-sqlite3's transaction every statement on it is part of it.
 */
import { sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { notificationOutbox, statusLog } from "../../../db/schema";
import { addUser } from "../../../tests/setup/data";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import type { Db } from "~/lib/server/db.server";
import type { Role } from "~/domain/users/roles";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import {
  Incomplete,
  incompleteRefusal,
  logCreated,
  NOT_PERMITTED,
  NOTE_REQUIRED,
  statusTimeline,
  submitChecked,
  SYSTEM,
  transition,
  windowRefusal,
  type Actor,
  type WorkflowAdapter,
} from "~/domain/lppm/workflow.server";

let t: TestDb;
const people: Record<string, Actor> = {};
const FAKULTAS = { teknik: 1, ekonomi: 2 };
const verifierFakultas = new Map<number, number>();
const WINDOW = { opens: new Date("2026-11-01T00:00:00+07:00"), closes: new Date("2026-11-30T23:59:00+07:00") };
const INSIDE = new Date("2026-11-15T10:00:00+07:00");

type Row = { id: number; status: UsulanStatus; judul: string; ketua: number; fakultas: number; reviewers: string };

const adapter: WorkflowAdapter<UsulanStatus> = {
  workflow: USULAN_WORKFLOW,
  load(_db, id) {
    const row = t.db.$client.prepare("select * from uji_usulan where id = ?").get(id) as Row | undefined;
    if (!row) return null;
    return {
      status: row.status,
      title: row.judul,
      ketuaId: row.ketua,
      timIds: [],
      assignedIds: JSON.parse(row.reviewers) as number[],
      fakultasId: row.fakultas,
      windows: { pengajuan: WINDOW, review: WINDOW },
    };
  },
  write(_tx, id, to) {
    if (to === "DITOLAK" && id === 999) throw new Error("disk full");
    t.db.$client.prepare("update uji_usulan set status = ? where id = ?").run(to, id);
  },
  fakultasOf: (_db, userId) => verifierFakultas.get(userId) ?? null,
  verifiersOf: (_db, fakultasId) => [...verifierFakultas].filter(([, f]) => f === fakultasId).map(([id]) => id),
};

async function person(key: string, roles: Role[], phone = "081234500000") {
  const user = await addUser(t.db, roles, { name: key, no_hp: phone });
  people[key] = { id: user.id, name: key, roles };
}

function usulan(status: UsulanStatus, ketua = people.ketua!.id, fakultas = FAKULTAS.teknik, reviewers: number[] = []): number {
  const id = Number(
    t.db.$client
      .prepare("insert into uji_usulan (status, judul, ketua, fakultas, reviewers) values (?, ?, ?, ?, ?)")
      .run(status, "Pengeringan Kayu Jati", ketua, fakultas, JSON.stringify(reviewers)).lastInsertRowid,
  );
  return id;
}

const statusOf = (id: number) => (t.db.$client.prepare("select status from uji_usulan where id = ?").get(id) as { status: string }).status;
const logs = () => t.db.select().from(statusLog).all();
const outbox = () => t.db.select().from(notificationOutbox).all();

beforeEach(async () => {
  t = createTestDb();
  t.db.$client.exec("create table uji_usulan (id integer primary key, status text, judul text, ketua integer, fakultas integer, reviewers text)");
  verifierFakultas.clear();
  await person("ketua", ["Pengusul"], "081211110001");
  await person("lain", ["Pengusul"], "081211110002");
  await person("verifikator", ["Verifikator-Fakultas"], "081211110003");
  await person("verifikatorEkonomi", ["Verifikator-Fakultas"], "081211110004");
  await person("operator", ["Operator"], "081211110005");
  await person("reviewer", ["Reviewer-Internal"], "081211110006");
  verifierFakultas.set(people.verifikator!.id, FAKULTAS.teknik);
  verifierFakultas.set(people.verifikatorEkonomi!.id, FAKULTAS.ekonomi);
});
afterEach(() => t.cleanup());

describe("transition", () => {
  it("moves the record, logs who did it, and queues a message to whoever acts next", () => {
    const id = usulan("DRAF");
    const result = transition(t.db, adapter, people.ketua!, id, "DIAJUKAN", { now: INSIDE });
    expect(result).toMatchObject({ ok: true, from: "DRAF", to: "DIAJUKAN" });
    expect(statusOf(id)).toBe("DIAJUKAN");
    expect(logs()).toEqual([
      expect.objectContaining({ entity: "usulan", entity_id: id, from_status: "DRAF", to_status: "DIAJUKAN", actor_id: people.ketua!.id, actor_name: "ketua", note: null }),
    ]);
    // The verifier of the ketua's faculty hears of it; the other faculty's does not.
    expect(outbox().map((m) => m.user_id)).toEqual([people.verifikator!.id]);
    // In the verifier's inbox (no e-mail or WhatsApp is configured here), linked to where they decide.
    expect(outbox()[0]).toMatchObject({ channel: "inbox", subject: "Usulan: Diajukan", status: "sent", read_at: null, link: `/operatorfakultas/persetujuan-usulan/usulan-reguler?lihat=${id}` });
    expect(outbox()[0]!.body).toContain('Usulan "Pengeringan Kayu Jati" kini berstatus Diajukan.');
  });

  it("refuses a move the workflow does not have, and changes nothing", () => {
    const id = usulan("DRAF");
    const result = transition(t.db, adapter, people.ketua!, id, "DIDANAI", { now: INSIDE });
    expect(result).toEqual({ ok: false, status: 409, message: "Usulan berstatus Draf tidak dapat diubah menjadi Didanai." });
    expect(statusOf(id)).toBe("DRAF");
    expect(logs()).toEqual([]);
    expect(outbox()).toEqual([]);
  });

  it("checks the role, then the relation: the ketua, the faculty, the assignment", () => {
    const id = usulan("DRAF");
    expect(transition(t.db, adapter, people.operator!, id, "DIAJUKAN", { now: INSIDE })).toMatchObject({ status: 403, message: NOT_PERMITTED });
    expect(transition(t.db, adapter, people.lain!, id, "DIAJUKAN", { now: INSIDE })).toMatchObject({
      status: 403,
      message: "Hanya ketua pengusul yang dapat melakukan tindakan ini.",
    });
    const submitted = usulan("DIAJUKAN");
    expect(transition(t.db, adapter, people.verifikatorEkonomi!, submitted, "DISETUJUI_FAKULTAS", { now: INSIDE })).toMatchObject({
      status: 403,
      message: "Data ini bukan dari fakultas Anda.",
    });
    expect(transition(t.db, adapter, people.verifikator!, submitted, "DISETUJUI_FAKULTAS", { now: INSIDE })).toMatchObject({ ok: true });
    expect(statusOf(id)).toBe("DRAF");
  });

  it("keeps to the stage's date window and names the date", () => {
    const id = usulan("DRAF");
    const after = transition(t.db, adapter, people.ketua!, id, "DIAJUKAN", { now: new Date("2026-12-01T08:00:00+07:00") });
    expect(after).toEqual({ ok: false, status: 409, message: "Pengajuan ditutup pada 30 November 2026 pukul 23.59 WIB." });
    const before = transition(t.db, adapter, people.ketua!, id, "DIAJUKAN", { now: new Date("2026-10-31T08:00:00+07:00") });
    expect(before).toMatchObject({ status: 409, message: "Pengajuan dibuka pada 1 November 2026 pukul 00.00 WIB." });
    expect(windowRefusal("perbaikan", undefined, INSIDE)).toBe("Jadwal perbaikan usulan belum dibuka.");
    expect(statusOf(id)).toBe("DRAF");
  });

  it("asks a note where the workflow requires one, and keeps it in the log and the message", () => {
    const id = usulan("DIAJUKAN");
    expect(transition(t.db, adapter, people.verifikator!, id, "DIKEMBALIKAN", { note: "  ", now: INSIDE })).toMatchObject({ status: 422, message: NOTE_REQUIRED });
    expect(transition(t.db, adapter, people.verifikator!, id, "DIKEMBALIKAN", { note: "Lengkapi RAB.", now: INSIDE })).toMatchObject({ ok: true });
    expect(logs()[0]!.note).toBe("Lengkapi RAB.");
    expect(outbox()[0]!.body).toContain("Catatan: Lengkapi RAB.");
  });

  it("leaves the system's moves to the system", () => {
    const id = usulan("REVIEW", people.ketua!.id, FAKULTAS.teknik, [people.reviewer!.id]);
    expect(transition(t.db, adapter, people.operator!, id, "DINILAI", {})).toMatchObject({ status: 403 });
    expect(transition(t.db, adapter, SYSTEM, id, "DINILAI", {})).toMatchObject({ ok: true });
    expect(logs()[0]).toMatchObject({ actor_id: null, actor_name: "Sistem" });
  });

  it("is all or nothing: a failing write leaves no log and no message", () => {
    t.db.$client.prepare("insert into uji_usulan (id, status, judul, ketua, fakultas, reviewers) values (999, 'DIAJUKAN', 'X', ?, 1, '[]')").run(people.ketua!.id);
    expect(() => transition(t.db, adapter, people.verifikator!, 999, "DITOLAK", { note: "Tidak sesuai.", now: INSIDE })).toThrow("disk full");
    expect(statusOf(999)).toBe("DIAJUKAN");
    expect(logs()).toEqual([]);
    expect(outbox()).toEqual([]);
  });

  it("answers 404 for a record that does not exist", () => {
    expect(transition(t.db, adapter, people.ketua!, 12345, "DIAJUKAN", { now: INSIDE })).toMatchObject({ ok: false, status: 404 });
  });
});

describe("overrides", () => {
  it("are made only when asked for by name, and answer the override's own refusal elsewhere", () => {
    const id = usulan("REVIEW", people.ketua!.id, FAKULTAS.teknik, [people.reviewer!.id]);
    // Without its name the same move is not the normal flow's.
    expect(transition(t.db, adapter, people.operator!, id, "REVIEW", { note: "x", now: INSIDE })).toMatchObject({ ok: false, status: 409 });
    const decided = usulan("DINILAI");
    expect(transition(t.db, adapter, people.operator!, decided, "DINILAI", { override: "ganti-reviewer", note: "x", now: INSIDE })).toEqual({
      ok: false,
      status: 409,
      message: "Reviewer hanya dapat diganti selama usulan dalam tahap review.",
    });
    expect(logs()).toEqual([]);
  });

  it("keeps the status on a step that keeps it: only what goes alongside is written, the log names the step, its own notices go out", () => {
    const id = usulan("REVIEW", people.ketua!.id, FAKULTAS.teknik, [people.reviewer!.id]);
    const result = transition(t.db, adapter, people.operator!, id, "REVIEW", {
      override: "perpanjang-tenggat",
      note: "Reviewer sakit.",
      now: INSIDE,
      alongside: (tx) => {
        tx.run(sql`update uji_usulan set judul = 'diperpanjang' where id = ${id}`);
        return [{ userId: people.reviewer!.id, subject: "Tenggat diperpanjang", body: "Tenggat Anda diperpanjang.", sender: "LPPM" }];
      },
    });
    expect(result).toMatchObject({ ok: true, from: "REVIEW", to: "REVIEW" });
    expect(statusOf(id)).toBe("REVIEW");
    expect(logs()).toEqual([expect.objectContaining({ from_status: "REVIEW", to_status: "REVIEW", aksi: "perpanjang-tenggat", note: "Reviewer sakit." })]);
    expect(outbox().map((m) => [m.user_id, m.subject])).toEqual([[people.reviewer!.id, "Tenggat diperpanjang"]]);
    // The office's steps about reviewers are left out of the team's timeline.
    expect(statusTimeline(t.db, USULAN_WORKFLOW, id).map((e) => e.aksi)).toEqual(["perpanjang-tenggat"]);
    expect(statusTimeline(t.db, USULAN_WORKFLOW, id, { internal: false })).toEqual([]);
  });

  it("asks the note an override requires before anything is written", () => {
    const id = usulan("REVIEW", people.ketua!.id, FAKULTAS.teknik, [people.reviewer!.id]);
    let ran = false;
    const result = transition(t.db, adapter, people.operator!, id, "REVIEW", { override: "ganti-reviewer", note: " ", now: INSIDE, alongside: () => void (ran = true) });
    expect(result).toMatchObject({ ok: false, status: 422, message: NOTE_REQUIRED });
    expect(ran).toBe(false);
    expect(logs()).toEqual([]);
  });

  it("picks, of one move offered to several people, the one the actor may make: the ketua withdraws without a note, the operator with one", () => {
    const mine = usulan("REVIEW", people.ketua!.id, FAKULTAS.teknik, [people.reviewer!.id]);
    expect(transition(t.db, adapter, people.ketua!, mine, "DITARIK", { override: "tarik", now: INSIDE })).toMatchObject({ ok: true });
    expect(logs().at(-1)).toMatchObject({ to_status: "DITARIK", aksi: "tarik", actor_id: people.ketua!.id });
    // The team's reviewer and the operators are told, the ketua who did it is not.
    const told = outbox().map((m) => m.user_id);
    expect(told).toEqual(expect.arrayContaining([people.reviewer!.id, people.operator!.id]));
    expect(told).not.toContain(people.ketua!.id);

    const other = usulan("DIAJUKAN");
    // Another lecturer hears the relation's refusal, not a bare 'not permitted'.
    expect(transition(t.db, adapter, people.lain!, other, "DITARIK", { override: "tarik", now: INSIDE })).toMatchObject({
      status: 403,
      message: "Hanya ketua pengusul yang dapat melakukan tindakan ini.",
    });
    expect(transition(t.db, adapter, people.reviewer!, other, "DITARIK", { override: "tarik", now: INSIDE })).toMatchObject({ status: 403, message: NOT_PERMITTED });
    expect(transition(t.db, adapter, people.operator!, other, "DITARIK", { override: "tarik", now: INSIDE })).toMatchObject({ status: 422, message: NOTE_REQUIRED });
    expect(transition(t.db, adapter, people.operator!, other, "DITARIK", { override: "tarik", note: "Atas permintaan dosen.", now: INSIDE })).toMatchObject({ ok: true });
    expect(statusOf(other)).toBe("DITARIK");
    expect(transition(t.db, adapter, people.operator!, usulan("DIDANAI"), "DITARIK", { override: "tarik", note: "x", now: INSIDE })).toEqual({
      ok: false,
      status: 409,
      message: "Usulan hanya dapat ditarik setelah diajukan dan sebelum didanai.",
    });
  });
});

describe("the status log", () => {
  it("is a timeline from creation on, and can never be edited or deleted", () => {
    const id = usulan("DRAF");
    logCreated(t.db as Db, USULAN_WORKFLOW, id, people.ketua!, new Date("2026-11-10T09:00:00+07:00"));
    transition(t.db, adapter, people.ketua!, id, "DIAJUKAN", { now: INSIDE });
    expect(statusTimeline(t.db, USULAN_WORKFLOW, id).map((e) => [e.from, e.to, e.actor])).toEqual([
      [null, "DRAF", "ketua"],
      ["DRAF", "DIAJUKAN", "ketua"],
    ]);
    expect(() => t.db.$client.prepare("update status_log set note = 'x'").run()).toThrow(/append-only/);
    expect(() => t.db.$client.prepare("delete from status_log").run()).toThrow(/append-only/);
  });
});

describe("a submission with unmet rules", () => {
  it("names the one rule, or counts them, and lists every one", () => {
    expect(incompleteRefusal("Klaim", ["Unggah bukti publikasi."])).toEqual({ ok: false, status: 422, message: "Unggah bukti publikasi.", problems: ["Unggah bukti publikasi."] });
    expect(incompleteRefusal("Laporan Kemajuan", ["a", "b"], 409)).toEqual({
      ok: false,
      status: 409,
      message: "Laporan Kemajuan belum dapat diajukan: 2 syarat belum terpenuhi.",
      problems: ["a", "b"],
    });
  });

  it("keeps nothing the checked transaction wrote when a rule is unmet, and keeps it otherwise", () => {
    const id = usulan("DRAF");
    const refused = submitChecked(t.db as Db, "Usulan", (tx) => {
      tx.run(sql`update uji_usulan set judul = 'ditulis' where id = ${id}`);
      throw new Incomplete(["Judul wajib diisi.", "RAB wajib diisi."]);
    });
    expect(refused).toMatchObject({ ok: false, status: 422, message: "Usulan belum dapat diajukan: 2 syarat belum terpenuhi." });
    expect((t.db.$client.prepare("select judul from uji_usulan where id = ?").get(id) as Row).judul).not.toBe("ditulis");
    expect(submitChecked(t.db as Db, "Usulan", (tx) => tx.run(sql`update uji_usulan set judul = 'ditulis' where id = ${id}`).changes)).toBe(1);
    expect((t.db.$client.prepare("select judul from uji_usulan where id = ?").get(id) as Row).judul).toBe("ditulis");
  });

  it("lets any other error through", () => {
    expect(() => submitChecked(t.db as Db, "Usulan", () => { throw new Error("disk full"); })).toThrow("disk full");
  });
});
