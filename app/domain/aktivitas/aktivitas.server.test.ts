/**
 * The activity log's domain module on a real (per-test) SQLite copy: what a change keeps
 * (changedFields), who an entry names (the request's scope, a change's own actor, or Sistem),
 * reading it back (filters, search, paging, the filters' choices), the retention, and that the
 * page's queries walk an index of `aktivitas` instead of the whole table.
 */
import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as schema from "../../../db/schema";
import {
  aktivitasFilterChoices,
  changedFields,
  COUNT_CAP,
  currentActor,
  listAktivitasPage,
  pruneAktivitas,
  recordActivity,
  RETENSI_HARI_DEFAULT,
  setActor,
  SISTEM,
  withActivityScope,
  withActor,
  type AktivitasFilter,
} from "~/domain/aktivitas/aktivitas.server";
import type { RootDb } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";

const DAY = 24 * 60 * 60 * 1000;
/** 10.00 WIB on 1 March 2026. */
const T0 = new Date("2026-03-01T03:00:00.000Z");

let t: TestDb;
let db: RootDb;
beforeEach(() => {
  t = createTestDb();
  db = t.db;
  // The seed's own writes are in the log too: each test starts from an empty log.
  db.delete(schema.aktivitas).run();
});
afterEach(() => t.cleanup());

function entries() {
  return db.select().from(schema.aktivitas).orderBy(asc(schema.aktivitas.id)).all();
}

function state(over: Partial<TableState> = {}): TableState {
  return { q: "", page: 1, size: 10, ...over };
}

/** A user row of the copy (the filters' choices join users). */
function addUserRow(name: string): number {
  return db
    .insert(schema.users)
    .values({
      username: `u${Math.random().toString(36).slice(2, 10)}`,
      name,
      email: "u@example.test",
      no_hp: "081200000000",
      password_hash: "x",
      status_aktif: "Aktif",
      hak_akses: JSON.stringify(["Operator"]),
    })
    .returning({ id: schema.users.id })
    .get().id;
}

describe("changedFields", () => {
  it("never keeps a password, a hash, a token, a secret or a session, whatever the action", () => {
    const secret = {
      password: "Rahasia123",
      password_hash: "$argon2id$v=19$abc",
      pass_baru: "Baru2026",
      api_token: "tok_123",
      token_hash: "deadbeef",
      client_secret: "s3cr3t",
      session_id: "sess",
    };
    const created = changedFields(null, { name: "Budi", ...secret });
    expect(created).toEqual({ name: [null, "Budi"] });
    const updated = changedFields({ name: "Budi", ...secret }, { name: "Budi", ...secret, password_hash: "$argon2id$new" });
    expect(updated).toEqual({});
    const deleted = changedFields({ name: "Budi", ...secret }, null);
    expect(deleted).toEqual({ name: ["Budi", null] });
    expect(JSON.stringify([created, updated, deleted])).not.toMatch(/Rahasia|argon2|tok_|deadbeef|s3cr3t|sess"/);
  });

  it("an update keeps only the fields that differ, as [before, after]; the database's own timestamps are left out", () => {
    const before = { kategori: "Kursi", seo: "kursi", urutan: 1, aktif: true, created_at: new Date(1), updated_at: new Date(2) };
    const after = { kategori: "Meja", seo: "meja", urutan: 1, aktif: false, created_at: new Date(1), updated_at: new Date(3) };
    expect(changedFields(before, after)).toEqual({ kategori: ["Kursi", "Meja"], seo: ["kursi", "meja"], aktif: [true, false] });
  });

  it("a no-op update (equal values, equal dates in other objects, equal arrays) has no fields", () => {
    const before = { nama: "Kursi", harga: 100, tanggal: new Date("2026-01-01T00:00:00Z"), tags: ["a", "b"], kosong: null };
    const after = { nama: "Kursi", harga: 100, tanggal: new Date("2026-01-01T00:00:00Z"), tags: ["a", "b"], kosong: undefined };
    expect(changedFields(before, after)).toEqual({});
  });

  it("dates are kept as ISO moments; objects and arrays as JSON", () => {
    const changed = changedFields(
      { tutup: new Date("2026-01-01T00:00:00Z"), hak_akses: ["Operator"] },
      { tutup: new Date("2026-02-01T16:59:00Z"), hak_akses: ["Operator", "Pengusul"] },
    );
    expect(changed).toEqual({
      tutup: ["2026-01-01T00:00:00.000Z", "2026-02-01T16:59:00.000Z"],
      hak_akses: ['["Operator"]', '["Operator","Pengusul"]'],
    });
  });

  it("long text is cut to 200 characters with an ellipsis", () => {
    const long = "Kayu jati pilihan. ".repeat(40);
    const [before, after] = changedFields({ deskripsi: "pendek" }, { deskripsi: long }).deskripsi!;
    expect(before).toBe("pendek");
    expect(after).toBe(`${long.slice(0, 200)}…`);
    expect((after as string).length).toBe(201);
  });

  it("a created record keeps the values it was given (blanks left out); a deleted one its old values", () => {
    expect(changedFields(null, { id: 7, nama: "Gudang Kudus", alamat: "", catatan: null })).toEqual({ id: [null, 7], nama: [null, "Gudang Kudus"] });
    expect(changedFields({ id: 7, nama: "Gudang Kudus", alamat: "" }, null)).toEqual({ id: [7, null], nama: ["Gudang Kudus", null] });
  });
});

describe("recordActivity: who, what and which fields", () => {
  it("outside any request the entry is the system's", () => {
    expect(currentActor()).toEqual(SISTEM);
    recordActivity(db, { entity: "kategori", action: "tambah", id: 12, before: null, after: { kategori: "Kursi" } }, T0);
    expect(entries()).toEqual([
      {
        id: expect.any(Number),
        waktu: T0,
        id_user: null,
        nama_user: "Sistem",
        aksi: "tambah",
        entitas: "kategori",
        id_entitas: "12",
        ringkasan: null,
        perubahan: JSON.stringify({ kategori: [null, "Kursi"] }),
      },
    ]);
  });

  it("withActor names the signed-in user, also after an await inside the request", async () => {
    await withActor({ id: 42, nama: "Bu Operator" }, async () => {
      await Promise.resolve();
      recordActivity(db, { entity: "produk", action: "ubah", id: 3, before: { harga: "100" }, after: { harga: "120" } });
    });
    expect(entries()[0]).toMatchObject({ id_user: 42, nama_user: "Bu Operator", aksi: "ubah", entitas: "produk", id_entitas: "3" });
    expect(JSON.parse(entries()[0]!.perubahan!)).toEqual({ harga: ["100", "120"] });
    // Outside the scope again: the system.
    recordActivity(db, { entity: "produk", action: "hapus", id: 3, before: { harga: "120" }, after: null });
    expect(entries()[1]).toMatchObject({ id_user: null, nama_user: "Sistem" });
  });

  it("withActivityScope: the system until setActor names the user (the API's Bearer check)", () => {
    withActivityScope(() => {
      recordActivity(db, { entity: "users", action: "masuk", id: 5, summary: "Lewat API" });
      setActor({ id: 5, nama: "Pak Kasir" });
      recordActivity(db, { entity: "ulasan", action: "tambah", id: 1, before: null, after: { oleh: "Ani" } });
    });
    expect(entries().map((e) => [e.id_user, e.nama_user, e.entitas])).toEqual([
      [null, "Sistem", "users"],
      [5, "Pak Kasir", "ulasan"],
    ]);
    // setActor outside a scope changes nothing.
    setActor({ id: 9, nama: "Tidak Ada" });
    expect(currentActor()).toEqual(SISTEM);
  });

  it("a change that names its own actor (a login, a reset by link) wins over the scope", () => {
    withActor({ id: 1, nama: "Operator" }, () =>
      recordActivity(db, { entity: "users", action: "reset-password", id: 8, summary: "Lewat tautan", actor: { id: 8, nama: "Dosen" } }),
    );
    expect(entries()[0]).toMatchObject({ id_user: 8, nama_user: "Dosen", aksi: "reset-password", ringkasan: "Lewat tautan", perubahan: null });
  });

  it("a no-op update is no activity; with a summary (a status move) it is", () => {
    recordActivity(db, { entity: "kategori", action: "ubah", id: 1, before: { kategori: "A" }, after: { kategori: "A" } });
    expect(entries()).toHaveLength(0);
    recordActivity(db, { entity: "usulan", action: "ubah", id: 1, before: { a: 1 }, after: { a: 1 }, summary: "DIAJUKAN → DITERIMA" });
    expect(entries()).toMatchObject([{ entitas: "usulan", ringkasan: "DIAJUKAN → DITERIMA", perubahan: null }]);
  });

  it("never stores a password hash or token given in the record", () => {
    recordActivity(db, {
      entity: "users",
      action: "tambah",
      id: 2,
      before: null,
      after: { username: "kasir", password_hash: "$argon2id$secret", api_token: "tok_abcdef" },
    });
    const stored = JSON.stringify(entries());
    expect(stored).toContain("kasir");
    expect(stored).not.toMatch(/argon2|tok_abcdef|password_hash|api_token/);
  });

  it("written inside the write's transaction: a rolled-back write leaves no entry", () => {
    expect(() =>
      db.transaction((tx) => {
        recordActivity(tx, { entity: "kategori", action: "hapus", id: 4, before: { kategori: "X" }, after: null });
        throw new Error("gagal");
      }),
    ).toThrow("gagal");
    expect(entries()).toHaveLength(0);
  });
});

describe("listAktivitasPage and the filters' choices", () => {
  let budi: number;
  let sari: number;

  /** 25 entries an hour apart from T0 (newest last): Budi's kategori, Sari's produk, the system's setting. */
  function seedLog() {
    budi = addUserRow("Budi Santoso");
    sari = addUserRow("Sari Dewi");
    db.delete(schema.aktivitas).run();
    for (let i = 0; i < 25; i++) {
      const who = i % 3 === 0 ? { id: budi, nama: "Budi Santoso" } : i % 3 === 1 ? { id: sari, nama: "Sari Dewi" } : SISTEM;
      const entity = i % 3 === 0 ? "kategori" : i % 3 === 1 ? "produk" : "setting";
      recordActivity(
        db,
        { entity, action: "ubah", id: 100 + i, before: { nama: `Lama ${i}` }, after: { nama: `Baru ${i}` }, actor: who },
        new Date(T0.getTime() + i * 60 * 60 * 1000),
      );
    }
  }

  function ids(filter: AktivitasFilter = {}, over: Partial<TableState> = {}) {
    return listAktivitasPage(db, state(over), filter).rows.map((r) => Number(r.id_entitas));
  }

  it("newest first, 10 to a page; the last page and a page past it", () => {
    seedLog();
    const first = listAktivitasPage(db, state());
    expect(first).toMatchObject({ total: 25, page: 1, size: 10, offset: 0 });
    expect(first.rows.map((r) => Number(r.id_entitas))).toEqual([124, 123, 122, 121, 120, 119, 118, 117, 116, 115]);
    expect(first.rows[0]).toMatchObject({
      waktu: new Date(T0.getTime() + 24 * 60 * 60 * 1000),
      nama_user: "Budi Santoso",
      aksi: "ubah",
      entitas: "kategori",
      perubahan: { nama: ["Lama 24", "Baru 24"] },
    });
    expect(ids({}, { page: 3 })).toEqual([104, 103, 102, 101, 100]);
    // Past the last page: the last page.
    const past = listAktivitasPage(db, state({ page: 9 }));
    expect(past.page).toBe(3);
    expect(past.rows).toHaveLength(5);
    expect(ids({}, { size: 25 })).toHaveLength(25);
  });

  it("entries of the same moment: the later one first", () => {
    for (const id of [1, 2, 3]) recordActivity(db, { entity: "kategori", action: "hapus", id, before: { a: id }, after: null }, T0);
    expect(ids()).toEqual([3, 2, 1]);
  });

  it("by user, by kind of record, both", () => {
    seedLog();
    expect(ids({ user: budi })).toEqual([124, 121, 118, 115, 112, 109, 106, 103, 100]);
    expect(ids({ entitas: "produk" })).toEqual([122, 119, 116, 113, 110, 107, 104, 101]);
    expect(ids({ user: sari, entitas: "produk" })).toHaveLength(8);
    expect(ids({ user: budi, entitas: "produk" })).toEqual([]);
    expect(listAktivitasPage(db, state(), { user: budi, entitas: "kategori" }).total).toBe(9);
  });

  it("by day range: `dari` inclusive, `sampai` exclusive (the page passes the next day's start)", () => {
    seedLog();
    const hour = (h: number) => new Date(T0.getTime() + h * 60 * 60 * 1000);
    expect(ids({ dari: hour(20) })).toEqual([124, 123, 122, 121, 120]);
    expect(ids({ sampai: hour(3) })).toEqual([102, 101, 100]);
    expect(ids({ dari: hour(5), sampai: hour(8) })).toEqual([107, 106, 105]);
    expect(ids({ dari: hour(5), sampai: hour(8), user: budi })).toEqual([106]);
    expect(ids({ dari: hour(30) })).toEqual([]);
  });

  it("search: the user's name, the kind, a changed value, the summary, an exact record id; % and _ are literal", () => {
    seedLog();
    recordActivity(db, { entity: "usulan", action: "status", id: 900, summary: "DIAJUKAN → DITERIMA (diskon 50%)" }, new Date(T0.getTime() + 30 * DAY));
    expect(listAktivitasPage(db, state({ q: "sari" })).total).toBe(8);
    expect(listAktivitasPage(db, state({ q: "kategori" })).total).toBe(9);
    expect(ids({}, { q: "Baru 17" })).toEqual([117]);
    expect(ids({}, { q: "DITERIMA" })).toEqual([900]);
    expect(ids({}, { q: "110" })).toEqual([110]);
    expect(ids({}, { q: "50%" })).toEqual([900]);
    expect(ids({}, { q: "%" })).toEqual([900]);
    expect(ids({}, { q: "Baru_1" })).toEqual([]);
    // Search and filter together.
    expect(ids({ user: budi }, { q: "Baru 1" })).toEqual([118, 115, 112]);
    expect(ids({}, { q: "tidak ada di log" })).toEqual([]);
  });

  it("choices: the kinds the log holds, sorted once each; the users it names who still exist, by name", () => {
    seedLog();
    const gone = addUserRow("Agus Hilang");
    recordActivity(db, { entity: "gambar-produk", action: "hapus", id: 1, before: { file: "a.jpg" }, after: null, actor: { id: gone, nama: "Agus Hilang" } });
    db.delete(schema.users).where(eq(schema.users.id, gone)).run();
    const choices = aktivitasFilterChoices(db);
    expect(choices.entitas).toEqual(["gambar-produk", "kategori", "produk", "setting"]);
    expect(choices.users).toEqual([
      { id: budi, nama: "Budi Santoso" },
      { id: sari, nama: "Sari Dewi" },
    ]);
  });

  it("a filtered count stops at COUNT_CAP (shown as 10000+); the whole log's count is exact", () => {
    const insert = db.$client.prepare(
      "insert into aktivitas (waktu, id_user, nama_user, aksi, entitas, id_entitas) values (?, null, 'Sistem', 'ubah', ?, '1')",
    );
    db.$client.transaction(() => {
      for (let i = 0; i < COUNT_CAP + 5; i++) insert.run(T0.getTime() + i, "produk");
      for (let i = 0; i < 7; i++) insert.run(T0.getTime() + i, "kategori");
    })();
    const whole = listAktivitasPage(db, state());
    expect([whole.total, whole.atLeast]).toEqual([COUNT_CAP + 12, undefined]);
    const produk = listAktivitasPage(db, state({ page: 3 }), { entitas: "produk" });
    expect([produk.total, produk.atLeast, produk.page, produk.rows.length]).toEqual([COUNT_CAP, true, 3, 10]);
    const kategori = listAktivitasPage(db, state(), { entitas: "kategori" });
    expect([kategori.total, kategori.atLeast]).toEqual([7, undefined]);
  });

  it("an empty log: no rows, no choices", () => {
    expect(listAktivitasPage(db, state())).toMatchObject({ total: 0, rows: [], page: 1 });
    expect(aktivitasFilterChoices(db)).toEqual({ entitas: [], users: [] });
  });
});

describe("pruneAktivitas (the daily retention job)", () => {
  it("removes the entries older than the given days, keeps the rest, answers how many went", () => {
    const now = new Date(T0.getTime() + 400 * DAY);
    const ages = [400, 366, 365, 364.99, 30, 0];
    for (const [i, age] of ages.entries()) {
      recordActivity(db, { entity: "kategori", action: "hapus", id: i, before: { a: i }, after: null }, new Date(now.getTime() - age * DAY));
    }
    expect(RETENSI_HARI_DEFAULT).toBe(365);
    expect(pruneAktivitas(db, now, RETENSI_HARI_DEFAULT)).toBe(2);
    // Exactly 365 days old is still kept; the next run a moment later takes it.
    expect(entries().map((e) => Number(e.id_entitas))).toEqual([2, 3, 4, 5]);
    expect(pruneAktivitas(db, now, RETENSI_HARI_DEFAULT)).toBe(0);
    expect(pruneAktivitas(db, now, 30)).toBe(2);
    expect(entries().map((e) => Number(e.id_entitas))).toEqual([4, 5]);
    expect(pruneAktivitas(db, new Date(now.getTime() + 1), 30)).toBe(1);
    expect(entries().map((e) => Number(e.id_entitas))).toEqual([5]);
  });
});

describe("the page's queries use the indexes of aktivitas", () => {
  /**
   * The query plans of the SQL `read` sends, as SQLite makes them on this connection (with the
   * connection's `+?` placeholders: the plans the server runs).
   */
  function plans(read: () => unknown): string[][] {
    const spy = vi.spyOn(db.$client, "prepare");
    let sources: string[];
    try {
      read();
      sources = [...new Set(spy.mock.calls.map((call) => String(call[0])))];
    } finally {
      spy.mockRestore();
    }
    expect(sources.length).toBeGreaterThan(0);
    return sources.map((source) => {
      const params = (source.replace(/'[^']*'/g, "").match(/\?/g) ?? []).map(() => null);
      const rows = db.$client.prepare(`EXPLAIN QUERY PLAN ${source}`).all(...params) as { detail: string }[];
      return rows.map((r) => r.detail);
    });
  }

  /** Every step that reads aktivitas goes through one of its indexes; no sorting afterwards. */
  function expectIndexed(plan: string[][], index: string) {
    for (const steps of plan) {
      const reads = steps.filter((s) => /\baktivitas\b/.test(s));
      expect(reads.length, steps.join(" | ")).toBeGreaterThan(0);
      for (const step of reads) expect(step, steps.join(" | ")).toMatch(/^(SCAN|SEARCH) aktivitas USING (COVERING )?INDEX aktivitas_\w+_idx/);
      expect(steps.join(" | ")).toContain(index);
      expect(steps.join(" | ")).not.toMatch(/TEMP B-TREE/);
    }
  }

  beforeEach(() => {
    for (let i = 0; i < 50; i++) {
      recordActivity(db, { entity: i % 2 ? "produk" : "kategori", action: "ubah", id: i, before: { a: 0 }, after: { a: i + 1 }, actor: { id: (i % 5) + 1, nama: `U${i % 5}` } }, new Date(T0.getTime() + i * 1000));
    }
  });

  it("the default listing (count and page) walks aktivitas_waktu_idx", () => {
    expectIndexed(plans(() => listAktivitasPage(db, state({ page: 2 }))), "aktivitas_waktu_idx");
  });

  it("a user filter uses aktivitas_user_idx, with or without days", () => {
    expectIndexed(plans(() => listAktivitasPage(db, state(), { user: 3 })), "aktivitas_user_idx");
    const plan = plans(() => listAktivitasPage(db, state(), { user: 3, dari: T0, sampai: new Date(T0.getTime() + DAY) }));
    expectIndexed(plan, "aktivitas_user_idx (id_user=? AND waktu>? AND waktu<?)");
  });

  it("a kind filter uses aktivitas_entitas_idx", () => {
    expectIndexed(plans(() => listAktivitasPage(db, state(), { entitas: "produk" })), "aktivitas_entitas_idx (entitas=?)");
  });

  it("a day range uses aktivitas_waktu_idx as a range", () => {
    const plan = plans(() => listAktivitasPage(db, state(), { dari: T0, sampai: new Date(T0.getTime() + DAY) }));
    expectIndexed(plan, "aktivitas_waktu_idx (waktu>? AND waktu<?)");
  });

  it("the filters' choices seek aktivitas_entitas_idx and aktivitas_user_idx", () => {
    const plan = plans(() => aktivitasFilterChoices(db));
    const text = plan.map((steps) => steps.join(" | "));
    expect(text.some((s) => s.includes("SEARCH aktivitas USING COVERING INDEX aktivitas_entitas_idx (entitas>?)"))).toBe(true);
    expect(text.some((s) => s.includes("SEARCH aktivitas EXISTS USING COVERING INDEX aktivitas_user_idx (id_user=?)"))).toBe(true);
    for (const s of text) expect(s).not.toMatch(/SCAN aktivitas(?! USING)/);
  });
});
