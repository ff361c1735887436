import { asc, eq } from "drizzle-orm";
import { galeri } from "../../../db/schema";
import type { Db } from "../../lib/db.server";
import { removeUpload, uploadUrl, withStoredImage } from "../../lib/uploads.server";
import { domainChanged } from "../changes.server";

export type Galeri = { id: number; gambar: string };

/** All gallery images, oldest first (the public page and the back office show the same order). */
export function listGaleri(db: Db): Galeri[] {
  return db
    .select({ id: galeri.id, gambar: galeri.gambar })
    .from(galeri)
    .orderBy(asc(galeri.id))
    .all()
    .map((row) => ({ id: row.id, gambar: uploadUrl(row.gambar) ?? "" }));
}

// ---- Back office ---------------------------------------------------------------------------

function getGaleriRow(db: Db, id: number) {
  return db.select({ id: galeri.id, gambar: galeri.gambar }).from(galeri).where(eq(galeri.id, id)).get() ?? null;
}

export function getGaleri(db: Db, id: number): Galeri | null {
  const row = getGaleriRow(db, id);
  return row ? { id: row.id, gambar: uploadUrl(row.gambar) ?? "" } : null;
}

/** Stores the image and adds it to the gallery. Throws UploadError for a refused file. */
export async function addGaleri(db: Db, file: File): Promise<Galeri> {
  const row = await withStoredImage(file, "galeri", (stored) => ({
    result: db
      .insert(galeri)
      .values({ gambar: stored ?? "" })
      .returning({ id: galeri.id, gambar: galeri.gambar })
      .get(),
    oldFiles: [],
  }));
  domainChanged("galeri");
  return { id: row.id, gambar: uploadUrl(row.gambar) ?? "" };
}

/** Thrown inside a commit so withStoredImage removes the file it just stored. */
class Missing extends Error {}

/**
 * Replaces a gallery image (the old file is removed after the commit); with no file the
 * image is kept. null when the item does not exist (nothing is stored then).
 */
export async function replaceGaleri(db: Db, id: number, file: File | null): Promise<Galeri | null> {
  if (!file) return getGaleri(db, id);
  try {
    const row = await withStoredImage(file, "galeri", (stored) =>
      db.transaction((tx) => {
        const current = getGaleriRow(tx, id);
        if (!current || !stored) throw new Missing();
        const updated = tx
          .update(galeri)
          .set({ gambar: stored, updated_at: new Date() })
          .where(eq(galeri.id, id))
          .returning({ id: galeri.id, gambar: galeri.gambar })
          .get();
        return { result: updated ?? current, oldFiles: [current.gambar] };
      }),
    );
    domainChanged("galeri");
    return { id: row.id, gambar: uploadUrl(row.gambar) ?? "" };
  } catch (error) {
    if (error instanceof Missing) return null;
    throw error;
  }
}

/** Deletes a gallery item and then its file. false when it did not exist. */
export async function deleteGaleri(db: Db, id: number): Promise<boolean> {
  const row = db.delete(galeri).where(eq(galeri.id, id)).returning({ gambar: galeri.gambar }).get();
  if (!row) return false;
  domainChanged("galeri");
  await removeUpload(row.gambar);
  return true;
}
