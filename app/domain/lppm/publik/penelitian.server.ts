/**
 * What the institute reports to the public (/penelitian): its funded research per year — title,
 * ketua, skema, faculty — with the outputs once published (a target output whose recorded status
 * is published, registered or granted). Only funded proposals of the research kind; nothing of
 * a proposal still under review, refused or withdrawn ever shows here.
 */
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { fakultas, luaranCapaian, periode, prodi, skema, usulan, usulanLuaran, users } from "../../../../db/schema";
import { readThrough, type Db } from "~/lib/server/db.server";
import { FUNDED_STATUSES } from "~/domain/lppm/penetapan/penetapan";
import { LUARAN_TERCAPAI } from "~/domain/lppm/penetapan/export.server";

export type LuaranPublik = { jenis: string; judul: string; wadah: string; tautan: string | null };
export type PenelitianPublik = { id: number; judul: string; ketua: string; skema: string; fakultas: string | null; luaran: LuaranPublik[] };

const funded = () => and(eq(usulan.jenis, "penelitian"), inArray(usulan.status, [...FUNDED_STATUSES]));

/** The years (of their periode) that have funded research, newest first. */
export function tahunPenelitian(db: Db): number[] {
  return readThrough(db, "penelitian:tahun", () =>
    db
      .selectDistinct({ tahun: periode.tahun })
      .from(usulan)
      .innerJoin(periode, eq(periode.id, usulan.id_periode))
      .where(funded())
      .orderBy(desc(periode.tahun))
      .all()
      .map((r) => r.tahun),
  );
}

/** A DOI or a URL as a link a visitor can open; anything else is no link. */
function tautan(doiUrl: string): string | null {
  const value = doiUrl.trim();
  if (/^10\.\d{4,9}\/\S+$/.test(value)) return `https://doi.org/${value}`;
  return /^https?:\/\/\S+$/i.test(value) ? value : null;
}

/** The funded research of one year, by skema then title, with its published outputs. */
export function penelitianDidanai(db: Db, tahun: number): PenelitianPublik[] {
  return readThrough(db, `penelitian:${tahun}`, () => {
    const rows = db
      .select({ id: usulan.id, judul: usulan.judul, ketua: users.name, skema: skema.nama, fakultas: fakultas.nama })
      .from(usulan)
      .innerJoin(periode, eq(periode.id, usulan.id_periode))
      .innerJoin(skema, eq(skema.id, periode.id_skema))
      .innerJoin(users, eq(users.id, usulan.id_ketua))
      .leftJoin(prodi, eq(prodi.id, users.id_prodi))
      .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
      .where(and(funded(), eq(periode.tahun, tahun)))
      .orderBy(asc(skema.nama), asc(usulan.judul), asc(usulan.id))
      .all();
    const ids = rows.map((r) => r.id);
    const outputs = ids.length
      ? db
          .select({
            id_usulan: usulanLuaran.id_usulan,
            jenis: usulanLuaran.jenis,
            judul: luaranCapaian.judul_publikasi,
            wadah: luaranCapaian.nama_wadah,
            doi_url: luaranCapaian.doi_url,
          })
          .from(luaranCapaian)
          .innerJoin(usulanLuaran, eq(usulanLuaran.id, luaranCapaian.id_luaran))
          .where(and(inArray(usulanLuaran.id_usulan, ids), inArray(luaranCapaian.status, [...LUARAN_TERCAPAI]), sql`trim(${luaranCapaian.judul_publikasi}) <> ''`))
          .orderBy(asc(usulanLuaran.id))
          .all()
      : [];
    return rows.map((r) => ({
      ...r,
      luaran: outputs.filter((o) => o.id_usulan === r.id).map((o) => ({ jenis: o.jenis, judul: o.judul, wadah: o.wadah, tautan: tautan(o.doi_url) })),
    }));
  });
}

/** Each year of funded research with its newest change (the sitemap's lastmod), newest year first. */
export function penelitianPerTahun(db: Db): { tahun: number; diubah: number }[] {
  return db
    .select({ tahun: periode.tahun, diubah: sql<number>`max(${usulan.updated_at})` })
    .from(usulan)
    .innerJoin(periode, eq(periode.id, usulan.id_periode))
    .where(funded())
    .groupBy(periode.tahun)
    .orderBy(desc(periode.tahun))
    .all();
}
