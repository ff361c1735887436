/**
 * The campus's OpenID Connect provider as the sign-in sees it (README, "Campus login"): its
 * settings from the env, its discovery document, and the checks of the ID token it returns —
 * signature against the provider's published keys, issuer, audience, expiry and nonce — made by
 * `jose`, a well-kept library, never by hand.
 */
import { createHmac } from "node:crypto";
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from "jose";
import { getEnv } from "~/lib/server/env.server";

export type OidcConfig = { issuer: string; clientId: string; clientSecret: string; emailDomains: string[] };

/** The provider's settings, or null while the campus sign-in is off (any of the four unset). */
export function oidcConfig(): OidcConfig | null {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID || !env.OIDC_CLIENT_SECRET || !env.OIDC_EMAIL_DOMAINS) return null;
  return { issuer: env.OIDC_ISSUER, clientId: env.OIDC_CLIENT_ID, clientSecret: env.OIDC_CLIENT_SECRET, emailDomains: env.OIDC_EMAIL_DOMAINS };
}

/** What the sign-in needs from the provider's discovery document. */
export type OidcEndpoints = { authorizationEndpoint: string; tokenEndpoint: string; jwksUri: string; s256: boolean };

/** A discovery document asks the provider over the network: kept per issuer once it was read whole. */
const discovered = new Map<string, Promise<OidcEndpoints>>();

const DISCOVERY_TIMEOUT_MS = 10_000;

async function fetchEndpoints(issuer: string): Promise<OidcEndpoints> {
  const url = `${issuer.replace(/\/+$/, "")}/.well-known/openid-configuration`;
  const response = await fetch(url, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(DISCOVERY_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`OpenID discovery ${url}: HTTP ${response.status}`);
  const doc = (await response.json()) as Record<string, unknown>;
  // OpenID Connect Discovery 1.0, section 4.3: the document must name exactly the issuer asked
  // for; anything else could make tokens of another issuer look like this one's.
  if (doc.issuer !== issuer) throw new Error(`OpenID discovery ${url}: issuer ${String(doc.issuer)} is not ${issuer}`);
  const text = (key: string) => {
    const value = doc[key];
    if (typeof value !== "string" || !/^https?:\/\//.test(value)) throw new Error(`OpenID discovery ${url}: no ${key}`);
    return value;
  };
  const methods = doc.code_challenge_methods_supported;
  return {
    authorizationEndpoint: text("authorization_endpoint"),
    tokenEndpoint: text("token_endpoint"),
    jwksUri: text("jwks_uri"),
    // Providers that do not list their methods (Google does not) take S256 all the same.
    s256: !Array.isArray(methods) || methods.includes("S256"),
  };
}

/** The provider's endpoints; a failed discovery is asked again on the next sign-in. */
export function oidcEndpoints(issuer: string): Promise<OidcEndpoints> {
  let pending = discovered.get(issuer);
  if (!pending) {
    pending = fetchEndpoints(issuer);
    discovered.set(issuer, pending);
    pending.catch(() => discovered.delete(issuer));
  }
  return pending;
}

/**
 * The nonce sent with a sign-in: derived from its state with the session secret, so nothing more
 * is kept between the two legs, and an ID token answers only the sign-in that asked for it.
 */
export function oidcNonce(state: string): string {
  return createHmac("sha256", getEnv().SESSION_SECRET).update(`oidc-nonce:${state}`).digest("base64url");
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

/** The ID token's claims once jose has checked its signature, issuer, audience, times and nonce; throws otherwise. */
export async function verifyIdToken(idToken: string, expected: { issuer: string; audience: string; jwksUri: string; nonce: string }): Promise<JWTPayload> {
  let keys = keySets.get(expected.jwksUri);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(expected.jwksUri));
    keySets.set(expected.jwksUri, keys);
  }
  const { payload } = await jwtVerify(idToken, keys, { issuer: expected.issuer, audience: expected.audience, clockTolerance: 60 });
  if (payload.nonce !== expected.nonce) throw new Error("OpenID ID token: the nonce does not match the sign-in's");
  return payload;
}
