/**
 * Fakultas and Program Studi (Operator → LPPM). A faculty or study programme still in use —
 * a programme of the faculty, a lecturer's profile (users.id_prodi), a faculty verifier
 * (users.id_fakultas_verifikasi) — is never deleted: the operator moves them first.
 */
import { asc, count, eq } from "drizzle-orm";
import { fakultas, prodi, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { paged, type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import type { FakultasInput, ProdiInput } from "~/domain/lppm/master/fakultas.schema";
import { countUsing, deleteMaster, parentExists, sameName, saveMaster, type Deleted, type Saved } from "~/domain/lppm/master/master.server";

export type Fakultas = { id: number; nama: string; kode: string; jumlah_prodi: number };
export type Prodi = { id: number; nama: string; kode: string; id_fakultas: number; fakultas: string };

export const FAKULTAS_NAMA_DIPAKAI = "Nama fakultas sudah dipakai.";
export const PRODI_NAMA_DIPAKAI = "Program studi dengan nama ini sudah ada di fakultas tersebut.";
export const FAKULTAS_TIDAK_ADA = "Fakultas tidak ditemukan.";

// ---- Fakultas ------------------------------------------------------------------------------

const FAKULTAS = { table: fakultas, entity: "fakultas" };
const PRODI = { table: prodi, entity: "prodi" };

const jumlahProdi = (db: Db) => db.$count(prodi, eq(prodi.id_fakultas, fakultas.id));

const fakultasColumns = (db: Db) => ({ id: fakultas.id, nama: fakultas.nama, kode: fakultas.kode, jumlah_prodi: jumlahProdi(db) });

export function listFakultasPage(db: Db, state: TableState): Page<Fakultas> {
  const where = searchIn(state, fakultas.nama, fakultas.kode);
  return pageOfTable(db, state, fakultas, where, db.select(fakultasColumns(db)).from(fakultas).$dynamic(), asc(fakultas.nama));
}

export function getFakultas(db: Db, id: number): Fakultas | null {
  return db.select(fakultasColumns(db)).from(fakultas).where(eq(fakultas.id, id)).get() ?? null;
}

export function saveFakultas(db: Db, input: FakultasInput, id?: number): Saved<{ id: number }> {
  return saveMaster(db, FAKULTAS, { nama: input.nama, kode: input.kode }, id, {
    unique: { match: [sameName(fakultas.nama, input.nama)], message: FAKULTAS_NAMA_DIPAKAI, field: "nama" },
  });
}

/** What still uses a faculty: its programmes and its verifiers. */
export function fakultasUsage(db: Db, id: number): { prodi: number; verifikator: number } {
  return { prodi: countUsing(db, prodi, prodi.id_fakultas, id), verifikator: countUsing(db, users, users.id_fakultas_verifikasi, id) };
}

export function fakultasInUseMessage(usage: { prodi: number; verifikator: number }): string | null {
  const parts = [
    usage.prodi > 0 ? `${usage.prodi} program studi` : null,
    usage.verifikator > 0 ? `${usage.verifikator} verifikator fakultas` : null,
  ].filter(Boolean);
  return parts.length ? `Fakultas masih dipakai oleh ${parts.join(" dan ")}. Pindahkan atau hapus dulu.` : null;
}

export function deleteFakultas(db: Db, id: number): Deleted {
  return deleteMaster(db, FAKULTAS, id, (tx) => fakultasInUseMessage(fakultasUsage(tx, id)));
}

// ---- Program Studi -------------------------------------------------------------------------

const prodiColumns = { id: prodi.id, nama: prodi.nama, kode: prodi.kode, id_fakultas: prodi.id_fakultas, fakultas: fakultas.nama };

export function listProdiPage(db: Db, state: TableState): Page<Prodi> {
  const where = searchIn(state, prodi.nama, prodi.kode, fakultas.nama);
  const base = () => db.select(prodiColumns).from(prodi).innerJoin(fakultas, eq(fakultas.id, prodi.id_fakultas));
  return paged(
    state,
    () => db.select({ n: count() }).from(prodi).innerJoin(fakultas, eq(fakultas.id, prodi.id_fakultas)).where(where).get()?.n ?? 0,
    (limit, offset) => base().where(where).orderBy(asc(fakultas.nama), asc(prodi.nama)).limit(limit).offset(offset).all(),
  );
}

export function getProdi(db: Db, id: number): Prodi | null {
  return db.select(prodiColumns).from(prodi).innerJoin(fakultas, eq(fakultas.id, prodi.id_fakultas)).where(eq(prodi.id, id)).get() ?? null;
}

export function saveProdi(db: Db, input: ProdiInput, id?: number): Saved<{ id: number }> {
  return saveMaster(db, PRODI, { nama: input.nama, kode: input.kode, id_fakultas: input.id_fakultas }, id, {
    check: parentExists(fakultas, input.id_fakultas, FAKULTAS_TIDAK_ADA, "id_fakultas"),
    unique: { match: [eq(prodi.id_fakultas, input.id_fakultas), sameName(prodi.nama, input.nama)], message: PRODI_NAMA_DIPAKAI, field: "nama" },
  });
}

export function prodiUsage(db: Db, id: number): number {
  return countUsing(db, users, users.id_prodi, id);
}

export function prodiInUseMessage(dosen: number): string | null {
  return dosen > 0 ? `Program studi masih dipakai oleh ${dosen} dosen. Ubah program studi mereka dulu.` : null;
}

export function deleteProdi(db: Db, id: number): Deleted {
  return deleteMaster(db, PRODI, id, (tx) => prodiInUseMessage(prodiUsage(tx, id)));
}
