import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashedPolicy, inlineScriptHashes, newNonce, shareablePage } from "~/lib/server/security-headers.server";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("a response's nonce", () => {
  it("is 16 random bytes, never the same twice, also across the pool's refills", () => {
    const nonces = Array.from({ length: 1000 }, newNonce);
    for (const nonce of nonces) expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    expect(new Set(nonces).size).toBe(1000);
  });
});

describe("a cached page's policy", () => {
  it("allows exactly the app's inline scripts by SHA-256 (module scripts too): not one that came with content, not src", () => {
    const html = `<html><script nonce="M1">window.a = 1;</script><p>x</p><script nonce="M1" type="module" async="">import "/assets/x.js";</script><script src="/evil.js" nonce="M1"></script><script>alert("dari konten")</script><script nonce="M2">alert(2)</script><script nonce="M1">window.a = 1;</script></html>`;
    expect(inlineScriptHashes(html, "M1")).toEqual([sha("window.a = 1;"), sha('import "/assets/x.js";')]);
    const policy = hashedPolicy(html, "M1");
    expect(policy).toContain(`script-src ${sha("window.a = 1;")} ${sha('import "/assets/x.js";')} 'strict-dynamic'`);
    expect(policy).not.toContain("nonce");
    expect(policy).toContain("object-src 'none'");
  });

  it("no inline script: none may run", () => {
    expect(hashedPolicy("<html><p>x</p></html>", "M1")).toContain("script-src 'none';");
    expect(hashedPolicy("<html><script>x()</script></html>", "")).toContain("script-src 'none';");
  });

  it("the stored page keeps no trace of the marker", () => {
    const page = shareablePage(`<script nonce="M1">a()</script><link nonce="M1" rel="modulepreload">`, "M1");
    expect(page.html).toBe(`<script>a()</script><link rel="modulepreload">`);
    expect(page.policy).toContain(sha("a()"));
  });

  it("a per-response page: its nonce and strict-dynamic; development allows Vite", () => {
    expect(contentSecurityPolicy("'nonce-abc'", true)).toContain("script-src 'nonce-abc' 'strict-dynamic';");
    expect(contentSecurityPolicy("'nonce-abc'", false)).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval';");
  });
});
