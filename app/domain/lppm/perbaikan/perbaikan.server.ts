/**
 * Perbaikan usulan (LPPM.md: DIDANAI → PERBAIKAN_DIAJUKAN by the proposer within the perbaikan
 * window, with the revised proposal and the final RAB; PERBAIKAN_DIAJUKAN → BERJALAN, or back
 * to DIDANAI with a note, by the Operator; the Kepala sees the list). The revised PDF is a
 * usulan_dokumen of ronde 'perbaikan' (versioned); the final RAB is usulan_rab tahap
 * 'perbaikan', its total at most dana_disetujui (and Honor within the skema's share).
 */
import { and, asc, desc, eq, inArray, max, sql, type SQL } from "drizzle-orm";
import { periode, RAB_KELOMPOK, skema, usulan, usulanDokumen, usulanRab, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { dokumenDiunggah, usulanRef } from "~/domain/lppm/aktivitas.server";
import { NOT_FOUND } from "~/lib/util/messages";
import type { Page } from "~/lib/server/paging.server";
import { usulanListPage, type UsulanListBase } from "~/domain/lppm/penetapan/usulan-list.server";
import type { TableState } from "~/lib/util/table-state";
import { periodeLabel, windowsOf } from "~/domain/lppm/master/periode.server";
import { USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { statusTimeline, windowRefusal, type Actor, type TimelineEntry, Incomplete, submitChecked } from "~/domain/lppm/workflow.server";
import type { StageWindow } from "~/domain/lppm/stage-window";
import { readsDocument, usulanAccess, type UsulanViewer } from "~/domain/lppm/usulan/access.server";
import { usulanTransition, type UsulanTransitionResult } from "~/domain/lppm/usulan/transition.server";
import type { RabInput } from "~/domain/lppm/usulan/usulan.schema";
import { insertRabLine } from "~/domain/lppm/usulan/draft.server";
import { rabProblems, rabSummary, TOTAL_RAB_MELEBIHI, type RabSummary } from "~/domain/lppm/usulan/rules";
import { removeDocument, storeDocument } from "~/lib/server/documents.server";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";
import type { WorkflowRefusal } from "~/domain/refusal";
import { penilaianFor, type PenilaianView } from "~/domain/lppm/penetapan/nilai.server";

/** The RAB groups (the final RAB uses the proposal's). */
export { RAB_KELOMPOK };

export type PerbaikanRefusal = WorkflowRefusal;
export type PerbaikanResult = { ok: true } | PerbaikanRefusal;

/** What the proposer sees on the perbaikan list: their funded proposals and what became of them. */
export const PENGUSUL_PERBAIKAN_STATUSES: readonly UsulanStatus[] = ["DIDANAI", "PERBAIKAN_DIAJUKAN", "BERJALAN"];

export const DOKUMEN_PERBAIKAN_BELUM = "Dokumen perbaikan usulan (PDF) belum diunggah.";
export const RAB_PERBAIKAN_MELEBIHI = "Total RAB perbaikan melebihi dana disetujui.";
export const HANYA_KETUA_PERBAIKAN = "Hanya ketua pengusul yang dapat mengubah perbaikan usulan ini.";

export type PerbaikanRow = UsulanListBase & {
  dana_disetujui: number | null;
  rab_perbaikan: number;
  versi_dokumen: number | null;
};

const rabPerbaikanSql = sql<number>`(select coalesce(sum(r.jumlah), 0) from usulan_rab r where r.id_usulan = "usulan"."id" and r.tahap = 'perbaikan')`;
const versiSql = sql<number | null>`(select max(d.versi) from usulan_dokumen d where d.id_usulan = "usulan"."id" and d.ronde = 'perbaikan')`;

function listPage(db: Db, state: TableState, where: SQL | undefined): Page<PerbaikanRow> {
  return usulanListPage(db, state, where, { dana_disetujui: usulan.dana_disetujui, rab_perbaikan: rabPerbaikanSql, versi_dokumen: versiSql });
}

/** The proposer's own funded proposals of one kind (they lead them). */
export function listPerbaikanPengusul(db: Db, userId: number, jenis: "penelitian" | "pengabdian", state: TableState): Page<PerbaikanRow> {
  return listPage(db, state, and(eq(usulan.id_ketua, userId), eq(usulan.jenis, jenis), inArray(usulan.status, [...PENGUSUL_PERBAIKAN_STATUSES])));
}

/** The office's list (Operator, and the Kepala read-only): proposals in `statuses`. */
export function listPerbaikanPeriksa(db: Db, state: TableState, statuses: readonly UsulanStatus[]): Page<PerbaikanRow> {
  return listPage(db, state, inArray(usulan.status, [...statuses]));
}

export type RabLine = typeof usulanRab.$inferSelect;
export type DokumenVersi = { id: number; versi: number; nama_file: string; ukuran: number; created_at: Date };

export type PerbaikanDetail = {
  id: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  status: UsulanStatus;
  id_ketua: number;
  ketua: string;
  periode: string;
  dana_diusulkan: number;
  dana_disetujui: number | null;
  window: StageWindow | null;
  /** Why the perbaikan is locked now (its window), or null while it is open. */
  windowClosed: string | null;
  dokumen: DokumenVersi[];
  rab: RabLine[];
  summary: RabSummary;
  /** What still keeps 'Ajukan' from passing (empty: it may be submitted). */
  problems: string[];
  timeline: TimelineEntry[];
};

function rabLines(db: Db, id: number): RabLine[] {
  return db
    .select()
    .from(usulanRab)
    .where(and(eq(usulanRab.id_usulan, id), eq(usulanRab.tahap, "perbaikan")))
    .orderBy(asc(usulanRab.id))
    .all();
}

function problemsOf(dokumen: number, lines: RabLine[], summary: RabSummary, danaDisetujui: number | null): string[] {
  const problems: string[] = [];
  if (dokumen === 0) problems.push(DOKUMEN_PERBAIKAN_BELUM);
  // The ceiling here is the approved amount, not the skema's maximum.
  problems.push(...rabProblems(summary, lines.length).map((p) => (p === TOTAL_RAB_MELEBIHI ? RAB_PERBAIKAN_MELEBIHI : p)));
  if (danaDisetujui === null) problems.push("Dana disetujui belum ditetapkan.");
  return problems;
}

/** A proposal's perbaikan (any status: the detail shows what was submitted), or null. */
export function getPerbaikan(db: Db, id: number, now = new Date()): PerbaikanDetail | null {
  const row = withKonteks(db.select({ usulan, periode, ketua: users.name, skema: skema.nama, honor: skema.honor_maks_persen }).from(usulan).$dynamic())
    .where(eq(usulan.id, id))
    .get();
  if (!row) return null;
  const dokumen = db
    .select({ id: usulanDokumen.id, versi: usulanDokumen.versi, nama_file: usulanDokumen.nama_file, ukuran: usulanDokumen.ukuran, created_at: usulanDokumen.created_at })
    .from(usulanDokumen)
    .where(and(eq(usulanDokumen.id_usulan, id), eq(usulanDokumen.ronde, "perbaikan")))
    .orderBy(desc(usulanDokumen.versi))
    .all();
  const rab = rabLines(db, id);
  const summary = rabSummary(rab, { dana_maksimal: row.usulan.dana_disetujui ?? 0, honor_maks_persen: row.honor }, RAB_KELOMPOK);
  const window = windowsOf(row.periode).perbaikan ?? null;
  return {
    id,
    judul: row.usulan.judul,
    jenis: row.usulan.jenis,
    status: row.usulan.status as UsulanStatus,
    id_ketua: row.usulan.id_ketua,
    ketua: row.ketua,
    periode: periodeLabel(row.periode, { nama: row.skema }),
    dana_diusulkan: row.usulan.dana_diusulkan,
    dana_disetujui: row.usulan.dana_disetujui,
    window,
    windowClosed: windowRefusal("perbaikan", window ?? undefined, now),
    dokumen,
    rab,
    summary,
    problems: problemsOf(dokumen.length, rab, summary, row.usulan.dana_disetujui),
    timeline: statusTimeline(db, USULAN_WORKFLOW, id),
  };
}

/**
 * A ketua's own perbaikan of a kind (one of PENGUSUL_PERBAIKAN_STATUSES), with the reviewers'
 * results they revise against — the closed rounds, the reviewers unnamed (penilaianFor) — or null.
 */
export function getPerbaikanPengusul(db: Db, ketuaId: number, id: number, jenis: "penelitian" | "pengabdian"): (PerbaikanDetail & { penilaian: PenilaianView }) | null {
  const found = getPerbaikan(db, id);
  if (!found || found.id_ketua !== ketuaId || found.jenis !== jenis || !PENGUSUL_PERBAIKAN_STATUSES.includes(found.status)) return null;
  const putaran_review = db.select({ putaran: usulan.putaran_review }).from(usulan).where(eq(usulan.id, id)).get()?.putaran ?? 0;
  return { ...found, penilaian: penilaianFor(db, { id, status: found.status, putaran_review }, "tim") };
}

/**
 * The proposal when `actor` may change its perbaikan now: its ketua, while DIDANAI, inside the
 * perbaikan window. Who may not see it gets a 404, as if it did not exist.
 */
function editable(db: Db, actor: UsulanViewer, id: number, now: Date): PerbaikanRefusal | null {
  const access = usulanAccess(db, actor, id);
  if (!access?.canView) return { ok: false, status: 404, message: NOT_FOUND };
  if (!access.relations.includes("ketua")) return { ok: false, status: 403, message: HANYA_KETUA_PERBAIKAN };
  if (access.usulan.status !== "DIDANAI") {
    return { ok: false, status: 409, message: `Usulan berstatus ${USULAN_WORKFLOW.labels[access.usulan.status]} tidak dapat diperbaiki.` };
  }
  const p = db.select({ periode }).from(usulan).innerJoin(periode, eq(periode.id, usulan.id_periode)).where(eq(usulan.id, id)).get();
  const closed = p ? windowRefusal("perbaikan", windowsOf(p.periode).perbaikan, now) : null;
  return closed ? { ok: false, status: 409, message: closed } : null;
}

function touch(tx: Db, id: number, now: Date) {
  tx.update(usulan).set({ updated_at: now }).where(eq(usulan.id, id)).run();
}

/** A line of the final RAB: jumlah = volume × harga satuan, computed here. */
export function addRabPerbaikan(db: Db, actor: UsulanViewer, id: number, input: RabInput, now = new Date()): PerbaikanResult {
  const refused = editable(db, actor, id, now);
  if (refused) return refused;
  if (!(RAB_KELOMPOK as readonly string[]).includes(input.kelompok)) return { ok: false, status: 422, message: "Kelompok tidak dikenal." };
  db.transaction((tx) => {
    const row = insertRabLine(tx, id, "perbaikan", input, now);
    touch(tx, id, now);
    domainChanged(tx, { entity: "usulan_rab", action: "tambah", id: row.id, before: null, after: row, summary: `Baris RAB perbaikan ditambahkan ke ${usulanRef(id)}` });
  });
  return { ok: true };
}

export function removeRabPerbaikan(db: Db, actor: UsulanViewer, id: number, rabId: number, now = new Date()): PerbaikanResult {
  const refused = editable(db, actor, id, now);
  if (refused) return refused;
  const removed = db.transaction((tx) => {
    const row = tx.delete(usulanRab).where(and(eq(usulanRab.id, rabId), eq(usulanRab.id_usulan, id), eq(usulanRab.tahap, "perbaikan"))).returning().get();
    if (row) {
      touch(tx, id, now);
      domainChanged(tx, { entity: "usulan_rab", action: "hapus", id: row.id, before: row, after: null, summary: `Baris RAB perbaikan dihapus dari ${usulanRef(id)}` });
    }
    return row;
  });
  if (!removed) return { ok: false, status: 404, message: NOT_FOUND };
  return { ok: true };
}

/** Starts the final RAB from the proposal's own lines (replacing any perbaikan lines). */
export function salinRabUsulan(db: Db, actor: UsulanViewer, id: number, now = new Date()): PerbaikanResult {
  const refused = editable(db, actor, id, now);
  if (refused) return refused;
  db.transaction((tx) => {
    const replaced = tx.delete(usulanRab).where(and(eq(usulanRab.id_usulan, id), eq(usulanRab.tahap, "perbaikan"))).run().changes;
    const lines = tx.select().from(usulanRab).where(and(eq(usulanRab.id_usulan, id), eq(usulanRab.tahap, "usulan"))).orderBy(asc(usulanRab.id)).all();
    for (const { id: _id, ...line } of lines) {
      tx.insert(usulanRab).values({ ...line, tahap: "perbaikan", created_at: now, updated_at: now }).run();
    }
    touch(tx, id, now);
    // One entry for the whole copy (not one per line), naming the proposal.
    domainChanged(tx, {
      entity: "usulan_rab",
      action: "tambah",
      summary: `RAB perbaikan ${usulanRef(id)} disalin dari RAB usulan (${lines.length} baris${replaced ? `, menggantikan ${replaced} baris` : ""})`,
    });
  });
  return { ok: true };
}

/** A new version of the revised proposal PDF (checked by content, ≤ 10 MB; UploadError 413/415). */
export async function uploadPerbaikan(db: Db, actor: UsulanViewer, id: number, file: File, now = new Date()): Promise<PerbaikanResult> {
  const refused = editable(db, actor, id, now);
  if (refused) return refused;
  const stored = await storeDocument(file, "perbaikan", ["pdf"]);
  try {
    const again = db.transaction((tx) => {
      // Checked again: the proposal may have been submitted while the file was written.
      const later = editable(tx, actor, id, now);
      if (later) return later;
      const last = tx
        .select({ versi: max(usulanDokumen.versi) })
        .from(usulanDokumen)
        .where(and(eq(usulanDokumen.id_usulan, id), eq(usulanDokumen.ronde, "perbaikan")))
        .get()?.versi;
      const row = tx
        .insert(usulanDokumen)
        .values({ id_usulan: id, ronde: "perbaikan", versi: (last ?? 0) + 1, file: stored.file, nama_file: stored.nama_file, ukuran: stored.ukuran, id_pengunggah: actor.id, created_at: now })
        .returning()
        .get();
      touch(tx, id, now);
      dokumenDiunggah(tx, row, "perbaikan");
      return null;
    });
    if (again) {
      await removeDocument(stored.file);
      return again;
    }
  } catch (error) {
    await removeDocument(stored.file);
    throw error;
  }
  return { ok: true };
}

/**
 * 'Ajukan': DIDANAI → PERBAIKAN_DIAJUKAN when the revised PDF is there and the final RAB keeps to
 * dana_disetujui and the Honor share; the checks and the transition are one transaction.
 */
export function ajukanPerbaikan(db: Db, actor: Actor, id: number, now = new Date()): UsulanTransitionResult | PerbaikanRefusal {
  const refused = editable(db, actor, id, now);
  if (refused) return refused;
  return submitChecked(db, "Perbaikan", (tx) => {
    const detail = getPerbaikan(tx, id, now);
    if (!detail) return { ok: false as const, status: 404 as const, message: NOT_FOUND };
    if (detail.problems.length) throw new Incomplete(detail.problems);
    return usulanTransition(tx, actor, id, "PERBAIKAN_DIAJUKAN", { now });
  });
}

/** The Operator's check: 'Terima' → BERJALAN, 'Kembalikan' (note required) → DIDANAI. */
export function periksaPerbaikan(db: Db, actor: Actor, id: number, keputusan: "terima" | "kembalikan", note: string | null, now = new Date()): UsulanTransitionResult {
  return usulanTransition(db, actor, id, keputusan === "terima" ? "BERJALAN" : "DIDANAI", { note, now });
}

/** A perbaikan document when `viewer` reads its proposal's documents of that round (the team, the LPPM office, not a blind reviewer), or null. */
export function dokumenPerbaikan(db: Db, viewer: UsulanViewer, dokumenId: number): { file: string; nama_file: string } | null {
  const doc = db
    .select({ id_usulan: usulanDokumen.id_usulan, file: usulanDokumen.file, nama_file: usulanDokumen.nama_file })
    .from(usulanDokumen)
    .where(and(eq(usulanDokumen.id, dokumenId), eq(usulanDokumen.ronde, "perbaikan")))
    .get();
  if (!doc) return null;
  return readsDocument(usulanAccess(db, viewer, doc.id_usulan), "perbaikan") ? { file: doc.file, nama_file: doc.nama_file } : null;
}
