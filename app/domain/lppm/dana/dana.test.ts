import { describe, expect, it } from "vitest";
import { rincianTermin, statusTermin, terminSchema } from "~/domain/lppm/dana/dana";

describe("rincianTermin", () => {
  it("rounds each share to whole Rupiah and puts the remainder on the last tranche", () => {
    expect(rincianTermin(10_000_001, [70, 30])).toEqual([7_000_001, 3_000_000]);
    expect(rincianTermin(1_000, [33, 33, 34])).toEqual([330, 330, 340]);
    expect(rincianTermin(100, [33, 33, 34]).reduce((a, b) => a + b, 0)).toBe(100);
    expect(rincianTermin(5, [50, 50])).toEqual([3, 2]);
    expect(rincianTermin(0, [100])).toEqual([0]);
  });
});

describe("statusTermin", () => {
  it("is Lunas once paid in full, Dibayar sebagian on a part, else payable or not by its condition", () => {
    expect(statusTermin(100, 100, false)).toBe("LUNAS");
    expect(statusTermin(100, 40, true)).toBe("SEBAGIAN");
    expect(statusTermin(100, 0, true)).toBe("SIAP");
    expect(statusTermin(100, 0, false)).toBe("BELUM");
  });
});

describe("terminSchema", () => {
  const parse = (rows: Record<string, string>[]) => terminSchema.safeParse({ termin: rows });
  it("keeps the filled rows in order and ignores blank ones", () => {
    const parsed = parse([
      { nama: "Termin 1", persen: "70", syarat: "DIDANAI" },
      { nama: "", persen: "", syarat: "" },
      { nama: "Termin 2", persen: "30", syarat: "KEMAJUAN_DITERIMA" },
    ]);
    expect(parsed.success && parsed.data).toEqual([
      { nama: "Termin 1", persen: 70, syarat: "DIDANAI" },
      { nama: "Termin 2", persen: 30, syarat: "KEMAJUAN_DITERIMA" },
    ]);
  });
  it("refuses percentages that do not sum to 100", () => {
    const parsed = parse([
      { nama: "Termin 1", persen: "60", syarat: "DIDANAI" },
      { nama: "Termin 2", persen: "30", syarat: "AKHIR_DITERIMA" },
    ]);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(["Jumlah persentase termin harus 100 (sekarang 90)."]);
  });
});
