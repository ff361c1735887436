/**
 * Rows tests add of their own, through the domain where it has a function for it.
 */
import * as schema from "../../db/schema";
import type { Role } from "../../app/domain/users/roles";
import { createUser, type UserRecord } from "../../app/domain/users/users.server";
import type { Db } from "../../app/lib/server/db.server";

export const TEST_USER_PASSWORD = "Rahasia123";

/** An active user with these roles (a random username unless given); throws when refused. */
export async function addUser(
  db: Db,
  roles: Role[],
  over: Partial<Parameters<typeof createUser>[1]> = {},
): Promise<UserRecord> {
  const username = over.username ?? `u${Math.random().toString(36).slice(2, 10)}`;
  const created = await createUser(db, {
    username,
    name: username,
    email: `${username}@example.test`,
    no_hp: "081200000000",
    password: TEST_USER_PASSWORD,
    status_aktif: "Aktif",
    hak_akses: roles,
    nidn: null,
    jabatan_akademik: null,
    ...over,
  });
  if (!created.ok) throw new Error(created.message);
  return created.user;
}

/** Plain products, so paging tests do not depend on how many the seed has. */
export function addProduk(db: Db, count: number, idKategori: number | null) {
  for (let i = 0; i < count; i++) {
    db.insert(schema.produk)
      .values({
        id_kategori: idKategori,
        nama_produk: `Produk Uji ${i}`,
        nama_seo: `produk-uji-${idKategori ?? "x"}-${i}`,
        harga: "1000000",
        deskripsi: "Untuk uji daftar.",
      })
      .run();
  }
}
