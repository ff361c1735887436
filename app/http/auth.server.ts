/**
 * Signing in on the web, through remix-auth (STACK.md): its FormStrategy over the one login rule
 * (domain/users/login.server.ts) for the username and password, and an OpenID Connect strategy
 * (remix-auth-oauth2: authorization code with PKCE and state; a nonce added here) for the campus
 * account, on when the four OIDC_* settings are (README, "Campus login"). Both end the same way:
 * a server-side session (session.server.ts) and the page the user came for, or their landing.
 */
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { CodeChallengeMethod, OAuth2RequestError, OAuth2Strategy } from "remix-auth-oauth2";
import { createCookie, redirect } from "react-router";
import { siteOrigin } from "~/domain/katalog/seo.server";
import { getSetting } from "~/domain/setting/setting.server";
import { tooManyAttemptsMessage } from "~/domain/users/attempts.server";
import { login, loginByEmail, type CampusLoginResult, type CampusRefusal, type LoginResult } from "~/domain/users/login.server";
import type { Role } from "~/domain/users/roles";
import { startSession } from "~/http/session.server";
import { getDb } from "~/lib/server/db.server";
import { getEnv } from "~/lib/server/env.server";
import { oidcConfig, oidcEndpoints, oidcNonce, verifyIdToken, type OidcConfig } from "~/lib/server/oidc.server";
import { clientIp } from "~/lib/server/throttle.server";
import { landingPath, mayOpen } from "~/navigation/areas";

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

/**
 * Where a signed-in user goes: the page they came for when they may open it, else their
 * landing page (LPPM.md, "Login"); null when no area is open to them.
 */
export function afterLogin(roles: readonly Role[], redirectTo: FormDataEntryValue | string | null | undefined): string | null {
  const modulLppm = getSetting(getDb()).modul_lppm;
  const landing = landingPath(roles, modulLppm);
  if (!landing) return null;
  const wanted = safeRedirectPath(redirectTo, "");
  return wanted && mayOpen(new URL(wanted, "http://x").pathname, roles, modulLppm) ? wanted : landing;
}

const passwordLogin = new Authenticator<LoginResult>().use(
  new FormStrategy(({ form, request }) =>
    login(getDb(), { username: String(form.get("username") ?? ""), password: String(form.get("password") ?? ""), ip: clientIp(request) }),
  ),
  "form",
);

/**
 * The username and password of a posted login form, checked by the login rule through the
 * FormStrategy. The screen's action has already read the body (under the request-body caps
 * every form shares), so the strategy reads the same fields from a request made of them.
 */
export function loginWithPassword(request: Request, form: FormData): Promise<LoginResult> {
  const headers = new Headers(request.headers);
  // The copy's body is the parsed form, encoded anew with a boundary of its own.
  headers.delete("content-type");
  headers.delete("content-length");
  return passwordLogin.authenticate("form", new Request(request.url, { method: "POST", headers, body: form }));
}

/** The campus sign-in's two addresses; the second is the redirect URI registered at the provider. */
export const CAMPUS_LOGIN_PATH = "/login/kampus";
export const CAMPUS_CALLBACK_PATH = "/login/kampus/callback";

/** Whether the login page offers 'Masuk dengan akun kampus' (all four OIDC_* settings are set). */
export function campusLoginOn(): boolean {
  return oidcConfig() !== null;
}

/** Why a campus sign-in ended on the login page: the rule's refusals and the flow's own. */
export type CampusFailure = CampusRefusal | "domain" | "belum-terverifikasi" | "tanpa-email" | "sesi" | "penyedia" | "terlalu-sering";

/** What the login page says for each (`?gagal=` names it; nothing else from the URL is shown). */
export const CAMPUS_LOGIN_MESSAGES: Record<CampusFailure, string> = {
  "tidak-dikenal": "E-mail akun kampus Anda belum terdaftar sebagai pengguna. Hubungi operator.",
  ganda: "E-mail akun kampus Anda terdaftar pada lebih dari satu pengguna. Hubungi operator.",
  nonaktif: "Akun Anda tidak aktif atau belum memiliki akses. Hubungi operator.",
  domain: "Domain e-mail akun Anda tidak diizinkan untuk masuk dengan akun kampus.",
  "belum-terverifikasi": "E-mail akun kampus Anda belum terverifikasi oleh penyedia akun.",
  "tanpa-email": "Penyedia akun kampus tidak mengirimkan alamat e-mail Anda.",
  sesi: "Sesi masuk dengan akun kampus tidak valid atau sudah kedaluwarsa. Silakan coba lagi.",
  penyedia: "Penyedia akun kampus menolak atau gagal memproses permintaan masuk. Silakan coba lagi.",
  "terlalu-sering": "Terlalu banyak percobaan masuk. Silakan coba lagi beberapa saat lagi.",
};

/** The message of `?gagal=` (with `?tunggu=`, the seconds a throttled sign-in waits), or null for none or an unknown one. */
export function campusLoginMessage(params: URLSearchParams): string | null {
  const code = params.get("gagal");
  if (!code || !Object.hasOwn(CAMPUS_LOGIN_MESSAGES, code)) return null;
  const wait = Number(params.get("tunggu"));
  if (code === "terlalu-sering" && Number.isInteger(wait) && wait > 0 && wait <= 24 * 60 * 60) return tooManyAttemptsMessage("login", wait);
  return CAMPUS_LOGIN_MESSAGES[code as CampusFailure];
}

/** What the strategy's verify ends with: the login rule's answer, or a refusal before it. */
type CampusOutcome = CampusLoginResult | { ok: false; failure: CampusFailure };

/** The state and PKCE verifier of a sign-in in flight (remix-auth-oauth2 names one cookie per sign-in `<name>:<uuid>`). */
const STATE_COOKIE = "etalase_oidc";
/** The page the user came for, across the trip to the provider (signed; checked again on return). */
const returnToCookie = () =>
  createCookie("etalase_ke_kampus", { httpOnly: true, sameSite: "lax", path: CAMPUS_LOGIN_PATH, maxAge: 10 * 60, secrets: [getEnv().SESSION_SECRET] });

const isHttps = (request: Request) => new URL(request.url).protocol === "https:";

/** remix-auth-oauth2's strategy with the OpenID nonce, derived from the state it sends. */
class CampusStrategy extends OAuth2Strategy<CampusOutcome> {
  override name = "kampus";
  protected override authorizationParams(params: URLSearchParams): URLSearchParams {
    const next = new URLSearchParams(params);
    next.set("nonce", oidcNonce(params.get("state") ?? ""));
    return next;
  }
}

async function campusAuthenticator(request: Request, config: OidcConfig) {
  const endpoints = await oidcEndpoints(config.issuer);
  const strategy = new CampusStrategy(
    {
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      authorizationEndpoint: endpoints.authorizationEndpoint,
      tokenEndpoint: endpoints.tokenEndpoint,
      redirectURI: `${siteOrigin(request)}${CAMPUS_CALLBACK_PATH}`,
      scopes: ["openid", "email"],
      codeChallengeMethod: endpoints.s256 ? CodeChallengeMethod.S256 : CodeChallengeMethod.Plain,
      cookie: { name: STATE_COOKIE, path: CAMPUS_LOGIN_PATH, httpOnly: true, sameSite: "Lax", ...(isHttps(request) ? { secure: true as const } : {}) },
    },
    async ({ request: back, tokens }): Promise<CampusOutcome> => {
      const state = new URL(back.url).searchParams.get("state") ?? "";
      let claims;
      try {
        claims = await verifyIdToken(tokens.idToken(), { issuer: config.issuer, audience: config.clientId, jwksUri: endpoints.jwksUri, nonce: oidcNonce(state) });
      } catch (error) {
        console.warn("[etalase] masuk dengan akun kampus: ID token ditolak:", error instanceof Error ? error.message : error);
        return { ok: false, failure: "penyedia" };
      }
      const email = typeof claims.email === "string" ? claims.email.trim().toLowerCase() : "";
      if (!email) return { ok: false, failure: "tanpa-email" };
      if (claims.email_verified !== true) return { ok: false, failure: "belum-terverifikasi" };
      if (!config.emailDomains.includes(email.slice(email.lastIndexOf("@") + 1))) return { ok: false, failure: "domain" };
      return loginByEmail(getDb(), { email, ip: clientIp(back) });
    },
  );
  return new Authenticator<CampusOutcome>().use(strategy, "kampus");
}

/** Set-Cookie values that end every sign-in-in-flight cookie the request carries, and the return-to cookie. */
function clearFlowCookies(request: Request): string[] {
  const secure = isHttps(request) ? "; Secure" : "";
  const names = (request.headers.get("cookie") ?? "")
    .split(";")
    .map((part) => part.split("=")[0]!.trim())
    .filter((name) => name.startsWith(`${STATE_COOKIE}:`) || name === "etalase_ke_kampus");
  return [...new Set(names)].map((name) => `${name}=; Path=${CAMPUS_LOGIN_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

function notFound(): never {
  throw new Response("Tidak ditemukan.", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

/** Back to the login page with the failure's message; the flow's cookies end. */
function failed(request: Request, failure: CampusFailure, retryAfter?: number): Response {
  const headers = new Headers();
  for (const cookie of clearFlowCookies(request)) headers.append("Set-Cookie", cookie);
  const query = new URLSearchParams({ gagal: failure });
  if (retryAfter) query.set("tunggu", String(retryAfter));
  return redirect(`/login?${query}`, { headers });
}

/**
 * GET /login/kampus: to the provider's sign-in page, with state, PKCE and nonce; the page the
 * user came for (`redirectTo`) is kept for the way back. 404 while the campus sign-in is off.
 */
export async function startCampusLogin(request: Request): Promise<Response> {
  const config = oidcConfig();
  if (!config) notFound();
  const url = new URL(request.url);
  // A bare request: a `state` here must not be taken for the provider's answer.
  const start = new Request(new URL(CAMPUS_LOGIN_PATH, url).toString(), { headers: request.headers });
  let authenticator;
  try {
    authenticator = await campusAuthenticator(start, config);
    await authenticator.authenticate("kampus", start);
  } catch (thrown) {
    if (thrown instanceof Response && thrown.status === 302) {
      const headers = new Headers(thrown.headers);
      const returnTo = safeRedirectPath(url.searchParams.get("redirectTo"), "");
      if (returnTo) headers.append("Set-Cookie", await returnToCookie().serialize(returnTo, { secure: isHttps(request) }));
      return new Response(null, { status: 302, headers });
    }
    console.warn("[etalase] masuk dengan akun kampus: penyedia tidak dapat dihubungi:", thrown instanceof Error ? thrown.message : thrown);
    return failed(request, "penyedia");
  }
  // The strategy always answers a bare request with the way to the provider.
  return failed(request, "penyedia");
}

/**
 * GET /login/kampus/callback: the provider's answer. The state must be one this browser was
 * given, the code is exchanged with the PKCE verifier, the ID token checked (verifyIdToken), and
 * its verified e-mail signed in by the login rule; every refusal goes back to the login page
 * with its message. 404 while the campus sign-in is off.
 */
export async function finishCampusLogin(request: Request): Promise<Response> {
  const config = oidcConfig();
  if (!config) notFound();
  // Without a state the strategy would start a new sign-in instead of checking one.
  if (!new URL(request.url).searchParams.get("state")) return failed(request, "sesi");
  let outcome: CampusOutcome;
  try {
    outcome = await (await campusAuthenticator(request, config)).authenticate("kampus", request);
  } catch (error) {
    // remix-auth-oauth2: no state cookie (ReferenceError) or another state in it (RangeError).
    if (error instanceof ReferenceError || error instanceof RangeError) return failed(request, "sesi");
    if (!(error instanceof OAuth2RequestError)) {
      console.warn("[etalase] masuk dengan akun kampus: penyedia gagal:", error instanceof Error ? error.message : error);
    }
    return failed(request, "penyedia");
  }
  if (!outcome.ok) {
    if ("failure" in outcome) return failed(request, outcome.failure);
    if (outcome.status === 429) return failed(request, "terlalu-sering", outcome.retryAfter);
    return failed(request, outcome.status === 403 ? outcome.reason : "nonaktif");
  }
  const returnTo: unknown = await returnToCookie().parse(request.headers.get("cookie"));
  const headers = new Headers();
  for (const cookie of clearFlowCookies(request)) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await startSession(request, outcome.user.id));
  // The login rule admitted the user, so an area is open to them.
  return redirect(afterLogin(outcome.user.roles, typeof returnTo === "string" ? returnTo : null) ?? "/", { headers });
}
