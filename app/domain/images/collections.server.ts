/**
 * The three image collections: the home page's banners, the About page's gallery, and each
 * product's images (owned by the product: an image of another product is unknown to it).
 */
import { asc, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { banner, galeri, gambarProduk, produk } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import type { UploadKind } from "~/lib/server/uploads.server";
import { imageCollection, type ImageStore, type StoredImage } from "~/domain/images/image-collection.server";

type Columns = {
  table: SQLiteTable;
  id: SQLiteColumn;
  file: SQLiteColumn;
  updatedAt: SQLiteColumn;
  /** The owner's id column, for images that belong to something. */
  owner?: SQLiteColumn;
  ownerExists?: (db: Db, owner: number) => boolean;
};

/** A store over a table with an id, a file column, updated_at and maybe an owner column. */
function tableStore(entity: string, folder: UploadKind, c: Columns): ImageStore {
  const fields = { id: c.id, file: c.file, ...(c.owner ? { owner: c.owner } : {}) };
  const read = (row: Record<string, unknown>): StoredImage => ({
    id: Number(row.id),
    file: String(row.file),
    owner: c.owner ? Number(row.owner) : null,
  });
  const byOwner = (owner: number | null): SQL | undefined => (c.owner && owner !== null ? eq(c.owner, owner) : undefined);
  return {
    entity,
    folder,
    rows: (db, owner) =>
      db.select(fields).from(c.table).where(byOwner(owner)).orderBy(asc(c.id)).all().map(read),
    row: (db, id) => {
      const row = db.select(fields).from(c.table).where(eq(c.id, id)).get();
      return row ? read(row) : null;
    },
    ownerExists: (db, owner) => !c.ownerExists || (owner !== null && c.ownerExists(db, owner)),
    insert: (db, file, owner) => {
      const values = { [c.file.name]: file, ...(c.owner ? { [c.owner.name]: owner } : {}) };
      return Number(db.insert(c.table).values(values).returning({ id: c.id }).get().id);
    },
    setFile: (db, id, file) => {
      db.update(c.table).set({ [c.file.name]: file, [c.updatedAt.name]: new Date() }).where(eq(c.id, id)).run();
    },
    delete: (db, id) => {
      const row = db.delete(c.table).where(eq(c.id, id)).returning({ file: c.file }).get();
      return row ? String(row.file) : null;
    },
  };
}

export const bannerImages = imageCollection(
  tableStore("banner", "banner", { table: banner, id: banner.id, file: banner.image, updatedAt: banner.updated_at }),
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
  }),
);
