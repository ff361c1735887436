/**
 * Rubrik (Operator → LPPM → Rubrik): one rubric per jenis and tahap, with its criteria in order;
 * the insentif stage has one rubric for every claim (stored under JENIS_RUBRIK_INSENTIF). The
 * reviewers' scores copy each criterion as it was (penilaian_item, the claim's evaluation), so
 * editing or deleting a rubric never changes a review already given.
 */
import { and, asc, eq, inArray, notInArray, sql } from "drizzle-orm";
import { rubrik, rubrikKriteria } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { domainChanged } from "~/domain/changes.server";
import { type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import { CARA_NILAI, isScored, JENIS_RUBRIK_INSENTIF, parseDeskripsiSkor, rubrikTanpaJenis, totalBobotRefusal, type DeskripsiSkor, type TahapRubrik } from "~/domain/lppm/rubrik";
import type { Jenis } from "~/domain/lppm/jenis";
import { KRITERIA_MINIMAL, type KriteriaInput, type RubrikInput } from "~/domain/lppm/master/rubrik.schema";
import { conflict, notFound, type Deleted, type Saved } from "~/domain/lppm/master/master.server";

export type Rubrik = { id: number; jenis: Jenis; tahap: TahapRubrik; nama: string; jumlah_kriteria: number; total_bobot: number };
export type Kriteria = { id: number; kriteria: string; bobot: number; deskripsi_skor: DeskripsiSkor | null; panduan: string | null };
export type RubrikDenganKriteria = Rubrik & { kriteria: Kriteria[] };

export const RUBRIK_SUDAH_ADA = "Rubrik untuk jenis dan tahap ini sudah ada.";
export const RUBRIK_INSENTIF_SUDAH_ADA = "Rubrik insentif sudah ada; satu rubrik berlaku untuk semua klaim insentif.";

// Written out in full: inside a subquery Drizzle names a column without its table, so
// "id" would be the criterion's own id.
const columns = {
  id: rubrik.id,
  jenis: rubrik.jenis,
  tahap: rubrik.tahap,
  nama: rubrik.nama,
  jumlah_kriteria: sql<number>`(select count(*) from "rubrik_kriteria" k where k."id_rubrik" = "rubrik"."id")`,
  total_bobot: sql<number>`(select coalesce(sum(k."bobot"), 0) from "rubrik_kriteria" k where k."id_rubrik" = "rubrik"."id")`,
};

export function listRubrikPage(db: Db, state: TableState): Page<Rubrik> {
  const where = searchIn(state, rubrik.nama, rubrik.jenis, rubrik.tahap);
  const tahap = sql`case ${rubrik.tahap} when 'administrasi' then 1 when 'substansi' then 2 when 'monev' then 3 else 4 end`;
  return pageOfTable(db, state, rubrik, where, db.select(columns).from(rubrik).$dynamic(), asc(rubrik.jenis), tahap);
}

export function getRubrik(db: Db, id: number): Rubrik | null {
  return db.select(columns).from(rubrik).where(eq(rubrik.id, id)).get() ?? null;
}

export function listKriteria(db: Db, idRubrik: number): Kriteria[] {
  return db
    .select({ id: rubrikKriteria.id, kriteria: rubrikKriteria.kriteria, bobot: rubrikKriteria.bobot, deskripsi_skor: rubrikKriteria.deskripsi_skor, panduan: rubrikKriteria.panduan })
    .from(rubrikKriteria)
    .where(eq(rubrikKriteria.id_rubrik, idRubrik))
    .orderBy(asc(rubrikKriteria.urutan), asc(rubrikKriteria.id))
    .all()
    .map((row) => ({ ...row, deskripsi_skor: parseDeskripsiSkor(row.deskripsi_skor) }));
}

export function getRubrikDenganKriteria(db: Db, id: number): RubrikDenganKriteria | null {
  const row = getRubrik(db, id);
  return row ? { ...row, kriteria: listKriteria(db, id) } : null;
}

/** The rubric of a jenis and tahap, with its criteria (the reviewers' and the monev forms). */
export function rubrikFor(db: Db, jenis: Jenis, tahap: TahapRubrik): RubrikDenganKriteria | null {
  if (rubrikTanpaJenis(tahap)) return rubrikInsentif(db);
  const row = db.select({ id: rubrik.id }).from(rubrik).where(and(eq(rubrik.jenis, jenis), eq(rubrik.tahap, tahap))).get();
  return row ? getRubrikDenganKriteria(db, row.id) : null;
}

/**
 * The insentif rubric every claim is evaluated by, with its criteria, or null when the operator
 * has none. An install whose operator made one per jenis before there was one for all uses the
 * 'penelitian' one.
 */
export function rubrikInsentif(db: Db): RubrikDenganKriteria | null {
  const row = db
    .select({ id: rubrik.id })
    .from(rubrik)
    .where(eq(rubrik.tahap, "insentif"))
    .orderBy(sql`${rubrik.jenis} <> ${JENIS_RUBRIK_INSENTIF}`, asc(rubrik.id))
    .get();
  return row ? getRubrikDenganKriteria(db, row.id) : null;
}

export function createRubrik(db: Db, input: RubrikInput): Saved<{ id: number }> {
  return db.transaction((tx) => {
    // The insentif rubric is one for every claim, whatever jenis the form chose.
    const tanpaJenis = rubrikTanpaJenis(input.tahap);
    const values = tanpaJenis ? { ...input, jenis: JENIS_RUBRIK_INSENTIF } : input;
    const same = tanpaJenis ? eq(rubrik.tahap, input.tahap) : and(eq(rubrik.jenis, input.jenis), eq(rubrik.tahap, input.tahap));
    if (tx.select({ id: rubrik.id }).from(rubrik).where(same).get()) {
      return conflict(tanpaJenis ? RUBRIK_INSENTIF_SUDAH_ADA : RUBRIK_SUDAH_ADA, "tahap");
    }
    const row = tx.insert(rubrik).values(values).returning().get();
    domainChanged(tx, { entity: "rubrik", action: "tambah", id: row.id, before: null, after: row });
    return { id: row.id };
  });
}

export function renameRubrik(db: Db, id: number, nama: string): Saved<{ id: number }> {
  return db.transaction((tx) => {
    const before = tx.select().from(rubrik).where(eq(rubrik.id, id)).get();
    if (!before) return notFound();
    const after = tx.update(rubrik).set({ nama, updated_at: new Date() }).where(eq(rubrik.id, id)).returning().get();
    domainChanged(tx, { entity: "rubrik", action: "ubah", id, before, after });
    return { id };
  });
}

export function deleteRubrik(db: Db, id: number): Deleted {
  return db.transaction((tx): Deleted => {
    const before = tx.select().from(rubrik).where(eq(rubrik.id, id)).get();
    if (!before) return notFound();
    const kriteria = criteriaFields(tx, id);
    tx.delete(rubrik).where(eq(rubrik.id, id)).run();
    domainChanged(tx, { entity: "rubrik", action: "hapus", id, before: { ...before, ...kriteria }, after: null });
    return { ok: true };
  });
}

/**
 * A rubric's criteria as the activity log compares them: one field per position and property
 * ("kriteria_1", "bobot_1", "deskripsi_skor_1", "panduan_1"), so the entry names what moved.
 */
function criteriaFields(db: Db, idRubrik: number): Record<string, string | number | null> {
  const fields: Record<string, string | number | null> = {};
  const rows = db
    .select({ kriteria: rubrikKriteria.kriteria, bobot: rubrikKriteria.bobot, deskripsi_skor: rubrikKriteria.deskripsi_skor, panduan: rubrikKriteria.panduan })
    .from(rubrikKriteria)
    .where(eq(rubrikKriteria.id_rubrik, idRubrik))
    .orderBy(asc(rubrikKriteria.urutan), asc(rubrikKriteria.id))
    .all();
  rows.forEach((row, i) => {
    fields[`kriteria_${i + 1}`] = row.kriteria;
    fields[`bobot_${i + 1}`] = row.bobot;
    fields[`deskripsi_skor_${i + 1}`] = row.deskripsi_skor;
    fields[`panduan_${i + 1}`] = row.panduan;
  });
  return fields;
}

/**
 * The rubric's criteria become `list`, in its order: a row with the id of one of this rubric's
 * criteria updates it, the others are added, and criteria no longer listed are removed. The
 * weights are checked again here (a scored rubric sums to 100) whatever the form did.
 */
export function saveKriteria(db: Db, id: number, list: KriteriaInput[]): Saved<{ id: number }> {
  return db.transaction((tx) => {
    const row = getRubrik(tx, id);
    if (!row) return notFound();
    const scored = isScored(row.tahap);
    const cara = CARA_NILAI[row.tahap];
    if (list.length === 0) return { ok: false as const, status: 422 as const, message: KRITERIA_MINIMAL };
    const refusal = scored ? totalBobotRefusal(list.map((k) => k.bobot)) : null;
    if (refusal) return { ok: false as const, status: 422 as const, message: refusal };
    const before = criteriaFields(tx, id);
    const own = new Set(
      tx.select({ id: rubrikKriteria.id }).from(rubrikKriteria).where(eq(rubrikKriteria.id_rubrik, id)).all().map((r) => r.id),
    );
    const kept = list.map((k) => (k.id !== null && own.has(k.id) ? k.id : null)).filter((k): k is number => k !== null);
    tx.delete(rubrikKriteria)
      .where(and(eq(rubrikKriteria.id_rubrik, id), kept.length ? notInArray(rubrikKriteria.id, kept) : undefined))
      .run();
    list.forEach((k, i) => {
      const values = {
        urutan: i + 1,
        kriteria: k.kriteria,
        bobot: scored ? k.bobot : 0,
        // What the stage does not use is not kept: monev scores 0–100 and never reads 1–7 descriptions.
        deskripsi_skor: cara === "skala" && k.deskripsi_skor ? JSON.stringify(k.deskripsi_skor) : null,
        panduan: cara === "persen" ? k.panduan || null : null,
      };
      if (k.id !== null && own.has(k.id)) {
        tx.update(rubrikKriteria).set({ ...values, updated_at: new Date() }).where(inArray(rubrikKriteria.id, [k.id])).run();
      } else {
        tx.insert(rubrikKriteria).values({ id_rubrik: id, ...values }).run();
      }
    });
    tx.update(rubrik).set({ updated_at: new Date() }).where(eq(rubrik.id, id)).run();
    domainChanged(tx, { entity: "rubrik", action: "ubah", id, before, after: criteriaFields(tx, id), summary: `Kriteria rubrik "${row.nama}" disimpan (${list.length} kriteria)` });
    return { id };
  });
}
