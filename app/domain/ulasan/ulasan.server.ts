import { desc, eq } from "drizzle-orm";
import { ulasan } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { TableState } from "~/lib/util/table-state";
import { domainChanged } from "~/domain/changes.server";
import { pageOfTable, type Page, searchIn } from "~/lib/server/paging.server";
import type { UlasanInput } from "~/domain/ulasan/ulasan.schema";

export type Ulasan = { id: number; ulasan: string; oleh: string };

const columns = { id: ulasan.id, ulasan: ulasan.ulasan, oleh: ulasan.oleh };

export function listUlasan(db: Db): Ulasan[] {
  return db.select(columns).from(ulasan).orderBy(desc(ulasan.id)).all();
}

// ---- Back office ---------------------------------------------------------------------------

/** Newest first, as on the home page carousel; searched on author and text. */
export function listUlasanPage(db: Db, state: TableState): Page<Ulasan> {
  const where = searchIn(state, ulasan.oleh, ulasan.ulasan);
  return pageOfTable(db, state, ulasan, where, db.select(columns).from(ulasan).$dynamic(), desc(ulasan.id));
}

export function getUlasan(db: Db, id: number): Ulasan | null {
  return db.select(columns).from(ulasan).where(eq(ulasan.id, id)).get() ?? null;
}

export function createUlasan(db: Db, input: UlasanInput): Ulasan {
  const row = db.insert(ulasan).values({ ulasan: input.ulasan, oleh: input.oleh }).returning(columns).get();
  domainChanged(db, { entity: "ulasan", action: "tambah", id: row.id, before: null, after: row });
  return row;
}

export function updateUlasan(db: Db, id: number, input: UlasanInput): Ulasan | null {
  const before = getUlasan(db, id);
  const row =
    db
      .update(ulasan)
      .set({ ulasan: input.ulasan, oleh: input.oleh, updated_at: new Date() })
      .where(eq(ulasan.id, id))
      .returning(columns)
      .get() ?? null;
  if (row) domainChanged(db, { entity: "ulasan", action: "ubah", id, before, after: row });
  return row;
}

/** True when a review was removed; false for an unknown id. */
export function deleteUlasan(db: Db, id: number): boolean {
  const before = db.delete(ulasan).where(eq(ulasan.id, id)).returning(columns).get();
  if (before) domainChanged(db, { entity: "ulasan", action: "hapus", id, before, after: null });
  return !!before;
}
