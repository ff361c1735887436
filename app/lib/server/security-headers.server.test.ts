import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, hashedPolicy, inlineScriptHashes } from "~/lib/server/security-headers.server";

const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

describe("a cached page's policy", () => {
  it("allows exactly its inline scripts by SHA-256 (module scripts too), not scripts with src", () => {
    const html = `<html><script>window.a = 1;</script><p>x</p><script type="module" async="">import "/assets/x.js";</script><script src="/evil.js"></script><script>window.a = 1;</script></html>`;
    expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/assets/x.js";')]);
    const policy = hashedPolicy(html);
    expect(policy).toContain(`script-src ${sha("window.a = 1;")} ${sha('import "/assets/x.js";')} 'strict-dynamic'`);
    expect(policy).not.toContain("nonce");
    expect(policy).toContain("object-src 'none'");
  });

  it("no inline script: none may run", () => {
    expect(hashedPolicy("<html><p>x</p></html>")).toContain("script-src 'none';");
  });

  it("a per-response page: its nonce and strict-dynamic; development allows Vite", () => {
    expect(contentSecurityPolicy("'nonce-abc'", true)).toContain("script-src 'nonce-abc' 'strict-dynamic';");
    expect(contentSecurityPolicy("'nonce-abc'", false)).toContain("script-src 'self' 'unsafe-inline' 'unsafe-eval';");
  });
});
