/**
 * The three image collections: the home page's banners, the About page's gallery, and each
 * product's images (owned by the product: an image of another product is unknown to it).
 * Banners and product images have a manual order (urutan, then id; the first
 * product image is the cover), banners a status ('Tayang' / 'Draf'); the gallery keeps its
 * order by id.
 */
import { and, asc, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { banner, galeri, gambarProduk, produk } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { UploadKind } from "~/lib/server/uploads.server";
import type { StatusTayang } from "~/domain/tayang/tayang.schema";
import { imageCollection, type ImageStore, type StoredImage } from "~/domain/images/image-collection.server";
import { pindahUrutan, urutanBaru, type UrutanTable } from "~/domain/urutan/urutan.server";

type Columns = {
  table: SQLiteTable;
  id: SQLiteColumn;
  file: SQLiteColumn;
  updatedAt: SQLiteColumn;
  /** The owner's id column, for images that belong to something. */
  owner?: SQLiteColumn;
  ownerExists?: (db: Db, owner: number) => boolean;
  /** The manual order's column (ascending, then id); without it, by id. */
  urutan?: SQLiteColumn;
  /** 'Tayang' / 'Draf', for collections the public site filters. */
  status?: SQLiteColumn;
};

/** A store over a table with an id, a file column, updated_at and maybe an owner, an order and a status. */
function tableStore(entity: string, folder: UploadKind, c: Columns): ImageStore {
  const fields = { id: c.id, file: c.file, ...(c.owner ? { owner: c.owner } : {}), ...(c.status ? { status: c.status } : {}) };
  const read = (row: Record<string, unknown>): StoredImage => ({
    id: Number(row.id),
    file: String(row.file),
    owner: c.owner ? Number(row.owner) : null,
    ...(c.status ? { status: row.status as StatusTayang } : {}),
  });
  const byOwner = (owner: number | null): SQL | undefined => (c.owner && owner !== null ? eq(c.owner, owner) : undefined);
  const order = c.urutan ? [asc(c.urutan), asc(c.id)] : [asc(c.id)];
  const urutan: UrutanTable | null = c.urutan ? { entity, table: c.table, id: c.id, urutan: c.urutan, scope: c.owner } : null;
  return {
    entity,
    folder,
    rows: (db, owner, options = {}) =>
      db
        .select(fields)
        .from(c.table)
        .where(and(byOwner(owner), options.tayang && c.status ? eq(c.status, "Tayang") : undefined))
        .orderBy(...order)
        .all()
        .map(read),
    row: (db, id) => {
      const row = db.select(fields).from(c.table).where(eq(c.id, id)).get();
      return row ? read(row) : null;
    },
    ownerExists: (db, owner) => !c.ownerExists || (owner !== null && c.ownerExists(db, owner)),
    insert: (db, file, owner, status) => {
      const values = {
        [c.file.name]: file,
        ...(c.owner ? { [c.owner.name]: owner } : {}),
        ...(urutan ? { [urutan.urutan.name]: urutanBaru(db, urutan, owner) } : {}),
        ...(c.status && status ? { [c.status.name]: status } : {}),
      };
      return Number(db.insert(c.table).values(values).returning({ id: c.id }).get().id);
    },
    setFile: (db, id, file) => {
      db.update(c.table).set({ [c.file.name]: file, [c.updatedAt.name]: new Date() }).where(eq(c.id, id)).run();
    },
    ...(c.status
      ? {
          setStatus: (db: Db, id: number, status: StatusTayang) => {
            db.update(c.table).set({ [c.status!.name]: status, [c.updatedAt.name]: new Date() }).where(eq(c.id, id)).run();
          },
        }
      : {}),
    ...(urutan ? { move: (db: Db, id: number, arah: "naik" | "turun", owner?: number | null) => pindahUrutan(db, urutan, id, arah, owner) } : {}),
    delete: (db, id) => {
      const row = db.delete(c.table).where(eq(c.id, id)).returning({ file: c.file }).get();
      return row ? String(row.file) : null;
    },
  };
}

export const bannerImages = imageCollection(
  tableStore("banner", "banner", {
    table: banner,
    id: banner.id,
    file: banner.image,
    updatedAt: banner.updated_at,
    urutan: banner.urutan,
    status: banner.status,
  }),
);

export const galeriImages = imageCollection(
  tableStore("galeri", "galeri", { table: galeri, id: galeri.id, file: galeri.gambar, updatedAt: galeri.updated_at }),
);

export const produkImages = imageCollection(
  tableStore("gambar-produk", "produk", {
    table: gambarProduk,
    id: gambarProduk.id,
    file: gambarProduk.gambar,
    updatedAt: gambarProduk.updated_at,
    owner: gambarProduk.id_produk,
    ownerExists: (db, id) => Boolean(db.select({ id: produk.id }).from(produk).where(eq(produk.id, id)).get()),
    urutan: gambarProduk.urutan,
  }),
);
