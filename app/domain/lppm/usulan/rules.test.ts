import { describe, expect, it } from "vitest";
import {
  countsForEligibility,
  countWords,
  eligibilityProblems,
  parseKataKunci,
  rabProblems,
  rabSummary,
  RAB_KOSONG,
  TOTAL_RAB_MELEBIHI,
} from "~/domain/lppm/usulan/rules";

const KELOMPOK = ["Honor", "Bahan", "Perjalanan"];
const LIMITS = { dana_maksimal: 10_000_000, honor_maks_persen: 10 };

describe("countWords", () => {
  it("counts runs of non-space characters", () => {
    expect(countWords("")).toBe(0);
    expect(countWords(null)).toBe(0);
    expect(countWords("  kayu jati,\n 2026  ")).toBe(3);
  });
});

describe("parseKataKunci", () => {
  it("splits on commas and semicolons, trims, drops blanks and repeats (ignoring case)", () => {
    expect(parseKataKunci(" kayu  jati, Surya;; surya ,pengeringan,")).toEqual(["kayu jati", "Surya", "pengeringan"]);
    expect(parseKataKunci(["a", " a ", "b"])).toEqual(["a", "b"]);
    expect(parseKataKunci(undefined)).toEqual([]);
  });
});

describe("rabSummary and rabProblems", () => {
  it("sums per group in the given order and overall", () => {
    const s = rabSummary(
      [
        { kelompok: "Bahan", jumlah: 6_000_000 },
        { kelompok: "Honor", jumlah: 1_000_000 },
        { kelompok: "Bahan", jumlah: 3_000_000 },
      ],
      LIMITS,
      KELOMPOK,
    );
    expect(s.perKelompok).toEqual([
      { kelompok: "Honor", jumlah: 1_000_000, lines: 1 },
      { kelompok: "Bahan", jumlah: 9_000_000, lines: 2 },
      { kelompok: "Perjalanan", jumlah: 0, lines: 0 },
    ]);
    expect(s).toMatchObject({ total: 10_000_000, honor: 1_000_000, honorPersen: 10, melebihiDana: false, melebihiHonor: false });
    expect(rabProblems(s, 3)).toEqual([]);
  });

  it("refuses an empty RAB, a total over the ceiling and Honor over its share (exactly, in integers)", () => {
    expect(rabProblems(rabSummary([], LIMITS, KELOMPOK), 0)).toEqual([RAB_KOSONG]);
    const over = rabSummary([{ kelompok: "Bahan", jumlah: 10_000_001 }], LIMITS, KELOMPOK);
    expect(rabProblems(over, 1)).toEqual([TOTAL_RAB_MELEBIHI]);
    const honor = rabSummary(
      [
        { kelompok: "Honor", jumlah: 33_334 },
        { kelompok: "Bahan", jumlah: 299_999 },
      ],
      LIMITS,
      KELOMPOK,
    );
    expect(honor.melebihiHonor).toBe(true);
    expect(rabProblems(honor, 2)).toEqual(["Honor melebihi 10% dari total RAB."]);
    expect(rabSummary([{ kelompok: "Honor", jumlah: 1 }, { kelompok: "Bahan", jumlah: 9 }], LIMITS, KELOMPOK).melebihiHonor).toBe(false);
  });
});

describe("eligibility", () => {
  it("counts submitted proposals, not drafts or rejected ones", () => {
    expect(countsForEligibility("DRAF")).toBe(false);
    expect(countsForEligibility("DITOLAK")).toBe(false);
    expect(countsForEligibility("TIDAK_DIDANAI")).toBe(false);
    expect(countsForEligibility("DIKEMBALIKAN")).toBe(true);
    expect(countsForEligibility("DIDANAI")).toBe(true);
  });

  it("names the ketua and each member over the limit", () => {
    expect(eligibilityProblems({ ketuaLeads: 0, maksKetua: 1, members: [{ nama: "A", joins: 1 }], maksAnggota: 2 })).toEqual([]);
    expect(eligibilityProblems({ ketuaLeads: 1, maksKetua: 1, members: [{ nama: "A", joins: 2 }, { nama: "B", joins: 0 }], maksAnggota: 2 })).toEqual([
      "Anda sudah menjadi ketua pada 1 usulan lain di periode ini (maksimal 1 usulan sebagai ketua).",
      "A sudah menjadi anggota pada 2 usulan lain di periode ini (maksimal 2 usulan sebagai anggota).",
    ]);
  });
});
