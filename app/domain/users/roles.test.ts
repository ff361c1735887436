import { describe, expect, it } from "vitest";
import { jabatanRank, parseJabatan } from "~/domain/users/roles";

describe("jabatan akademik as stored", () => {
  it("reads a JSON list, a JSON string, a plain title and a comma-separated list", () => {
    expect(parseJabatan('["Lektor", " Asisten Ahli "]')).toEqual(["Lektor", "Asisten Ahli"]);
    expect(parseJabatan('"Lektor Kepala"')).toEqual(["Lektor Kepala"]);
    expect(parseJabatan("Lektor")).toEqual(["Lektor"]);
    expect(parseJabatan("Asisten Ahli, Lektor")).toEqual(["Asisten Ahli", "Lektor"]);
    expect(parseJabatan("[Lektor")).toEqual(["[Lektor"]);
    expect(parseJabatan(null)).toEqual([]);
  });

  it("ranks by the highest title held, -1 for none", () => {
    expect(jabatanRank("Lektor")).toBe(2);
    expect(jabatanRank('["Asisten Ahli","Guru Besar"]')).toBe(4);
    expect(jabatanRank("Dosen Tamu")).toBe(-1);
    expect(jabatanRank(undefined)).toBe(-1);
  });
});
