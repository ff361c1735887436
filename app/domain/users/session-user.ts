/**
 * What the rest of the app may know about a signed-in user, made from the user's row. Its own
 * module so that sessions and API tokens (which users.server.ts revokes) can build it without
 * importing the users module back.
 */
import type { users } from "../../../db/schema";
import { parseRoles, type Role } from "~/domain/users/roles";

/** What the rest of the app may know about a signed-in user. */
export type SessionUser = {
  id: number;
  username: string;
  name: string;
  email: string;
  no_hp: string;
  roles: Role[];
  jabatan_akademik: string | null;
};

export function toSessionUser(row: typeof users.$inferSelect): SessionUser {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    email: row.email,
    no_hp: row.no_hp,
    roles: parseRoles(row.hak_akses),
    jabatan_akademik: row.jabatan_akademik,
  };
}

