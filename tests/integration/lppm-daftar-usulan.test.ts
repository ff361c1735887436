/**
 * Daftar Usulan (every proposal for the Operator and the Kepala) and the Operator's Dashboard
 * LPPM, through the area layouts' guards with real Requests and sessions on a throw-away
 * database: the list's filters (periode, skema, status, fakultas), search, paging and page sizes
 * in the URL, never a draft; ?lihat= opening the proposal read-only; the filtered list as XLSX
 * (read back with read-excel-file) and CSV (read back with the app's codec); who may open them;
 * what waits for the Operator and a periode's proposals per status; each LPPM dashboard's
 * queue.
 */
import { readSheet } from "read-excel-file/node";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import * as schema from "../../db/schema";
import type { Page } from "~/lib/server/paging.server";
import type { DaftarRow } from "~/domain/lppm/usulan/daftar.server";
import type { KelompokTugas } from "~/domain/lppm/tugas.server";
import { readCsv, unguard } from "~/lib/util/csv";
import { createTestDb, type TestDb } from "../setup/test-db";
import { modulesAt, routedModule, withinLayouts } from "../setup/app-routes";
import { routeArgs, TEST_ORIGIN } from "../setup/route";
import { flashOf } from "../setup/operator-helpers";
import { areaRequest, person, windows, type Person } from "../setup/lppm-penetapan";

const OPERATOR = "/operator/lppm/daftar-usulan";
const KEPALA = "/kepalalppm/monitoring/daftar-usulan";
const DAY = 24 * 60 * 60 * 1000;

let t: TestDb;
afterEach(() => t.cleanup());

type World = {
  people: Record<"operator" | "kepala" | "sekretaris" | "verifikator" | "reviewer" | "pengusul" | "budi" | "sari", Person>;
  fakultas: { teknik: number; ekonomi: number };
  skema: { dasar: number; abdimas: number };
  periode: { dasar2026: number; dasar2025: number; abdimas2026: number };
  ids: Record<string, number>;
};
let w: World;

/**
 * Two faculties, two skema (one with last year's call too), two lecturers (Budi of Teknik, Sari
 * of Ekonomi) and the LPPM office; proposals in several statuses, a draft among them.
 */
async function world(): Promise<World> {
  const db = t.db;
  const now = new Date();
  const teknik = db.insert(schema.fakultas).values({ nama: "Fakultas Teknik" }).returning().get().id;
  const ekonomi = db.insert(schema.fakultas).values({ nama: "Fakultas Ekonomi" }).returning().get().id;
  const ti = db.insert(schema.prodi).values({ id_fakultas: teknik, nama: "Teknik Informatika" }).returning().get().id;
  const ak = db.insert(schema.prodi).values({ id_fakultas: ekonomi, nama: "Akuntansi" }).returning().get().id;
  const dasar = db.insert(schema.skema).values({ jenis: "penelitian", nama: "Penelitian Dasar Internal", dana_maksimal: 50_000_000 }).returning().get().id;
  const abdimas = db.insert(schema.skema).values({ jenis: "pengabdian", nama: "Pengabdian kepada Masyarakat", dana_maksimal: 30_000_000 }).returning().get().id;
  const call = (tahun: number, id_skema: number) =>
    db.insert(schema.periode).values({ tahun, id_skema, anggaran_total: 100_000_000, kuota_judul: 5, ...windows(now) }).returning().get().id;
  const periode = { dasar2026: call(2026, dasar), dasar2025: call(2025, dasar), abdimas2026: call(2026, abdimas) };
  const people = {
    operator: await person(db, "Operator LPPM", ["Operator"]),
    kepala: await person(db, "Kepala LPPM", ["Kepala-LPPM"]),
    sekretaris: await person(db, "Sekretaris LPPM", ["Sekretaris-LPPM"]),
    verifikator: await person(db, "Verifikator Teknik", ["Verifikator-Fakultas"], { id_fakultas_verifikasi: teknik }),
    reviewer: await person(db, "Reviewer Satu", ["Reviewer-Internal"]),
    pengusul: await person(db, "Pengusul Lain", ["Pengusul"]),
    budi: await person(db, "Dr. Budi Santoso", ["Pengusul"], { nidn: "0011223344", id_prodi: ti }),
    sari: await person(db, "Dr. Sari Lestari", ["Pengusul"], { nidn: "0099887766", id_prodi: ak }),
  };
  let minute = 0;
  const add = (key: string, id_periode: number, ketua: Person, status: string, values: Partial<typeof schema.usulan.$inferInsert> = {}) => {
    const jenis = id_periode === periode.abdimas2026 ? "pengabdian" : "penelitian";
    // Distinct change times: the list is newest change first.
    const updated_at = new Date(now.getTime() - 60 * DAY + ++minute * 60_000);
    return db
      .insert(schema.usulan)
      .values({ id_periode, jenis, id_ketua: ketua.id, judul: key, status, dana_diusulkan: 20_000_000, updated_at, ...values })
      .returning()
      .get().id;
  };
  const ids = {
    draf: add("Draf Budi", periode.dasar2026, people.budi, "DRAF"),
    diajukan: add("Sistem Informasi Desa", periode.dasar2026, people.budi, "DIAJUKAN"),
    review: add("Kecerdasan Buatan Mebel", periode.dasar2026, people.budi, "REVIEW", { putaran_review: 1 }),
    dinilai: add("Literasi Keuangan UMKM", periode.dasar2026, people.sari, "DINILAI", { putaran_review: 1, nilai_rata: 612.5 }),
    didanai: add("Pemberdayaan Pengrajin", periode.abdimas2026, people.sari, "DIDANAI", { dana_disetujui: 18_000_000 }),
    lama: add("Energi Terbarukan 2025", periode.dasar2025, people.budi, "SELESAI", { dana_disetujui: 15_000_000 }),
    koma: add("Judul,=2+5+cmd|x", periode.dasar2025, people.sari, "DITOLAK"),
  };
  return { people, fakultas: { teknik, ekonomi }, skema: { dasar, abdimas }, periode, ids };
}

beforeEach(async () => {
  t = createTestDb();
  w = await world();
});

async function daftar(query = "", who: Person = w.people.operator, base = OPERATOR) {
  const res = await areaRequest(routedModule, `${base}${query}`, who);
  expect(res.status, `${base}${query}`).toBe(200);
  return res.data as { list: Page<DaftarRow>; lihat: ({ usulan: { id: number; judul: string } } & Record<string, unknown>) | null; unduhQuery: string; filter: Record<string, string> };
}

const judul = (list: Page<DaftarRow>) => list.rows.map((r) => r.judul);

/** A download as the route answers it: the Response itself, its bytes untouched. */
async function unduh(path: string, who: Person | null = w.people.operator): Promise<Response> {
  const request = new Request(`${TEST_ORIGIN}${path}`, { headers: who ? { Cookie: who.cookie } : {} });
  const args = routeArgs(request, { format: path.split("?")[0]!.split("/").at(-1)! });
  try {
    const { page } = await modulesAt(request.url);
    return (await withinLayouts(request.url, args, () => page.loader!(args))) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    const init = (thrown as { init?: ResponseInit | null }).init;
    if (init !== undefined) return new Response(null, init ?? { status: 500 });
    throw thrown;
  }
}

describe("Daftar Usulan: the list", () => {
  it("lists every submitted proposal (never a draft), newest change first, with ketua, fakultas, skema, periode, status and dana", async () => {
    const { list } = await daftar();
    expect(list.total).toBe(6);
    expect(judul(list)).toEqual(["Judul,=2+5+cmd|x", "Energi Terbarukan 2025", "Pemberdayaan Pengrajin", "Literasi Keuangan UMKM", "Kecerdasan Buatan Mebel", "Sistem Informasi Desa"]);
    expect(list.rows.find((r) => r.id === w.ids.didanai)).toMatchObject({
      ketua: "Dr. Sari Lestari",
      nidn: "0099887766",
      fakultas: "Fakultas Ekonomi",
      prodi: "Akuntansi",
      skema: "Pengabdian kepada Masyarakat",
      periode: "2026 · Pengabdian kepada Masyarakat",
      status: "DIDANAI",
      dana_diusulkan: 20_000_000,
      dana_disetujui: 18_000_000,
    });
    // The Kepala's copy under Monitoring lists the same.
    expect(judul((await daftar("", w.people.kepala, KEPALA)).list)).toEqual(judul(list));
  });

  it("filters by periode, skema, status and the ketua's fakultas, together; a value it does not know is no filter", async () => {
    const ids = async (query: string) => (await daftar(query)).list.rows.map((r) => r.id).sort((a, b) => a - b);
    const { ids: i, periode, skema, fakultas } = w;
    expect(await ids(`?periode=${periode.dasar2026}`)).toEqual([i.diajukan!, i.review!, i.dinilai!]);
    expect(await ids(`?skema=${skema.dasar}`)).toEqual([i.diajukan!, i.review!, i.dinilai!, i.lama!, i.koma!]);
    expect(await ids(`?status=DIDANAI`)).toEqual([i.didanai!]);
    expect(await ids(`?fakultas=${fakultas.teknik}`)).toEqual([i.diajukan!, i.review!, i.lama!]);
    expect(await ids(`?skema=${skema.dasar}&fakultas=${fakultas.ekonomi}&status=DITOLAK`)).toEqual([i.koma!]);
    expect(await ids(`?periode=${periode.abdimas2026}&fakultas=${fakultas.teknik}`)).toEqual([]);
    // A draft stays its team's even when asked for; unknown or broken values filter nothing.
    expect((await daftar("?status=DRAF")).list.total).toBe(6);
    expect((await daftar("?status=semua&periode=abc&skema=-1&fakultas=999999")).list.total).toBe(0);
    expect((await daftar("?status=BUKAN&periode=abc&skema=-1")).list.total).toBe(6);
    // The filters come back for the form.
    expect((await daftar(`?periode=${periode.dasar2026}&status=REVIEW`)).filter).toEqual({ periode: String(periode.dasar2026), skema: "", status: "REVIEW", fakultas: "" });
  });

  it("searches the title, the ketua's name and NIDN", async () => {
    expect(judul((await daftar("?q=pengrajin")).list)).toEqual(["Pemberdayaan Pengrajin"]);
    expect((await daftar("?q=budi")).list.total).toBe(3);
    expect((await daftar("?q=0099887766")).list.total).toBe(3);
    expect((await daftar("?q=100%25")).list.total).toBe(0);
    expect((await daftar(`?q=sari&periode=${w.periode.dasar2026}`)).list.rows.map((r) => r.id)).toEqual([w.ids.dinilai]);
  });

  it("pages with the back office's page sizes, state in the URL", async () => {
    for (let n = 0; n < 20; n++) {
      t.db.insert(schema.usulan).values({ id_periode: w.periode.dasar2026, jenis: "penelitian", id_ketua: w.people.budi.id, judul: `Tambahan ${n}`, status: "REVIEW", updated_at: new Date(Date.now() - 90 * DAY) }).run();
    }
    const first = (await daftar()).list;
    expect(first).toMatchObject({ total: 26, page: 1, size: 10, offset: 0 });
    expect(first.rows).toHaveLength(10);
    const third = (await daftar("?page=3")).list;
    expect(third).toMatchObject({ page: 3, offset: 20 });
    expect(third.rows).toHaveLength(6);
    expect((await daftar("?size=25&page=2")).list.rows).toHaveLength(1);
    expect((await daftar("?size=100")).list.rows).toHaveLength(26);
    // Past the last page: the last page; a size it does not offer: 10.
    expect((await daftar("?page=99")).list).toMatchObject({ page: 3 });
    expect((await daftar("?size=7")).list.size).toBe(10);
  });

  it("?lihat=ID opens the proposal read-only with its reviewers' rounds; a draft or an unknown id goes back to the list", async () => {
    const { lihat } = await daftar(`?status=DINILAI&lihat=${w.ids.dinilai}`);
    expect(lihat).toMatchObject({ usulan: { id: w.ids.dinilai, judul: "Literasi Keuangan UMKM", status: "DINILAI" }, penilaian: { rounds: [] }, blind: false });
    expect((await daftar(`?lihat=${w.ids.didanai}`, w.people.kepala, KEPALA)).lihat?.usulan.id).toBe(w.ids.didanai);
    for (const id of [w.ids.draf, 999999]) {
      const back = await areaRequest(routedModule, `${OPERATOR}?status=DRAF&lihat=${id}`, w.people.operator);
      expect(back.status).toBe(302);
      expect(back.location).toBe(`${OPERATOR}?status=DRAF`);
      expect((await flashOf(back))?.message).toBe("Gagal menampilkan data");
    }
  });

  it("the download asks for what the list shows: its filters and search", async () => {
    expect((await daftar(`?periode=${w.periode.dasar2026}&status=REVIEW&q=mebel&page=2`)).unduhQuery).toBe(`?periode=${w.periode.dasar2026}&status=REVIEW&q=mebel`);
    expect((await daftar("?status=semua")).unduhQuery).toBe("");
  });
});

describe("Daftar Usulan: XLSX and CSV", () => {
  it("XLSX: a real workbook of the filtered list, whole, an attachment never cached", async () => {
    for (let n = 0; n < 12; n++) {
      t.db.insert(schema.usulan).values({ id_periode: w.periode.dasar2026, jenis: "penelitian", id_ketua: w.people.budi.id, judul: `Tambahan ${n}`, status: "REVIEW" }).run();
    }
    const res = await unduh(`${OPERATOR}/unduh/xlsx?skema=${w.skema.dasar}&fakultas=${w.fakultas.teknik}&q=a`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="daftar-usulan.xlsx"');
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const sheet = await readSheet(Buffer.from(await res.arrayBuffer()));
    expect(sheet[0]).toEqual(["No", "Judul", "Jenis", "Ketua", "NIDN", "Fakultas", "Program Studi", "Skema", "Periode", "Status", "Dana diusulkan", "Dana disetujui", "Nilai rata-rata", "Diperbarui"]);
    // Budi's (Teknik) proposals of the Dasar skema with an 'a' in them: more than a page of the list.
    const rows = sheet.slice(1);
    expect(rows).toHaveLength(15);
    const lama = rows.find((r) => r[1] === "Energi Terbarukan 2025")!;
    expect(lama.slice(2, 12)).toEqual(["Penelitian", "Dr. Budi Santoso", "0011223344", "Fakultas Teknik", "Teknik Informatika", "Penelitian Dasar Internal", "2025 · Penelitian Dasar Internal", "Selesai", 20_000_000, 15_000_000]);
    // The change's day in WIB, as the CSV writes it.
    expect(lama[13]).toMatch(/^\d{1,2} \w{3} \d{4}$/);
    expect(rows.map((r) => r[1])).not.toContain("Draf Budi");
    expect(rows.map((r) => r[1])).not.toContain("Literasi Keuangan UMKM");
  });

  it("CSV: the app's codec reads it back (';', BOM, formulas guarded), the same rows as the list", async () => {
    const res = await unduh(`${KEPALA}/unduh/csv?status=DINILAI`, w.people.kepala);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe('attachment; filename="daftar-usulan.csv"');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const table = await readCsv(
      (async function* () {
        yield bytes;
      })(),
      { maxRows: 1000, maxRowChars: 10_000 },
    );
    expect(table.delimiter).toBe(";");
    expect(table.header).toEqual(["No", "Judul", "Jenis", "Ketua", "NIDN", "Fakultas", "Program Studi", "Skema", "Periode", "Status", "Dana diusulkan", "Dana disetujui", "Nilai rata-rata", "Diperbarui"]);
    expect(table.rows.map((r) => r.cells.slice(0, 4).concat(r.cells.slice(9, 13)))).toEqual([["1", "Literasi Keuangan UMKM", "Penelitian", "Dr. Sari Lestari", "Dinilai", "20000000", "", "612,5"]]);

    const all = await unduh(`${OPERATOR}/unduh/csv`);
    const text = await all.text();
    const read = await readCsv(
      (async function* () {
        yield new TextEncoder().encode(text);
      })(),
      { maxRows: 1000, maxRowChars: 10_000 },
    );
    // Every title one cell, the formula start after its comma guarded, and given back by the codec's unguard.
    const titles = read.rows.map((r) => r.cells[1]!);
    expect(titles).toContain("Judul,'=2+5+cmd|x");
    expect(titles.map(unguard)).toEqual(judul((await daftar("?size=100")).list));
  });

  it("an unknown format: 404; nobody but the office; anonymous to /login", async () => {
    expect((await unduh(`${OPERATOR}/unduh/pdf`)).status).toBe(404);
    for (const who of [w.people.sekretaris, w.people.verifikator, w.people.reviewer, w.people.pengusul, w.people.kepala]) {
      expect((await unduh(`${OPERATOR}/unduh/csv`, who)).status, who.name).toBe(404);
    }
    for (const who of [w.people.sekretaris, w.people.verifikator, w.people.reviewer, w.people.pengusul, w.people.operator]) {
      expect((await unduh(`${KEPALA}/unduh/csv`, who)).status, who.name).toBe(404);
    }
    const anonymous = await unduh(`${OPERATOR}/unduh/csv`, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("who opens Daftar Usulan and Dashboard LPPM", () => {
  it("the Operator and the Kepala each their own; every other role 404; anonymous /login; gone with Modul LPPM off", async () => {
    const pages: [string, Person][] = [
      [OPERATOR, w.people.operator],
      ["/operator/lppm/dashboard", w.people.operator],
      [KEPALA, w.people.kepala],
    ];
    for (const [path, owner] of pages) {
      for (const who of Object.values(w.people)) {
        const res = await areaRequest(routedModule, path, who);
        expect(res.status, `${who.name} ${path}`).toBe(who === owner ? 200 : 404);
      }
      expect((await areaRequest(routedModule, path, null)).location).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
    }
    t.db.update(schema.setting).set({ modul_lppm: false }).where(eq(schema.setting.id, 1)).run();
    for (const [path, owner] of pages) expect((await areaRequest(routedModule, path, owner)).status, path).toBe(404);
  });
});

describe("Dashboard LPPM (the Operator)", () => {
  it("what waits for the Operator, then a periode's proposals per status (the newest by default)", async () => {
    const res = await areaRequest(routedModule, "/operator/lppm/dashboard", w.people.operator);
    const data = res.data as { tugas: KelompokTugas[]; periode: { id: number } | null; perStatus: { status: string; jumlah: number }[]; total: number };
    // Nothing of the office's yet: the list has no DISETUJUI_FAKULTAS, reports or claims.
    expect(data.tugas).toEqual([]);
    expect(data.periode?.id).toBe(w.periode.dasar2026);
    expect(data.perStatus.map((s) => [s.status, s.jumlah])).toEqual([["DIAJUKAN", 1], ["REVIEW", 1], ["DINILAI", 1]]);
    expect(data.total).toBe(3);

    t.db.update(schema.usulan).set({ status: "DISETUJUI_FAKULTAS" }).where(eq(schema.usulan.id, w.ids.diajukan!)).run();
    const after = (await areaRequest(routedModule, `/operator/lppm/dashboard?periode=${w.periode.abdimas2026}`, w.people.operator)).data as typeof data;
    expect(after.tugas.map((k) => [k.kunci, k.jumlah, k.items[0]?.judul])).toEqual([["disetujui-fakultas", 1, "Sistem Informasi Desa"]]);
    expect(after.perStatus.map((s) => [s.status, s.jumlah])).toEqual([["DIDANAI", 1]]);
    // A periode that does not exist: the newest.
    expect(((await areaRequest(routedModule, "/operator/lppm/dashboard?periode=999999", w.people.operator)).data as typeof data).periode?.id).toBe(w.periode.dasar2026);
  });

  it("the shop's dashboard says how much waits in the LPPM while the module is on", async () => {
    t.db.update(schema.usulan).set({ status: "DISETUJUI_FAKULTAS" }).where(eq(schema.usulan.id, w.ids.diajukan!)).run();
    const on = await areaRequest(routedModule, "/operator/dashboard", w.people.operator);
    expect((on.data as { lppm: number | null }).lppm).toBe(1);
    t.db.update(schema.setting).set({ modul_lppm: false }).where(eq(schema.setting.id, 1)).run();
    const off = await areaRequest(routedModule, "/operator/dashboard", w.people.operator);
    expect((off.data as { lppm: number | null }).lppm).toBeNull();
  });
});

describe("the LPPM dashboards open with what waits for the user", () => {
  it("each area's loader gives its own queue: the verifier only their faculty's, the Kepala and the Sekretaris theirs", async () => {
    const tugas = async (path: string, who: Person) => ((await areaRequest(routedModule, path, who)).data as { tugas: KelompokTugas[] }).tugas;
    expect((await tugas("/operatorfakultas/dashboard", w.people.verifikator)).map((k) => [k.kunci, k.items.map((i) => i.judul)])).toEqual([["diajukan", ["Sistem Informasi Desa"]]]);
    expect((await tugas("/sekretarislppm/dashboard", w.people.sekretaris)).map((k) => [k.kunci, k.jumlah])).toEqual([["dinilai", 1]]);
    expect(await tugas("/kepalalppm/dashboard", w.people.kepala)).toEqual([]);
    expect((await tugas("/pengusul/dashboard", w.people.budi)).map((k) => k.kunci)).toEqual(["draf"]);
    expect(await tugas("/pengusul/dashboard", w.people.pengusul)).toEqual([]);
  });
});
