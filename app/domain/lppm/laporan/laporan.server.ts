/**
 * Laporan Kemajuan and Laporan Akhir (LPPM.md "Execution"). While a project is
 * BERJALAN its ketua writes each report within its stage's window: the report PDF (versioned,
 * usulan_dokumen ronde 'laporan_kemajuan' / 'laporan_akhir'), the progress reached, the budget
 * spent and a summary, and what became of each target output (luaran_capaian, with a DOI/URL
 * and/or a certificate). 'Ajukan' moves it DRAF (or DIKEMBALIKAN) → DIAJUKAN; the Operator
 * accepts it (DITERIMA) or returns it with a note (DIKEMBALIKAN). An accepted final report makes
 * the project SELESAI in the same transaction. Every move goes through the workflow engine.
 *
 * Who may read a report is the proposal's own rule (usulanAccess: the team, the LPPM office, …);
 * only the ketua changes it.
 */
import { and, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { laporan, luaranCapaian, usulan, usulanDokumen, usulanLuaran, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenLog, usulanRef } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { extendRows, type Page } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import { readsProjectWork, usulanAccess, type UsulanAccessResult, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { usulanAdapter } from "~/domain/lppm/usulan/transition.server";
import { budgetOf, lastProgress } from "~/domain/lppm/catatan/catatan.server";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import { LAPORAN_AKHIR_WORKFLOW, LAPORAN_KEMAJUAN_WORKFLOW, type LaporanStatus, type Stage, type UsulanStatus, type Workflow } from "~/domain/lppm/workflow";
import {
  logCreated,
  statusTimeline,
  SYSTEM,
  transition,
  windowRefusal,
  type Actor,
  type TimelineEntry,
  type TransitionInput,
  type TransitionResult,
  type WorkflowAdapter,
  Incomplete,
  submitChecked,
} from "~/domain/lppm/workflow.server";
import type { StageWindow } from "~/domain/lppm/stage-window";
import { removeDocument, storeDocument } from "~/lib/server/documents.server";
import { formatRupiah } from "~/lib/util/rupiah";
import { BUKTI_LUARAN_TYPES, LAPORAN_KANTOR_STATUSES, LAPORAN_LABEL, type LaporanInput, type LaporanJenis, type LuaranCapaianInput } from "~/domain/lppm/laporan/laporan.schema";
import type { LuaranCapaianStatus } from "~/domain/lppm/usulan/rules";
import type { WorkflowRefusal } from "~/domain/refusal";

export { LAPORAN_KANTOR_STATUSES, LAPORAN_LABEL, type LaporanJenis };

export const LAPORAN_WORKFLOWS: Record<LaporanJenis, Workflow<LaporanStatus>> = { kemajuan: LAPORAN_KEMAJUAN_WORKFLOW, akhir: LAPORAN_AKHIR_WORKFLOW };
const STAGE: Record<LaporanJenis, Stage & ("laporan_kemajuan" | "laporan_akhir")> = { kemajuan: "laporan_kemajuan", akhir: "laporan_akhir" };

/** A report the ketua may still change. */
const EDITABLE: readonly LaporanStatus[] = ["DRAF", "DIKEMBALIKAN"];

export const HANYA_KETUA_LAPORAN = "Hanya ketua pengusul yang dapat mengubah laporan ini.";
export const LAPORAN_BUKAN_BERJALAN = "Laporan hanya dapat diubah selama kegiatan berjalan.";
export const LAPORAN_BELUM_DIISI = "Isian laporan (capaian, realisasi anggaran, ringkasan) belum disimpan.";
export const DOKUMEN_LAPORAN_BELUM = "Dokumen laporan (PDF) belum diunggah.";
export const KEMAJUAN_BELUM_DITERIMA = "Laporan kemajuan belum diterima.";
export const CAPAIAN_AKHIR_KURANG = "Capaian pada laporan akhir harus 100%.";
export const LUARAN_TIDAK_DIKENAL = "Luaran tidak ditemukan pada usulan ini.";

export type LaporanRefusal = WorkflowRefusal;
export type LaporanResult = { ok: true } | LaporanRefusal;

// ---- The engine's plug ---------------------------------------------------------------------------

/** A report is checked as its project is (ketua, team, faculty, windows), with its own status. */
function adapterFor(jenis: LaporanJenis): WorkflowAdapter<LaporanStatus> {
  return {
    workflow: LAPORAN_WORKFLOWS[jenis],
    load(db, id) {
      const row = db
        .select({ id_usulan: laporan.id_usulan, status: laporan.status })
        .from(laporan)
        .where(and(eq(laporan.id, id), eq(laporan.jenis, jenis)))
        .get();
      const project = row ? usulanAdapter.load(db, row.id_usulan) : null;
      if (!row || !project) return null;
      return { ...project, status: row.status as LaporanStatus, assignedIds: [] };
    },
    write(tx, id, to, input: TransitionInput) {
      const now = input.now ?? new Date();
      tx.update(laporan)
        .set({ status: to, updated_at: now, ...(to === "DIAJUKAN" ? { diajukan_at: now } : {}) })
        .where(eq(laporan.id, id))
        .run();
    },
    fakultasOf: usulanAdapter.fakultasOf,
    verifiersOf: usulanAdapter.verifiersOf,
  };
}
const ADAPTERS: Record<LaporanJenis, WorkflowAdapter<LaporanStatus>> = { kemajuan: adapterFor("kemajuan"), akhir: adapterFor("akhir") };

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
        .where(and(inArray(usulanDokumen.id_usulan, ids), eq(usulanDokumen.ronde, STAGE[jenis])))
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


function reportOf(db: Db, usulanId: number, jenis: LaporanJenis) {
  return db.select().from(laporan).where(and(eq(laporan.id_usulan, usulanId), eq(laporan.jenis, jenis))).get() ?? null;
}

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

/** Every rule a report must meet before 'Ajukan' (LPPM.md: the final report also 100 % and every output proven). */
export function laporanProblems(
  jenis: LaporanJenis,
  facts: Pick<LaporanDetail, "laporan" | "dokumen" | "luaran" | "anggaran" | "kemajuan">,
): string[] {
  const problems: string[] = [];
  if (!facts.laporan || !facts.laporan.ringkasan) problems.push(LAPORAN_BELUM_DIISI);
  if (facts.dokumen.length === 0) problems.push(DOKUMEN_LAPORAN_BELUM);
  if (jenis === "akhir") {
    if (facts.kemajuan !== "DITERIMA") problems.push(KEMAJUAN_BELUM_DITERIMA);
    if (facts.laporan && facts.laporan.capaian < 100) problems.push(CAPAIAN_AKHIR_KURANG);
    if (facts.laporan && facts.laporan.realisasi !== facts.anggaran.total) {
      problems.push(`Realisasi anggaran pada laporan akhir harus 100% dari anggaran (${formatRupiah(facts.anggaran.total)}).`);
    }
    for (const l of facts.luaran) {
      const c = l.capaian;
      if (!c || c.status === "Belum ada" || (!c.doi_url && !c.bukti)) {
        problems.push(`Luaran "${l.jenis}" belum dilengkapi status dan bukti (DOI/URL atau sertifikat).`);
      }
    }
  }
  return problems;
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
    .where(and(eq(usulanDokumen.id_usulan, usulanId), eq(usulanDokumen.ronde, STAGE[jenis])))
    .orderBy(desc(usulanDokumen.versi))
    .all();
  const budget = budgetOf(db, usulanId);
  const anggaran = { total: budget.reduce((s, k) => s + k.anggaran, 0), terpakai: budget.reduce((s, k) => s + k.terpakai, 0) };
  const capaianCatatan = lastProgress(db, usulanId);
  const kemajuan = jenis === "akhir" ? ((reportOf(db, usulanId, "kemajuan")?.status as LaporanStatus | undefined) ?? null) : null;
  const luaran = luaranOf(db, usulanId);
  const window = periode?.windows[STAGE[jenis]] ?? null;
  const windowClosed = windowRefusal(STAGE[jenis], window ?? undefined, now);
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
      (!report || EDITABLE.includes(report.status)) &&
      !windowClosed,
  };
}

// ---- The ketua's changes -------------------------------------------------------------------------

/**
 * Why `actor` may not change this report now, or null: only the ketua, while the project runs,
 * while the report is a draft or returned, inside its window. Who may not see the project gets
 * the 404 of a project that does not exist.
 */
function refusal(db: Db, actor: UsulanViewer, usulanId: number, jenis: LaporanJenis, now: Date): LaporanRefusal | null {
  const access = usulanAccess(db, actor, usulanId);
  if (!access?.canView) return { ok: false, status: 404, message: NOT_FOUND };
  if (!access.relations.includes("ketua")) return { ok: false, status: 403, message: HANYA_KETUA_LAPORAN };
  if (access.usulan.status !== "BERJALAN") return { ok: false, status: 409, message: LAPORAN_BUKAN_BERJALAN };
  const report = reportOf(db, usulanId, jenis);
  if (report && !EDITABLE.includes(report.status as LaporanStatus)) {
    const workflow = LAPORAN_WORKFLOWS[jenis];
    return { ok: false, status: 409, message: `${workflow.noun} berstatus ${workflow.labels[report.status as LaporanStatus]} tidak dapat diubah.` };
  }
  const closed = windowRefusal(STAGE[jenis], getPeriode(db, access.usulan.id_periode)?.windows[STAGE[jenis]], now);
  return closed ? { ok: false, status: 409, message: closed } : null;
}

/**
 * The report's id, made (DRAF, logged) on the ketua's first change. Runs inside a transaction;
 * a report it makes is recorded in the activity log unless `logged` is false (the caller records
 * the whole first save as one entry).
 */
function ensureReport(tx: Db, actor: Actor, usulanId: number, jenis: LaporanJenis, now: Date, logged = true): number {
  const existing = reportOf(tx, usulanId, jenis);
  if (existing) return existing.id;
  const row = tx.insert(laporan).values({ id_usulan: usulanId, jenis, created_at: now, updated_at: now }).returning().get();
  logCreated(tx, LAPORAN_WORKFLOWS[jenis], row.id, actor, now);
  if (logged) domainChanged(tx, { entity: "laporan", action: "tambah", id: row.id, before: null, after: row, summary: laporanRef(usulanId, jenis) });
  return row.id;
}

/** "Laporan kemajuan usulan #12": how a summary names a report. */
function laporanRef(usulanId: number, jenis: LaporanJenis): string {
  return `${LAPORAN_LABEL[jenis]} ${usulanRef(usulanId)}`;
}

/** Saves the report's figures and summary (making the draft on the first save). */
export function simpanLaporan(db: Db, actor: Actor, usulanId: number, jenis: LaporanJenis, input: LaporanInput, now = new Date()): LaporanResult {
  const result = db.transaction((tx): LaporanResult => {
    const refused = refusal(tx, actor, usulanId, jenis, now);
    if (refused) return refused;
    const before = reportOf(tx, usulanId, jenis);
    const id = ensureReport(tx, actor, usulanId, jenis, now, false);
    const after = tx.update(laporan).set({ ...input, updated_at: now }).where(eq(laporan.id, id)).returning().get();
    domainChanged(tx, { entity: "laporan", action: before ? "ubah" : "tambah", id, before, after, summary: laporanRef(usulanId, jenis) });
    return { ok: true };
  });
  return result;
}

/**
 * Stores a document of the project's `ronde` as its next version and makes `write` with it, in
 * one transaction, when the report may still be changed (checked again there: it may have been
 * submitted while the file was written). The file is removed again when anything refuses.
 */
async function storeVersioned(
  db: Db,
  target: { actor: Actor; usulanId: number; jenis: LaporanJenis; now: Date },
  file: File,
  ronde: "laporan_kemajuan" | "laporan_akhir" | "bukti_luaran",
  types: readonly ("pdf" | "jpg" | "png")[],
  write: (tx: Db, dokumenId: number) => void,
): Promise<LaporanResult> {
  const { actor, usulanId, jenis, now } = target;
  const stored = await storeDocument(file, ronde.replace("_", "-"), types);
  let refused: LaporanRefusal | null;
  try {
    refused = db.transaction((tx) => {
      const later = refusal(tx, actor, usulanId, jenis, now);
      if (later) return later;
      const last = tx
        .select({ versi: max(usulanDokumen.versi) })
        .from(usulanDokumen)
        .where(and(eq(usulanDokumen.id_usulan, usulanId), eq(usulanDokumen.ronde, ronde)))
        .get()?.versi;
      const dokumen = tx
        .insert(usulanDokumen)
        .values({ id_usulan: usulanId, ronde, versi: (last ?? 0) + 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: actor.id, created_at: now })
        .returning()
        .get();
      write(tx, dokumen.id);
      domainChanged(tx, {
        entity: "usulan_dokumen",
        action: "tambah",
        id: dokumen.id,
        before: null,
        after: dokumenLog(dokumen),
        summary: `${ronde === "bukti_luaran" ? "Bukti luaran" : `Dokumen ${LAPORAN_LABEL[jenis].toLowerCase()}`} versi ${dokumen.versi} diunggah ke ${usulanRef(usulanId)}`,
      });
      return null;
    });
  } catch (error) {
    await removeDocument(stored.file);
    throw error;
  }
  if (refused) {
    await removeDocument(stored.file);
    return refused;
  }
  return { ok: true };
}

/** The report's PDF, as its next version (checked by content, ≤ 10 MB; UploadError 413/415). */
export async function unggahLaporan(db: Db, actor: Actor, usulanId: number, jenis: LaporanJenis, file: File, now = new Date()): Promise<LaporanResult> {
  const refused = refusal(db, actor, usulanId, jenis, now);
  if (refused) return refused;
  return storeVersioned(db, { actor, usulanId, jenis, now }, file, STAGE[jenis], ["pdf"], (tx) => {
    const id = ensureReport(tx, actor, usulanId, jenis, now);
    tx.update(laporan).set({ updated_at: now }).where(eq(laporan.id, id)).run();
  });
}

/**
 * What became of target output `luaranId`: its status, the publication's details and a DOI/URL;
 * `bukti`, when given, becomes its certificate (PDF/JPEG/PNG, a new version of ronde
 * 'bukti_luaran'); otherwise the one it had stays.
 */
export async function simpanLuaranCapaian(
  db: Db,
  actor: Actor,
  usulanId: number,
  jenis: LaporanJenis,
  luaranId: number,
  input: LuaranCapaianInput,
  bukti: File | null,
  now = new Date(),
): Promise<LaporanResult> {
  const refused = refusal(db, actor, usulanId, jenis, now);
  if (refused) return refused;
  const owned = db.select({ id: usulanLuaran.id }).from(usulanLuaran).where(and(eq(usulanLuaran.id, luaranId), eq(usulanLuaran.id_usulan, usulanId))).get();
  if (!owned) return { ok: false, status: 404, message: LUARAN_TIDAK_DIKENAL };
  const write = (tx: Db, dokumenId: number | null) => {
    ensureReport(tx, actor, usulanId, jenis, now);
    const before = tx.select().from(luaranCapaian).where(eq(luaranCapaian.id_luaran, luaranId)).get() ?? null;
    const values = { ...input, ...(dokumenId ? { id_dokumen_bukti: dokumenId } : {}), updated_at: now };
    const after = tx
      .insert(luaranCapaian)
      .values({ id_luaran: luaranId, ...values, created_at: now })
      .onConflictDoUpdate({ target: luaranCapaian.id_luaran, set: values })
      .returning()
      .get();
    domainChanged(tx, { entity: "luaran_capaian", action: before ? "ubah" : "tambah", id: luaranId, before, after, summary: `Capaian luaran ${usulanRef(usulanId)}` });
  };
  if (bukti) return storeVersioned(db, { actor, usulanId, jenis, now }, bukti, "bukti_luaran", BUKTI_LUARAN_TYPES, write);
  const result = db.transaction((tx): LaporanResult => {
    const later = refusal(tx, actor, usulanId, jenis, now);
    if (later) return later;
    write(tx, null);
    return { ok: true };
  });
  return result;
}

/** 'Ajukan': DRAF or DIKEMBALIKAN → DIAJUKAN when every rule holds; checks and move in one transaction. */
export function ajukanLaporan(db: Db, actor: Actor, usulanId: number, jenis: LaporanJenis, now = new Date()): TransitionResult<LaporanStatus> | LaporanRefusal {
  const refused = refusal(db, actor, usulanId, jenis, now);
  if (refused) return refused;
  return submitChecked(db, LAPORAN_LABEL[jenis], (tx) => {
    const detail = getLaporan(tx, actor, usulanId, jenis, now);
    if (!detail?.laporan) throw new Incomplete(detail?.problems.length ? detail.problems : [LAPORAN_BELUM_DIISI]);
    if (detail.problems.length) throw new Incomplete(detail.problems);
    return transition(tx, ADAPTERS[jenis], actor, detail.laporan.id, "DIAJUKAN", { now });
  });
}

/** Thrown by the final report's acceptance when the project cannot become SELESAI: rolls it back. */
class ProjectRefused extends Error {
  constructor(readonly result: Extract<TransitionResult<UsulanStatus>, { ok: false }>) {
    super(result.message);
  }
}

/**
 * The Operator's check: 'Terima' → DITERIMA, 'Kembalikan' (note required) → DIKEMBALIKAN. An
 * accepted final report makes its project SELESAI in the same transaction.
 */
export function periksaLaporan(
  db: Db,
  actor: Actor,
  usulanId: number,
  jenis: LaporanJenis,
  keputusan: "terima" | "kembalikan",
  note: string | null,
  now = new Date(),
): TransitionResult<LaporanStatus> {
  const report = reportOf(db, usulanId, jenis);
  if (!report) return { ok: false, status: 404, message: NOT_FOUND };
  const selesai = jenis === "akhir" && keputusan === "terima";
  try {
    return transition(db, ADAPTERS[jenis], actor, report.id, keputusan === "terima" ? "DITERIMA" : "DIKEMBALIKAN", {
      note,
      now,
      alongside: selesai
        ? (tx) => {
            const moved = transition(tx, usulanAdapter, SYSTEM, usulanId, "SELESAI", { now });
            if (!moved.ok) throw new ProjectRefused(moved);
          }
        : undefined,
    });
  } catch (error) {
    if (error instanceof ProjectRefused) return error.result as Extract<TransitionResult<LaporanStatus>, { ok: false }>;
    throw error;
  }
}
