/**
 * The one login rule, for the HTML form and POST /api/login alike: the attempt is counted
 * first (attempts.server.ts), then the password is checked. Every failure (unknown user, wrong
 * password, inactive, no Operator role) gets the same message, status and timing.
 */
import type { Db } from "~/lib/server/db.server";
import { beginAttempt, tooManyAttemptsMessage } from "~/domain/users/attempts.server";
import { authenticateOperator, type SessionUser } from "~/domain/users/users.server";

import { LOGIN_FAILED } from "~/domain/messages";

export { LOGIN_FAILED };

export type LoginResult =
  | { ok: true; user: SessionUser }
  | { ok: false; status: 401; message: string }
  | { ok: false; status: 429; message: string; retryAfter: number };

export async function login(db: Db, input: { username: string; password: string; ip: string }): Promise<LoginResult> {
  const attempt = await beginAttempt(db, "login", input.username, input.ip);
  if (!attempt.allowed) {
    return { ok: false, status: 429, message: tooManyAttemptsMessage("login", attempt.retryAfter), retryAfter: attempt.retryAfter };
  }
  const user = input.username.trim() && input.password ? await authenticateOperator(db, input.username, input.password) : null;
  attempt.settle(user !== null);
  return user ? { ok: true, user } : { ok: false, status: 401, message: LOGIN_FAILED };
}
