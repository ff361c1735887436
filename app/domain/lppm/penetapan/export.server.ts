/**
 * The penetapan's downloads (LPPM.md, "Exports"): the ranking board, the winners list for the
 * SK and the recap per periode, each as XLSX (write-excel-file) and CSV.
 *
 * CSV, written by the app's CSV codec (app/lib/util/csv.ts): UTF-8 with a BOM and ';' between
 * fields, decimals with ','. The institute opens these in Excel with Indonesian regional
 * settings, whose list separator is ';' and decimal mark ',': a ','-separated file opens there as
 * one column, and the BOM keeps names with non-ASCII letters readable. A cell holding ';', ',',
 * a quote or a line break is quoted, so a title with a comma stays one cell in a spreadsheet
 * that splits on ',' too; a text starting with = + - @ is prefixed with ' so no spreadsheet runs it.
 */
import writeExcelFile from "write-excel-file/node";
import { and, asc, eq, inArray, isNotNull, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { insentif, laporan, luaranCapaian, monev, penetapan, periode, periodeInsentif, prodi, skema, usulan, usulanLuaran, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { getPeriode, periodeLabel, type Periode } from "~/domain/lppm/master/periode.server";
import { JENIS_LABELS } from "~/domain/lppm/jenis";
import { USULAN_WORKFLOW } from "~/domain/lppm/workflow";
import { BOARD_STATUSES, FORMATS, FUNDED_STATUSES, LAPORAN, type Format, type Laporan } from "~/domain/lppm/penetapan/penetapan";
import { rankedUsulan } from "~/domain/lppm/penetapan/penetapan.server";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";
import { CSV_CONTENT_TYPE, csvText, type CsvValue, type CsvWriteOptions } from "~/lib/util/csv";
import { formatWibDate } from "~/lib/util/wib";
import type { MonevGrade } from "~/domain/lppm/monev/monev";
import type { LuaranCapaianStatus } from "~/domain/lppm/usulan/rules";

export { FORMATS, LAPORAN, type Format, type Laporan };

/** The Content-Type a download of each format is sent with. */
export const FORMAT_TYPES: Record<Format, string> = {
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  csv: CSV_CONTENT_TYPE,
};

type Cell = string | number | Date | null;
export type Tabel = { title: string; columns: { header: string; width: number; rupiah?: boolean }[]; rows: Cell[][] };

const RUPIAH_FORMAT = "#,##0";

/** The ranking board of a periode: every proposal that reached it, by average score. */
export function tabelPeringkat(db: Db, p: Periode): Tabel {
  const rows = rankedUsulan(db, p.id, BOARD_STATUSES, Number.MAX_SAFE_INTEGER);
  const reviewers = Math.max(2, ...rows.map((r) => r.totals.length));
  return {
    title: `Peringkat ${p.label}`,
    columns: [
      { header: "Peringkat", width: 10 },
      { header: "Judul", width: 50 },
      { header: "Ketua", width: 28 },
      { header: "NIDN", width: 14 },
      { header: "Status", width: 18 },
      { header: "Nilai rata-rata", width: 14 },
      ...Array.from({ length: reviewers }, (_, i) => ({ header: `Nilai reviewer ${i + 1}`, width: 14 })),
      { header: "Selisih", width: 10 },
      { header: "Dana diusulkan", width: 16, rupiah: true },
      { header: "Dana rekomendasi", width: 16, rupiah: true },
      { header: "Dana disetujui", width: 16, rupiah: true },
    ],
    rows: rows.map((r) => [
      r.peringkat,
      r.judul,
      r.ketua,
      r.nidn,
      USULAN_WORKFLOW.labels[r.status],
      r.nilai_rata === null ? null : Math.round(r.nilai_rata * 100) / 100,
      ...Array.from({ length: reviewers }, (_, i) => r.totals[i] ?? null),
      r.selisih,
      r.dana_diusulkan,
      r.dana_rekomendasi,
      r.dana_disetujui,
    ]),
  };
}

/** The winners of a periode (funded and after), for the SK: by SK, then rank. */
export function tabelPemenang(db: Db, p: Periode): Tabel {
  const rows = withKonteks(
    db
      .select({
        judul: usulan.judul,
        ketua: users.name,
        nidn: users.nidn,
        prodi: prodi.nama,
        status: usulan.status,
        nilai_rata: usulan.nilai_rata,
        dana_disetujui: usulan.dana_disetujui,
        nomor_sk: penetapan.nomor_sk,
        tanggal_sk: penetapan.tanggal_sk,
      })
      .from(usulan)
      .$dynamic(),
  )
    .leftJoin(penetapan, eq(penetapan.id, usulan.id_penetapan))
    .where(and(eq(usulan.id_periode, p.id), inArray(usulan.status, [...FUNDED_STATUSES])))
    .orderBy(asc(penetapan.id), sql`${usulan.nilai_rata} is null`, sql`${usulan.nilai_rata} desc`, asc(usulan.id))
    .all();
  return {
    title: `Pemenang ${p.label}`,
    columns: [
      { header: "No", width: 6 },
      { header: "Judul", width: 50 },
      { header: "Ketua", width: 28 },
      { header: "NIDN", width: 14 },
      { header: "Program Studi", width: 24 },
      { header: "Skema", width: 30 },
      { header: "Tahun", width: 8 },
      { header: "Dana disetujui", width: 16, rupiah: true },
      { header: "Nomor SK", width: 24 },
      { header: "Tanggal SK", width: 18 },
      { header: "Status", width: 18 },
    ],
    rows: rows.map((r, i) => [
      i + 1,
      r.judul,
      r.ketua,
      r.nidn,
      r.prodi,
      p.skema.nama,
      p.tahun,
      r.dana_disetujui,
      r.nomor_sk,
      r.tanggal_sk ? formatWibDate(r.tanggal_sk) : null,
      USULAN_WORKFLOW.labels[r.status as keyof typeof USULAN_WORKFLOW.labels] ?? r.status,
    ]),
  };
}

/** A target output counts as achieved once published, registered or granted ('Accepted' is not yet). */
export const LUARAN_TERCAPAI: readonly LuaranCapaianStatus[] = ["Published", "Terdaftar", "Granted"];

/**
 * A monev total's grade in SQL, with monevGrade's thresholds (monev/monev.ts): the recap counts
 * the grades in the database instead of reading every score into the process.
 */
export function monevGradeSql(total: SQLWrapper): SQL<MonevGrade> {
  return sql<MonevGrade>`case when ${total} >= 80 then 'Sangat Baik' when ${total} >= 70 then 'Baik' when ${total} >= 60 then 'Cukup' else 'Kurang' end`;
}

/**
 * One line per periode: proposals, decisions, kuota and anggaran used and left, then how the
 * funded projects went — accepted reports, finished projects, monev scores and grades, the
 * outputs achieved — and the publication incentives of the periode's year (claims submitted,
 * amounts decided and paid).
 */
export function tabelRekap(db: Db): Tabel {
  const funded = sql.join(FUNDED_STATUSES.map((s) => sql`${s}`), sql`, `);
  // Each section is one query grouped by periode, left-joined once to the periode's row: every
  // table is read once for the whole recap, never once per periode or per proposal, and the one
  // statement sees one snapshot of the database.
  const proposals = db
    .select({
      id_periode: usulan.id_periode,
      masuk: sql<number>`count(*)`.as("masuk"),
      direkomendasikan: sql<number>`sum(${usulan.status} = 'DIREKOMENDASIKAN')`.as("direkomendasikan"),
      didanai: sql<number>`sum(${usulan.status} in (${funded}))`.as("didanai"),
      tidakDidanai: sql<number>`sum(${usulan.status} = 'TIDAK_DIDANAI')`.as("tidak_didanai"),
      selesai: sql<number>`sum(${usulan.status} = 'SELESAI')`.as("selesai"),
      dana: sql<number>`coalesce(sum(case when ${usulan.status} in (${funded}) then ${usulan.dana_disetujui} end), 0)`.as("dana"),
    })
    .from(usulan)
    .where(ne(usulan.status, "DRAF"))
    .groupBy(usulan.id_periode)
    .as("rekap_usulan");
  const reports = db
    .select({
      id_periode: usulan.id_periode,
      kemajuan: sql<number>`sum(${laporan.jenis} = 'kemajuan')`.as("kemajuan_diterima"),
      akhir: sql<number>`sum(${laporan.jenis} = 'akhir')`.as("akhir_diterima"),
    })
    .from(laporan)
    .innerJoin(usulan, eq(usulan.id, laporan.id_usulan))
    .where(eq(laporan.status, "DITERIMA"))
    .groupBy(usulan.id_periode)
    .as("rekap_laporan");
  const grade = monevGradeSql(monev.total_nilai);
  const graded = (g: MonevGrade, alias: string) => sql<number>`sum(${grade} = ${g})`.as(alias);
  const scores = db
    .select({
      id_periode: usulan.id_periode,
      dinilai: sql<number>`count(*)`.as("monev_dinilai"),
      rata: sql<number>`avg(${monev.total_nilai})`.as("monev_rata"),
      sangatBaik: graded("Sangat Baik", "monev_sangat_baik"),
      baik: graded("Baik", "monev_baik"),
      cukup: graded("Cukup", "monev_cukup"),
      kurang: graded("Kurang", "monev_kurang"),
    })
    .from(monev)
    .innerJoin(usulan, eq(usulan.id, monev.id_usulan))
    .where(and(eq(monev.status, "DINILAI"), isNotNull(monev.total_nilai)))
    .groupBy(usulan.id_periode)
    .as("rekap_monev");
  const outputs = db
    .select({
      id_periode: usulan.id_periode,
      tercapai: sql<number>`count(*)`.as("luaran_tercapai"),
      terbit: sql<number>`sum(trim(${luaranCapaian.doi_url}) <> '')`.as("luaran_terbit"),
    })
    .from(luaranCapaian)
    .innerJoin(usulanLuaran, eq(usulanLuaran.id, luaranCapaian.id_luaran))
    .innerJoin(usulan, eq(usulan.id, usulanLuaran.id_usulan))
    .where(inArray(luaranCapaian.status, [...LUARAN_TERCAPAI]))
    .groupBy(usulan.id_periode)
    .as("rekap_luaran");
  // Publication incentives are called per year, not per scheme: the periode's year's totals.
  const incentives = db
    .select({
      tahun: periodeInsentif.tahun,
      klaim: sql<number>`count(*)`.as("insentif_klaim"),
      ditetapkan: sql<number>`coalesce(sum(case when ${insentif.status} in ('DITETAPKAN', 'DICAIRKAN') then ${insentif.nominal_disetujui} end), 0)`.as("insentif_ditetapkan"),
      dicairkan: sql<number>`coalesce(sum(case when ${insentif.status} = 'DICAIRKAN' then ${insentif.nominal_disetujui} end), 0)`.as("insentif_dicairkan"),
    })
    .from(insentif)
    .innerJoin(periodeInsentif, eq(periodeInsentif.id, insentif.id_periode))
    .where(ne(insentif.status, "DRAF"))
    .groupBy(periodeInsentif.tahun)
    .as("rekap_insentif");
  const count = (field: SQLWrapper) => sql<number>`coalesce(${field}, 0)`;
  const rows = db
    .select({
      tahun: periode.tahun,
      skema: skema.nama,
      jenis: skema.jenis,
      kuota: periode.kuota_judul,
      anggaran: periode.anggaran_total,
      masuk: count(proposals.masuk),
      direkomendasikan: count(proposals.direkomendasikan),
      didanai: count(proposals.didanai),
      tidakDidanai: count(proposals.tidakDidanai),
      dana: count(proposals.dana),
      selesai: count(proposals.selesai),
      kemajuanDiterima: count(reports.kemajuan),
      akhirDiterima: count(reports.akhir),
      monevDinilai: count(scores.dinilai),
      monevRata: sql<number | null>`${scores.rata}`,
      sangatBaik: count(scores.sangatBaik),
      baik: count(scores.baik),
      cukup: count(scores.cukup),
      kurang: count(scores.kurang),
      luaranTercapai: count(outputs.tercapai),
      luaranTerbit: count(outputs.terbit),
      insentifKlaim: count(incentives.klaim),
      insentifDitetapkan: count(incentives.ditetapkan),
      insentifDicairkan: count(incentives.dicairkan),
    })
    .from(periode)
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .leftJoin(proposals, eq(proposals.id_periode, periode.id))
    .leftJoin(reports, eq(reports.id_periode, periode.id))
    .leftJoin(scores, eq(scores.id_periode, periode.id))
    .leftJoin(outputs, eq(outputs.id_periode, periode.id))
    .leftJoin(incentives, eq(incentives.tahun, periode.tahun))
    .orderBy(sql`${periode.tahun} desc`, asc(skema.nama), asc(periode.id))
    .all();
  return {
    title: "Rekap per periode",
    columns: [
      { header: "Periode", width: 36 },
      { header: "Jenis", width: 12 },
      { header: "Usulan masuk", width: 12 },
      { header: "Direkomendasikan", width: 16 },
      { header: "Didanai", width: 10 },
      { header: "Tidak didanai", width: 12 },
      { header: "Kuota judul", width: 12 },
      { header: "Sisa kuota", width: 12 },
      { header: "Anggaran total", width: 18, rupiah: true },
      { header: "Dana disetujui", width: 18, rupiah: true },
      { header: "Sisa anggaran", width: 18, rupiah: true },
      { header: "Laporan kemajuan diterima", width: 14 },
      { header: "Laporan akhir diterima", width: 14 },
      { header: "Selesai", width: 10 },
      { header: "Monev dinilai", width: 12 },
      { header: "Rata-rata nilai monev", width: 14 },
      { header: "Sangat Baik", width: 12 },
      { header: "Baik", width: 10 },
      { header: "Cukup", width: 10 },
      { header: "Kurang", width: 10 },
      { header: "Luaran tercapai", width: 14 },
      { header: "Luaran terbit (DOI/URL)", width: 16 },
      { header: "Klaim insentif tahun ini", width: 14 },
      { header: "Insentif ditetapkan tahun ini", width: 18, rupiah: true },
      { header: "Insentif dicairkan tahun ini", width: 18, rupiah: true },
    ],
    rows: rows.map((r) => [
      periodeLabel(r, { nama: r.skema }),
      JENIS_LABELS[r.jenis],
      r.masuk,
      r.direkomendasikan,
      r.didanai,
      r.tidakDidanai,
      r.kuota,
      r.kuota - r.didanai,
      r.anggaran,
      r.dana,
      r.anggaran - r.dana,
      r.kemajuanDiterima,
      r.akhirDiterima,
      r.selesai,
      r.monevDinilai,
      r.monevRata === null ? null : Math.round(r.monevRata * 100) / 100,
      r.sangatBaik,
      r.baik,
      r.cukup,
      r.kurang,
      r.luaranTercapai,
      r.luaranTerbit,
      r.insentifKlaim,
      r.insentifDitetapkan,
      r.insentifDicairkan,
    ]),
  };
}

/** For Excel with Indonesian settings: ';' between fields, ',' before decimals. */
const CSV_INDONESIA: CsvWriteOptions = { delimiter: ";", decimal: "," };

/** A date as its WIB day; numbers stay numbers (never formula-guarded, written with a decimal comma). */
const csvCell = (value: Cell): CsvValue => (value instanceof Date ? formatWibDate(value) : value);

export function toCsv(tabel: Tabel): string {
  return csvText([tabel.columns.map((c) => c.header), ...tabel.rows.map((row) => row.map(csvCell))], CSV_INDONESIA);
}

export async function toXlsx(tabel: Tabel): Promise<Buffer> {
  const header = tabel.columns.map((c) => ({ value: c.header, fontWeight: "bold" as const }));
  // A date is its WIB day, as in the CSV: the library would write a Date as a UTC moment (and
  // refuses one without a format).
  const body = tabel.rows.map((row) =>
    row.map((value, i) =>
      value instanceof Date ? formatWibDate(value) : typeof value === "number" && tabel.columns[i]?.rupiah ? { value, format: RUPIAH_FORMAT } : value,
    ),
  );
  return writeExcelFile([header, ...body], {
    columns: tabel.columns.map((c) => ({ width: c.width })),
    sheet: tabel.title.slice(0, 31).replace(/[\\/?*[\]:]/g, " "),
  }).toBuffer();
}

/** The table a download asks for; null when its periode does not exist. */
export function tabelLaporan(db: Db, laporan: Laporan, periodeId: number | null): Tabel | null {
  if (laporan === "rekap") return tabelRekap(db);
  const p = periodeId ? getPeriode(db, periodeId) : null;
  if (!p) return null;
  return laporan === "peringkat" ? tabelPeringkat(db, p) : tabelPemenang(db, p);
}

/** "peringkat-2026-penelitian-dosen-pemula.xlsx" */
export function namaBerkas(laporan: Laporan, tabel: Tabel, format: Format): string {
  const slug = tabel.title.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "");
  return `${laporan === "rekap" ? "rekap-periode" : slug}.${format}`;
}
