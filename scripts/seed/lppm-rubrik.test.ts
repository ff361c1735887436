import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { TOTAL_BOBOT } from "../../app/domain/lppm/rubrik";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { DEFAULT_RUBRIK, seedLppmRubrik } from "./lppm-rubrik";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

describe("seedLppmRubrik", () => {
  it("the defaults: scored rubrics sum to 100, administrasi is a checklist", () => {
    for (const r of DEFAULT_RUBRIK) {
      const total = r.kriteria.reduce((sum, [, bobot]) => sum + bobot, 0);
      expect(total, `${r.jenis} ${r.tahap}`).toBe(r.tahap === "administrasi" ? 0 : TOTAL_BOBOT);
    }
  });

  it("writes nothing once any rubric exists (the seeded copy already has them), and again after the operator removed them all", () => {
    expect(t.db.select().from(schema.rubrik).all()).toHaveLength(DEFAULT_RUBRIK.length);
    expect(seedLppmRubrik(t.db)).toBe(0);
    t.db.delete(schema.rubrik).run();
    expect(t.db.select().from(schema.rubrikKriteria).all()).toEqual([]);
    expect(seedLppmRubrik(t.db)).toBe(DEFAULT_RUBRIK.length);
    expect(seedLppmRubrik(t.db)).toBe(0);
  });
});
