import { asc, eq } from "drizzle-orm";
import { banner } from "../../../db/schema";
import type { Db } from "../../lib/db.server";
import { removeUpload, uploadUrl, withStoredImage } from "../../lib/uploads.server";
import { domainChanged } from "../changes.server";

export type Banner = { id: number; image: string };

/** All banners in carousel order (oldest first); the back office shows the same order. */
export function listBanner(db: Db): Banner[] {
  return db
    .select({ id: banner.id, image: banner.image })
    .from(banner)
    .orderBy(asc(banner.id))
    .all()
    .map((row) => ({ id: row.id, image: uploadUrl(row.image) ?? "" }));
}

// ---- Back office ---------------------------------------------------------------------------

function getBannerRow(db: Db, id: number) {
  return db.select({ id: banner.id, image: banner.image }).from(banner).where(eq(banner.id, id)).get() ?? null;
}

export function getBanner(db: Db, id: number): Banner | null {
  const row = getBannerRow(db, id);
  return row ? { id: row.id, image: uploadUrl(row.image) ?? "" } : null;
}

/** Stores the image and adds the banner. Throws UploadError for a refused file. */
export async function addBanner(db: Db, file: File): Promise<Banner> {
  const row = await withStoredImage(file, "banner", (stored) => ({
    result: db
      .insert(banner)
      .values({ image: stored ?? "" })
      .returning({ id: banner.id, image: banner.image })
      .get(),
    oldFiles: [],
  }));
  domainChanged("banner");
  return { id: row.id, image: uploadUrl(row.image) ?? "" };
}

/** Thrown inside a commit so withStoredImage removes the file it just stored. */
class Missing extends Error {}

/**
 * Replaces a banner image (the old file is removed after the commit); with no file the image
 * is kept. null when the banner does not exist (nothing is stored then).
 */
export async function replaceBanner(db: Db, id: number, file: File | null): Promise<Banner | null> {
  if (!file) return getBanner(db, id);
  try {
    const row = await withStoredImage(file, "banner", (stored) =>
      db.transaction((tx) => {
        const current = getBannerRow(tx, id);
        if (!current || !stored) throw new Missing();
        const updated = tx
          .update(banner)
          .set({ image: stored, updated_at: new Date() })
          .where(eq(banner.id, id))
          .returning({ id: banner.id, image: banner.image })
          .get();
        return { result: updated ?? current, oldFiles: [current.image] };
      }),
    );
    domainChanged("banner");
    return { id: row.id, image: uploadUrl(row.image) ?? "" };
  } catch (error) {
    if (error instanceof Missing) return null;
    throw error;
  }
}

/** Deletes a banner and then its file. false when it did not exist. */
export async function deleteBanner(db: Db, id: number): Promise<boolean> {
  const row = db.delete(banner).where(eq(banner.id, id)).returning({ image: banner.image }).get();
  if (!row) return false;
  domainChanged("banner");
  await removeUpload(row.image);
  return true;
}
