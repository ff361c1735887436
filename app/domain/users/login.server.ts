/**
 * The one login rule, for the HTML form and POST /api/login alike: the attempt is counted
 * first (attempts.server.ts), then the password is checked. Every failure (unknown user, wrong
 * password, inactive, no role that opens an area) gets the same message, status and timing.
 *
 * Who may sign in (LPPM.md, "Login"): on the web, any active user holding a role whose area is
 * open — Operator always, the LPPM roles while Setting → Modul LPPM is on; on the legacy API
 * (the shop's contract), active Operators only.
 */
import type { Db } from "~/lib/server/db.server";
import { domainChanged } from "~/domain/changes.server";
import { getSetting } from "~/domain/setting/setting.server";
import { beginAttempt, tooManyAttemptsMessage } from "~/domain/users/attempts.server";
import { opensAnArea, parseRoles } from "~/domain/users/roles";
import { authenticate, isActiveOperator } from "~/domain/users/users.server";
import type { SessionUser } from "~/domain/users/session-user";

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
