/**
 * Sign-in with the campus account, against a REAL OpenID provider (oidc-provider, started on
 * 127.0.0.1 by this file): the app's routes are called with real Requests, the browser's trip
 * through the provider is made with fetch and a cookie jar, and the provider's redirect back
 * is handed to the callback route with the cookies the app set. Covered: success (session, the
 * landing page or the page asked for, the activity log), an unknown e-mail, a domain not
 * allowed, a tampered or missing state, an inactive account, an unverified e-mail, an e-mail
 * on two accounts, the provider refusing, a replayed answer, the login throttle; and off by
 * default.
 */
import { desc, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import * as loginRoute from "~/routes/auth/login";
import * as kampusStart from "~/routes/auth/login-kampus";
import * as kampusCallback from "~/routes/auth/login-kampus-callback";
import { CAMPUS_LOGIN_MESSAGES } from "~/http/auth.server";
import { FREE_ATTEMPTS, tooManyAttemptsMessage } from "~/domain/users/attempts.server";
import { getCurrentUser } from "~/http/session.server";
import { resetEnvCache } from "~/lib/server/env.server";
import { addUser } from "../setup/data";
import { startOidcProvider } from "../setup/oidc-provider.mjs";
import { callLoader, TEST_ORIGIN, type RouteResult } from "../setup/route";
import { createTestDb, type TestDb } from "../setup/test-db";

const OIDC_KEYS = ["OIDC_ISSUER", "OIDC_CLIENT_ID", "OIDC_CLIENT_SECRET", "OIDC_EMAIL_DOMAINS"] as const;
const UNVERIFIED = "belum@kampus.test";

let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestDb;

function setOidcEnv() {
  Object.assign(process.env, {
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: provider.clientId,
    OIDC_CLIENT_SECRET: provider.clientSecret,
    OIDC_EMAIL_DOMAINS: "kampus.test, fakultas.kampus.test",
  });
  resetEnvCache();
}

function clearOidcEnv() {
  for (const key of OIDC_KEYS) delete process.env[key];
  resetEnvCache();
}

beforeAll(async () => {
  provider = await startOidcProvider({ redirectUris: [`${TEST_ORIGIN}/login/kampus/callback`], unverified: [UNVERIFIED] });
});
afterAll(async () => {
  clearOidcEnv();
  await provider.close();
});
beforeEach(() => {
  t = createTestDb();
  setOidcEnv();
});
afterEach(() => {
  clearOidcEnv();
  t.cleanup();
});

/** `name=value` of every cookie a response sets (a cleared one drops out of `jar`). */
function keep(jar: Map<string, string>, headers: Headers) {
  for (const line of headers.getSetCookie()) {
    const [pair = ""] = line.split(";");
    const at = pair.indexOf("=");
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (!value || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}

const cookieHeader = (jar: Map<string, string>) => [...jar].map(([k, v]) => `${k}=${v}`).join("; ");

type Trip = { start: RouteResult; authorizeUrl: URL; callbackUrl: string; appCookies: Map<string, string> };

/**
 * 'Masuk dengan akun kampus' up to the provider's redirect back to the app: the start route,
 * then the provider's pages as a browser walks them, signing in as `email` (or refusing).
 */
type TripOptions = { redirectTo?: string; aksi?: "masuk" | "tolak"; /** What a meddler changes in the request to the provider. */ tamper?: (authorize: URL) => void };

async function toProviderAndBack(email: string, { redirectTo, aksi = "masuk", tamper }: TripOptions = {}): Promise<Trip> {
  const start = await callLoader(kampusStart, `/login/kampus${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ""}`);
  expect(start.status).toBe(302);
  const appCookies = new Map<string, string>();
  keep(appCookies, start.headers);
  const authorizeUrl = new URL(start.location!);
  tamper?.(authorizeUrl);
  const jar = new Map<string, string>();
  let next = authorizeUrl.toString();
  let posted = false;
  for (let hop = 0; hop < 10; hop++) {
    if (next.startsWith(TEST_ORIGIN)) return { start, authorizeUrl, callbackUrl: next, appCookies };
    const loginPage = /\/masuk\/[^/?]+$/.test(new URL(next).pathname);
    const response =
      loginPage && !posted
        ? await fetch(next, {
            method: "POST",
            redirect: "manual",
            headers: { Cookie: cookieHeader(jar), "Content-Type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ email, aksi }),
          })
        : await fetch(next, { redirect: "manual", headers: { Cookie: cookieHeader(jar) } });
    posted ||= loginPage;
    keep(jar, response.headers);
    const location = response.headers.get("location");
    if (!location) throw new Error(`The provider stopped at ${next}: ${response.status} ${await response.text()}`);
    next = new URL(location, next).toString();
  }
  throw new Error("The provider never sent the browser back");
}

function callback(url: string, cookies: Map<string, string>) {
  return callLoader(kampusCallback, url, {}, { headers: { Cookie: cookieHeader(cookies) } });
}

async function signIn(email: string, options: TripOptions = {}) {
  const trip = await toProviderAndBack(email, options);
  return { trip, result: await callback(trip.callbackUrl, trip.appCookies) };
}

/** The login page a refusal lands on shows its message. */
async function loginPageMessage(location: string | null): Promise<unknown> {
  expect(location).toMatch(/^\/login\?gagal=/);
  const page = await callLoader<{ kampusMessage: string | null }>(loginRoute, location!);
  return page.data.kampusMessage;
}

function sessionCookieOf(result: RouteResult): string {
  const line = result.headers.getSetCookie().find((c) => c.startsWith("etalase_sid="));
  if (!line) throw new Error("no session cookie");
  return line.split(";")[0]!;
}

describe("campus sign-in through a real OpenID provider", () => {
  it("signs a lecturer in by their verified e-mail: the same session, landing and activity log as the password login", async () => {
    const dosen = await addUser(t.db, ["Pengusul"], { email: "Dosen.Satu@kampus.test" });
    const { trip, result } = await signIn("dosen.satu@kampus.test");
    // Authorization code with PKCE (S256), state and nonce.
    const params = trip.authorizeUrl.searchParams;
    expect(params.get("response_type")).toBe("code");
    expect(params.get("code_challenge_method")).toBe("S256");
    expect(params.get("code_challenge")).toBeTruthy();
    expect(params.get("state")).toBeTruthy();
    expect(params.get("nonce")).toBeTruthy();
    expect(params.get("scope")).toBe("openid email");
    expect(params.get("redirect_uri")).toBe(`${TEST_ORIGIN}/login/kampus/callback`);

    expect(result.status).toBe(302);
    expect(result.location).toBe("/pengusul/dashboard");
    const cookie = sessionCookieOf(result);
    const user = await getCurrentUser(new Request(`${TEST_ORIGIN}/pengusul/dashboard`, { headers: { Cookie: cookie } }));
    expect(user?.id).toBe(dosen.id);
    // The sign-in's own cookies end.
    expect(result.headers.getSetCookie().some((c) => c.startsWith("etalase_oidc:") && /Max-Age=0/.test(c))).toBe(true);
    const log = t.db.select().from(schema.aktivitas).orderBy(desc(schema.aktivitas.id)).get();
    expect(log).toMatchObject({ aksi: "masuk", entitas: "users", id_user: dosen.id, ringkasan: "Lewat akun kampus" });
  });

  it("goes on to the page asked for when the user may open it, never to another site", async () => {
    await addUser(t.db, ["Pengusul"], { email: "dua@fakultas.kampus.test" });
    expect((await signIn("dua@fakultas.kampus.test", { redirectTo: "/pengusul/dashboard?tab=1" })).result.location).toBe("/pengusul/dashboard?tab=1");
    expect((await signIn("dua@fakultas.kampus.test", { redirectTo: "//evil.example/x" })).result.location).toBe("/pengusul/dashboard");
    expect((await signIn("dua@fakultas.kampus.test", { redirectTo: "/operator/dashboard" })).result.location).toBe("/pengusul/dashboard");
  });

  it("refuses an e-mail no account has", async () => {
    await addUser(t.db, ["Pengusul"], { email: "ada@kampus.test" });
    const { result } = await signIn("tidak.ada@kampus.test");
    expect(result.status).toBe(302);
    expect(result.headers.getSetCookie().some((c) => c.startsWith("etalase_sid="))).toBe(false);
    expect(await loginPageMessage(result.location)).toBe(CAMPUS_LOGIN_MESSAGES["tidak-dikenal"]);
  });

  it("refuses a domain that is not allowed, even when an account has that e-mail", async () => {
    await addUser(t.db, ["Pengusul"], { email: "dosen@gmail.example" });
    const { result } = await signIn("dosen@gmail.example");
    expect(await loginPageMessage(result.location)).toBe(CAMPUS_LOGIN_MESSAGES.domain);
    // A look-alike of an allowed domain is another domain.
    await addUser(t.db, ["Pengusul"], { email: "dosen@bukankampus.test" });
    expect(await loginPageMessage((await signIn("dosen@bukankampus.test")).result.location)).toBe(CAMPUS_LOGIN_MESSAGES.domain);
  });

  it("refuses a tampered or missing state, and a state cookie of another sign-in", async () => {
    await addUser(t.db, ["Pengusul"], { email: "state@kampus.test" });
    const trip = await toProviderAndBack("state@kampus.test");
    const tampered = new URL(trip.callbackUrl);
    tampered.searchParams.set("state", `${tampered.searchParams.get("state")}x`);
    expect(await loginPageMessage((await callback(tampered.toString(), trip.appCookies)).location)).toBe(CAMPUS_LOGIN_MESSAGES.sesi);
    const noState = new URL(trip.callbackUrl);
    noState.searchParams.delete("state");
    expect(await loginPageMessage((await callback(noState.toString(), trip.appCookies)).location)).toBe(CAMPUS_LOGIN_MESSAGES.sesi);
    // The answer arrives in a browser that did not start the sign-in (no state cookie).
    expect(await loginPageMessage((await callback(trip.callbackUrl, new Map())).location)).toBe(CAMPUS_LOGIN_MESSAGES.sesi);
    // Another sign-in's cookie does not vouch for this state.
    const other = await callLoader(kampusStart, "/login/kampus");
    const otherCookies = new Map<string, string>();
    keep(otherCookies, other.headers);
    expect(await loginPageMessage((await callback(trip.callbackUrl, otherCookies)).location)).toBe(CAMPUS_LOGIN_MESSAGES.sesi);
    // The untouched answer still signs in once; replayed, the provider refuses the used code.
    const ok = await callback(trip.callbackUrl, trip.appCookies);
    expect(ok.location).toBe("/pengusul/dashboard");
    expect(await loginPageMessage((await callback(trip.callbackUrl, trip.appCookies)).location)).toBe(CAMPUS_LOGIN_MESSAGES.penyedia);
  });

  it("refuses an inactive account, and one with no area open to it", async () => {
    await addUser(t.db, ["Pengusul"], { email: "nonaktif@kampus.test", status_aktif: "Tidak-Aktif" });
    expect(await loginPageMessage((await signIn("nonaktif@kampus.test")).result.location)).toBe(CAMPUS_LOGIN_MESSAGES.nonaktif);
    await addUser(t.db, [], { email: "tanpaperan@kampus.test" });
    expect(await loginPageMessage((await signIn("tanpaperan@kampus.test")).result.location)).toBe(CAMPUS_LOGIN_MESSAGES.nonaktif);
  });

  it("refuses an e-mail the provider has not verified", async () => {
    await addUser(t.db, ["Pengusul"], { email: UNVERIFIED });
    expect(await loginPageMessage((await signIn(UNVERIFIED)).result.location)).toBe(CAMPUS_LOGIN_MESSAGES["belum-terverifikasi"]);
  });

  it("refuses an e-mail two active accounts share rather than guess between them", async () => {
    await addUser(t.db, ["Pengusul"], { email: "kembar@kampus.test" });
    await addUser(t.db, ["Reviewer-Internal"], { email: "KEMBAR@kampus.test" });
    expect(await loginPageMessage((await signIn("kembar@kampus.test")).result.location)).toBe(CAMPUS_LOGIN_MESSAGES.ganda);
  });

  it("counts refusals in the password login's throttle: the sixth try in a row waits, and the login page says how long", async () => {
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      expect(await loginPageMessage((await signIn("berulang@kampus.test")).result.location)).toBe(CAMPUS_LOGIN_MESSAGES["tidak-dikenal"]);
    }
    const { result } = await signIn("berulang@kampus.test");
    expect(result.location).toMatch(/^\/login\?gagal=terlalu-sering&tunggu=\d+$/);
    const wait = Number(new URL(result.location!, TEST_ORIGIN).searchParams.get("tunggu"));
    expect(await loginPageMessage(result.location)).toBe(tooManyAttemptsMessage("login", wait));
  });

  it("says so when the provider refuses the sign-in", async () => {
    await addUser(t.db, ["Pengusul"], { email: "tolak@kampus.test" });
    const { trip, result } = await signIn("tolak@kampus.test", { aksi: "tolak" });
    expect(new URL(trip.callbackUrl).searchParams.get("error")).toBe("access_denied");
    expect(await loginPageMessage(result.location)).toBe(CAMPUS_LOGIN_MESSAGES.penyedia);
  });

  it("refuses an ID token that does not answer this sign-in (another nonce)", async () => {
    await addUser(t.db, ["Pengusul"], { email: "nonce@kampus.test" });
    const { result } = await signIn("nonce@kampus.test", { tamper: (url) => url.searchParams.set("nonce", "nonce-lain") });
    expect(await loginPageMessage(result.location)).toBe(CAMPUS_LOGIN_MESSAGES.penyedia);
    expect(result.headers.getSetCookie().some((c) => c.startsWith("etalase_sid="))).toBe(false);
  });

  it("refuses a provider whose discovery document names another issuer", async () => {
    process.env.OIDC_ISSUER = `${provider.issuer}/`;
    resetEnvCache();
    const result = await callLoader(kampusStart, "/login/kampus");
    expect(await loginPageMessage(result.location)).toBe(CAMPUS_LOGIN_MESSAGES.penyedia);
  });

  it("says so when the provider cannot be reached", async () => {
    process.env.OIDC_ISSUER = "http://127.0.0.1:9/";
    resetEnvCache();
    const result = await callLoader(kampusStart, "/login/kampus");
    expect(await loginPageMessage(result.location)).toBe(CAMPUS_LOGIN_MESSAGES.penyedia);
  });

  it("shows 'Masuk dengan akun kampus' on the login page, and shows no message for an unknown ?gagal", async () => {
    const page = await callLoader<{ kampus: string | null; kampusMessage: string | null }>(loginRoute, "/login?redirectTo=%2Fpengusul%2Fdashboard&gagal=lain");
    expect(page.data.kampus).toBe("/login/kampus?redirectTo=%2Fpengusul%2Fdashboard");
    expect(page.data.kampusMessage).toBeNull();
  });

  it("is off unless all four settings are set: no button, both routes 404", async () => {
    clearOidcEnv();
    const page = await callLoader<{ kampus: string | null }>(loginRoute, "/login");
    expect(page.data.kampus).toBeNull();
    expect((await callLoader(kampusStart, "/login/kampus")).status).toBe(404);
    expect((await callLoader(kampusCallback, "/login/kampus/callback?state=a&code=b")).status).toBe(404);
    expect(t.db.select().from(schema.aktivitas).where(eq(schema.aktivitas.ringkasan, "Lewat akun kampus")).all()).toHaveLength(0);
  });
});
