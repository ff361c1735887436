/**
 * Bearer tokens of the legacy API: random, stored only as SHA-256, with an expiry. A token dies
 * at /api/logout, when its user's password changes, and when the user is deactivated or loses
 * the Operator role (checked on every use).
 */
import { eq, lt } from "drizzle-orm";
import { apiTokens, users } from "../../../db/schema";
import { randomToken, sha256 } from "~/lib/server/crypto.server";
import type { Db } from "~/lib/server/db.server";
import { isActiveOperator } from "~/domain/users/users.server";
import { toSessionUser, type SessionUser } from "~/domain/users/session-user";
import { loggedOut } from "~/domain/sessions/sessions.server";

export const TOKEN_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
const TOUCH_EVERY_MS = 60 * 1000;

export function issueToken(db: Db, userId: number): { token: string; expiresAt: Date } {
  const token = randomToken();
  const now = Date.now();
  const expiresAt = new Date(now + TOKEN_LIFETIME_MS);
  db.insert(apiTokens)
    .values({ token_hash: sha256(token), user_id: userId, created_at: new Date(now), expires_at: expiresAt })
    .run();
  db.delete(apiTokens).where(lt(apiTokens.expires_at, new Date(now))).run();
  return { token, expiresAt };
}

/** The active Operator behind a token, or null (unknown, expired, or no longer allowed). */
export function getTokenOperator(db: Db, token: string): SessionUser | null {
  const hash = sha256(token);
  const row = db
    .select({ token: apiTokens, user: users })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.user_id))
    .where(eq(apiTokens.token_hash, hash))
    .get();
  if (!row) return null;
  const now = Date.now();
  const dead =
    row.token.expires_at.getTime() <= now ||
    row.token.created_at.getTime() < row.user.password_changed_at.getTime() ||
    !isActiveOperator(row.user);
  if (dead) {
    db.delete(apiTokens).where(eq(apiTokens.token_hash, hash)).run();
    return null;
  }
  if (!row.token.last_used_at || now - row.token.last_used_at.getTime() > TOUCH_EVERY_MS) {
    db.update(apiTokens).set({ last_used_at: new Date(now) }).where(eq(apiTokens.token_hash, hash)).run();
  }
  return toSessionUser(row.user);
}

export function revokeToken(db: Db, token: string) {
  const ended = db.delete(apiTokens).where(eq(apiTokens.token_hash, sha256(token))).returning({ user_id: apiTokens.user_id }).get();
  if (ended) loggedOut(db, ended.user_id, "Lewat API");
}
