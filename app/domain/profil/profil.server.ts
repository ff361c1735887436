import { eq } from "drizzle-orm";
import { profil } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { sanitizeRichText } from "~/lib/server/sanitize.server";
import { uploadUrl, withStoredImage } from "~/lib/server/uploads.server";
import { domainChanged } from "~/domain/changes.server";
import type { ProfilInput } from "~/domain/profil/profil.schema";

export type ProfilJenis = "tentang-kami" | "kerja-sama";
export type Profil = { id: number; keterangan: string; foto: string | null };

/** About or cooperation text; keterangan is HTML that was sanitized before it was stored. */
export function getProfil(db: Db, jenis: ProfilJenis): Profil {
  const row = db
    .select({ id: profil.id, keterangan: profil.keterangan, foto: profil.foto })
    .from(profil)
    .where(eq(profil.jenis, jenis))
    .get();
  if (!row) return { id: 0, keterangan: "", foto: null };
  return { ...row, foto: uploadUrl(row.foto) };
}

// ---- Back office ---------------------------------------------------------------------------

/** The editor's record: the profile plus a version (changes after every save) to reset the form. */
export function getProfilForm(db: Db, jenis: ProfilJenis): Profil & { versi: number } {
  const row = db
    .select({ id: profil.id, keterangan: profil.keterangan, foto: profil.foto, updated_at: profil.updated_at })
    .from(profil)
    .where(eq(profil.jenis, jenis))
    .get();
  if (!row) return { id: 0, keterangan: "", foto: null, versi: 0 };
  return { id: row.id, keterangan: row.keterangan, foto: uploadUrl(row.foto), versi: row.updated_at.getTime() };
}

/**
 * Saves the About or Cooperation page (one row per jenis, created on first save). keterangan is
 * sanitized here, so no caller can store raw HTML; a new photo replaces the old one (removed
 * after the commit), no photo keeps it. Throws UploadError for a refused file (nothing stored).
 */
export async function saveProfil(
  db: Db,
  jenis: ProfilJenis,
  input: ProfilInput,
  file: File | null,
): Promise<Profil> {
  const keterangan = sanitizeRichText(input.keterangan ?? "");
  const saved = await withStoredImage(file, "profil", (stored) =>
    db.transaction((tx) => {
      const current = tx.select({ id: profil.id, keterangan: profil.keterangan, foto: profil.foto }).from(profil).where(eq(profil.jenis, jenis)).get();
      const foto = stored ?? current?.foto ?? null;
      const now = new Date();
      const row = tx
        .insert(profil)
        .values({ jenis, keterangan, foto })
        .onConflictDoUpdate({ target: profil.jenis, set: { keterangan, foto, updated_at: now } })
        .returning({ id: profil.id, keterangan: profil.keterangan, foto: profil.foto })
        .get();
      domainChanged(tx, { entity: "profil", action: current ? "ubah" : "tambah", id: jenis, before: current ?? null, after: row });
      return { result: row, oldFiles: stored ? [current?.foto] : [] };
    }),
  );
  return { ...saved, foto: uploadUrl(saved.foto) };
}
