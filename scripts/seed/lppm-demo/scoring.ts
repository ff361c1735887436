/**
 * How the demo's reviewers score: the national form's scale, and the criteria of the rubric the
 * seed put in the database (the proposal's substance, the monev).
 */
import { and, eq } from "drizzle-orm";
import type { Db } from "../../../app/lib/server/db.server";
import * as schema from "../../../db/schema";

/** The scale of the national form (rubrik.ts SKOR) by level index. */
export const SKALA = [1, 2, 3, 5, 6, 7] as const;

/** The criteria of a jenis's rubric for a stage, in their order. */
export function kriteriaOf(tx: Db, jenis: "penelitian" | "pengabdian", tahap: "substansi" | "monev" = "substansi") {
  return tx
    .select({ kriteria: schema.rubrikKriteria.kriteria, bobot: schema.rubrikKriteria.bobot, urutan: schema.rubrikKriteria.urutan })
    .from(schema.rubrikKriteria)
    .innerJoin(schema.rubrik, eq(schema.rubrik.id, schema.rubrikKriteria.id_rubrik))
    .where(and(eq(schema.rubrik.jenis, jenis), eq(schema.rubrik.tahap, tahap)))
    .orderBy(schema.rubrikKriteria.urutan)
    .all();
}
