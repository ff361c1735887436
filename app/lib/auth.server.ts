/**
 * Login through remix-auth's FormStrategy. One rule for every failure (unknown user, wrong
 * password, inactive, no Operator role): the same message, status and timing.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { authenticateOperator, type SessionUser } from "../domain/users/users.server";
import { getDb } from "./db.server";

export const LOGIN_FAILED = "Login Gagal! username dan password salah";

export class LoginFailed extends Error {}

export const authenticator = new Authenticator<SessionUser>();

authenticator.use(
  new FormStrategy(async ({ form }) => {
    const username = String(form.get("username") ?? "");
    const password = String(form.get("password") ?? "");
    if (!username.trim() || !password) throw new LoginFailed(LOGIN_FAILED);
    const user = await authenticateOperator(getDb(), username, password);
    if (!user) throw new LoginFailed(LOGIN_FAILED);
    return user;
  }),
  "form",
);

/** Only same-origin paths are allowed as "return to" targets after login. */
export function safeRedirectPath(value: FormDataEntryValue | string | null | undefined, fallback: string) {
  const path = typeof value === "string" ? value.trim() : "";
  if (!path.startsWith("/") || path.startsWith("//") || path.startsWith("/\\")) return fallback;
  try {
    const url = new URL(path, "http://x");
    if (url.origin !== "http://x") return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
