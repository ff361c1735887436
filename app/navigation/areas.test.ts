import { describe, expect, it } from "vitest";
import { opensAnArea, ROLES, type Role } from "~/domain/users/roles";
import { areasFor } from "~/navigation/areas";

describe("who may sign in and the areas they open", () => {
  it("agree for every set of roles, with the LPPM module on and off", () => {
    // Every subset of the seven roles (128), both ways.
    for (let mask = 0; mask < 1 << ROLES.length; mask++) {
      const roles: Role[] = ROLES.filter((_, i) => mask & (1 << i));
      for (const modulLppm of [true, false]) {
        expect(opensAnArea(roles, modulLppm), `${roles.join(",")} lppm=${modulLppm}`).toBe(areasFor(roles, modulLppm).length > 0);
      }
    }
  });
});
