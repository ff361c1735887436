/**
 * The recaps the institute hands to accreditation: per lecturer (as ketua), per prodi and per
 * faculty (the ketua's), per year of the periode — proposals submitted, funded, the amount
 * approved and the outputs achieved (published, registered or granted). Written as XLSX or CSV
 * by the penetapan's export helpers; drafts never count.
 */
import { and, asc, desc, eq, inArray, ne, sql, type SQL } from "drizzle-orm";
import { fakultas, luaranCapaian, periode, prodi, usulan, usulanLuaran, users } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { FUNDED_STATUSES } from "~/domain/lppm/penetapan/penetapan";
import { LUARAN_TERCAPAI, type Tabel } from "~/domain/lppm/penetapan/export.server";
import { REKAP_PER_LABELS, type RekapPer } from "~/domain/lppm/rekap/akreditasi";

/** One line per year and lecturer, prodi or faculty, newest year first. */
export function tabelAkreditasi(db: Db, per: RekapPer): Tabel {
  const funded = sql.join(FUNDED_STATUSES.map((s) => sql`${s}`), sql`, `);
  // The outputs achieved per proposal, counted once in a subquery (a proposal has several).
  const outputs = db
    .select({ id_usulan: usulanLuaran.id_usulan, n: sql<number>`count(*)`.as("luaran_n") })
    .from(luaranCapaian)
    .innerJoin(usulanLuaran, eq(usulanLuaran.id, luaranCapaian.id_luaran))
    .where(inArray(luaranCapaian.status, [...LUARAN_TERCAPAI]))
    .groupBy(usulanLuaran.id_usulan)
    .as("rekap_luaran");
  const keys: Record<RekapPer, SQL[]> = {
    dosen: [sql`${users.id}`],
    prodi: [sql`${prodi.id}`],
    fakultas: [sql`${fakultas.id}`],
  };
  const rows = db
    .select({
      tahun: periode.tahun,
      dosen: sql<string>`min(${users.name})`,
      nidn: sql<string | null>`min(${users.nidn})`,
      prodi: sql<string | null>`min(${prodi.nama})`,
      fakultas: sql<string | null>`min(${fakultas.nama})`,
      usulan: sql<number>`count(*)`,
      didanai: sql<number>`sum(${usulan.status} in (${funded}))`,
      dana: sql<number>`coalesce(sum(case when ${usulan.status} in (${funded}) then ${usulan.dana_disetujui} end), 0)`,
      luaran: sql<number>`coalesce(sum(${outputs.n}), 0)`,
    })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .innerJoin(users, eq(users.id, usulan.id_ketua))
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .leftJoin(outputs, eq(outputs.id_usulan, usulan.id))
    .where(and(ne(usulan.status, "DRAF")))
    .groupBy(periode.tahun, ...keys[per])
    .orderBy(desc(periode.tahun), asc(sql`min(${per === "dosen" ? users.name : per === "prodi" ? prodi.nama : fakultas.nama})`))
    .all();
  const named = {
    dosen: [
      { header: "Dosen (ketua)", width: 28 },
      { header: "NIDN", width: 14 },
      { header: "Program Studi", width: 24 },
      { header: "Fakultas", width: 24 },
    ],
    prodi: [
      { header: "Program Studi", width: 28 },
      { header: "Fakultas", width: 24 },
    ],
    fakultas: [{ header: "Fakultas", width: 28 }],
  }[per];
  return {
    title: `Rekap akreditasi ${REKAP_PER_LABELS[per]}`,
    columns: [
      { header: "Tahun", width: 8 },
      ...named,
      { header: "Usulan", width: 10 },
      { header: "Didanai", width: 10 },
      { header: "Dana disetujui", width: 18, rupiah: true },
      { header: "Luaran tercapai", width: 14 },
    ],
    rows: rows.map((r) => [
      r.tahun,
      ...(per === "dosen" ? [r.dosen, r.nidn, r.prodi, r.fakultas] : per === "prodi" ? [r.prodi ?? "(tanpa prodi)", r.fakultas] : [r.fakultas ?? "(tanpa fakultas)"]),
      r.usulan,
      r.didanai,
      r.dana,
      r.luaran,
    ]),
  };
}
