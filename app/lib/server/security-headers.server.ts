/**
 * The security headers of every response, and the two ways a page's scripts are allowed:
 * - a page rendered for one response carries a fresh nonce on its scripts (`'nonce-…'`);
 * - a page kept in the public page cache is allowed by the SHA-256 of each inline script the
 *   app rendered into it (`'sha256-…'`): its stored, pre-compressed bytes are sent to every
 *   visitor as they are, and no nonce exists that a later response could reuse. The app's own
 *   scripts are told apart by a one-time marker they are rendered with (a script that came in
 *   with content lacks it and stays blocked); the marker is removed before the page is stored.
 * Both add 'strict-dynamic' (the scripts those load, Vite's chunks, are trusted through them).
 */
import crypto from "node:crypto";

const FRAMES = "https://www.google.com https://maps.google.com https://www.youtube.com https://www.youtube-nocookie.com https://player.vimeo.com";

/** The Content-Security-Policy with this script-src; development allows Vite's inline and eval. */
export function contentSecurityPolicy(scriptSources: string, production: boolean): string {
  return [
    "default-src 'self'",
    `script-src ${production ? `${scriptSources} 'strict-dynamic'` : "'self' 'unsafe-inline' 'unsafe-eval'"}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${production ? "" : " ws: wss:"}`,
    `frame-src ${FRAMES}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}

/** Headers every response carries, whatever it is. */
export const SECURITY_HEADERS: readonly (readonly [string, string])[] = [
  ["X-Content-Type-Options", "nosniff"],
  ["Referrer-Policy", "strict-origin-when-cross-origin"],
  ["X-Frame-Options", "SAMEORIGIN"],
  ["Cross-Origin-Opener-Policy", "same-origin"],
  ["Permissions-Policy", "camera=(), microphone=(), geolocation=()"],
];

/** A fresh nonce for one response's scripts. */
export function newNonce(): string {
  // 16 bytes of a pool filled by the CSPRNG 256 nonces at a time, each byte used once (as
  // crypto.randomUUID does): one randomBytes call per request was ~1 % of a page's CPU.
  if (noncePoolOffset === NONCE_POOL.length) {
    crypto.randomFillSync(NONCE_POOL);
    noncePoolOffset = 0;
  }
  const nonce = NONCE_POOL.toString("base64", noncePoolOffset, noncePoolOffset + 16);
  noncePoolOffset += 16;
  return nonce;
}
const NONCE_POOL = Buffer.alloc(16 * 256);
let noncePoolOffset = NONCE_POOL.length;

// An inline script: no src attribute; React escapes "</script" inside, so the first close ends it.
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;

/** `'sha256-…'` of every inline script of a page that carries `nonce="<marker>"`, in order (duplicates once). */
export function inlineScriptHashes(html: string, marker: string): string[] {
  const hashes = new Set<string>();
  const own = ` nonce="${marker}"`;
  for (const [, attributes = "", content] of html.matchAll(INLINE_SCRIPT)) {
    if (!marker || !` ${attributes}`.includes(own) || /\bsrc\s*=/i.test(attributes)) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(content ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** The policy of a page kept for everyone: the app's inline scripts by hash, nothing else. */
export function hashedPolicy(html: string, marker: string): string {
  const hashes = inlineScriptHashes(html, marker);
  // A page without inline scripts runs none ('none' cannot be combined with other sources).
  return contentSecurityPolicy(hashes.length ? hashes.join(" ") : "'none'", true).replace("'none' 'strict-dynamic'", "'none'");
}

/**
 * A page rendered with `marker` as its scripts' nonce, made shareable: the policy of its own
 * scripts, and the HTML without the marker.
 */
export function shareablePage(html: string, marker: string): { html: string; policy: string } {
  return { policy: hashedPolicy(html, marker), html: html.replaceAll(` nonce="${marker}"`, "") };
}
