/**
 * The ketua's changes to a report while the project is BERJALAN, each within the report's
 * window and while it is DRAF or DIKEMBALIKAN: its figures and summary (the progress reached,
 * the budget spent), the report PDF (versioned, usulan_dokumen ronde 'laporan_kemajuan' /
 * 'laporan_akhir'), what became of each target output (luaran_capaian, with a DOI/URL and/or a
 * certificate), and 'Ajukan' (→ DIAJUKAN) when every rule of submit.server.ts holds. The first
 * change makes the report (DRAF).
 */
import { and, eq, max } from "drizzle-orm";
import { laporan, luaranCapaian, usulanDokumen, usulanLuaran } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenLog, usulanRef } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { usulanAccess, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { getPeriode } from "~/domain/lppm/master/periode.server";
import type { LaporanStatus } from "~/domain/lppm/workflow";
import { logCreated, transition, windowRefusal, type Actor, type TransitionResult, Incomplete, submitChecked } from "~/domain/lppm/workflow.server";
import { removeDocument, storeDocument } from "~/lib/server/documents.server";
import { BUKTI_LUARAN_TYPES, LAPORAN_LABEL, type LaporanInput, type LaporanJenis, type LuaranCapaianInput } from "~/domain/lppm/laporan/laporan.schema";
import {
  LAPORAN_EDITABLE,
  LAPORAN_STAGE,
  LAPORAN_WORKFLOWS,
  laporanAdapters,
  reportOf,
  type LaporanRefusal,
  type LaporanResult,
} from "~/domain/lppm/laporan/transition.server";
import { getLaporan } from "~/domain/lppm/laporan/read.server";
import { LAPORAN_BELUM_DIISI } from "~/domain/lppm/laporan/submit.server";

export const HANYA_KETUA_LAPORAN = "Hanya ketua pengusul yang dapat mengubah laporan ini.";
export const LAPORAN_BUKAN_BERJALAN = "Laporan hanya dapat diubah selama kegiatan berjalan.";
export const LUARAN_TIDAK_DIKENAL = "Luaran tidak ditemukan pada usulan ini.";

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
  if (report && !LAPORAN_EDITABLE.includes(report.status as LaporanStatus)) {
    const workflow = LAPORAN_WORKFLOWS[jenis];
    return { ok: false, status: 409, message: `${workflow.noun} berstatus ${workflow.labels[report.status as LaporanStatus]} tidak dapat diubah.` };
  }
  const closed = windowRefusal(LAPORAN_STAGE[jenis], getPeriode(db, access.usulan.id_periode)?.windows[LAPORAN_STAGE[jenis]], now);
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
  return storeVersioned(db, { actor, usulanId, jenis, now }, file, LAPORAN_STAGE[jenis], ["pdf"], (tx) => {
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
    return transition(tx, laporanAdapters[jenis], actor, detail.laporan.id, "DIAJUKAN", { now });
  });
}
