/**
 * Collections of uploaded images — the carousel's banners, the gallery, a product's images —
 * share one life cycle, written once here: add (the file is stored, checked by content and
 * re-encoded, before the row; the file is removed again if the row cannot be written), replace
 * (the old file goes only after the row points at the new one; no new file keeps the image),
 * delete (row first, then the file), and, for images that belong to something (a product's),
 * the ownership check: an image of another owner is as unknown as a missing one.
 *
 * Each collection describes its table with a small store; the rest is here.
 */
import type { Db } from "~/lib/server/db.server";
import { removeUpload, uploadUrl, withStoredImage, type UploadKind } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";

/** A row of a collection: its id, the stored file (relative to UPLOADS_DIR) and its owner. */
export type StoredImage = { id: number; file: string; owner: number | null };

export type ImageStore = {
  /** The entity name domain writes announce (the page cache listens). */
  entity: string;
  folder: UploadKind;
  rows: (db: Db, owner: number | null) => StoredImage[];
  row: (db: Db, id: number) => StoredImage | null;
  /** Whether the owner exists (a product); collections without owners answer true. */
  ownerExists: (db: Db, owner: number | null) => boolean;
  insert: (db: Db, file: string, owner: number | null) => number;
  setFile: (db: Db, id: number, file: string) => void;
  /** Deletes the row; answers its file, or null when there was none. */
  delete: (db: Db, id: number) => string | null;
};

/** An image as pages and the API show it: its public URL. */
export type CollectionImage = { id: number; src: string; owner: number | null };

const toImage = (row: StoredImage): CollectionImage => ({ id: row.id, src: uploadUrl(row.file) ?? "", owner: row.owner });

/** Thrown inside a commit so withStoredImage removes the file it just stored. */
class Gone extends Error {}

export function imageCollection(store: ImageStore) {
  /** The row, when it exists and belongs to `owner` (any owner when undefined). */
  function owned(db: Db, id: number, owner?: number | null): StoredImage | null {
    const row = store.row(db, id);
    if (!row) return null;
    return owner === undefined || row.owner === owner ? row : null;
  }

  return {
    /** Every image (of `owner`), oldest first: the order pages and the back office show. */
    list(db: Db, owner: number | null = null): CollectionImage[] {
      return store.rows(db, owner).map(toImage);
    },

    get(db: Db, id: number, owner?: number | null): CollectionImage | null {
      const row = owned(db, id, owner);
      return row ? toImage(row) : null;
    },

    /** Stores the file and adds it; null when the owner does not exist. Throws UploadError. */
    async add(db: Db, file: File, owner: number | null = null): Promise<CollectionImage | null> {
      if (!store.ownerExists(db, owner)) return null;
      // If the owner vanishes meanwhile, the row's foreign key throws and the file is removed.
      const id = await withStoredImage(file, store.folder, (stored) => {
        const id = store.insert(db, stored ?? "", owner);
        domainChanged(db, { entity: store.entity, action: "tambah", id, before: null, after: { file: stored, owner } });
        return { result: id, oldFiles: [] };
      });
      return this.get(db, id);
    },

    /**
     * Replaces the file of an image of `owner`; without a new file the image is kept. Null when
     * it does not exist or belongs to another owner (nothing is stored then).
     */
    async replace(db: Db, id: number, file: File | null, owner?: number | null): Promise<CollectionImage | null> {
      if (!owned(db, id, owner)) return null;
      if (!file) return this.get(db, id);
      try {
        await withStoredImage(file, store.folder, (stored) =>
          db.transaction((tx) => {
            const current = owned(tx, id, owner);
            if (!current || !stored) throw new Gone();
            store.setFile(tx, id, stored);
            domainChanged(tx, { entity: store.entity, action: "ubah", id, before: { file: current.file }, after: { file: stored } });
            return { result: null, oldFiles: [current.file] };
          }),
        );
      } catch (error) {
        if (error instanceof Gone) return null;
        throw error;
      }
      return this.get(db, id);
    },

    /** Deletes an image of `owner`, then its file. False when it does not exist or is not theirs. */
    async remove(db: Db, id: number, owner?: number | null): Promise<boolean> {
      if (!owned(db, id, owner)) return false;
      const file = store.delete(db, id);
      if (file === null) return false;
      domainChanged(db, { entity: store.entity, action: "hapus", id, before: { file, owner }, after: null });
      await removeUpload(file);
      return true;
    },
  };
}

export type ImageCollection = ReturnType<typeof imageCollection>;
