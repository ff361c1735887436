/**
 * The report's plug into the workflow engine (workflow.server.ts). Laporan Kemajuan and Laporan
 * Akhir (LPPM.md "Execution"): while a project is BERJALAN its ketua writes each report within
 * its stage's window (draft.server.ts); 'Ajukan' moves it DRAF (or DIKEMBALIKAN) → DIAJUKAN; the
 * Operator accepts it (DITERIMA) or returns it with a note (DIKEMBALIKAN) here, in
 * `periksaLaporan`. An accepted final report makes the project SELESAI in the same transaction.
 * Every move goes through the workflow engine (`laporanAdapters`).
 */
import type { WorkflowRefusal } from "~/domain/refusal";
import { and, eq } from "drizzle-orm";
import { laporan } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { NOT_FOUND } from "~/lib/util/messages";
import { usulanAdapter } from "~/domain/lppm/usulan/transition.server";
import { LAPORAN_AKHIR_WORKFLOW, LAPORAN_KEMAJUAN_WORKFLOW, type LaporanStatus, type Stage, type UsulanStatus, type Workflow } from "~/domain/lppm/workflow";
import { SYSTEM, transition, type Actor, type TransitionInput, type TransitionResult, type WorkflowAdapter } from "~/domain/lppm/workflow.server";
import type { LaporanJenis } from "~/domain/lppm/laporan/laporan.schema";

export const LAPORAN_WORKFLOWS: Record<LaporanJenis, Workflow<LaporanStatus>> = { kemajuan: LAPORAN_KEMAJUAN_WORKFLOW, akhir: LAPORAN_AKHIR_WORKFLOW };
/** The periode's stage (its window) and the documents' ronde of each kind of report. */
export const LAPORAN_STAGE: Record<LaporanJenis, Stage & ("laporan_kemajuan" | "laporan_akhir")> = { kemajuan: "laporan_kemajuan", akhir: "laporan_akhir" };

/** A report the ketua may still change. */
export const LAPORAN_EDITABLE: readonly LaporanStatus[] = ["DRAF", "DIKEMBALIKAN"];

export type LaporanRefusal = WorkflowRefusal;
export type LaporanResult = { ok: true } | LaporanRefusal;

/** A project's report of kind `jenis`, as stored, or null while its ketua has not started it. */
export function reportOf(db: Db, usulanId: number, jenis: LaporanJenis) {
  return db.select().from(laporan).where(and(eq(laporan.id_usulan, usulanId), eq(laporan.jenis, jenis))).get() ?? null;
}

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
export const laporanAdapters: Record<LaporanJenis, WorkflowAdapter<LaporanStatus>> = { kemajuan: adapterFor("kemajuan"), akhir: adapterFor("akhir") };

// ---- The Operator's check ------------------------------------------------------------------------

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
    return transition(db, laporanAdapters[jenis], actor, report.id, keputusan === "terima" ? "DITERIMA" : "DIKEMBALIKAN", {
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
