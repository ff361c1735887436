/**
 * Penetapan Pemenang Usulan Reguler: the ranking board per periode, the batch
 * 'Tetapkan' (one transaction: the SK row, DIDANAI with dana_disetujui, TIDAK_DIDANAI), its
 * refusals — kuota, anggaran, amounts, SK fields, the window, stale rows — with nothing
 * changed, two heads deciding at once (one wins), and the XLSX/CSV downloads; every other role
 * and anonymous stopped by the area guard.
 */
import { parse } from "csv-parse/sync";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { and, eq, inArray } from "drizzle-orm";
import * as schema from "../../db/schema";
import * as penetapanRoute from "../../app/routes/lppm/kepalalppm/penetapan-pemenang.usulan-reguler";
import * as unduh from "../../app/routes/lppm/kepalalppm/penetapan-pemenang.usulan-reguler.unduh.$laporan.$format";
import { BOARD_TOP, type Board } from "~/domain/lppm/penetapan/penetapan.server";
import { toCsv } from "~/domain/lppm/penetapan/export.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { addScoredUsulan, areaRequest, penetapanWorld, statusOf, type PenetapanWorld } from "../setup/lppm-penetapan";

const PAGE = "/kepalalppm/penetapan-pemenang/usulan-reguler";

let t: TestDb;
let w: PenetapanWorld;

afterEach(() => t.cleanup());

async function world(options: Parameters<typeof penetapanWorld>[1] = {}) {
  t = createTestDb();
  w = await penetapanWorld(t.db, options);
}

/** Three recommended proposals: A 650 (20 jt), B 600 (30 jt), C 550 (25 jt). */
function three() {
  return {
    a: addScoredUsulan(t.db, w, { judul: "Usulan A", status: "DIREKOMENDASIKAN", skor: [7, 6], dana: 20_000_000 }),
    c: addScoredUsulan(t.db, w, { judul: "Usulan C", status: "DIREKOMENDASIKAN", skor: [6, 5], dana: 25_000_000 }),
    b: addScoredUsulan(t.db, w, { judul: "Usulan B", status: "DIREKOMENDASIKAN", skor: [6, 6], dana: 30_000_000 }),
  };
}

function batchForm(rows: Record<number, [boolean, string]>, extra: Record<string, string> = {}) {
  const form = new FormData();
  form.set("intent", "tetapkan");
  form.set("periode", String(w.periodeId));
  form.set("nomor_sk", "123/LPPM/SK/XI/2026");
  form.set("tanggal_sk", "2026-11-24");
  for (const [id, [didanai, dana]] of Object.entries(rows)) {
    form.append("usulan", id);
    form.set(`didanai_${id}`, didanai ? "ya" : "tidak");
    form.set(`dana_${id}`, dana);
  }
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  return form;
}

function snapshot() {
  return {
    usulan: t.db.select().from(schema.usulan).all(),
    penetapan: t.db.select().from(schema.penetapan).all(),
    log: t.db.select().from(schema.statusLog).all(),
  };
}

describe("ranking board", () => {
  beforeEach(() => world());

  it("ranks DIREKOMENDASIKAN by average score with totals, spread, recommendation, kuota and anggaran left", async () => {
    const { a, b, c } = three();
    addScoredUsulan(t.db, w, { judul: "Sudah didanai", status: "DIDANAI", dana: 10_000_000, dana_disetujui: 9_000_000 });
    addScoredUsulan(t.db, w, { judul: "Belum direkomendasikan", status: "DIVERIFIKASI" });
    const res = await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}`, w.people.kepala);
    expect(res.status).toBe(200);
    const board = res.data as Board;
    expect(board.rows.map((r) => [r.id, r.peringkat, r.nilai_rata])).toEqual([
      [a, 1, 650],
      [b, 2, 600],
      [c, 3, 550],
    ]);
    expect(board.rows[0]).toMatchObject({ totals: [700, 600], selisih: 100, selisihBesar: false, dana_diusulkan: 20_000_000, dana_rekomendasi: 19_000_000 });
    expect(board.sisa).toMatchObject({ kuotaTotal: 3, judulDidanai: 1, kuota: 2, anggaranTotal: 100_000_000, danaTerpakai: 9_000_000, anggaran: 91_000_000 });
    expect(board.windowClosed).toBeNull();
    expect((await areaRequest(penetapanRoute, `${PAGE}?periode=999999`, w.people.kepala)).status).toBe(404);
  });

  it("shows the top of a long board, and all of it on asking; a batch of the top decides only those", async () => {
    const ids = Array.from({ length: BOARD_TOP + 5 }, (_, i) =>
      addScoredUsulan(t.db, w, { judul: `Usulan ${String(i).padStart(2, "0")}`, status: "DIREKOMENDASIKAN", skor: [7, i % 6 === 0 ? 5 : 6], dana: 1_000_000 }),
    );
    const top = (await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}`, w.people.kepala)).data as Board;
    expect(top.total).toBe(BOARD_TOP + 5);
    expect(top.rows).toHaveLength(BOARD_TOP);
    expect(top.rows.map((r) => r.peringkat)).toEqual(Array.from({ length: BOARD_TOP }, (_, i) => i + 1));
    const semua = (await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}&semua=1`, w.people.kepala)).data as Board;
    expect(semua.rows).toHaveLength(BOARD_TOP + 5);
    expect(semua.rows.slice(0, BOARD_TOP).map((r) => r.id)).toEqual(top.rows.map((r) => r.id));
    // The head decides the top rows (one winner, the rest not funded): the others stay on the board.
    const decided = Object.fromEntries(top.rows.map((r, i) => [r.id, [i === 0, "1.000.000"] as [boolean, string]]));
    const res = await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}`, w.people.kepala, { form: batchForm(decided) });
    expect(res.status).toBe(302);
    const after = (await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}`, w.people.kepala)).data as Board;
    expect(after.total).toBe(5);
    expect(after.rows.map((r) => r.id).sort()).toEqual(ids.filter((id) => !top.rows.some((r) => r.id === id)).sort());
  });

  it("every other role gets 404, anonymous /login", async () => {
    const { a } = three();
    for (const who of Object.values(w.people).filter((p) => p !== w.people.kepala)) {
      expect((await areaRequest(penetapanRoute, PAGE, who)).status, who.name).toBe(404);
      expect((await areaRequest(penetapanRoute, PAGE, who, { form: batchForm({ [a]: [true, "20.000.000"] }) })).status, who.name).toBe(404);
    }
    expect((await areaRequest(penetapanRoute, PAGE, null)).location).toMatch(/^\/login/);
    expect(statusOf(t.db, a).status).toBe("DIREKOMENDASIKAN");
  });
});

describe("Tetapkan", () => {
  beforeEach(() => world());

  it("decides the batch in one go: the SK, the winners with their amounts, the others not funded", async () => {
    const { a, b, c } = three();
    const res = await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}`, w.people.kepala, {
      form: batchForm({ [a]: [true, "19.000.000"], [b]: [true, "Rp 30.000.000"], [c]: [false, ""] }),
    });
    expect(res.status).toBe(302);
    expect(res.location).toBe(`${PAGE}?periode=${w.periodeId}`);
    expect((await flashOf(res))?.message).toBe("Data berhasil disimpan");
    const [sk] = t.db.select().from(schema.penetapan).all();
    expect(sk).toMatchObject({ id_periode: w.periodeId, nomor_sk: "123/LPPM/SK/XI/2026", id_user: w.people.kepala.id });
    expect(statusOf(t.db, a)).toMatchObject({ status: "DIDANAI", dana_disetujui: 19_000_000, id_penetapan: sk!.id });
    expect(statusOf(t.db, b)).toMatchObject({ status: "DIDANAI", dana_disetujui: 30_000_000, id_penetapan: sk!.id });
    expect(statusOf(t.db, c)).toMatchObject({ status: "TIDAK_DIDANAI", dana_disetujui: null, id_penetapan: sk!.id });
    const log = t.db.select().from(schema.statusLog).where(inArray(schema.statusLog.entity_id, [a, b, c])).all();
    expect(log.map((l) => l.to_status).sort()).toEqual(["DIDANAI", "DIDANAI", "TIDAK_DIDANAI"]);
    // The board is empty now; the SK is listed, kuota and anggaran are used.
    const board = (await areaRequest(penetapanRoute, `${PAGE}?periode=${w.periodeId}`, w.people.kepala)).data as Board;
    expect(board.rows).toHaveLength(0);
    expect(board.sisa).toMatchObject({ kuota: 1, anggaran: 51_000_000 });
    expect(board.batches).toMatchObject([{ nomor_sk: "123/LPPM/SK/XI/2026", didanai: 2, tidak_didanai: 1 }]);
  });

  it("refuses over the kuota left, changing nothing", async () => {
    const { a, b, c } = three();
    addScoredUsulan(t.db, w, { judul: "Sudah didanai", status: "BERJALAN", dana: 5_000_000, dana_disetujui: 5_000_000 });
    const before = snapshot();
    const res = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [true, "1.000.000"], [b]: [true, "1.000.000"], [c]: [true, "1.000.000"] }) });
    expect(res.status).toBe(422);
    expect(res.data).toMatchObject({ message: "Jumlah usulan yang didanai (3) melebihi sisa kuota judul (2)." });
    expect(snapshot()).toEqual(before);
  });

  it("refuses over the anggaran left, changing nothing", async () => {
    t.cleanup();
    await world({ anggaran: 45_000_000 });
    const { a, b } = three();
    const before = snapshot();
    const res = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [true, "20.000.000"], [b]: [true, "30.000.000"] }) });
    expect(res.status).toBe(422);
    expect(res.data).toMatchObject({ message: "Total dana disetujui (Rp. 50.000.000) melebihi sisa anggaran (Rp. 45.000.000)." });
    expect(snapshot()).toEqual(before);
  });

  it("refuses bad amounts and SK fields with Indonesian messages on their fields, changing nothing", async () => {
    const { a, b } = three();
    const before = snapshot();
    const cases: [FormData, number, string, string][] = [
      [batchForm({ [a]: [true, "25.000.000"] }), 422, `dana_${a}`, "Dana disetujui tidak boleh melebihi dana diusulkan."],
      [batchForm({ [a]: [true, ""] }), 422, `dana_${a}`, "Dana disetujui wajib diisi untuk usulan yang didanai."],
      [batchForm({ [a]: [true, "0"] }), 422, `dana_${a}`, "Dana disetujui wajib diisi untuk usulan yang didanai."],
      [batchForm({ [a]: [true, "1,5 juta"] }), 400, `dana_${a}`, "Dana disetujui tidak valid. Tulis angka rupiah tanpa desimal, contoh 15.000.000."],
      [batchForm({ [a]: [true, "1.000"] }, { nomor_sk: " " }), 400, "nomor_sk", "Nomor SK wajib diisi."],
      [batchForm({ [a]: [true, "1.000"] }, { nomor_sk: "x".repeat(101) }), 400, "nomor_sk", "Nomor SK maksimal 100 karakter."],
      [batchForm({ [a]: [true, "1.000"] }, { tanggal_sk: "2026-02-31" }), 400, "tanggal_sk", "Tanggal SK wajib diisi dengan tanggal yang valid."],
      [batchForm({ [a]: [true, "1.000"] }, { periode: "x" }), 400, "periode", "Periode wajib dipilih."],
    ];
    for (const [form, status, field, message] of cases) {
      const res = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form });
      expect(res.status, message).toBe(status);
      expect(res.data, message).toMatchObject({ message, result: { error: { [field]: [message] } } });
    }
    const none = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({}) });
    expect(none.status).toBe(422);
    expect(none.data).toMatchObject({ message: "Tidak ada usulan yang dapat ditetapkan." });
    const unknown = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [b]: [false, ""] }, { intent: "hapus" }) });
    expect(unknown.status).toBe(400);
    // A proposal that is not (or no longer) recommended in this periode.
    const verified = addScoredUsulan(t.db, w, { judul: "Belum direkomendasikan", status: "DIVERIFIKASI" });
    const stale = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [true, "1.000"], [verified]: [false, ""] }) });
    expect(stale.status).toBe(409);
    expect(stale.data).toMatchObject({ message: "Status usulan telah berubah. Muat ulang halaman lalu tetapkan kembali." });
    t.db.delete(schema.usulan).where(eq(schema.usulan.id, verified)).run();
    expect(snapshot()).toEqual(before);
  });

  it("refuses outside the penetapan window", async () => {
    t.cleanup();
    await world({ closed: ["penetapan"] });
    const { a } = three();
    const board = (await areaRequest(penetapanRoute, PAGE, w.people.kepala)).data as Board;
    expect(board.windowClosed).toMatch(/^Penetapan ditutup pada /);
    const before = snapshot();
    const res = await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [true, "20.000.000"] }) });
    expect(res.status).toBe(409);
    expect((res.data as { message: string }).message).toMatch(/^Penetapan ditutup pada .+ WIB\.$/);
    expect(snapshot()).toEqual(before);
  });

  it("two heads pressing 'Tetapkan' at once: one batch wins, the other changes nothing", async () => {
    const { a, b, c } = three();
    const [first, second] = await Promise.all([
      areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [true, "20.000.000"], [b]: [false, ""], [c]: [false, ""] }) }),
      areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [false, ""], [b]: [true, "30.000.000"], [c]: [true, "25.000.000"] }) }),
    ]);
    expect([first.status, second.status].sort()).toEqual([302, 409]);
    expect(t.db.select().from(schema.penetapan).all()).toHaveLength(1);
    const funded = t.db.select().from(schema.usulan).where(and(eq(schema.usulan.status, "DIDANAI"))).all();
    expect(funded.map((u) => u.id)).toEqual(first.status === 302 ? [a] : [b, c].sort((x, y) => x - y));
  });
});

describe("downloads", () => {
  beforeEach(() => world());

  function get(laporan: string, format: string, who = w.people.kepala, periode: string | number = w.periodeId) {
    return areaRequest(unduh, `${PAGE}/unduh/${laporan}/${format}?periode=${periode}`, who, { params: { laporan, format } });
  }

  async function decided() {
    const { a, b, c } = three();
    await areaRequest(penetapanRoute, PAGE, w.people.kepala, { form: batchForm({ [a]: [true, "19.000.000"], [b]: [true, "30.000.000"], [c]: [false, ""] }) });
  }

  it("XLSX of the board, the winners and the recap: a real workbook, an attachment, never cached", async () => {
    await decided();
    for (const laporan of ["peringkat", "pemenang", "rekap"]) {
      const res = await get(laporan, "xlsx");
      expect(res.status, laporan).toBe(200);
      expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
      expect(res.headers.get("Content-Disposition")).toMatch(/^attachment; filename="[a-z0-9-]+\.xlsx"$/);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      // A zip (PK\x03\x04): runRoute reads the body as text.
      expect((res.data as string).slice(0, 2)).toBe("PK");
    }
  });

  it("CSV: UTF-8 with a BOM, ';' between fields, decimals with ',', formulas neutralised", async () => {
    await decided();
    t.db.update(schema.usulan).set({ judul: "=HYPERLINK(\"x\")" }).where(eq(schema.usulan.judul, "Usulan C")).run();
    const board = await get("peringkat", "csv");
    expect(board.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    // Response.text() drops the BOM; the bytes sent start with it.
    expect(toCsv({ title: "x", columns: [{ header: "A", width: 1 }], rows: [] }).charCodeAt(0)).toBe(0xfeff);
    const text = board.data as string;
    const lines = text.trim().split("\r\n");
    expect(lines[0]).toBe("Peringkat;Judul;Ketua;NIDN;Status;Nilai rata-rata;Nilai reviewer 1;Nilai reviewer 2;Selisih;Dana diusulkan;Dana rekomendasi;Dana disetujui");
    expect(lines[1]).toBe("1;Usulan A;Dr. Budi Santoso;0011223344;Didanai;650;700;600;100;20000000;19000000;19000000");
    expect(lines[3]).toContain(`;"'=HYPERLINK(""x"")";`);
    const winners = (await get("pemenang", "csv")).data as string;
    expect(winners).toContain("1;Usulan A;Dr. Budi Santoso;0011223344;Teknik Informatika;");
    expect(winners).toContain(";19000000;123/LPPM/SK/XI/2026;24 Nov 2026;Didanai");
    expect(winners).not.toContain("Usulan C");
    const recap = (await get("rekap", "csv")).data as string;
    expect(recap).toMatch(/2026 · Penelitian Dasar Internal [^;]+;Penelitian;3;0;2;1;3;1;100000000;49000000;51000000/);
  });

  it("CSV: a title with ',' before a formula is one cell read with ';', and starts no formula read with ','", async () => {
    await decided();
    t.db.update(schema.usulan).set({ judul: "Judul,=2+5+cmd|x" }).where(eq(schema.usulan.judul, "Usulan A")).run();
    t.db.update(schema.usulan).set({ judul: "=2+5+cmd|' /C calc'!A0" }).where(eq(schema.usulan.judul, "Usulan B")).run();
    for (const laporan of ["peringkat", "pemenang"]) {
      const text = (await get(laporan, "csv")).data as string;
      // As the institute's Excel reads it (';'): each title one field, every formula start guarded.
      const rows = parse(text, { delimiter: ";", bom: true }) as string[][];
      expect(rows.every((r) => r.length === rows[0]!.length), laporan).toBe(true);
      expect(rows.map((r) => r[1]), laporan).toEqual(expect.arrayContaining(["Judul,'=2+5+cmd|x", "'=2+5+cmd|' /C calc'!A0"]));
      // As a spreadsheet splitting on ',' reads it (leniently, as spreadsheets read): a quote in
      // the middle of its cell keeps nothing together, so the title is cut at its comma — and
      // the cell starting there starts with the guard, not a formula.
      const comma = parse(text, { delimiter: ",", bom: true, relax_quotes: true, relax_column_count: true }) as string[][];
      expect(comma.flat().filter((cell) => /^[=+\-@]/.test(cell)), laporan).toEqual([]);
      expect(comma.flat().some((cell) => cell.startsWith("'=2+5+cmd|x")), laporan).toBe(true);
    }
  });

  it("unknown report, format or periode: 404; other roles 404; anonymous /login", async () => {
    expect((await get("semua", "xlsx")).status).toBe(404);
    expect((await get("peringkat", "pdf")).status).toBe(404);
    expect((await get("peringkat", "csv", w.people.kepala, 999999)).status).toBe(404);
    expect((await get("pemenang", "csv", w.people.kepala, "abc")).status).toBe(404);
    for (const who of Object.values(w.people).filter((p) => p !== w.people.kepala)) {
      expect((await get("peringkat", "xlsx", who)).status, who.name).toBe(404);
    }
    expect((await get("peringkat", "xlsx", null as never)).location).toMatch(/^\/login/);
  });
});
