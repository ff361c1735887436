/**
 * The one login rule, for the HTML form and POST /api/login alike: the attempt is counted
 * first (attempts.server.ts), then the password is checked. Every failure (unknown user, wrong
 * password, inactive, no role that opens an area) gets the same message, status and timing.
 *
 * Who may sign in (LPPM.md, "Login"): on the web, any active user holding a role whose area is
 * open — Operator always, the LPPM roles while Setting → Modul LPPM is on; on the legacy API
 * (the shop's contract), active Operators only.
 *
 * The campus sign-in (loginByEmail) is the same rule with the campus provider's verified e-mail
 * in place of the password: counted by the same throttle, logged the same way.
 */
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { getSetting } from "~/domain/setting/setting.server";
import { beginAttempt, tooManyAttemptsMessage } from "~/domain/users/attempts.server";
import { opensAnArea, parseRoles } from "~/domain/users/roles";
import { authenticate, findUserRowsByEmail, isActiveOperator } from "~/domain/users/users.server";
import { toSessionUser, type SessionUser } from "~/domain/users/session-user";

import { LOGIN_FAILED } from "~/lib/util/messages";

export { LOGIN_FAILED };

export type LoginScope = "web" | "api";

export type LoginResult =
  | { ok: true; user: SessionUser }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfter: number };

type Account = { status_aktif: "Aktif" | "Tidak-Aktif"; hak_akses: string };

/** Whether an account may sign in through `scope` now. */
export function admits(db: Db, scope: LoginScope): (row: Account) => boolean {
  if (scope === "api") return isActiveOperator;
  const modulLppm = getSetting(db).modul_lppm;
  return (row) => row.status_aktif === "Aktif" && opensAnArea(parseRoles(row.hak_akses), modulLppm);
}

export async function login(
  db: Db,
  input: { username: string; password: string; ip: string },
  scope: LoginScope = "web",
): Promise<LoginResult> {
  const attempt = await beginAttempt(db, "login", input.username, input.ip);
  if (!attempt.allowed) {
    return { ok: false, status: 429, message: tooManyAttemptsMessage("login", attempt.retryAfter), retryAfter: attempt.retryAfter };
  }
  const user = input.username.trim() && input.password ? await authenticate(db, input.username, input.password, admits(db, scope)) : null;
  attempt.settle(user !== null);
  if (!user) return { ok: false, status: 401, message: LOGIN_FAILED };
  domainChanged(db, { entity: "users", action: "masuk", id: user.id, summary: scope === "api" ? "Lewat API" : "Lewat web", actor: { id: user.id, nama: user.name } });
  return { ok: true, user };
}

/** Why the campus sign-in refused a verified e-mail; the login page says each in its own words. */
export type CampusRefusal = "tidak-dikenal" | "ganda" | "nonaktif";

export type CampusLoginResult = LoginResult | { ok: false; status: 403; reason: CampusRefusal };

/**
 * The campus sign-in of `email`, which the campus provider verified: the one account with that
 * e-mail that the web admits. No account, several accounts (an e-mail is not unique: guessing
 * between them would sign in the wrong person) and an account the web does not admit are each
 * refused — the person has shown they own the address, so saying which is no leak.
 */
export async function loginByEmail(db: Db, input: { email: string; ip: string }): Promise<CampusLoginResult> {
  const attempt = await beginAttempt(db, "login", input.email, input.ip);
  if (!attempt.allowed) {
    return { ok: false, status: 429, message: tooManyAttemptsMessage("login", attempt.retryAfter), retryAfter: attempt.retryAfter };
  }
  const rows = findUserRowsByEmail(db, input.email);
  const admitted = rows.filter(admits(db, "web"));
  const user = admitted.length === 1 ? toSessionUser(admitted[0]!) : null;
  attempt.settle(user !== null);
  if (!user) return { ok: false, status: 403, reason: rows.length === 0 ? "tidak-dikenal" : admitted.length > 1 ? "ganda" : "nonaktif" };
  domainChanged(db, { entity: "users", action: "masuk", id: user.id, summary: "Lewat akun kampus", actor: { id: user.id, nama: user.name } });
  return { ok: true, user };
}
