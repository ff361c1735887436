/**
 * One page of proposals for the office's lists (secretary, head, perbaikan check, the proposer's
 * perbaikan): who leads it, its periode's label and status, plus the columns a list adds;
 * searched by title or ketua, newest first, counted and sliced in SQL.
 */
import { and, desc, eq, sql, type SQL } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { SelectedFieldsFlat } from "drizzle-orm/sqlite-core";
import { periode, skema, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { paged, type Page, searchIn } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { periodeLabel } from "~/domain/lppm/master/periode.server";
import type { UsulanStatus } from "~/domain/lppm/workflow";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";

export type UsulanListBase = {
  id: number;
  judul: string;
  jenis: "penelitian" | "pengabdian";
  ketua: string;
  periode: string;
  status: UsulanStatus;
};

export function usulanListPage<E extends SelectedFieldsFlat>(
  db: Db,
  state: TableState,
  where: SQL | undefined,
  extra: E,
): Page<UsulanListBase & SelectResultFields<E>> {
  const filtered = and(where, searchIn(state, usulan.judul, users.name));
  return paged(
    state,
    () => db.select({ n: sql<number>`count(*)` }).from(usulan).innerJoin(users, eq(users.id, usulan.id_ketua)).where(filtered).get()?.n ?? 0,
    (limit, offset) =>
      withKonteks(
        db
          .select({
            ...extra,
            id: usulan.id,
            judul: usulan.judul,
            jenis: usulan.jenis,
            ketua: users.name,
            status: usulan.status,
            _tahun: periode.tahun,
            _skema: skema.nama,
          })
          .from(usulan)
          .$dynamic(),
      )
        .where(filtered)
        .orderBy(desc(usulan.updated_at), desc(usulan.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => {
          const { _tahun, _skema, ...rest } = row as typeof row & { _tahun: number; _skema: string; status: string };
          return { ...rest, status: rest.status as UsulanStatus, periode: periodeLabel({ tahun: _tahun }, { nama: _skema }) } as unknown as UsulanListBase & SelectResultFields<E>;
        }),
  );
}
