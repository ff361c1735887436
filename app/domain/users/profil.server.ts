/** A user's own profile: read with what the operator set, and saved (only the fields they own). */
import { eq } from "drizzle-orm";
import { fakultas, prodi, users } from "../../../db/schema";
import { domainChanged } from "~/domain/changes.server";
import type { ProfilInput } from "~/domain/users/profil.schema";
import { parseJabatan } from "~/domain/users/roles";
import type { Db } from "~/lib/server/db.server";

export type Profil = ProfilInput & { nama: string; username: string; nidn: string | null; prodi: string | null; fakultas: string | null; jabatan: string[] };

export function getProfil(db: Db, userId: number): Profil | null {
  const row = db
    .select({
      nama: users.name,
      username: users.username,
      nidn: users.nidn,
      prodi: prodi.nama,
      fakultas: fakultas.nama,
      jabatan: users.jabatan_akademik,
      email: users.email,
      no_hp: users.no_hp,
      bidang_keahlian: users.bidang_keahlian,
      sinta_id: users.sinta_id,
      orcid: users.orcid,
      scopus_id: users.scopus_id,
      scholar_id: users.scholar_id,
    })
    .from(users)
    .leftJoin(prodi, eq(prodi.id, users.id_prodi))
    .leftJoin(fakultas, eq(fakultas.id, prodi.id_fakultas))
    .where(eq(users.id, userId))
    .get();
  return row ? { ...row, jabatan: parseJabatan(row.jabatan) } : null;
}

/** Saves the fields a user owns; the activity log keeps old → new. */
export function simpanProfil(db: Db, userId: number, input: ProfilInput): void {
  db.transaction((tx) => {
    const before = tx
      .select({ email: users.email, no_hp: users.no_hp, bidang_keahlian: users.bidang_keahlian, sinta_id: users.sinta_id, orcid: users.orcid, scopus_id: users.scopus_id, scholar_id: users.scholar_id })
      .from(users)
      .where(eq(users.id, userId))
      .get();
    if (!before) return;
    tx.update(users).set({ ...input, updated_at: new Date() }).where(eq(users.id, userId)).run();
    domainChanged(tx, { entity: "users", action: "ubah", id: userId, before, after: input, summary: "Profil diubah oleh pemiliknya" });
  });
}
