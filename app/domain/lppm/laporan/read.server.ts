/**
 * Reading Laporan Kemajuan and Laporan Akhir: the lecturer's list of their projects that run or
 * ran and the office's list, each row with its report, and one report with its PDF versions,
 * what became of each target output, the guides from the daily notes, its window, its timeline
 * and what still keeps it from being submitted (submit.server.ts).
 *
 * Who may read a report is the proposal's own rule (usulanAccess: the team, the LPPM office, …);
 * only the ketua changes it (draft.server.ts).
 */
import { and, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { laporan, luaranCapaian, usulan, usulanDokumen, usulanLuaran, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { extendRows, type Page } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import { readsProjectWork, usulanAccess, type UsulanAccessResult, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { budgetOf, lastProgress } from "~/domain/lppm/catatan/catatan.server";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import type { LaporanStatus, UsulanStatus } from "~/domain/lppm/workflow";
import { statusTimeline, windowRefusal, type TimelineEntry } from "~/domain/lppm/workflow.server";
import type { StageWindow } from "~/domain/lppm/stage-window";
import type { LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";
import type { LuaranCapaianStatus } from "~/domain/lppm/usulan/rules";
import { LAPORAN_EDITABLE, LAPORAN_STAGE, LAPORAN_WORKFLOWS, reportOf } from "~/domain/lppm/laporan/transition.server";
import { laporanProblems } from "~/domain/lppm/laporan/submit.server";

// ---- Lists ---------------------------------------------------------------------------------------

export type LaporanRow = UsulanListBase & {
  laporan_status: LaporanStatus | null;
  capaian: number | null;
  realisasi: number | null;
  versi_dokumen: number | null;
  diajukan_at: Date | null;
};

/** The page's reports, read for its rows only (as the Catatan Harian lists do). */
function withLaporan(db: Db, page: Page<UsulanListBase>, jenis: LaporanJenis): Page<LaporanRow> {
  return extendRows(
    page,
    (ids) => ({
      reports: db
        .select({ id_usulan: laporan.id_usulan, status: laporan.status, capaian: laporan.capaian, realisasi: laporan.realisasi, diajukan_at: laporan.diajukan_at })
        .from(laporan)
        .where(and(inArray(laporan.id_usulan, ids), eq(laporan.jenis, jenis)))
        .all(),
      versions: db
        .select({ id_usulan: usulanDokumen.id_usulan, versi: max(usulanDokumen.versi) })
        .from(usulanDokumen)
        .where(and(inArray(usulanDokumen.id_usulan, ids), eq(usulanDokumen.ronde, LAPORAN_STAGE[jenis])))
        .groupBy(usulanDokumen.id_usulan)
        .all(),
    }),
    (row, { reports, versions }) => {
      const report = reports.find((r) => r.id_usulan === row.id);
      return {
        laporan_status: (report?.status as LaporanStatus | undefined) ?? null,
        capaian: report?.capaian ?? null,
        realisasi: report?.realisasi ?? null,
        diajukan_at: report?.diajukan_at ?? null,
        versi_dokumen: versions.find((v) => v.id_usulan === row.id)?.versi ?? null,
      };
    },
  );
}

/** The lecturer's projects of one kind that run or ran (as ketua or accepted member), with this report. */
export function listLaporanPengusul(db: Db, userId: number, jenisUsulan: "penelitian" | "pengabdian", jenis: LaporanJenis, state: TableState): Page<LaporanRow> {
  const member = sql`exists (select 1 from usulan_anggota a where a.id_usulan = "usulan"."id" and a.id_user = ${userId} and a.status_undangan = 'DITERIMA')`;
  const where = and(eq(usulan.jenis, jenisUsulan), inArray(usulan.status, ["BERJALAN", "SELESAI"]), sql`(${usulan.id_ketua} = ${userId} or ${member})`);
  return withLaporan(db, usulanListPage(db, state, where, {}), jenis);
}

/**
 * The office's list: the projects whose report of this kind is in one of `statuses`. Driven from
 * the reports (laporan_jenis_status_idx), not by probing every proposal: at 5,000 proposals the
 * probe made the list 1.6 × slower than on the demo.
 */
export function listLaporanKantor(db: Db, jenis: LaporanJenis, state: TableState, statuses: readonly LaporanStatus[]): Page<LaporanRow> {
  const where: SQL = sql`"usulan"."id" in (select l.id_usulan from laporan l where l.jenis = ${jenis} and l.status in ${[...statuses]})`;
  return withLaporan(db, usulanListPage(db, state, where, {}), jenis);
}

// ---- One report ----------------------------------------------------------------------------------

export type DokumenVersi = { id: number; versi: number; nama_file: string; ukuran: number; created_at: Date };

export type LuaranRealisasi = {
  id: number;
  jenis: string;
  target: string;
  keterangan: string;
  capaian: {
    status: LuaranCapaianStatus;
    judul_publikasi: string;
    nama_wadah: string;
    issn_isbn: string;
    doi_url: string;
    tahun: number | null;
    bukti: { id: number; nama_file: string } | null;
  } | null;
};

export type LaporanDetail = {
  jenis: LaporanJenis;
  usulan: { id: number; judul: string; jenis: "penelitian" | "pengabdian"; status: UsulanStatus; id_ketua: number; ketua: string; periode: string };
  laporan: { id: number; status: LaporanStatus; capaian: number; realisasi: number; ringkasan: string; diajukan_at: Date | null } | null;
  /** The project's budget and what its daily notes spent (a guide for realisasi). */
  anggaran: { total: number; terpakai: number };
  /** The last daily note's progress (a guide for capaian). */
  capaianCatatan: number | null;
  dokumen: DokumenVersi[];
  luaran: LuaranRealisasi[];
  window: StageWindow | null;
  windowClosed: string | null;
  /** The progress report's status (the final report needs it accepted). */
  kemajuan: LaporanStatus | null;
  /** What keeps 'Ajukan' from passing (empty: it may be submitted). */
  problems: string[];
  timeline: TimelineEntry[];
  /** The viewer is on the project's team (its ketua or an accepted member). */
  onTeam: boolean;
  /** The viewer may change it now (the ketua; running project; draft or returned; window open). */
  canEdit: boolean;
};

function luaranOf(db: Db, usulanId: number): LuaranRealisasi[] {
  return db
    .select({ luaran: usulanLuaran, capaian: luaranCapaian, bukti: { id: usulanDokumen.id, nama_file: usulanDokumen.nama_file } })
    .from(usulanLuaran)
    .leftJoin(luaranCapaian, eq(luaranCapaian.id_luaran, usulanLuaran.id))
    .leftJoin(usulanDokumen, eq(usulanDokumen.id, luaranCapaian.id_dokumen_bukti))
    .where(eq(usulanLuaran.id_usulan, usulanId))
    .orderBy(usulanLuaran.id)
    .all()
    .map(({ luaran, capaian, bukti }) => ({
      id: luaran.id,
      jenis: luaran.jenis,
      target: luaran.target,
      keterangan: luaran.keterangan,
      capaian: capaian
        ? {
            status: capaian.status as LuaranCapaianStatus,
            judul_publikasi: capaian.judul_publikasi,
            nama_wadah: capaian.nama_wadah,
            issn_isbn: capaian.issn_isbn,
            doi_url: capaian.doi_url,
            tahun: capaian.tahun,
            bukti: bukti?.id ? bukti : null,
          }
        : null,
    }));
}

/** A project's report of kind `jenis` for a viewer who may read it (its project ran), or null. */
export function getLaporan(db: Db, viewer: UsulanViewer, usulanId: number, jenis: LaporanJenis, now = new Date()): LaporanDetail | null {
  const access = usulanAccess(db, viewer, usulanId);
  if (!readsProjectWork(access)) return null;
  return laporanFor(db, access, jenis, now);
}

/**
 * The report as seen with `access` (already checked by the caller: the report screens above, the
 * monev's reviewer and office), or null when the project never ran.
 */
export function laporanFor(db: Db, access: UsulanAccessResult, jenis: LaporanJenis, now = new Date()): LaporanDetail | null {
  if (!["BERJALAN", "SELESAI"].includes(access.usulan.status)) return null;
  const usulanId = access.usulan.id;
  const ketua = db.select({ name: users.name }).from(users).where(eq(users.id, access.usulan.id_ketua)).get()?.name ?? "";
  const periode = getPeriode(db, access.usulan.id_periode);
  const row = reportOf(db, usulanId, jenis);
  const report = row
    ? { id: row.id, status: row.status as LaporanStatus, capaian: row.capaian, realisasi: row.realisasi, ringkasan: row.ringkasan, diajukan_at: row.diajukan_at }
    : null;
  const dokumen = db
    .select({ id: usulanDokumen.id, versi: usulanDokumen.versi, nama_file: usulanDokumen.nama_file, ukuran: usulanDokumen.ukuran, created_at: usulanDokumen.created_at })
    .from(usulanDokumen)
    .where(and(eq(usulanDokumen.id_usulan, usulanId), eq(usulanDokumen.ronde, LAPORAN_STAGE[jenis])))
    .orderBy(desc(usulanDokumen.versi))
    .all();
  const budget = budgetOf(db, usulanId);
  const anggaran = { total: budget.reduce((s, k) => s + k.anggaran, 0), terpakai: budget.reduce((s, k) => s + k.terpakai, 0) };
  const capaianCatatan = lastProgress(db, usulanId);
  const kemajuan = jenis === "akhir" ? ((reportOf(db, usulanId, "kemajuan")?.status as LaporanStatus | undefined) ?? null) : null;
  const luaran = luaranOf(db, usulanId);
  const window = periode?.windows[LAPORAN_STAGE[jenis]] ?? null;
  const windowClosed = windowRefusal(LAPORAN_STAGE[jenis], window ?? undefined, now);
  return {
    jenis,
    usulan: { ...access.usulan, ketua, periode: periode?.label ?? "" },
    laporan: report,
    anggaran,
    capaianCatatan,
    dokumen,
    luaran,
    window,
    windowClosed,
    kemajuan,
    problems: laporanProblems(jenis, { laporan: report, dokumen, luaran, anggaran, kemajuan }),
    timeline: report ? statusTimeline(db, LAPORAN_WORKFLOWS[jenis], report.id) : [],
    onTeam: access.relations.includes("ketua") || access.relations.includes("anggota"),
    canEdit:
      access.relations.includes("ketua") &&
      access.usulan.status === "BERJALAN" &&
      (!report || LAPORAN_EDITABLE.includes(report.status)) &&
      !windowClosed,
  };
}
