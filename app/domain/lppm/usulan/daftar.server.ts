/**
 * Daftar Usulan: every proposal in one list for the LPPM office (the Operator and the Kepala),
 * filtered by periode, skema, status and the ketua's fakultas and searched by title, ketua or
 * NIDN, newest change first; its filtered whole as XLSX and CSV (the penetapan's exports'
 * machinery). A draft is its team's alone (usulan/access.server.ts): it is never listed, counted
 * or exported here.
 *
 * Counted and sliced in SQL. The count and the page's ids read the proposals alone (the ketua
 * joined for a search only; skema and fakultas through indexed subqueries), the page's ids in
 * the order of usulan_updated_idx so SQLite stops after the page instead of sorting every
 * proposal; the rows' context (withKonteks) is then read for the page's ids only.
 */
import { and, asc, desc, eq, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import type { SQLiteSelect } from "drizzle-orm/sqlite-core";
import { fakultas, periode, prodi, skema, usulan, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { contains, paged, type Page } from "~/lib/server/paging.server";
import type { TableState } from "~/lib/util/table-state";
import { listPeriode, periodeLabel } from "~/domain/lppm/master/periode.server";
import { fakultasOptions } from "~/domain/lppm/master/options.server";
import { JENIS_LABELS, type Jenis } from "~/domain/lppm/jenis";
import { USULAN_KANTOR_STATUSES, USULAN_WORKFLOW, type UsulanStatus } from "~/domain/lppm/workflow";
import { withKonteks } from "~/domain/lppm/usulan/konteks.server";
import type { Tabel } from "~/domain/lppm/penetapan/export.server";

/** The statuses the list filters by: all but the team's drafts. */
export const DAFTAR_STATUSES = USULAN_KANTOR_STATUSES;

/** null: any. */
export type DaftarFilter = { periode: number | null; skema: number | null; status: UsulanStatus | null; fakultas: number | null };

export const SEMUA: DaftarFilter = { periode: null, skema: null, status: null, fakultas: null };

export type DaftarRow = {
  id: number;
  judul: string;
  jenis: Jenis;
  ketua: string;
  nidn: string | null;
  fakultas: string | null;
  prodi: string | null;
  skema: string;
  /** The periode's year and its label ("2026 · <skema>"). */
  tahun: number;
  periode: string;
  status: UsulanStatus;
  dana_diusulkan: number;
  dana_disetujui: number | null;
  nilai_rata: number | null;
  updated_at: Date;
};

/** The filters and the search as one condition; `search` tells whether it reads the ketua (users). */
function daftarWhere(filter: DaftarFilter, q: string): { where: SQL | undefined; search: boolean } {
  const where = and(
    filter.status ? eq(usulan.status, filter.status) : ne(usulan.status, "DRAF"),
    filter.periode ? eq(usulan.id_periode, filter.periode) : undefined,
    filter.skema ? inArray(usulan.id_periode, sql`(select p.id from periode p where p.id_skema = ${filter.skema})`) : undefined,
    filter.fakultas
      ? inArray(usulan.id_ketua, sql`(select u.id from users u join prodi pr on pr.id = u.id_prodi where pr.id_fakultas = ${filter.fakultas})`)
      : undefined,
    q ? or(contains(usulan.judul, q), contains(users.name, q), contains(users.nidn, q)) : undefined,
  );
  return { where, search: Boolean(q) };
}

function rowsOf(db: Db, where: SQL | undefined) {
  return withKonteks(
    db
      .select({
        id: usulan.id,
        judul: usulan.judul,
        jenis: usulan.jenis,
        ketua: users.name,
        nidn: users.nidn,
        fakultas: fakultas.nama,
        prodi: prodi.nama,
        skema: skema.nama,
        tahun: periode.tahun,
        status: usulan.status,
        dana_diusulkan: usulan.dana_diusulkan,
        dana_disetujui: usulan.dana_disetujui,
        nilai_rata: usulan.nilai_rata,
        updated_at: usulan.updated_at,
      })
      .from(usulan)
      .$dynamic(),
  )
    .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .where(where)
    .orderBy(desc(usulan.updated_at), desc(usulan.id))
    .$dynamic();
}

const toRow = ({ tahun, skema: nama, status, ...row }: ReturnType<ReturnType<typeof rowsOf>["all"]>[number]): DaftarRow => ({
  ...row,
  skema: nama,
  tahun,
  status: status as UsulanStatus,
  periode: periodeLabel({ tahun }, { nama }),
});

/** One page of the list. */
export function listDaftarUsulan(db: Db, state: TableState, filter: DaftarFilter): Page<DaftarRow> {
  const { where, search } = daftarWhere(filter, state.q);
  // A dynamic query's join adds to the query itself.
  const ketuaIfSearched = (query: SQLiteSelect) => (search ? query.innerJoin(users, eq(users.id, usulan.id_ketua)) : query);
  return paged(
    state,
    () => {
      const query = db.select({ n: sql<number>`count(*)` }).from(usulan).$dynamic();
      ketuaIfSearched(query);
      return query.where(where).get()?.n ?? 0;
    },
    (limit, offset) => {
      const query = db.select({ id: usulan.id }).from(usulan).$dynamic();
      ketuaIfSearched(query);
      const ids = query
        .where(where)
        .orderBy(desc(usulan.updated_at), desc(usulan.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((row) => row.id);
      if (ids.length === 0) return [];
      const byId = new Map(
        rowsOf(db, inArray(usulan.id, ids))
          .all()
          .map((row) => [row.id, toRow(row)]),
      );
      return ids.flatMap((id) => byId.get(id) ?? []);
    },
  );
}

/** The whole filtered list as a table for XLSX and CSV, in the list's order. */
export function tabelDaftarUsulan(db: Db, q: string, filter: DaftarFilter): Tabel {
  const { where } = daftarWhere(filter, q);
  const rows = rowsOf(db, where).all().map(toRow);
  return {
    title: "Daftar Usulan",
    columns: [
      { header: "No", width: 6 },
      { header: "Judul", width: 50 },
      { header: "Jenis", width: 12 },
      { header: "Ketua", width: 28 },
      { header: "NIDN", width: 14 },
      { header: "Fakultas", width: 24 },
      { header: "Program Studi", width: 24 },
      { header: "Skema", width: 30 },
      { header: "Periode", width: 36 },
      { header: "Status", width: 20 },
      { header: "Dana diusulkan", width: 16, rupiah: true },
      { header: "Dana disetujui", width: 16, rupiah: true },
      { header: "Nilai rata-rata", width: 14 },
      { header: "Diperbarui", width: 18 },
    ],
    rows: rows.map((r, i) => [
      i + 1,
      r.judul,
      JENIS_LABELS[r.jenis],
      r.ketua,
      r.nidn,
      r.fakultas,
      r.prodi,
      r.skema,
      r.periode,
      USULAN_WORKFLOW.labels[r.status] ?? r.status,
      r.dana_diusulkan,
      r.dana_disetujui,
      r.nilai_rata === null ? null : Math.round(r.nilai_rata * 100) / 100,
      r.updated_at,
    ]),
  };
}

export type Pilihan = { value: string; label: string };

/** The filters' choices: every periode (newest first), every skema (active or not: old proposals keep theirs), every fakultas. */
export function daftarPilihan(db: Db): { periode: Pilihan[]; skema: Pilihan[]; fakultas: Pilihan[] } {
  return {
    periode: listPeriode(db).map((p) => ({ value: String(p.id), label: `${p.label} (${JENIS_LABELS[p.skema.jenis]})` })),
    skema: db
      .select({ id: skema.id, nama: skema.nama, jenis: skema.jenis })
      .from(skema)
      .orderBy(asc(skema.jenis), asc(skema.nama))
      .all()
      .map((s) => ({ value: String(s.id), label: `${s.nama} (${JENIS_LABELS[s.jenis]})` })),
    fakultas: fakultasOptions(db).map((f) => ({ value: String(f.id), label: f.nama })),
  };
}
