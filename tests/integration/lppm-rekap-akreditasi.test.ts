/**
 * The accreditation recap through its download route as React Router runs it behind the office
 * guards: per lecturer (as ketua), prodi and faculty and year — proposals (drafts never count),
 * funded, the amount approved and the outputs achieved — as XLSX (read back with read-excel-file)
 * and CSV, for the Operator and the Kepala, and for no lecturer.
 */
import { eq } from "drizzle-orm";
import { readSheet } from "read-excel-file/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { readCsv } from "~/lib/util/csv";
import { createTestDb, type TestDb } from "../setup/test-db";
import { modulesAt, withinLayouts } from "../setup/app-routes";
import { routeArgs, TEST_ORIGIN } from "../setup/route";
import { addScoredUsulan, penetapanWorld, type PenetapanWorld, type Person } from "../setup/lppm-penetapan";

const OPERATOR = "/operator/lppm/daftar-usulan/rekap-akreditasi";
const KEPALA = "/kepalalppm/monitoring/daftar-usulan/rekap-akreditasi";

let t: TestDb;
let w: PenetapanWorld;
let fakultasNama: string;
afterEach(() => t.cleanup());
beforeEach(async () => {
  t = createTestDb();
  w = await penetapanWorld(t.db);
  const prodiRow = t.db.select().from(schema.prodi).where(eq(schema.prodi.id, w.prodiId)).get()!;
  fakultasNama = t.db.select().from(schema.fakultas).where(eq(schema.fakultas.id, prodiRow.id_fakultas)).get()!.nama;
  const budi = addScoredUsulan(t.db, w, { judul: "Kursi rotan tahan cuaca", status: "BERJALAN", dana_disetujui: 15_000_000 });
  addScoredUsulan(t.db, w, { judul: "Meja lipat", status: "TIDAK_DIDANAI" });
  addScoredUsulan(t.db, w, { judul: "Draf Budi", status: "DRAF" });
  addScoredUsulan(t.db, w, { judul: "Pengeringan kayu", status: "SELESAI", dana_disetujui: 10_000_000, ketua: w.people.pengusulLain });
  const luaran = (status: string) => {
    const id = t.db.insert(schema.usulanLuaran).values({ id_usulan: budi, jenis: "Jurnal nasional terakreditasi", target: "Published" }).returning().get().id;
    t.db.insert(schema.luaranCapaian).values({ id_luaran: id, status, judul_publikasi: `Artikel ${status}` }).run();
  };
  luaran("Published");
  luaran("Granted");
  luaran("Accepted");
});

async function unduh(path: string, who: Person): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: { Cookie: who.cookie } });
  const args = routeArgs(request, { format: path.split("?")[0]!.split("/").at(-1)! });
  try {
    const { page } = await modulesAt(request.url);
    return (await withinLayouts(request.url, args, () => page.loader!(args))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: ResponseInit | null }).init;
    return new Response(null, init ?? { status: 500 });
  }
}

describe("the accreditation recap", () => {
  it("per lecturer: proposals without drafts, funded, amount and outputs achieved, per year (XLSX)", async () => {
    const res = await unduh(`${OPERATOR}/xlsx?per=dosen`, w.people.operator);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="rekap-akreditasi-dosen.xlsx"');
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(["Tahun", "Dosen (ketua)", "NIDN", "Program Studi", "Fakultas", "Usulan", "Didanai", "Dana disetujui", "Luaran tercapai"]);
    const ours = sheet.slice(1).filter((r) => r[4] === fakultasNama);
    expect(ours).toEqual([
      [2026, "Dr. Budi Santoso", "0011223344", "Teknik Informatika", fakultasNama, 2, 1, 15_000_000, 2],
      [2026, "Dr. Sari Dewi", "0011223355", "Teknik Informatika", fakultasNama, 1, 1, 10_000_000, 0],
    ]);
  });

  it("per prodi and per faculty, for the Kepala too (CSV); a lecturer or an unknown grouping gets 404", async () => {
    const prodi = await readSheet(Buffer.from(await (await unduh(`${OPERATOR}/xlsx?per=prodi`, w.people.operator)).arrayBuffer()));
    expect(prodi[0]).toEqual(["Tahun", "Program Studi", "Fakultas", "Usulan", "Didanai", "Dana disetujui", "Luaran tercapai"]);
    expect(prodi.slice(1).filter((r) => r[2] === fakultasNama)).toEqual([[2026, "Teknik Informatika", fakultasNama, 3, 2, 25_000_000, 2]]);
    const csv = await unduh(`${KEPALA}/csv?per=fakultas`, w.people.kepala);
    expect(csv.status).toBe(200);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    const table = await readCsv(
      (async function* () {
        yield bytes;
      })(),
      { maxRows: 1000, maxRowChars: 10_000 },
    );
    expect(table.header).toEqual(["Tahun", "Fakultas", "Usulan", "Didanai", "Dana disetujui", "Luaran tercapai"]);
    expect(table.rows.map((r) => r.cells).filter((c) => c[1] === fakultasNama)).toEqual([["2026", fakultasNama, "3", "2", "25000000", "2"]]);
    expect((await unduh(`${OPERATOR}/xlsx?per=rektor`, w.people.operator)).status).toBe(404);
    expect((await unduh(`${KEPALA}/xlsx`, w.people.pengusul)).status).toBe(404);
  });
});
