/**
 * Cookies: the session id (signed, HttpOnly, SameSite=Lax, Secure over HTTPS) and a one-shot
 * flash message for toasts after a redirect.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { createCookie } from "react-router";
import { z } from "zod";
import {
  createSession,
  destroySession,
  getSessionUser,
  SESSION_ABSOLUTE_MS,
} from "~/domain/sessions/sessions.server";
import type { SessionUser } from "~/domain/users/session-user";
import { getDb } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { clientIp } from "~/lib/server/throttle.server";

let sessionCookie: ReturnType<typeof createCookie> | undefined;
function cookie() {
  sessionCookie ??= createCookie("etalase_sid", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secrets: [getEnv().SESSION_SECRET],
  });
  return sessionCookie;
}

function isHttps(request: Request) {
  return new URL(request.url).protocol === "https:";
}

/**
 * The session id of a request: the `etalase_sid` cookie as React Router's createCookie signs
 * it (its value base64-encoded JSON, then "." and the unpadded base64 HMAC-SHA256), checked
 * here with node:crypto in a few microseconds. createCookie checks it with WebCrypto, on the
 * thread pool, for every logged-in request; it still writes the cookie.
 */
export async function readSessionId(request: Request): Promise<string | null> {
  return sessionIdOf(request.headers.get("Cookie"));
}

function sessionIdOf(header: string | null): string | null {
  const value = readSignedCookie(header, "etalase_sid", getEnv().SESSION_SECRET);
  return typeof value === "string" && value.length > 0 ? value : null;
}

/** The value of a cookie written by createCookie with `secret`, or undefined (absent, forged, malformed). */
export function readSignedCookie(header: string | null, name: string, secret: string): unknown {
  if (!header) return undefined;
  let raw: string | undefined;
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq > 0 && pair.slice(0, eq).trim() === name) {
      raw = pair.slice(eq + 1).trim();
      break; // the first one counts, as in the cookie package
    }
  }
  if (!raw) return undefined;
  try {
    if (raw.startsWith('"') && raw.endsWith('"')) raw = raw.slice(1, -1);
    raw = decodeURIComponent(raw);
    const dot = raw.lastIndexOf(".");
    if (dot < 1) return undefined;
    const data = raw.slice(0, dot);
    const given = Buffer.from(raw.slice(dot + 1), "base64");
    const expected = createHmac("sha256", secret).update(data).digest();
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
    return JSON.parse(Buffer.from(data, "base64").toString("utf8")) as unknown;
  } catch {
    return undefined;
  }
}

export async function getCurrentUser(request: Request): Promise<SessionUser | null> {
  return userOfCookie(request.headers.get("Cookie"));
}

/**
 * The signed-in user a Cookie header names, or null: the guards' check (getCurrentUser), also
 * made by the front of the server before it reads a body sent to a page behind a login.
 */
export function userOfCookie(header: string | null | undefined): SessionUser | null {
  return getSessionUser(getDb(), sessionIdOf(header ?? null));
}

/** Starts a session and returns the Set-Cookie header value. */
export async function startSession(request: Request, userId: number): Promise<string> {
  const { id } = createSession(getDb(), userId, {
    ip: clientIp(request),
    userAgent: request.headers.get("user-agent"),
  });
  return cookie().serialize(id, {
    secure: isHttps(request),
    maxAge: Math.floor(SESSION_ABSOLUTE_MS / 1000),
  });
}

/**
 * Ends the session on the server and returns a Set-Cookie header that clears it; `logout` when
 * the user signs out (the activity log records it), not when the session is only renewed.
 */
export async function endSession(request: Request, { logout = false } = {}): Promise<string> {
  destroySession(getDb(), await readSessionId(request), { logout });
  return cookie().serialize("", { secure: isHttps(request), maxAge: 0 });
}

// ---- Flash toasts -------------------------------------------------------------------------

/**
 * A toast to show once after a redirect. Signed (a forged cookie is ignored, so nobody can make
 * the shop's pages say what they want) and checked on the way in; at most 300 characters.
 */
const FLASH_MAX = 300;
const flashSchema = z.object({ kind: z.enum(["success", "error"]), message: z.string().min(1).max(FLASH_MAX) });
export type Flash = z.infer<typeof flashSchema>;

let flashCookieInstance: ReturnType<typeof createCookie> | undefined;
function flashCookie() {
  flashCookieInstance ??= createCookie("etalase_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secrets: [getEnv().SESSION_SECRET],
  });
  return flashCookieInstance;
}

/**
 * The toast's cookie. A message longer than a toast holds (a long list of what was removed) is
 * cut at a word with "…": the change it reports is already made, so it must never fail here.
 */
export async function flashHeader(flash: Flash): Promise<string> {
  return flashCookie().serialize(flashSchema.parse({ ...flash, message: fitToast(flash.message) }));
}

export function fitToast(message: string): string {
  if (message.length <= FLASH_MAX) return message;
  const cut = message.slice(0, FLASH_MAX - 1);
  const space = cut.lastIndexOf(" ");
  return `${space > FLASH_MAX / 2 ? cut.slice(0, space) : cut}…`;
}

/** Reads the flash (if any) and the Set-Cookie header that consumes it. */
export async function takeFlash(request: Request): Promise<{ flash: Flash | null; setCookie: string | null }> {
  const header = request.headers.get("Cookie");
  if (!header?.includes("etalase_flash=")) return { flash: null, setCookie: null };
  const parsed = flashSchema.safeParse(await flashCookie().parse(header));
  return { flash: parsed.success ? parsed.data : null, setCookie: await flashCookie().serialize("", { maxAge: 0 }) };
}
