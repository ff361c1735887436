import { describe, expect, it } from "vitest";
import * as schema from "../../../db/schema";
import { clientNetwork, pruneRateLimits } from "~/lib/server/throttle.server";
import { eachTestDb } from "../../../tests/setup/test-db";

const each = eachTestDb();

describe("clientNetwork", () => {
  it("an IPv4 address stays whole, also when written as IPv6", () => {
    expect(clientNetwork("203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(clientNetwork("local")).toBe("local");
  });

  it("an IPv6 address is its /64: every address of one subscriber's network is one key", () => {
    expect(clientNetwork("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:0db8:0001:0002:0:0:0:ffff")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("fe80::1%eth0")).toBe("fe80:0:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
    expect(clientNetwork("64:ff9b::192.0.2.1")).toBe("64:ff9b:0:0::/64");
    expect(clientNetwork("2001:db8:1:2:3:4:192.0.2.1")).toBe("2001:db8:1:2::/64");
    expect(clientNetwork("2001:db8:1:3::1")).not.toBe(clientNetwork("2001:db8:1:2::1"));
  });
});

describe("pruneRateLimits (the daily job)", () => {
  it("removes the counters whose window is over, keeps the running ones and those without an end", () => {
    const now = new Date("2026-03-10T05:00:00Z");
    each.t.db.delete(schema.rateLimits).run();
    each.t.db
      .insert(schema.rateLimits)
      .values([
        { key: "lama", points: 3, expire: now.getTime() - 1 },
        { key: "jalan", points: 1, expire: now.getTime() + 60_000 },
        { key: "tetap", points: 1, expire: null },
      ])
      .run();
    expect(pruneRateLimits(each.t.db, now)).toBe(1);
    expect(each.t.db.select({ key: schema.rateLimits.key }).from(schema.rateLimits).all().map((r) => r.key).sort()).toEqual(["jalan", "tetap"]);
    expect(pruneRateLimits(each.t.db, now)).toBe(0);
  });
});
