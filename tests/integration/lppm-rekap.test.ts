/**
 * The recap per periode (item 5; LPPM.md "Exports") on a throw-away database: beside
 * the penetapan's figures (tests/integration/lppm-penetapan.test.ts, downloads), how each
 * periode's funded projects went — accepted reports, finished projects, monev scores and grades,
 * outputs achieved and published — each counted in its own periode only, and the same table as
 * CSV and XLSX. The SQL grade agrees with monevGrade at every boundary.
 */
import zlib from "node:zlib";
import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { monevGradeSql, tabelRekap, toCsv, toXlsx } from "~/domain/lppm/penetapan/export.server";
import { monevGrade } from "~/domain/lppm/monev/monev";
import { openDb, type RootDb } from "~/lib/server/db.server";
import { createTestDb, type TestDb } from "../setup/test-db";
import { addScoredUsulan, DAY, penetapanWorld, type PenetapanWorld } from "../setup/lppm-penetapan";

const HEADERS = [
  "Periode",
  "Jenis",
  "Usulan masuk",
  "Direkomendasikan",
  "Didanai",
  "Tidak didanai",
  "Kuota judul",
  "Sisa kuota",
  "Anggaran total",
  "Dana disetujui",
  "Sisa anggaran",
  "Laporan kemajuan diterima",
  "Laporan akhir diterima",
  "Selesai",
  "Monev dinilai",
  "Rata-rata nilai monev",
  "Sangat Baik",
  "Baik",
  "Cukup",
  "Kurang",
  "Luaran tercapai",
  "Luaran terbit (DOI/URL)",
  "Klaim insentif tahun ini",
  "Insentif ditetapkan tahun ini",
  "Insentif dicairkan tahun ini",
];

let t: TestDb | undefined;
afterEach(() => {
  t?.cleanup();
  t = undefined;
});

function skemaNama(db: RootDb, w: PenetapanWorld) {
  return db.select({ nama: schema.skema.nama }).from(schema.skema).where(eq(schema.skema.id, w.skemaId)).get()!.nama;
}

/** The recap's row of the periode labelled `label`, as header → value. */
function rekapRow(db: RootDb, label: string) {
  const tabel = tabelRekap(db);
  const rows = tabel.rows.filter((r) => r[0] === label);
  expect(rows, label).toHaveLength(1);
  return Object.fromEntries(tabel.columns.map((c, i) => [c.header, rows[0]![i]]));
}

function report(db: RootDb, idUsulan: number, jenis: "kemajuan" | "akhir", status: "DRAF" | "DIAJUKAN" | "DITERIMA" | "DIKEMBALIKAN") {
  db.insert(schema.laporan).values({ id_usulan: idUsulan, jenis, status, capaian: jenis === "akhir" ? 100 : 50, realisasi: 0, ringkasan: "Ringkasan." }).run();
}

function scored(db: RootDb, w: PenetapanWorld, idUsulan: number, total: number | null) {
  db.insert(schema.monev)
    .values({
      id_usulan: idUsulan,
      id_reviewer: w.people.reviewer1.id,
      status: total === null ? "DITUGASKAN" : "DINILAI",
      tenggat: new Date(Date.now() + DAY),
      total_nilai: total,
      dinilai_at: total === null ? null : new Date(),
    })
    .run();
}

/** A target output of the project and, unless `status` is null, what it reached. */
function luaran(db: RootDb, idUsulan: number, status: string | null, doi_url = "") {
  const id = db.insert(schema.usulanLuaran).values({ id_usulan: idUsulan, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
  if (status) db.insert(schema.luaranCapaian).values({ id_luaran: id, status, judul_publikasi: "Publikasi", doi_url }).run();
}

/** The text of every XML part of an XLSX (a zip), read through its central directory. */
function xlsxText(file: Buffer): string {
  const end = file.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = file.readUInt16LE(end + 10);
  let at = file.readUInt32LE(end + 16);
  let text = "";
  for (let i = 0; i < entries; i++) {
    const method = file.readUInt16LE(at + 10);
    const size = file.readUInt32LE(at + 20);
    const nameLength = file.readUInt16LE(at + 28);
    const skip = nameLength + file.readUInt16LE(at + 30) + file.readUInt16LE(at + 32);
    const local = file.readUInt32LE(at + 42);
    const start = local + 30 + file.readUInt16LE(local + 26) + file.readUInt16LE(local + 28);
    const data = file.subarray(start, start + size);
    text += (method === 8 ? zlib.inflateRawSync(data) : data).toString("utf8");
    at += 46 + skip;
  }
  return text;
}

describe("recap per periode", () => {
  it("counts accepted reports, finished projects, monev scores and grades and the outputs achieved, each in its own periode", async () => {
    t = createTestDb();
    const db = t.db;
    const w = await penetapanWorld(db, { kuota: 10, anggaran: 200_000_000 });
    const add = (judul: string, status: string, dana_disetujui: number | null = null, world = w) => addScoredUsulan(db, world, { judul, status, dana_disetujui });
    add("Masih draf", "DRAF");
    add("Direkomendasikan", "DIREKOMENDASIKAN");
    add("Tidak didanai", "TIDAK_DIDANAI");
    add("Baru didanai", "DIDANAI", 10_000_000);
    const [b1, b2, b3, b4, b5] = [1, 2, 3, 4, 5].map((n) => add(`Berjalan ${n}`, "BERJALAN", 15_000_000)) as [number, number, number, number, number];
    const [s1, s2] = [1, 2].map((n) => add(`Selesai ${n}`, "SELESAI", 20_000_000)) as [number, number];
    for (const id of [b1, b2, b3, b4, s1, s2]) report(db, id, "kemajuan", "DITERIMA");
    report(db, b5, "kemajuan", "DIAJUKAN");
    for (const id of [s1, s2]) report(db, id, "akhir", "DITERIMA");
    report(db, b1, "akhir", "DIAJUKAN");
    report(db, b2, "akhir", "DRAF");
    // Two Sangat Baik (85, exactly 80), one Baik, one Cukup (exactly 60), one Kurang (59.99); b4 not scored yet.
    scored(db, w, s1, 85);
    scored(db, w, s2, 80);
    scored(db, w, b1, 75.5);
    scored(db, w, b2, 60);
    scored(db, w, b3, 59.99);
    scored(db, w, b4, null);
    luaran(db, s1, "Published", "10.1234/jti.2026.7");
    luaran(db, s1, "Granted");
    luaran(db, s2, "Terdaftar", "https://pdki.example/paten/123");
    // Accepted is not yet achieved, whatever its DOI; neither is Submitted nor a target with no record.
    luaran(db, b1, "Accepted", "10.1234/jti.2026.8");
    luaran(db, b2, "Submitted");
    luaran(db, b3, null);

    // The year's publication incentives: a draft is not counted; decided and paid amounts are.
    const jenisInsentif = db.insert(schema.jenisInsentif).values({ jenis: "Jurnal nasional terakreditasi", peringkat: "Sinta 2", tarif_utama: 5_000_000 }).returning().get().id;
    const callInsentif = db.insert(schema.periodeInsentif).values({ tahun: 2026, anggaran_total: 50_000_000 }).returning().get().id;
    for (const [i, [status, nominal]] of ([["DRAF", null], ["DIAJUKAN", null], ["DITETAPKAN", 3_000_000], ["DICAIRKAN", 2_000_000]] as const).entries()) {
      db.insert(schema.insentif)
        .values({ id_periode: callInsentif, id_pengusul: w.people.pengusul.id, id_jenis: jenisInsentif, status, judul: `Artikel ${i}`, nama_wadah: "Jurnal", tahun: 2026, peran: "pertama", jumlah_penulis: 2, nominal_disetujui: nominal })
        .run();
    }

    // An earlier periode of the same skema: its figures stay on its own line.
    const lalu = db
      .insert(schema.periode)
      .values({ tahun: 2025, id_skema: w.skemaId, sumber_dana: "DIPA", anggaran_total: 50_000_000, kuota_judul: 2 })
      .returning()
      .get().id;
    const w2 = { ...w, periodeId: lalu };
    add("Draf tahun lalu", "DRAF", null, w2);
    const old = add("Selesai tahun lalu", "SELESAI", 5_000_000, w2);
    report(db, old, "kemajuan", "DITERIMA");
    report(db, old, "akhir", "DITERIMA");
    scored(db, w, old, 90);
    luaran(db, old, "Published", "https://jurnal.example/artikel/1");

    const nama = skemaNama(db, w);
    expect(tabelRekap(db).columns.map((c) => c.header)).toEqual(HEADERS);
    expect(rekapRow(db, `2026 · ${nama}`)).toEqual({
      Periode: `2026 · ${nama}`,
      Jenis: "Penelitian",
      "Usulan masuk": 10,
      Direkomendasikan: 1,
      Didanai: 8,
      "Tidak didanai": 1,
      "Kuota judul": 10,
      "Sisa kuota": 2,
      "Anggaran total": 200_000_000,
      "Dana disetujui": 125_000_000,
      "Sisa anggaran": 75_000_000,
      "Laporan kemajuan diterima": 6,
      "Laporan akhir diterima": 2,
      Selesai: 2,
      "Monev dinilai": 5,
      // (85 + 80 + 75.5 + 60 + 59.99) / 5 = 72.098
      "Rata-rata nilai monev": 72.1,
      "Sangat Baik": 2,
      Baik: 1,
      Cukup: 1,
      Kurang: 1,
      "Luaran tercapai": 3,
      "Luaran terbit (DOI/URL)": 2,
      "Klaim insentif tahun ini": 3,
      "Insentif ditetapkan tahun ini": 5_000_000,
      "Insentif dicairkan tahun ini": 2_000_000,
    });
    expect(rekapRow(db, `2025 · ${nama}`)).toEqual({
      Periode: `2025 · ${nama}`,
      Jenis: "Penelitian",
      "Usulan masuk": 1,
      Direkomendasikan: 0,
      Didanai: 1,
      "Tidak didanai": 0,
      "Kuota judul": 2,
      "Sisa kuota": 1,
      "Anggaran total": 50_000_000,
      "Dana disetujui": 5_000_000,
      "Sisa anggaran": 45_000_000,
      "Laporan kemajuan diterima": 1,
      "Laporan akhir diterima": 1,
      Selesai: 1,
      "Monev dinilai": 1,
      "Rata-rata nilai monev": 90,
      "Sangat Baik": 1,
      Baik: 0,
      Cukup: 0,
      Kurang: 0,
      "Luaran tercapai": 1,
      "Luaran terbit (DOI/URL)": 1,
      "Klaim insentif tahun ini": 0,
      "Insentif ditetapkan tahun ini": 0,
      "Insentif dicairkan tahun ini": 0,
    });

    const csv = toCsv(tabelRekap(db)).replace(/^\uFEFF/, "").split("\r\n");
    expect(csv[0]).toBe(HEADERS.join(";"));
    expect(csv).toContain(`2026 · ${nama};Penelitian;10;1;8;1;10;2;200000000;125000000;75000000;6;2;2;5;"72,1";2;1;1;1;3;2;3;5000000;2000000`);
    expect(csv).toContain(`2025 · ${nama};Penelitian;1;0;1;0;2;1;50000000;5000000;45000000;1;1;1;1;90;1;0;0;0;1;1;0;0;0`);
    const xlsx = await toXlsx(tabelRekap(db));
    expect(xlsx.subarray(0, 2).toString()).toBe("PK");
    const text = xlsxText(xlsx);
    for (const header of ["Laporan kemajuan diterima", "Rata-rata nilai monev", "Luaran terbit (DOI/URL)"]) expect(text).toContain(header);
    expect(text).toContain("72.1");
  });

  it("a periode without proposals, reports, monev or outputs: zeros and an empty average", async () => {
    t = createTestDb();
    const w = await penetapanWorld(t.db);
    const nama = skemaNama(t.db, w);
    expect(rekapRow(t.db, `2026 · ${nama}`)).toEqual({
      Periode: `2026 · ${nama}`,
      Jenis: "Penelitian",
      "Usulan masuk": 0,
      Direkomendasikan: 0,
      Didanai: 0,
      "Tidak didanai": 0,
      "Kuota judul": 3,
      "Sisa kuota": 3,
      "Anggaran total": 100_000_000,
      "Dana disetujui": 0,
      "Sisa anggaran": 100_000_000,
      "Laporan kemajuan diterima": 0,
      "Laporan akhir diterima": 0,
      Selesai: 0,
      "Monev dinilai": 0,
      "Rata-rata nilai monev": null,
      "Sangat Baik": 0,
      Baik: 0,
      Cukup: 0,
      Kurang: 0,
      "Luaran tercapai": 0,
      "Luaran terbit (DOI/URL)": 0,
      "Klaim insentif tahun ini": 0,
      "Insentif ditetapkan tahun ini": 0,
      "Insentif dicairkan tahun ini": 0,
    });
    expect(toCsv(tabelRekap(t.db)).split("\r\n")).toContain(`2026 · ${nama};Penelitian;0;0;0;0;3;3;100000000;0;100000000;0;0;0;0;;0;0;0;0;0;0;0;0;0`);
    expect((await toXlsx(tabelRekap(t.db))).subarray(0, 2).toString()).toBe("PK");
  });
});

describe("CSV cells", () => {
  it("a negative number stays a number; text that could be a formula is quoted", () => {
    const csv = toCsv({ title: "x", columns: [{ header: "Sisa", width: 10 }], rows: [[-147], ["-1+1"], ["=SUM(A1)"], [12.5]] }).replace(/^\uFEFF/, "").split("\r\n");
    expect(csv.slice(1, 5)).toEqual(["-147", "'-1+1", "'=SUM(A1)", '"12,5"']);
  });
});

describe("monevGradeSql", () => {
  it("grades like monevGrade at every boundary, on a REAL as the monev table stores it", () => {
    const db = openDb(":memory:");
    try {
      const totals = [0, 59.99, 60, 69.99, 70, 79.99, 80, 100];
      const graded = totals.map((total) => db.get<{ grade: string }>(sql`select ${monevGradeSql(sql`cast(${total} as real)`)} as grade`).grade);
      expect(graded).toEqual(totals.map(monevGrade));
      expect(graded).toEqual(["Kurang", "Kurang", "Cukup", "Cukup", "Baik", "Baik", "Sangat Baik", "Sangat Baik"]);
    } finally {
      db.$client.close();
    }
  });
});
