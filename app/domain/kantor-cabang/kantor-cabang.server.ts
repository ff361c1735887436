import { asc, count as countRows, eq, or } from "drizzle-orm";
import { kantorCabang, produkGudang } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { domainChanged } from "~/domain/changes.server";
import { contains, paged, type Page } from "~/domain/paging.server";
import type { KantorCabangInput, KontakKamiInput } from "~/domain/kantor-cabang/kantor-cabang.schema";
import { NOT_FOUND } from "~/domain/messages";

export type KantorCabang = Pick<
  typeof kantorCabang.$inferSelect,
  "id" | "kantor_cabang" | "alamat" | "kontak" | "maps"
>;

const columns = {
  id: kantorCabang.id,
  kantor_cabang: kantorCabang.kantor_cabang,
  alamat: kantorCabang.alamat,
  kontak: kantorCabang.kontak,
  maps: kantorCabang.maps,
};

export function listKantorCabang(db: Db): KantorCabang[] {
  return db.select(columns).from(kantorCabang).orderBy(asc(kantorCabang.id)).all();
}

// ---- Back office ---------------------------------------------------------------------------

/** One page of branches (Kantor Cabang and Kontak Kami screens), searched on name, address, number. */
export function listKantorCabangPage(db: Db, state: TableState): Page<KantorCabang> {
  const where = state.q
    ? or(
        contains(kantorCabang.kantor_cabang, state.q),
        contains(kantorCabang.alamat, state.q),
        contains(kantorCabang.kontak, state.q),
      )
    : undefined;
  return paged(
    state,
    () => db.select({ n: countRows() }).from(kantorCabang).where(where).get()?.n ?? 0,
    (limit, offset) =>
      db.select(columns).from(kantorCabang).where(where).orderBy(asc(kantorCabang.id)).limit(limit).offset(offset).all(),
  );
}

export function getKantorCabang(db: Db, id: number): KantorCabang | null {
  return db.select(columns).from(kantorCabang).where(eq(kantorCabang.id, id)).get() ?? null;
}

/** A new branch has only a name; its address, number and map are filled in on Kontak Kami. */
export function createKantorCabang(db: Db, input: KantorCabangInput): KantorCabang {
  const row = db.insert(kantorCabang).values({ kantor_cabang: input.kantor_cabang }).returning(columns).get();
  domainChanged(db, { entity: "kantor-cabang", action: "tambah", id: row.id, before: null, after: row });
  return row;
}

export function updateKantorCabangNama(db: Db, id: number, input: KantorCabangInput): KantorCabang | null {
  const before = getKantorCabang(db, id);
  const row =
    db
      .update(kantorCabang)
      .set({ kantor_cabang: input.kantor_cabang, updated_at: new Date() })
      .where(eq(kantorCabang.id, id))
      .returning(columns)
      .get() ?? null;
  if (row) domainChanged(db, { entity: "kantor-cabang", action: "ubah", id, before, after: row });
  return row;
}

/** The contact record of a branch (Kontak Kami): address, WhatsApp digits, vetted map URL. */
export function updateKontakKantorCabang(db: Db, id: number, input: KontakKamiInput): KantorCabang | null {
  const before = getKantorCabang(db, id);
  const row =
    db
      .update(kantorCabang)
      .set({ alamat: input.alamat, kontak: input.kontak, maps: input.maps, updated_at: new Date() })
      .where(eq(kantorCabang.id, id))
      .returning(columns)
      .get() ?? null;
  if (row) domainChanged(db, { entity: "kantor-cabang", action: "ubah", id, before, after: row });
  return row;
}

export type DeleteResult = { ok: true } | { ok: false; status: 404 | 409; message: string };

/**
 * A branch that products are available at is never removed silently (produk_gudang is
 * ON DELETE RESTRICT): the operator unticks it on those products first.
 */
export function deleteKantorCabang(db: Db, id: number): DeleteResult {
  return db.transaction((tx): DeleteResult => {
    const before = getKantorCabang(tx, id);
    if (!before) return { ok: false, status: 404, message: NOT_FOUND };
    const used = countProdukDiKantor(tx, id);
    if (used > 0) {
      return {
        ok: false,
        status: 409,
        message: `Kantor cabang masih dipakai oleh ${used} produk. Lepas centang kantor cabang ini pada produk tersebut dulu.`,
      };
    }
    tx.delete(kantorCabang).where(eq(kantorCabang.id, id)).run();
    domainChanged(tx, { entity: "kantor-cabang", action: "hapus", id, before, after: null });
    return { ok: true };
  });
}

/** How many products are available at a branch (shown in the delete confirmation). */
export function countProdukDiKantor(db: Db, id: number): number {
  return db.select({ n: countRows() }).from(produkGudang).where(eq(produkGudang.id_kantor_cabang, id)).get()?.n ?? 0;
}
