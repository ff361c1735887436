/**
 * Faculties and study programmes as choices for forms (the user form's dosen profile, the
 * proposal's filters), ordered by name.
 */
import { asc, eq } from "drizzle-orm";
import { fakultas, prodi } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";

export type FakultasOption = { id: number; nama: string };
export type ProdiOption = { id: number; nama: string; id_fakultas: number; fakultas: string };

export function fakultasOptions(db: Db): FakultasOption[] {
  return db.select({ id: fakultas.id, nama: fakultas.nama }).from(fakultas).orderBy(asc(fakultas.nama)).all();
}

export function prodiOptions(db: Db): ProdiOption[] {
  return db
    .select({ id: prodi.id, nama: prodi.nama, id_fakultas: prodi.id_fakultas, fakultas: fakultas.nama })
    .from(prodi)
    .innerJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .orderBy(asc(fakultas.nama), asc(prodi.nama))
    .all();
}
