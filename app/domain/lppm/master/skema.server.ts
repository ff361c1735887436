/**
 * Skema (Operator → LPPM → Skema): the grant schemes and the rules their proposals meet. A skema
 * with a periode is never deleted (the periode and its proposals hang on it): switch it off
 * (aktif) instead.
 */
import { asc, eq, or } from "drizzle-orm";
import { periode, skema } from "../../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import type { SkemaInput } from "~/domain/lppm/master/skema.schema";
import { getSkema, toSkema, type Skema } from "~/domain/lppm/master/periode.server";
import { countUsing, deleteMaster, sameName, saveMaster, type Deleted, type Saved } from "~/domain/lppm/master/master.server";

const SKEMA = { table: skema, entity: "skema" };

export const SKEMA_NAMA_DIPAKAI = "Skema dengan jenis dan nama ini sudah ada.";

export function skemaInUseMessage(jumlahPeriode: number): string | null {
  return jumlahPeriode > 0
    ? `Skema masih dipakai oleh ${jumlahPeriode} periode. Hapus periodenya dulu, atau nonaktifkan skema ini.`
    : null;
}

export function listSkemaPage(db: Db, state: TableState): Page<Skema> {
  const where = searchIn(state, skema.nama, skema.jenis);
  const page = pageOfTable(db, state, skema, where, db.select().from(skema).$dynamic(), asc(skema.jenis), asc(skema.nama));
  return { ...page, rows: page.rows.map(toSkema) };
}

export { getSkema };

function values(input: SkemaInput) {
  const penelitian = input.jenis === "penelitian";
  return {
    jenis: input.jenis,
    nama: input.nama,
    dana_maksimal: input.dana_maksimal,
    honor_maks_persen: input.honor_maks_persen ?? 10,
    min_jabatan: input.min_jabatan,
    max_anggota_dosen: input.max_anggota_dosen ?? 2,
    wajib_mahasiswa: input.wajib_mahasiswa ?? 0,
    luaran_wajib: JSON.stringify(input.luaran_wajib),
    // TKT is a research scale; a partner is a community-service requirement.
    tkt_min: penelitian ? input.tkt_min : null,
    tkt_max: penelitian ? input.tkt_max : null,
    wajib_mitra: penelitian ? false : input.wajib_mitra,
    reviewer_lain_prodi: input.reviewer_lain_prodi,
    review_buta: input.review_buta,
    aktif: input.aktif,
  };
}

export function saveSkema(db: Db, input: SkemaInput, id?: number): Saved<{ id: number }> {
  return saveMaster(db, SKEMA, values(input), id, {
    unique: { match: [eq(skema.jenis, input.jenis), sameName(skema.nama, input.nama)], message: SKEMA_NAMA_DIPAKAI, field: "nama" },
  });
}

export function countPeriodeOfSkema(db: Db, id: number): number {
  return countUsing(db, periode, periode.id_skema, id);
}

export function deleteSkema(db: Db, id: number): Deleted {
  return deleteMaster(db, SKEMA, id, (tx) => skemaInUseMessage(countPeriodeOfSkema(tx, id)));
}

/** The skema choices of the periode form: active ones, plus the periode's own even if switched off. */
export function skemaOptions(db: Db, keepId?: number): { id: number; nama: string; jenis: Skema["jenis"] }[] {
  return db
    .select({ id: skema.id, nama: skema.nama, jenis: skema.jenis })
    .from(skema)
    .where(keepId ? or(eq(skema.aktif, true), eq(skema.id, keepId)) : eq(skema.aktif, true))
    .orderBy(asc(skema.jenis), asc(skema.nama))
    .all();
}
