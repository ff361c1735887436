/**
 * Collections of uploaded images — the carousel's banners, the gallery, a product's images —
 * share one life cycle, written once here: add (the file is stored, checked by content and
 * re-encoded, before the row; the file is removed again if the row cannot be written), replace
 * (the old file goes only after the row points at the new one; no new file keeps the image),
 * delete (row first, then the file), and, for images that belong to something (a product's),
 * the ownership check: an image of another owner is as unknown as a missing one.
 *
 * Collections with a manual order (banners, a product's images) list in (urutan,
 * id) order, add new images last and move one up or down (urutan.server.ts); banners also have
 * a status ('Tayang' / 'Draf'): the public site lists only the published ones (`listTayang`).
 *
 * Each collection describes its table with a small store; the rest is here.
 */
import type { Db } from "~/lib/server/db.server";
import { removeUpload, uploadUrl, withStoredImage, withStoredImages, type UploadKind } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import type { StatusTayang } from "~/domain/tayang/tayang.schema";
import type { Arah, PindahHasil } from "~/domain/urutan/urutan.server";

/**
 * A row of a collection: its id, the stored file (relative to UPLOADS_DIR), its owner, and its
 * status where the collection has one.
 */
export type StoredImage = { id: number; file: string; owner: number | null; status?: StatusTayang };

export type ImageStore = {
  /** The entity name domain writes announce (the page cache listens). */
  entity: string;
  folder: UploadKind;
  /** The rows (of `owner`) in the order pages show them; `tayang` keeps only published ones. */
  rows: (db: Db, owner: number | null, options?: { tayang?: boolean }) => StoredImage[];
  row: (db: Db, id: number) => StoredImage | null;
  /** Whether the owner exists (a product); collections without owners answer true. */
  ownerExists: (db: Db, owner: number | null) => boolean;
  /** Adds a row (last in the order, where there is one). */
  insert: (db: Db, file: string, owner: number | null, status?: StatusTayang) => number;
  setFile: (db: Db, id: number, file: string) => void;
  /** Sets the status (collections with one; others ignore it). */
  setStatus?: (db: Db, id: number, status: StatusTayang) => void;
  /** Moves a row one place (collections with a manual order). */
  move?: (db: Db, id: number, arah: Arah, owner?: number | null) => PindahHasil;
  /** Deletes the row; answers its file, or null when there was none. */
  delete: (db: Db, id: number) => string | null;
};

/** An image as pages and the API show it: its public URL (and its status, where it has one). */
export type CollectionImage = { id: number; src: string; owner: number | null; status?: StatusTayang };

const toImage = (row: StoredImage): CollectionImage => ({
  id: row.id,
  src: uploadUrl(row.file) ?? "",
  owner: row.owner,
  ...(row.status ? { status: row.status } : {}),
});

/** Thrown inside a commit so withStoredImage removes the file it just stored. */
class Gone extends Error {}

export function imageCollection(store: ImageStore) {
  /** The row, when it exists and belongs to `owner` (any owner when undefined). */
  function owned(db: Db, id: number, owner?: number | null): StoredImage | null {
    const row = store.row(db, id);
    if (!row) return null;
    return owner === undefined || row.owner === owner ? row : null;
  }

  /** The status to write: given, different from the stored one, and the collection has one. */
  function statusChange(current: StoredImage, status: StatusTayang | undefined): StatusTayang | null {
    return store.setStatus && status && current.status !== status ? status : null;
  }

  return {
    /** Every image (of `owner`), drafts included, in the order pages and the back office show. */
    list(db: Db, owner: number | null = null): CollectionImage[] {
      return store.rows(db, owner).map(toImage);
    },

    /** What the public site shows: the published images (all of them where there is no status). */
    listTayang(db: Db, owner: number | null = null): CollectionImage[] {
      return store.rows(db, owner, { tayang: true }).map(toImage);
    },

    get(db: Db, id: number, owner?: number | null): CollectionImage | null {
      const row = owned(db, id, owner);
      return row ? toImage(row) : null;
    },

    /**
     * Stores the file and adds it (last in the order; `status` 'Tayang' unless given); null when
     * the owner does not exist. Throws UploadError.
     */
    async add(db: Db, file: File, owner: number | null = null, options: { status?: StatusTayang } = {}): Promise<CollectionImage | null> {
      const added = await this.addMany(db, [file], owner, options);
      return added?.[0] ?? null;
    },

    /**
     * Stores several files and adds them in their order, all or nothing: every file is checked
     * before any is stored, and one refused (UploadError, thrown) leaves the collection as it
     * was. Null when the owner does not exist.
     */
    async addMany(db: Db, files: readonly File[], owner: number | null = null, options: { status?: StatusTayang } = {}): Promise<CollectionImage[] | null> {
      if (!store.ownerExists(db, owner)) return null;
      // If the owner vanishes meanwhile, the row's foreign key throws and the files are removed.
      const ids = await withStoredImages(files, store.folder, (stored) =>
        db.transaction((tx) => ({ result: this.attach(tx, stored, owner, options), oldFiles: [] })),
      );
      return ids.map((id) => this.get(db, id)).filter((image) => image !== null);
    },

    /**
     * Rows for files already stored (withStoredImages), last in the order, inside the caller's
     * transaction: for a save that writes its owner in the same transaction (a new product with
     * its photos). Answers the new ids.
     */
    attach(tx: Db, stored: readonly string[], owner: number | null, options: { status?: StatusTayang } = {}): number[] {
      return stored.map((file) => {
        const id = store.insert(tx, file, owner, options.status);
        const after = { file, owner, ...(store.setStatus ? { status: options.status ?? "Tayang" } : {}) };
        domainChanged(tx, { entity: store.entity, action: "tambah", id, before: null, after });
        return id;
      });
    },

    /**
     * Replaces the file of an image of `owner`; without a new file the image is kept. `status`
     * (collections with one) is set too; left out, it stays. Null when the image does not exist
     * or belongs to another owner (nothing is stored then).
     */
    async replace(
      db: Db,
      id: number,
      file: File | null,
      owner?: number | null,
      options: { status?: StatusTayang } = {},
    ): Promise<CollectionImage | null> {
      const current = owned(db, id, owner);
      if (!current) return null;
      if (!file) {
        const status = statusChange(current, options.status);
        if (status) {
          db.transaction((tx) => {
            store.setStatus!(tx, id, status);
            domainChanged(tx, { entity: store.entity, action: "ubah", id, before: { status: current.status }, after: { status } });
          });
        }
        return this.get(db, id, owner);
      }
      try {
        await withStoredImage(file, store.folder, (stored) =>
          db.transaction((tx) => {
            const now = owned(tx, id, owner);
            if (!now || !stored) throw new Gone();
            store.setFile(tx, id, stored);
            const status = statusChange(now, options.status);
            if (status) store.setStatus!(tx, id, status);
            domainChanged(tx, {
              entity: store.entity,
              action: "ubah",
              id,
              before: { file: now.file, ...(status ? { status: now.status } : {}) },
              after: { file: stored, ...(status ? { status } : {}) },
            });
            return { result: null, oldFiles: [now.file] };
          }),
        );
      } catch (error) {
        if (error instanceof Gone) return null;
        throw error;
      }
      return this.get(db, id);
    },

    /**
     * Moves an image of `owner` one place up or down in the manual order (swapping with its
     * neighbour). 'ujung' when it is already first/last; null when it does not exist, is not
     * `owner`'s, or the collection has no manual order.
     */
    move(db: Db, id: number, arah: Arah, owner?: number | null): PindahHasil {
      if (!store.move) return null;
      return store.move(db, id, arah, owner);
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
