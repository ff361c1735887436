import { describe, expect, it } from "vitest";
import { BodyBudget } from "~/lib/server/body-budget.server";

describe("the memory budget for request bodies", () => {
  it("reserves until the total is reached, and again once bytes are released (each release once)", () => {
    const budget = new BodyBudget(10, 4);
    const first = budget.reserve(6, false)!;
    expect(first).toBeTypeOf("function");
    expect(budget.reserve(5, false)).toBeNull();
    const second = budget.reserve(4, false)!;
    expect(budget.usage).toEqual({ held: 10, anonymous: 0 });
    first();
    first();
    expect(budget.usage).toEqual({ held: 4, anonymous: 0 });
    expect(budget.reserve(6, false)).not.toBeNull();
    second();
  });

  it("lets anonymous senders hold their share only, and counts them in the total", () => {
    const budget = new BodyBudget(10, 4);
    const anonymous = budget.reserve(3, true)!;
    expect(budget.reserve(2, true)).toBeNull();
    // Signed-in senders still have the rest.
    expect(budget.reserve(7, false)).not.toBeNull();
    expect(budget.usage).toEqual({ held: 10, anonymous: 3 });
    expect(budget.reserve(1, true)).toBeNull();
    anonymous();
    expect(budget.usage).toEqual({ held: 7, anonymous: 0 });
    expect(budget.reserve(3, true)).not.toBeNull();
  });

  it("takes a quarter for anonymous senders by default", () => {
    expect(new BodyBudget(64).anonymousTotal).toBe(16);
  });
});
