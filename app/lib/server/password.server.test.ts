import { describe, expect, it } from "vitest";
import { isStrongPassword } from "~/domain/users/password.schema";
import { generatePassword, hashPassword, verifyPassword } from "~/lib/server/password.server";

describe("password", () => {
  it("hashes with argon2id and verifies", async () => {
    const h = await hashPassword("Rahasia123");
    expect(h.startsWith("$argon2id$v=19$m=19456,t=2,p=1$")).toBe(true);
    expect(await verifyPassword(h, "Rahasia123")).toBe(true);
    expect(await verifyPassword(h, "rahasia123")).toBe(false);
  });

  it("returns false for a malformed hash", async () => {
    expect(await verifyPassword("not-a-hash", "x")).toBe(false);
  });

  it("generates strong, distinct 14-character passwords", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const p = generatePassword();
      expect(p).toHaveLength(14);
      expect(isStrongPassword(p)).toBe(true);
      expect(p).not.toMatch(/[lI1oO0]/);
      seen.add(p);
    }
    expect(seen.size).toBe(200);
  });

  it("applies the spec rule", () => {
    expect(isStrongPassword("Abcdefg1")).toBe(true);
    expect(isStrongPassword("Abcdef1")).toBe(false);
    expect(isStrongPassword("abcdefg1")).toBe(false);
    expect(isStrongPassword("ABCDEFG1")).toBe(false);
    expect(isStrongPassword("Abcdefgh")).toBe(false);
  });
});
