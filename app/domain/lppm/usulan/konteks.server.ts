/**
 * The join most LPPM reads start from: a proposal with its ketua (`users`), the ketua's
 * program (`prodi`, absent for an account without one), its periode and the periode's skema.
 * One place for the join conditions; the caller chooses the columns (from these five tables)
 * and adds its own where, order and further joins. SQLite drops the left join on prodi when
 * no column of it is used.
 */
import { eq } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { periode, prodi, skema, users, usulan } from "../../../../db/schema";

/** `select(…).from(usulan).$dynamic()` joined to its ketua, prodi, periode and skema. */
export function withKonteks<T extends SQLiteSelect>(query: T) {
  return query
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .innerJoin(skema, eq(skema.id, periode.id_skema));
}
