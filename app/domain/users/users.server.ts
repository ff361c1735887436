/**
 * Users: lookup and authentication. Password hashes never leave this module.
 */
import { and, asc, eq, sql, type SQL } from "drizzle-orm";
import { fakultas, penugasanReviewer, prodi, usulan, usulanAnggota, users } from "../../../db/schema";
import type { Db } from "~/lib/server/db.server";
import { hashPassword, verifyPassword } from "~/lib/server/password.server";
import type { TableState } from "~/lib/util/table-state";
import { domainChanged } from "~/domain/changes.server";
import { type Page, searchIn, pageOfTable } from "~/lib/server/paging.server";
import { revokeAllAccess } from "~/domain/sessions/sessions.server";
import { beginAttempt, tooManyAttemptsMessage } from "~/domain/users/attempts.server";
import { parseRoles, type Role } from "~/domain/users/roles";
import { toSessionUser, type SessionUser } from "~/domain/users/session-user";
import { BELUM_ADA_PASSWORD } from "~/domain/users/undangan.server";
import { NIDN_TAKEN, type CreateUserInput, type UpdateUserInput } from "~/domain/users/users.schema";
import { NOT_FOUND } from "~/lib/util/messages";
import type { Refusal } from "~/domain/refusal";

type UserRow = typeof users.$inferSelect;

export function getUserRow(db: Db, id: number): UserRow | undefined {
  return db.select().from(users).where(eq(users.id, id)).get();
}

/** The faculty a Verifikator-Fakultas verifies for (null when none is set). */
export function fakultasVerifikasi(db: Db, userId: number): number | null {
  return db.select({ id: users.id_fakultas_verifikasi }).from(users).where(eq(users.id, userId)).get()?.id ?? null;
}

export function findUserRowByUsername(db: Db, username: string): UserRow | undefined {
  return db.select().from(users).where(eq(users.username, username)).get();
}

/** The accounts whose e-mail is `email`, letter case aside (an e-mail is not unique among users). */
export function findUserRowsByEmail(db: Db, email: string): UserRow[] {
  return db.select().from(users).where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`).all();
}

/**
 * A users-query condition: the account is active and holds one of `roles` (the SQL twin of
 * isActiveOperator's rule, for the LPPM reads that pick people by role).
 */
export function aktifBerperan(...roles: Role[]): SQL {
  const list = sql.join(
    roles.map((role) => sql`${role}`),
    sql`, `,
  );
  return sql`(${users.status_aktif} = 'Aktif' and exists (select 1 from json_each(${users.hak_akses}) where value in (${list})))`;
}

export function isActiveOperator(row: Pick<UserRow, "status_aktif" | "hak_akses">): boolean {
  return row.status_aktif === "Aktif" && parseRoles(row.hak_akses).includes("Operator");
}

// A real argon2id hash of a random string: unknown usernames cost the same verify time as
// known ones, so response timing does not reveal which usernames exist.
let dummyHash: Promise<string> | undefined;
function getDummyHash() {
  dummyHash ??= hashPassword(`dummy-${Math.random()}`);
  return dummyHash;
}

/**
 * Checks a username and password for a sign-in that `admits` the account (the login rules
 * live in login.server.ts: who may use the web form, who the API). Anything else is null —
 * one answer for all: an unknown user, a wrong password and a refused account cost the same.
 */
export async function authenticate(
  db: Db,
  username: string,
  password: string,
  admits: (row: Pick<UserRow, "status_aktif" | "hak_akses">) => boolean,
): Promise<SessionUser | null> {
  const row = findUserRowByUsername(db, username.trim());
  // An account whose owner has not set a password yet verifies the dummy, at the same cost.
  const hash = row && row.password_hash !== BELUM_ADA_PASSWORD ? row.password_hash : await getDummyHash();
  const ok = await verifyPassword(hash, password);
  if (ok && row && admits(row)) {
    // The owner remembered the password: a reset someone requested for this account is void.
    if (row.reset_password_hash) cancelPendingReset(db, row.id);
    return toSessionUser(row);
  }
  // Not the current password: maybe the one from a pending reset (/lupa-password). Every
  // failure verifies a second hash (the reset's or the dummy), so all failures cost the same.
  const resetHash = row && !ok ? pendingResetHash(row) : null;
  const resetOk = await verifyPassword(resetHash ?? (await getDummyHash()), password);
  if (!row || !resetHash || !resetOk || !admits(row)) return null;
  return toSessionUser(promotePendingReset(db, row, resetHash));
}

/** An unused reset password stops working this long after it was requested. */
export const RESET_VALID_MS = 24 * 60 * 60 * 1000;

/** A reset older than 24 hours, or requested before the last password change, is void. */
function pendingResetHash(row: UserRow, now = Date.now()): string | null {
  if (!row.reset_password_hash || !row.reset_requested_at) return null;
  if (row.reset_requested_at.getTime() < row.password_changed_at.getTime()) return null;
  if (now - row.reset_requested_at.getTime() > RESET_VALID_MS) return null;
  return row.reset_password_hash;
}

/**
 * A password set any other way (a reset used, the user's own change, the operator's form) ends
 * an unused one-time link to set one: the link was for an account without a password.
 */
const UNUSED_LINK_ENDS = { undangan_hash: null, undangan_expires_at: null } as const;

function cancelPendingReset(db: Db, userId: number) {
  db.update(users).set({ reset_password_hash: null, reset_requested_at: null }).where(eq(users.id, userId)).run();
}

/**
 * The reset password was used: it becomes the password, the old one dies, and every session
 * and API token of the user ends (the caller then starts the new session).
 */
function promotePendingReset(db: Db, row: UserRow, resetHash: string): UserRow {
  const now = new Date();
  const updated = db
    .update(users)
    .set({ password_hash: resetHash, reset_password_hash: null, reset_requested_at: null, ...UNUSED_LINK_ENDS, password_changed_at: now, updated_at: now })
    .where(eq(users.id, row.id))
    .returning()
    .get();
  revokeAllAccess(db, row.id);
  domainChanged(db, { entity: "users", action: "reset-password", id: row.id, summary: "Password dari Lupa Password dipakai untuk masuk", actor: { id: row.id, nama: row.name } });
  return updated ?? row;
}

export type ChangePasswordResult =
  | { ok: true }
  | { ok: false; message: string; /** Set when the old-password check is throttled (429). */ retryAfter?: number };

/**
 * Changes a user's own password after checking the old one. Bumps password_changed_at,
 * which ends every session and API token issued before — the caller re-issues its own.
 */
export async function changeOwnPassword(
  db: Db,
  userId: number,
  passLama: string,
  passBaru: string,
  ip: string,
): Promise<ChangePasswordResult> {
  const row = getUserRow(db, userId);
  if (!row) return { ok: false, message: "Pengguna tidak ditemukan" };
  // A stolen session must not become a way to guess the password: throttled like the login.
  const attempt = await beginAttempt(db, "password", String(userId), ip);
  if (!attempt.allowed) {
    return { ok: false, message: tooManyAttemptsMessage("password", attempt.retryAfter), retryAfter: attempt.retryAfter };
  }
  const oldPasswordOk = await verifyPassword(row.password_hash, passLama);
  attempt.settle(oldPasswordOk);
  if (!oldPasswordOk) return { ok: false, message: "Password lama salah" };
  const password_hash = await hashPassword(passBaru);
  db.update(users)
    .set({ password_hash, ...UNUSED_LINK_ENDS, password_changed_at: new Date(), updated_at: new Date() })
    .where(eq(users.id, userId))
    .run();
  domainChanged(db, { entity: "users", action: "ganti-password", id: userId, actor: { id: row.id, nama: row.name } });
  return { ok: true };
}

// ---- User management ----------------------------------------------------------------------

/** A user as the back office sees it: never the password hash. */
export type UserRecord = {
  id: number;
  username: string;
  name: string;
  no_hp: string;
  email: string;
  hak_akses: Role[];
  status_aktif: "Aktif" | "Tidak-Aktif";
  /** Lecturer ID (NIDN/NUPTK) used by /lupa-password. */
  nidn: string | null;
  /** JSON list string or comma-separated string (spec section 3). */
  jabatan_akademik: string | null;
  /** The dosen profile (LPPM.md): study programme, expertise, SINTA author id. */
  id_prodi: number | null;
  bidang_keahlian: string | null;
  sinta_id: string | null;
  /** For a Verifikator-Fakultas: the faculty they approve for. */
  id_fakultas_verifikasi: number | null;
};

const recordColumns = {
  id: users.id,
  username: users.username,
  name: users.name,
  no_hp: users.no_hp,
  email: users.email,
  hak_akses: users.hak_akses,
  status_aktif: users.status_aktif,
  nidn: users.nidn,
  jabatan_akademik: users.jabatan_akademik,
  id_prodi: users.id_prodi,
  bidang_keahlian: users.bidang_keahlian,
  sinta_id: users.sinta_id,
  id_fakultas_verifikasi: users.id_fakultas_verifikasi,
};

function toRecord(row: { hak_akses: string } & Omit<UserRecord, "hak_akses">): UserRecord {
  return { ...row, hak_akses: parseRoles(row.hak_akses) };
}

export function listUsersPage(db: Db, state: TableState): Page<UserRecord> {
  const where = searchIn(state, users.username, users.name, users.email, users.no_hp, users.hak_akses);
  const page = pageOfTable(db, state, users, where, db.select(recordColumns).from(users).$dynamic(), asc(users.name), asc(users.id));
  return { ...page, rows: page.rows.map(toRecord) };
}

export function getUserRecord(db: Db, id: number): UserRecord | null {
  const row = db.select(recordColumns).from(users).where(eq(users.id, id)).get();
  return row ? toRecord(row) : null;
}

export type UserWriteResult =
  | { ok: true; user: UserRecord }
  /** field: the form field the message belongs to, when it is about one. */
  | Refusal<404 | 409 | 422, "username" | "nidn" | "id_prodi" | "id_fakultas_verifikasi">;

/**
 * The dosen profile's references, as they will be stored (a value not sent keeps the stored
 * one): the programme and faculty exist. (A Verifikator-Fakultas without a faculty is allowed,
 * e.g. from the legacy API, which has no such field: their screen says whom to ask.)
 */
function profileRefusal(
  db: Db,
  input: Pick<CreateUserInput, "id_prodi" | "id_fakultas_verifikasi">,
  current?: Pick<UserRow, "id_prodi" | "id_fakultas_verifikasi">,
): UserWriteResult | null {
  const idProdi = input.id_prodi === undefined ? (current?.id_prodi ?? null) : input.id_prodi;
  const idFakultas = input.id_fakultas_verifikasi === undefined ? (current?.id_fakultas_verifikasi ?? null) : input.id_fakultas_verifikasi;
  if (idProdi !== null && !db.select({ id: prodi.id }).from(prodi).where(eq(prodi.id, idProdi)).get()) {
    return { ok: false, status: 422, message: "Program studi tidak ditemukan.", field: "id_prodi" };
  }
  if (idFakultas !== null && !db.select({ id: fakultas.id }).from(fakultas).where(eq(fakultas.id, idFakultas)).get()) {
    return { ok: false, status: 422, message: "Fakultas tidak ditemukan.", field: "id_fakultas_verifikasi" };
  }
  return null;
}

/** The profile fields to write: only those sent (undefined keeps the stored value). */
function profileValues(input: Pick<CreateUserInput, "id_prodi" | "bidang_keahlian" | "sinta_id" | "id_fakultas_verifikasi">) {
  return Object.fromEntries(
    (["id_prodi", "bidang_keahlian", "sinta_id", "id_fakultas_verifikasi"] as const)
      .filter((key) => input[key] !== undefined)
      .map((key) => [key, input[key]]),
  ) as Partial<Pick<UserRow, "id_prodi" | "bidang_keahlian" | "sinta_id" | "id_fakultas_verifikasi">>;
}

const USERNAME_TAKEN = "Username sudah digunakan.";

function nidnTaken(db: Db, nidn: string | null | undefined, exceptId?: number): boolean {
  if (!nidn) return false;
  const row = db.select({ id: users.id }).from(users).where(eq(users.nidn, nidn)).get();
  return row !== undefined && row.id !== exceptId;
}

/** Which unique index a failed write hit (a concurrent write of the same value). */
function uniqueConflict(error: unknown): UserWriteResult | null {
  const text = String(error);
  if (!text.includes("UNIQUE")) return null;
  if (text.includes("nidn")) return { ok: false, status: 409, message: NIDN_TAKEN, field: "nidn" };
  return { ok: false, status: 409, message: USERNAME_TAKEN, field: "username" };
}

function activeOperatorIds(db: Db): number[] {
  return db
    .select({ id: users.id, hak_akses: users.hak_akses })
    .from(users)
    .where(and(eq(users.status_aktif, "Aktif"), sql`${users.hak_akses} like '%"Operator"%'`))
    .all()
    .filter((row) => parseRoles(row.hak_akses).includes("Operator"))
    .map((row) => row.id);
}

export async function createUser(db: Db, input: CreateUserInput): Promise<UserWriteResult> {
  if (findUserRowByUsername(db, input.username)) return { ok: false, status: 409, message: USERNAME_TAKEN, field: "username" };
  if (nidnTaken(db, input.nidn)) return { ok: false, status: 409, message: NIDN_TAKEN, field: "nidn" };
  const refused = profileRefusal(db, input);
  if (refused) return refused;
  const password_hash = await hashPassword(input.password);
  try {
    const row = db
      .insert(users)
      .values({
        username: input.username,
        name: input.name,
        no_hp: input.no_hp,
        email: input.email,
        password_hash,
        hak_akses: JSON.stringify(input.hak_akses),
        status_aktif: input.status_aktif,
        nidn: input.nidn ?? null,
        jabatan_akademik: input.jabatan_akademik ?? null,
        ...profileValues(input),
      })
      .returning(recordColumns)
      .get();
    const user = toRecord(row);
    domainChanged(db, { entity: "users", action: "tambah", id: user.id, before: null, after: user });
    return { ok: true, user };
  } catch (error) {
    // A concurrent insert of the same username or NIDN hits the unique index.
    const conflict = uniqueConflict(error);
    if (conflict) return conflict;
    throw error;
  }
}

/**
 * Updates a user. An operator cannot deactivate themself or drop their own Operator role,
 * and the last active operator cannot be deactivated or lose the role. Deactivation and a new
 * password end the user's sessions and tokens.
 */
export async function updateUser(
  db: Db,
  id: number,
  input: UpdateUserInput,
  actorId: number,
): Promise<UserWriteResult> {
  const current = getUserRow(db, id);
  if (!current) return { ok: false, status: 404, message: NOT_FOUND };
  const before = getUserRecord(db, id);
  const staysOperator = input.status_aktif === "Aktif" && input.hak_akses.includes("Operator");
  if (id === actorId && input.status_aktif !== "Aktif") {
    return { ok: false, status: 422, message: "Anda tidak dapat menonaktifkan akun Anda sendiri." };
  }
  if (id === actorId && !input.hak_akses.includes("Operator")) {
    return { ok: false, status: 422, message: "Anda tidak dapat menghapus hak akses Operator dari akun Anda sendiri." };
  }
  if (!staysOperator && activeOperatorIds(db).every((opId) => opId === id) && isActiveOperator(current)) {
    return { ok: false, status: 422, message: "Harus ada minimal satu Operator yang aktif." };
  }
  if (nidnTaken(db, input.nidn, id)) return { ok: false, status: 409, message: NIDN_TAKEN, field: "nidn" };
  const refused = profileRefusal(db, input, current);
  if (refused) return refused;
  const password_hash = input.password ? await hashPassword(input.password) : null;
  const now = new Date();
  let row;
  try {
    row = db
      .update(users)
      .set({
        name: input.name,
        no_hp: input.no_hp,
        email: input.email,
        hak_akses: JSON.stringify(input.hak_akses),
        status_aktif: input.status_aktif,
        updated_at: now,
        // undefined (not sent, e.g. an older API client) keeps the value; null clears it.
        ...(input.nidn !== undefined ? { nidn: input.nidn } : {}),
        ...(input.jabatan_akademik !== undefined ? { jabatan_akademik: input.jabatan_akademik } : {}),
        ...profileValues(input),
        // A password set by an operator also drops a pending reset from /lupa-password.
        ...(password_hash ? { password_hash, password_changed_at: now, reset_password_hash: null, reset_requested_at: null, ...UNUSED_LINK_ENDS } : {}),
      })
      .where(eq(users.id, id))
      .returning(recordColumns)
      .get();
  } catch (error) {
    const conflict = uniqueConflict(error);
    if (conflict) return conflict;
    throw error;
  }
  if (!row) return { ok: false, status: 404, message: NOT_FOUND };
  if (input.status_aktif !== "Aktif" || password_hash) revokeAllAccess(db, id);
  const user = toRecord(row);
  domainChanged(db, { entity: "users", action: "ubah", id, before, after: user, summary: password_hash ? "Password diganti oleh Operator" : null });
  return { ok: true, user };
}

export type UserDeleteResult = { ok: true } | Refusal<404 | 409 | 422>;

export const USER_IN_LPPM = "Pengguna ini tercatat pada usulan LPPM (sebagai ketua, anggota atau reviewer) dan tidak dapat dihapus. Ubah status loginnya menjadi Tidak Aktif.";

/** Whether LPPM records name the user (their history must keep them). */
function namedInLppm(db: Db, id: number): boolean {
  return Boolean(
    db.select({ id: usulan.id }).from(usulan).where(eq(usulan.id_ketua, id)).limit(1).get() ??
      db.select({ id: usulanAnggota.id }).from(usulanAnggota).where(eq(usulanAnggota.id_user, id)).limit(1).get() ??
      db.select({ id: penugasanReviewer.id }).from(penugasanReviewer).where(eq(penugasanReviewer.id_reviewer, id)).limit(1).get(),
  );
}

export function deleteUser(db: Db, id: number, actorId: number): UserDeleteResult {
  const current = getUserRow(db, id);
  if (!current) return { ok: false, status: 404, message: NOT_FOUND };
  if (id === actorId) return { ok: false, status: 422, message: "Anda tidak dapat menghapus akun Anda sendiri." };
  if (isActiveOperator(current) && activeOperatorIds(db).every((opId) => opId === id)) {
    return { ok: false, status: 422, message: "Harus ada minimal satu Operator yang aktif." };
  }
  if (namedInLppm(db, id)) return { ok: false, status: 409, message: USER_IN_LPPM };
  const before = getUserRecord(db, id);
  db.delete(users).where(eq(users.id, id)).run();
  domainChanged(db, { entity: "users", action: "hapus", id, before, after: null });
  return { ok: true };
}
