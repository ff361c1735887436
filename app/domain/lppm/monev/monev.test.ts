import { describe, expect, it } from "vitest";
import { monevGrade, monevSchema, monevTotal } from "./monev";

describe("monev scoring (LPPM.md: 0–100 per criterion, weighted; Sangat Baik ≥ 80, Baik ≥ 70, Cukup ≥ 60)", () => {
  it("weighs each score by its bobot, to two decimals", () => {
    expect(monevTotal([{ bobot: 30, skor: 90 }, { bobot: 15, skor: 80 }, { bobot: 25, skor: 70 }, { bobot: 15, skor: 60 }, { bobot: 15, skor: 50 }])).toBe(73);
    expect(monevTotal([{ bobot: 33, skor: 77 }, { bobot: 67, skor: 81 }])).toBe(79.68);
    expect(monevTotal([{ bobot: 100, skor: 100 }])).toBe(100);
    expect(monevTotal([])).toBe(0);
  });

  it("grades at the boundaries", () => {
    expect(monevGrade(100)).toBe("Sangat Baik");
    expect(monevGrade(80)).toBe("Sangat Baik");
    expect(monevGrade(79.99)).toBe("Baik");
    expect(monevGrade(70)).toBe("Baik");
    expect(monevGrade(69.99)).toBe("Cukup");
    expect(monevGrade(60)).toBe("Cukup");
    expect(monevGrade(59.99)).toBe("Kurang");
    expect(monevGrade(0)).toBe("Kurang");
  });

  it("the form wants every criterion 0–100 and gives the scores by criterion", () => {
    const schema = monevSchema([{ urutan: 1, kriteria: "Luaran wajib" }, { urutan: 2, kriteria: "Catatan harian" }]);
    expect(schema.parse({ skor_1: "85", skor_2: "0", catatan: " Baik. " })).toEqual({ skor: { 1: 85, 2: 0 }, catatan: "Baik." });
    // As Conform hands it over: a blank field is missing.
    const bad = schema.safeParse({ skor_1: "101" });
    expect(bad.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["skor_1", "Nilai Luaran wajib harus antara 0 dan 100."],
      ["skor_2", "Nilai Catatan harian wajib diisi."],
    ]);
  });
});
