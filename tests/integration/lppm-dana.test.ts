/**
 * Grant money through the Pembayaran Dana screen's loader and action as React Router runs them
 * behind the operator's guard: the periode's tranches (percentages summing to 100, locked once
 * paid), each funded proposal's amounts (the rounding remainder on the last tranche), a tranche
 * refused until its condition holds and recorded after, over-payment, bad dates and proofs
 * refused with nothing stored, the activity log, the ketua's view on the proposal's page, the
 * proof download and the recap as XLSX (read back with read-excel-file) and CSV.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import type { DanaUsulan } from "~/domain/lppm/dana/dana.server";
import { documentsDir } from "~/lib/server/documents.server";
import { readCsv } from "~/lib/util/csv";
import { toWibDateInput } from "~/lib/util/wib";
import { createTestDb, type TestDb } from "../setup/test-db";
import { flashOf } from "../setup/operator-helpers";
import { routedModule } from "../setup/app-routes";
import { routeArgs, TEST_ORIGIN } from "../setup/route";
import { modulesAt, withinLayouts } from "../setup/app-routes";
import { addScoredUsulan, areaRequest, pdfFile, penetapanWorld, PNG_1X1, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";

const PAGE = "/operator/lppm/pembayaran-dana";

type PageData = { rows: DanaUsulan[]; bayar: DanaUsulan | null; terkunci: boolean; termin: { nama: string; persen: string; syarat: string }[] };

let t: TestDb;
let w: PenetapanWorld;
let proyek: number;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  proyek = addScoredUsulan(t.db, w, { judul: "Kursi rotan tahan cuaca", status: "BERJALAN", dana_disetujui: 10_000_001 });
  addScoredUsulan(t.db, w, { judul: "Usulan yang tidak didanai", status: "TIDAK_DIDANAI", dana_disetujui: null });
});

const TERMIN = {
  intent: "simpan-termin",
  "termin[0].nama": "Termin 1",
  "termin[0].persen": "70",
  "termin[0].syarat": "DIDANAI",
  "termin[1].nama": "Termin 2",
  "termin[1].persen": "30",
  "termin[1].syarat": "KEMAJUAN_DITERIMA",
};

function simpanTermin(over: Record<string, string> = {}) {
  return areaRequest(routedModule, `${PAGE}?periode=${w.periodeId}`, w.people.operator, { form: { ...TERMIN, id: String(w.periodeId), ...over } });
}

const terminIds = () => t.db.select().from(schema.terminDana).orderBy(schema.terminDana.urutan).all().map((r) => r.id);
const payments = () => t.db.select().from(schema.pembayaranDana).all();
const storedProofs = () => {
  const dir = path.join(documentsDir(), "pembayaran");
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

function bayar(over: Record<string, string> = {}, bukti: File | null = pdfFile("transfer.pdf", "Bukti transfer"), who: Person = w.people.operator) {
  const form = new FormData();
  const fields = { intent: "bayar", id: String(proyek), termin: String(terminIds()[0]), tanggal: "2026-11-20", jumlah: "7.000.001", nomor_referensi: "TRF-001", ...over };
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (bukti) form.set("bukti", bukti);
  return areaRequest(routedModule, `${PAGE}?periode=${w.periodeId}&bayar=${proyek}`, who, { form });
}

async function page(query = `?periode=${w.periodeId}`): Promise<PageData> {
  const res = await areaRequest(routedModule, `${PAGE}${query}`, w.people.operator);
  expect(res.status).toBe(200);
  return res.data as PageData;
}

function terimaLaporanKemajuan() {
  t.db.insert(schema.laporan).values({ id_usulan: proyek, jenis: "kemajuan", status: "DITERIMA", capaian: 50 }).run();
}

async function unduh(format: "xlsx" | "csv", who: Person = w.people.operator): Promise<Response> {
  const url = `${TEST_ORIGIN}${PAGE}/unduh/${format}?periode=${w.periodeId}`;
  const request = new Request(url, { headers: { Cookie: who.cookie } });
  const args = routeArgs(request, { format });
  try {
    const { page: mod } = await modulesAt(request.url);
    return (await withinLayouts(request.url, args, () => mod.loader!(args))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: ResponseInit | null }).init;
    return new Response(null, init ?? { status: 500 });
  }
}

describe("the periode's tranches", () => {
  it("are refused unless the percentages sum to 100, then saved and logged", async () => {
    const short = await simpanTermin({ "termin[1].persen": "20" });
    expect(short.status).toBe(400);
    expect(short.data).toMatchObject({ result: { error: { "": ["Jumlah persentase termin harus 100 (sekarang 90)."] } } });
    const bad = await simpanTermin({ "termin[1].persen": "tiga puluh", "termin[0].syarat": "" });
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({
      result: { error: { "termin[1].persen": ["Persentase harus bilangan bulat 1–100."], "termin[0].syarat": ["Syarat pembayaran wajib dipilih."] } },
    });
    const none = await simpanTermin({ "termin[0].nama": "", "termin[0].persen": "", "termin[1].nama": "", "termin[1].persen": "" });
    expect(none.data).toMatchObject({ result: { error: { "": ["Isi minimal satu termin."] } } });
    expect(terminIds()).toHaveLength(0);

    const saved = await simpanTermin();
    expect(saved.status).toBe(302);
    expect((await flashOf(saved))?.message).toBe("Termin pembayaran disimpan");
    expect(t.db.select().from(schema.terminDana).all()).toMatchObject([
      { urutan: 1, nama: "Termin 1", persen: 70, syarat: "DIDANAI" },
      { urutan: 2, nama: "Termin 2", persen: 30, syarat: "KEMAJUAN_DITERIMA" },
    ]);
    const log = t.db.select().from(schema.aktivitas).where(eq(schema.aktivitas.entitas, "termin_dana")).all();
    expect(log).toMatchObject([{ aksi: "ubah", id_user: w.people.operator.id, ringkasan: expect.stringContaining("Termin dana periode 2026") }]);
  });

  it("lists funded proposals only, each tranche's amount with the rounding remainder on the last", async () => {
    await simpanTermin();
    const { rows } = await page();
    expect(rows.map((r) => r.judul)).toEqual(["Kursi rotan tahan cuaca"]);
    // 70 % of 10.000.001 is 7.000.000,7: rounded to 7.000.001, the last takes 3.000.000.
    expect(rows[0]!.termin).toMatchObject([
      { nama: "Termin 1", jumlah: 7_000_001, status: "SIAP", alasan: null },
      { nama: "Termin 2", jumlah: 3_000_000, status: "BELUM", alasan: "laporan kemajuan belum diterima" },
    ]);
  });
});

describe("recording a payment", () => {
  beforeEach(async () => {
    expect((await simpanTermin()).status).toBe(302);
  });

  it("refuses tranche 2 before the progress report is accepted and records it after; the ketua sees it", async () => {
    const early = await bayar({ termin: String(terminIds()[1]), jumlah: "3.000.000", nomor_referensi: "TRF-002" });
    expect(early.status).toBe(409);
    expect(early.data).toMatchObject({ message: "Termin 2 belum dapat dibayar: laporan kemajuan belum diterima." });
    expect(payments()).toHaveLength(0);
    expect(storedProofs()).toHaveLength(0);

    terimaLaporanKemajuan();
    const paid = await bayar({ termin: String(terminIds()[1]), jumlah: "3.000.000", nomor_referensi: "TRF-002" });
    expect(paid.status).toBe(302);
    expect((await flashOf(paid))?.message).toBe("Pembayaran dicatat");
    expect(payments()).toMatchObject([{ id_usulan: proyek, id_termin: terminIds()[1], tanggal: "2026-11-20", jumlah: 3_000_000, nomor_referensi: "TRF-002", nama_file: "transfer.pdf", id_pencatat: w.people.operator.id }]);
    expect(storedProofs()).toHaveLength(1);

    const { bayar: opened, terkunci } = await page(`?periode=${w.periodeId}&bayar=${proyek}`);
    expect(terkunci).toBe(true);
    expect(opened!.termin.map((x) => [x.nama, x.status, x.dibayar])).toEqual([
      ["Termin 1", "SIAP", 0],
      ["Termin 2", "LUNAS", 3_000_000],
    ]);
    // The activity log keeps the payment (by its proof's name, never its stored path).
    const log = t.db.select().from(schema.aktivitas).where(eq(schema.aktivitas.entitas, "pembayaran_dana")).all();
    expect(log).toMatchObject([{ aksi: "tambah", id_user: w.people.operator.id, ringkasan: `Pembayaran Termin 2 Rp. 3.000.000 untuk usulan #${proyek} (lunas)` }]);
    expect(log[0]!.perubahan).toContain("transfer.pdf");
    expect(log[0]!.perubahan).not.toMatch(/pembayaran\/[0-9a-f]{32}/);

    // The ketua reads the tranches and the payment on the proposal's page.
    const ketua = await areaRequest(routedModule, `/pengusul/usulan/${proyek}`, w.people.pengusul, { params: { usulanId: String(proyek) } });
    expect(ketua.status).toBe(200);
    const dana = (ketua.data as { dana: DanaUsulan | null }).dana!;
    expect(dana.termin.map((x) => [x.nama, x.jumlah, x.status])).toEqual([
      ["Termin 1", 7_000_001, "SIAP"],
      ["Termin 2", 3_000_000, "LUNAS"],
    ]);
    expect(dana.termin[1]!.pembayaran).toMatchObject([{ tanggal: "2026-11-20", jumlah: 3_000_000, nomor_referensi: "TRF-002" }]);
  });

  it("refuses a payment over what remains of the tranche, in one go or in parts", async () => {
    const over = await bayar({ jumlah: "7.000.002" });
    expect(over.status).toBe(422);
    expect(over.data).toMatchObject({ message: "Jumlah melebihi sisa Termin 1 (Rp. 7.000.001).", result: { error: { jumlah: ["Jumlah melebihi sisa Termin 1 (Rp. 7.000.001)."] } } });
    expect(payments()).toHaveLength(0);

    expect((await bayar({ jumlah: "5.000.000" })).status).toBe(302);
    expect((await page()).rows[0]!.termin[0]).toMatchObject({ status: "SEBAGIAN", dibayar: 5_000_000, sisa: 2_000_001 });
    const rest = await bayar({ jumlah: "2.000.002", nomor_referensi: "TRF-003" });
    expect(rest.status).toBe(422);
    expect(rest.data).toMatchObject({ message: "Jumlah melebihi sisa Termin 1 (Rp. 2.000.001)." });
    expect((await bayar({ jumlah: "2.000.001", nomor_referensi: "TRF-003" })).status).toBe(302);
    const lunas = await bayar({ jumlah: "1", nomor_referensi: "TRF-004" });
    expect(lunas.data).toMatchObject({ message: "Termin 1 sudah lunas." });
    expect(payments().map((p) => p.jumlah)).toEqual([5_000_000, 2_000_001]);
    // Only the two recorded payments' proofs stay on disk.
    expect(storedProofs()).toHaveLength(2);
  });

  it("refuses bad dates, amounts, a missing or disguised proof and an unknown tranche, storing nothing", async () => {
    const future = toWibDateInput(new Date(Date.now() + 3 * 86_400_000));
    for (const [over, field, message] of [
      [{ tanggal: "2026-02-30" }, "tanggal", "Tanggal pembayaran tidak valid."],
      [{ tanggal: "kemarin" }, "tanggal", "Tanggal pembayaran tidak valid."],
      [{ tanggal: future }, "tanggal", "Tanggal pembayaran tidak boleh setelah hari ini."],
      [{ tanggal: "" }, "tanggal", "Tanggal pembayaran wajib diisi."],
      [{ jumlah: "0" }, "jumlah", "Jumlah harus lebih dari 0."],
      [{ nomor_referensi: "" }, "nomor_referensi", "Nomor referensi wajib diisi."],
    ] as const) {
      const res = await bayar(over);
      expect(res.status, JSON.stringify(over)).toBe(400);
      expect(res.data).toMatchObject({ result: { error: { [field]: [message] } } });
    }
    const noProof = await bayar({}, null);
    expect(noProof.status).toBe(400);
    expect(noProof.data).toMatchObject({ result: { error: { bukti: ["Bukti pembayaran wajib diunggah."] } } });
    const disguised = await bayar({}, new File(["<html>bukan gambar</html>"], "bukti.png", { type: "image/png" }));
    expect(disguised.status).toBe(415);
    expect(disguised.data).toMatchObject({ result: { error: { bukti: ["Format file harus PDF, JPG atau PNG."] } } });
    const unknown = await bayar({ termin: "999999" });
    expect(unknown.status).toBe(422);
    expect(unknown.data).toMatchObject({ result: { error: { termin: ["Termin tidak dikenal."] } } });
    expect(payments()).toHaveLength(0);
    expect(storedProofs()).toHaveLength(0);
    // A photo of the transfer slip is a proof too.
    expect((await bayar({}, new File([PNG_1X1], "slip.png", { type: "image/png" }))).status).toBe(302);
  });

  it("locks the tranches once a payment of the periode is recorded", async () => {
    expect((await bayar()).status).toBe(302);
    const changed = await simpanTermin({ "termin[0].persen": "60", "termin[1].persen": "40" });
    expect(changed.status).toBe(409);
    expect(changed.data).toMatchObject({ message: "Termin periode ini tidak dapat diubah karena sudah ada pembayaran yang dicatat." });
    expect(t.db.select().from(schema.terminDana).all().map((r) => r.persen)).toEqual([70, 30]);
  });

  it("refuses a proposal that is not funded, and serves the proof to the office only", async () => {
    const ditolak = t.db.select().from(schema.usulan).where(eq(schema.usulan.status, "TIDAK_DIDANAI")).get()!.id;
    const res = await bayar({ id: String(ditolak) });
    expect(res.status).toBe(409);
    expect(res.data).toMatchObject({ message: "Usulan ini tidak didanai: tidak ada dana yang dapat dibayar." });
    expect((await areaRequest(routedModule, `${PAGE}?periode=${w.periodeId}&bayar=${ditolak}`, w.people.operator)).status).toBe(404);

    expect((await bayar()).status).toBe(302);
    const id = String(payments()[0]!.id);
    const file = await areaRequest(routedModule, `${PAGE}/bukti/${id}`, w.people.operator, { params: { id } });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect((await areaRequest(routedModule, `${PAGE}/bukti/999999`, w.people.operator, { params: { id: "999999" } })).status).toBe(404);
    // A lecturer is not the office: the operator's area is not theirs.
    expect((await areaRequest(routedModule, `${PAGE}/bukti/${id}`, w.people.pengusul, { params: { id } })).status).toBe(404);
  });
});

describe("the recap per periode", () => {
  it("XLSX and CSV: one line per funded proposal and tranche, what was paid and what remains", async () => {
    await simpanTermin();
    expect((await bayar({ jumlah: "5.000.000", nomor_referensi: "TRF-XL" })).status).toBe(302);
    const xlsx = await unduh("xlsx");
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(xlsx.headers.get("Cache-Control")).toBe("private, no-store");
    const sheet = await readSheet(Buffer.from(await xlsx.arrayBuffer()));
    expect(sheet[0]).toEqual([
      "No", "Judul", "Ketua", "NIDN", "Program Studi", "Status usulan", "Dana disetujui", "Termin", "Persen", "Syarat",
      "Jumlah termin", "Dibayar", "Sisa", "Status pembayaran", "Tanggal bayar", "Nomor referensi",
    ]);
    expect(sheet.slice(1)).toEqual([
      [1, "Kursi rotan tahan cuaca", "Dr. Budi Santoso", "0011223344", "Teknik Informatika", "Berjalan", 10_000_001, "Termin 1", 70, "Saat kontrak (usulan didanai)", 7_000_001, 5_000_000, 2_000_001, "Dibayar sebagian", "2026-11-20", "TRF-XL"],
      [1, "Kursi rotan tahan cuaca", "Dr. Budi Santoso", "0011223344", "Teknik Informatika", "Berjalan", 10_000_001, "Termin 2", 30, "Setelah laporan kemajuan diterima", 3_000_000, 0, 3_000_000, "Belum dapat dibayar — laporan kemajuan belum diterima", null, null],
    ]);
    const csv = await unduh("csv");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    const table = await readCsv(
      (async function* () {
        yield bytes;
      })(),
      { maxRows: 100, maxRowChars: 10_000 },
    );
    expect(table.delimiter).toBe(";");
    expect(table.rows.map((r) => [r.cells[7], r.cells[10], r.cells[11], r.cells[13]])).toEqual([
      ["Termin 1", "7000001", "5000000", "Dibayar sebagian"],
      ["Termin 2", "3000000", "0", "Belum dapat dibayar — laporan kemajuan belum diterima"],
    ]);
    expect((await unduh("csv", w.people.pengusul)).status).toBe(404);
  });
});
