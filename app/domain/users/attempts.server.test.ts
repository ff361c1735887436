import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDb, type TestDb } from "../../../tests/setup/test-db";
import { attemptDelaySeconds, beginAttempt, FIRST_DELAY_SECONDS, FREE_ATTEMPTS, MAX_DELAY_SECONDS, waitText } from "~/domain/users/attempts.server";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

describe("attemptDelaySeconds", () => {
  it("is free for the first attempts, then doubles from 15 s up to 15 minutes", () => {
    const delays = Array.from({ length: 14 }, (_, i) => attemptDelaySeconds(i + 1));
    expect(delays.slice(0, FREE_ATTEMPTS - 1)).toEqual([0, 0, 0, 0]);
    expect(delays.slice(FREE_ATTEMPTS - 1, FREE_ATTEMPTS + 6)).toEqual([15, 30, 60, 120, 240, 480, 900]);
    expect(Math.max(...delays)).toBe(MAX_DELAY_SECONDS);
  });
});

describe("beginAttempt", () => {
  it("blocks for the growing delay, lets one attempt through once it passed, and forgets after a success", async () => {
    const start = new Date("2026-11-24T10:00:00Z");
    for (let i = 0; i < FREE_ATTEMPTS; i++) {
      const attempt = await beginAttempt(t.db, "login", "operator", "10.0.0.1", start);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) attempt.settle(false);
    }
    const blocked = await beginAttempt(t.db, "login", "operator", "10.0.0.1", at(start, 1));
    expect(blocked).toEqual({ allowed: false, retryAfter: FIRST_DELAY_SECONDS - 1 });
    // Same account from another address, and the same address on the other scope: untouched.
    expect((await beginAttempt(t.db, "login", "operator", "10.0.0.2", at(start, 1))).allowed).toBe(true);
    expect((await beginAttempt(t.db, "password", "operator", "10.0.0.1", at(start, 1))).allowed).toBe(true);

    const sixth = await beginAttempt(t.db, "login", "Operator ", "10.0.0.1", at(start, FIRST_DELAY_SECONDS));
    expect(sixth.allowed).toBe(true);
    const waitAgain = await beginAttempt(t.db, "login", "operator", "10.0.0.1", at(start, FIRST_DELAY_SECONDS + 1));
    expect(waitAgain).toEqual({ allowed: false, retryAfter: 2 * FIRST_DELAY_SECONDS - 1 });

    const later = at(start, 3 * FIRST_DELAY_SECONDS + 1);
    const success = await beginAttempt(t.db, "login", "operator", "10.0.0.1", later);
    expect(success.allowed).toBe(true);
    if (success.allowed) success.settle(true);
    for (let i = 0; i < FREE_ATTEMPTS - 1; i++) {
      expect((await beginAttempt(t.db, "login", "operator", "10.0.0.1", later)).allowed).toBe(true);
    }
  });

  it("forgets an address's count a day after its last attempt", async () => {
    const start = new Date("2026-11-24T10:00:00Z");
    for (let i = 0; i < FREE_ATTEMPTS + 2; i++) await beginAttempt(t.db, "login", "budi", "10.0.0.3", at(start, i * 3600));
    const nextDay = at(start, (FREE_ATTEMPTS + 1) * 3600 + 24 * 3600 + 1);
    for (let i = 0; i < FREE_ATTEMPTS - 1; i++) {
      expect((await beginAttempt(t.db, "login", "budi", "10.0.0.3", nextDay)).allowed).toBe(true);
    }
  });
});

describe("waitText", () => {
  it("says seconds under a minute, whole minutes from there", () => {
    expect(waitText(15)).toBe("15 detik");
    expect(waitText(60)).toBe("1 menit");
    expect(waitText(61)).toBe("2 menit");
  });
});
