/**
 * LPPM rows tests add of their own (master data, proposals in a given status, reviewer
 * assignments), written straight into the tables: the screens that make them are tested on
 * their own, and these let a test start from any step of the workflow.
 */
import * as schema from "../../db/schema";
import type { Db } from "../../app/lib/server/db.server";
import type { Stage, UsulanStatus } from "../../app/domain/lppm/workflow";
import { addPeriode as addLppmPeriode, addSkema } from "./lppm";
import { windows } from "./lppm-penetapan";

export { addFakultas, addProdi } from "./lppm";

const DAY = 24 * 60 * 60 * 1000;

type SkemaValues = Partial<typeof schema.skema.$inferInsert>;
type PeriodeValues = Partial<typeof schema.periode.$inferInsert>;

/**
 * A skema and one periode of it (tests/setup/lppm.ts) whose stage windows are all open around
 * `now`, except the `closed` ones (lppm-penetapan.ts `windows`).
 */
export function addPeriode(
  db: Db,
  options: { jenis?: "penelitian" | "pengabdian"; skema?: SkemaValues; periode?: PeriodeValues; closed?: Stage[]; now?: Date } = {},
) {
  const now = options.now ?? new Date();
  const skemaId = addSkema(db, { jenis: options.jenis ?? "penelitian", ...options.skema });
  const periodeId = addLppmPeriode(db, skemaId, { anggaran_total: 100_000_000, kuota_judul: 5, ...windows(now, options.closed), ...options.periode }, now);
  return { skema: { id: skemaId }, periode: { id: periodeId } };
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
