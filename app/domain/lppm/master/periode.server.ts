/**
 * Reading a periode (a call) with its skema: the rules a proposal of it must meet and the date
 * window of every stage, in the shape the workflow engine checks (workflow.server.ts). The
 * master-data screens add, change and remove them (Operator → LPPM → Periode, Skema).
 */
import { and, asc, count, desc, eq, gt, like, lte, or, sql } from "drizzle-orm";
import { periode, skema, usulan } from "../../../../db/schema";
import { preparedQuery, readThrough, type Db } from "~/lib/server/db.server";
import type { Jenis } from "~/domain/lppm/jenis";
import { STAGES, type Stage } from "~/domain/lppm/workflow";
import type { StageWindow } from "~/domain/lppm/workflow.server";
import type { TableState } from "~/lib/util/table-state";
import { contains, paged, type Page } from "~/lib/server/paging.server";
import type { PeriodeInput } from "~/domain/lppm/master/periode.schema";
import { countUsing, deleteMaster, parentExists, saveMaster, type Deleted, type Saved } from "~/domain/lppm/master/master.server";

const PERIODE = { table: periode, entity: "periode" };

/** The kinds of proposal, defined once in jenis.ts. */
export type { Jenis };
export type SkemaRow = typeof skema.$inferSelect;
export type PeriodeRow = typeof periode.$inferSelect;

export type Skema = Omit<SkemaRow, "luaran_wajib"> & { luaran_wajib: string[] };

export type Periode = PeriodeRow & {
  skema: Skema;
  /** "2026 · Penelitian Dosen Pemula" */
  label: string;
  windows: Partial<Record<Stage, StageWindow>>;
};

/** The luaran list stored as JSON; anything unreadable is an empty list. */
export function parseList(value: string | null | undefined): string[] {
  if (!value) return [];
  try {
    const list: unknown = JSON.parse(value);
    return Array.isArray(list) ? list.map(String).filter(Boolean) : [];
  } catch {
    return [];
  }
}

export function toSkema(row: SkemaRow): Skema {
  return { ...row, luaran_wajib: parseList(row.luaran_wajib) };
}

/** The stage windows of a periode row; a stage missing either date has none (it is closed). */
export function windowsOf(row: PeriodeRow): Partial<Record<Stage, StageWindow>> {
  const windows: Partial<Record<Stage, StageWindow>> = {};
  for (const stage of STAGES) {
    const opens = row[`${stage}_buka`];
    const closes = row[`${stage}_tutup`];
    if (opens && closes) windows[stage] = { opens, closes };
  }
  return windows;
}

export function periodeLabel(row: Pick<PeriodeRow, "tahun">, skemaRow: Pick<SkemaRow, "nama">): string {
  return `${row.tahun} · ${skemaRow.nama}`;
}

function toPeriode(row: PeriodeRow, skemaRow: SkemaRow): Periode {
  return { ...row, skema: toSkema(skemaRow), label: periodeLabel(row, skemaRow), windows: windowsOf(row) };
}

export function getSkema(db: Db, id: number): Skema | null {
  const row = db.select().from(skema).where(eq(skema.id, id)).get();
  return row ? toSkema(row) : null;
}

export function getPeriode(db: Db, id: number): Periode | null {
  // The same for every viewer, and a proposal's page reads it twice: kept until the database
  // changes (readThrough; a transaction reads it fresh). Two lookups by key.
  return readThrough(db, `periode:${id}`, () => {
    const row = preparedQuery(db, "periode.row", (d) => d.select().from(periode).where(eq(periode.id, sql.placeholder("id"))).prepare()).get({ id });
    if (!row) return null;
    const itsSkema = preparedQuery(db, "periode.skema", (d) => d.select().from(skema).where(eq(skema.id, sql.placeholder("id"))).prepare()).get({
      id: row.id_skema,
    });
    return itsSkema ? toPeriode(row, itsSkema) : null;
  });
}

/** Calls of a kind whose submission window is open at `now` (the proposer's choice on a new proposal). */
export function listPeriodeTerbuka(db: Db, jenis: Jenis, now = new Date()): Periode[] {
  return db
    .select({ periode, skema })
    .from(periode)
    .innerJoin(skema, eq(skema.id, periode.id_skema))
    .where(and(eq(skema.jenis, jenis), eq(skema.aktif, true), lte(periode.pengajuan_buka, now), gt(periode.pengajuan_tutup, now)))
    .orderBy(asc(periode.pengajuan_tutup))
    .all()
    .map((row) => toPeriode(row.periode, row.skema));
}

/** Every call, newest first (filters of the LPPM screens). */
export function listPeriode(db: Db, jenis?: Jenis): Periode[] {
  // Every LPPM list's filter reads this: built once (building the select of both whole rows
  // cost ten times running it).
  const query = (filter: boolean) =>
    preparedQuery(db, filter ? "listPeriode.jenis" : "listPeriode", (d) =>
      d
        .select({ periode, skema })
        .from(periode)
        .innerJoin(skema, eq(skema.id, periode.id_skema))
        .where(filter ? eq(skema.jenis, sql.placeholder("jenis")) : undefined)
        .orderBy(desc(periode.tahun), asc(skema.nama), desc(periode.id))
        .prepare(),
    );
  const rows = jenis ? query(true).all({ jenis }) : query(false).all();
  return rows.map((row) => toPeriode(row.periode, row.skema));
}

// ---- Operator → LPPM → Periode ------------------------------------------------------------------

export const SKEMA_TIDAK_ADA = "Skema tidak ditemukan.";

/** One page of calls, newest year first, searched on the skema, the year and the source of funds. */
export function listPeriodePage(db: Db, state: TableState): Page<Periode> {
  const where = state.q
    ? or(contains(skema.nama, state.q), contains(periode.sumber_dana, state.q), like(periode.tahun, state.q.replace(/[^\d]/g, "") || "-"))
    : undefined;
  return paged(
    state,
    () => db.select({ n: count() }).from(periode).innerJoin(skema, eq(skema.id, periode.id_skema)).where(where).get()?.n ?? 0,
    (limit, offset) =>
      db
        .select({ periode, skema })
        .from(periode)
        .innerJoin(skema, eq(skema.id, periode.id_skema))
        .where(where)
        .orderBy(desc(periode.tahun), asc(skema.nama), desc(periode.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => toPeriode(row.periode, row.skema)),
  );
}

export function savePeriode(db: Db, input: PeriodeInput, id?: number): Saved<{ id: number }> {
  const values = {
    tahun: input.tahun,
    id_skema: input.id_skema,
    sumber_dana: input.sumber_dana,
    anggaran_total: input.anggaran_total,
    kuota_judul: input.kuota_judul,
    maks_ketua: input.maks_ketua ?? 1,
    maks_anggota: input.maks_anggota ?? 2,
    ...Object.fromEntries(STAGES.flatMap((stage) => [[`${stage}_buka`, input[`${stage}_buka`]], [`${stage}_tutup`, input[`${stage}_tutup`]]])),
  };
  return saveMaster(db, PERIODE, values, id, {
    check: parentExists(skema, input.id_skema, SKEMA_TIDAK_ADA, "id_skema"),
  });
}

export function countUsulanOfPeriode(db: Db, id: number): number {
  return countUsing(db, usulan, usulan.id_periode, id);
}

export function periodeInUseMessage(jumlahUsulan: number): string | null {
  return jumlahUsulan > 0 ? `Periode masih dipakai oleh ${jumlahUsulan} usulan dan tidak dapat dihapus.` : null;
}

export function deletePeriode(db: Db, id: number): Deleted {
  return deleteMaster(db, PERIODE, id, (tx) => periodeInUseMessage(countUsulanOfPeriode(tx, id)));
}
