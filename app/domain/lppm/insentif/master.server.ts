/**
 * The incentives' master data (Operator → LPPM): the kinds of publication with their rank and
 * tariff (Jenis Insentif), and the yearly incentive call with its budget and submission window
 * (Periode Insentif). A kind or a call that a claim uses is never deleted (a kind is made
 * inactive instead: it stays on the claims that used it, and no new claim picks it).
 */
import { and, asc, desc, eq, lte, gte } from "drizzle-orm";
import { insentif, jenisInsentif, periodeInsentif } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import { countUsing, deleteMaster, saveMaster, type Deleted, type Saved } from "~/domain/lppm/master/master.server";
import type { JenisInsentifInput, PeriodeInsentifInput } from "~/domain/lppm/insentif/insentif.schema";
import type { StageWindow } from "~/domain/lppm/stage-window";
import { formatRupiah } from "~/lib/util/rupiah";

const JENIS = { table: jenisInsentif, entity: "jenis_insentif" };
const PERIODE_INSENTIF = { table: periodeInsentif, entity: "periode_insentif" };

export type JenisInsentif = typeof jenisInsentif.$inferSelect;
export type PeriodeInsentif = typeof periodeInsentif.$inferSelect & { label: string; window: StageWindow | null };

export const JENIS_INSENTIF_DIPAKAI_DUA = "Jenis dan peringkat ini sudah ada dalam tabel tarif.";
export const TAHUN_INSENTIF_DIPAKAI = "Periode insentif tahun ini sudah ada.";

// ---- Jenis Insentif (the tariff table) ----------------------------------------------------------

export function listJenisInsentifPage(db: Db, state: TableState): Page<JenisInsentif> {
  const where = searchIn(state, jenisInsentif.jenis, jenisInsentif.peringkat);
  return pageOfTable(db, state, jenisInsentif, where, db.select().from(jenisInsentif).$dynamic(), asc(jenisInsentif.jenis), asc(jenisInsentif.peringkat));
}

/** The active kinds, as lecturers see and pick them. */
export function listJenisInsentifAktif(db: Db): JenisInsentif[] {
  return db.select().from(jenisInsentif).where(eq(jenisInsentif.aktif, true)).orderBy(asc(jenisInsentif.jenis), asc(jenisInsentif.peringkat)).all();
}

export function getJenisInsentif(db: Db, id: number): JenisInsentif | null {
  return db.select().from(jenisInsentif).where(eq(jenisInsentif.id, id)).get() ?? null;
}

export function saveJenisInsentif(db: Db, input: JenisInsentifInput, id?: number): Saved<{ id: number }> {
  return saveMaster(db, JENIS, input, id, {
    unique: { match: [eq(jenisInsentif.jenis, input.jenis), eq(jenisInsentif.peringkat, input.peringkat)], message: JENIS_INSENTIF_DIPAKAI_DUA, field: "peringkat" },
  });
}

export function jenisInsentifInUse(db: Db, id: number): string | null {
  const n = countUsing(db, insentif, insentif.id_jenis, id);
  return n ? `Jenis insentif ini dipakai ${n} klaim. Nonaktifkan saja agar tidak dapat dipilih lagi.` : null;
}

export function deleteJenisInsentif(db: Db, id: number): Deleted {
  return deleteMaster(db, JENIS, id, (tx) => jenisInsentifInUse(tx, id));
}

// ---- Periode Insentif ---------------------------------------------------------------------------

function withLabel(row: typeof periodeInsentif.$inferSelect): PeriodeInsentif {
  return {
    ...row,
    label: `Insentif ${row.tahun} (${formatRupiah(row.anggaran_total)})`,
    window: row.pengajuan_buka && row.pengajuan_tutup ? { opens: row.pengajuan_buka, closes: row.pengajuan_tutup } : null,
  };
}

export function listPeriodeInsentifPage(db: Db, state: TableState): Page<PeriodeInsentif> {
  const where = state.q && /^\d{1,4}$/.test(state.q.trim()) ? eq(periodeInsentif.tahun, Number(state.q.trim())) : undefined;
  const page = pageOfTable(db, state, periodeInsentif, where, db.select().from(periodeInsentif).$dynamic(), desc(periodeInsentif.tahun));
  return { ...page, rows: page.rows.map(withLabel) };
}

export function listPeriodeInsentif(db: Db): PeriodeInsentif[] {
  return db.select().from(periodeInsentif).orderBy(desc(periodeInsentif.tahun)).all().map(withLabel);
}

export function getPeriodeInsentif(db: Db, id: number): PeriodeInsentif | null {
  const row = db.select().from(periodeInsentif).where(eq(periodeInsentif.id, id)).get();
  return row ? withLabel(row) : null;
}

/** The call open for submissions at `now` (the latest, if several overlap), or null. */
export function periodeInsentifTerbuka(db: Db, now = new Date()): PeriodeInsentif | null {
  const row = db
    .select()
    .from(periodeInsentif)
    .where(and(lte(periodeInsentif.pengajuan_buka, now), gte(periodeInsentif.pengajuan_tutup, now)))
    .orderBy(desc(periodeInsentif.tahun))
    .get();
  return row ? withLabel(row) : null;
}

export function savePeriodeInsentif(db: Db, input: PeriodeInsentifInput, id?: number): Saved<{ id: number }> {
  return saveMaster(db, PERIODE_INSENTIF, input, id, {
    unique: { match: [eq(periodeInsentif.tahun, input.tahun)], message: TAHUN_INSENTIF_DIPAKAI, field: "tahun" },
  });
}

export function periodeInsentifInUse(db: Db, id: number): string | null {
  const n = countUsing(db, insentif, insentif.id_periode, id);
  return n ? `Periode ini dipakai ${n} klaim insentif dan tidak dapat dihapus.` : null;
}

export function deletePeriodeInsentif(db: Db, id: number): Deleted {
  return deleteMaster(db, PERIODE_INSENTIF, id, (tx) => periodeInsentifInUse(tx, id));
}
