/**
 * LPPM rows tests add of their own (master data, proposals in a given status, reviewer
 * assignments), written straight into the tables: the screens that make them are tested on
 * their own, and these let a test start from any step of the workflow.
 */
import * as schema from "../../db/schema";
import type { Db } from "../../app/lib/server/db.server";
import type { UsulanStatus } from "../../app/domain/lppm/workflow";
import type { Stage } from "../../app/domain/lppm/workflow";

const DAY = 24 * 60 * 60 * 1000;

export function addFakultas(db: Db, nama = `Fakultas ${Math.random().toString(36).slice(2, 7)}`) {
  return db.insert(schema.fakultas).values({ nama }).returning().get();
}

export function addProdi(db: Db, idFakultas: number, nama = `Prodi ${Math.random().toString(36).slice(2, 7)}`) {
  return db.insert(schema.prodi).values({ nama, id_fakultas: idFakultas }).returning().get();
}

type SkemaValues = Partial<typeof schema.skema.$inferInsert>;
type PeriodeValues = Partial<typeof schema.periode.$inferInsert>;

/**
 * A skema and one periode of it whose stage windows are all open around `now` (or as given:
 * `windows: { pengajuan: "closed" }` closes one a day ago, "later" opens it tomorrow).
 */
export function addPeriode(
  db: Db,
  options: {
    jenis?: "penelitian" | "pengabdian";
    skema?: SkemaValues;
    periode?: PeriodeValues;
    windows?: Partial<Record<Stage, "open" | "closed" | "later">>;
    now?: Date;
  } = {},
) {
  const jenis = options.jenis ?? "penelitian";
  const now = (options.now ?? new Date()).getTime();
  const skemaRow = db
    .insert(schema.skema)
    .values({ jenis, nama: `Skema ${Math.random().toString(36).slice(2, 8)}`, dana_maksimal: 20_000_000, ...options.skema })
    .returning()
    .get();
  const windows: Record<string, Date> = {};
  for (const stage of ["pengajuan", "review", "penetapan", "perbaikan", "laporan_kemajuan", "monev", "laporan_akhir"] as const) {
    const state = options.windows?.[stage] ?? "open";
    const [opens, closes] = state === "open" ? [now - 10 * DAY, now + 10 * DAY] : state === "closed" ? [now - 20 * DAY, now - DAY] : [now + DAY, now + 20 * DAY];
    windows[`${stage}_buka`] = new Date(opens);
    windows[`${stage}_tutup`] = new Date(closes);
  }
  const periodeRow = db
    .insert(schema.periode)
    .values({ tahun: 2026, id_skema: skemaRow.id, sumber_dana: "DIPA Internal", anggaran_total: 100_000_000, kuota_judul: 5, ...windows, ...options.periode })
    .returning()
    .get();
  return { skema: skemaRow, periode: periodeRow };
}

/** A proposal of `ketua` in `status` (rows only: no log, no team, no documents). */
export function addUsulan(
  db: Db,
  idPeriode: number,
  idKetua: number,
  status: UsulanStatus = "DRAF",
  values: Partial<typeof schema.usulan.$inferInsert> = {},
) {
  return db
    .insert(schema.usulan)
    .values({ id_periode: idPeriode, jenis: "penelitian", id_ketua: idKetua, judul: `Usulan ${status}`, status, ...values })
    .returning()
    .get();
}

/** A reviewer assignment of the proposal's current round. */
export function addPenugasan(
  db: Db,
  idUsulan: number,
  idReviewer: number,
  values: Partial<typeof schema.penugasanReviewer.$inferInsert> = {},
) {
  return db
    .insert(schema.penugasanReviewer)
    .values({ id_usulan: idUsulan, id_reviewer: idReviewer, putaran: 1, tenggat: new Date(Date.now() + 5 * DAY), ...values })
    .returning()
    .get();
}
