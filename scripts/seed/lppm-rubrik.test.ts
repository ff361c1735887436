import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as schema from "../../db/schema";
import { isScored, TOTAL_BOBOT } from "../../app/domain/lppm/rubrik";
import { createTestDb, type TestDb } from "../../tests/setup/test-db";
import { DEFAULT_CHECKLIST_INSENTIF, DEFAULT_RUBRIK, seedLppmRubrik } from "./lppm-rubrik";

let t: TestDb;
beforeEach(() => {
  t = createTestDb();
});
afterEach(() => t.cleanup());

describe("seedLppmRubrik", () => {
  it("the defaults: scored rubrics sum to 100, administrasi and insentif are checklists; only substansi describes its scores", () => {
    for (const r of DEFAULT_RUBRIK) {
      const total = r.kriteria.reduce((sum, [, bobot]) => sum + bobot, 0);
      expect(total, `${r.jenis} ${r.tahap}`).toBe(isScored(r.tahap) ? TOTAL_BOBOT : 0);
    }
    expect(DEFAULT_RUBRIK.filter((r) => r.tahap === "insentif").map((r) => r.kriteria.map(([k]) => k))).toEqual([[...DEFAULT_CHECKLIST_INSENTIF]]);
    const described = t.db
      .select({ tahap: schema.rubrik.tahap, deskripsi: schema.rubrikKriteria.deskripsi_skor })
      .from(schema.rubrikKriteria)
      .innerJoin(schema.rubrik, eq(schema.rubrik.id, schema.rubrikKriteria.id_rubrik))
      .all();
    expect(new Set(described.filter((k) => k.deskripsi !== null).map((k) => k.tahap))).toEqual(new Set(["substansi"]));
  });

  it("the migration that gives older installs the insentif rubric copies the same checklist", () => {
    const dir = path.join(import.meta.dirname, "../../db/migrations");
    const file = fs.readdirSync(dir).find((name) => name.endsWith("_rubrik_insentif_tarif.sql"))!;
    const rows = [...fs.readFileSync(path.join(dir, file), "utf8").matchAll(/\((\d+), '([^']+)'\)/g)].map((m) => [Number(m[1]), m[2]]);
    expect(rows).toEqual(DEFAULT_CHECKLIST_INSENTIF.map((k, i) => [i + 1, k]));
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
