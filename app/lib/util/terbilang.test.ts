import { describe, expect, it } from "vitest";
import { terbilang, terbilangRupiah } from "~/lib/util/terbilang";

describe("terbilang", () => {
  it.each([
    [0, "nol"],
    [1, "satu"],
    [10, "sepuluh"],
    [11, "sebelas"],
    [12, "dua belas"],
    [19, "sembilan belas"],
    [20, "dua puluh"],
    [45, "empat puluh lima"],
    [100, "seratus"],
    [101, "seratus satu"],
    [111, "seratus sebelas"],
    [250, "dua ratus lima puluh"],
    [1000, "seribu"],
    [1001, "seribu satu"],
    [1500, "seribu lima ratus"],
    [2000, "dua ribu"],
    [11000, "sebelas ribu"],
    [100000, "seratus ribu"],
    [101000, "seratus satu ribu"],
    [1000000, "satu juta"],
    [1001000, "satu juta seribu"],
    [10300000, "sepuluh juta tiga ratus ribu"],
    [25750500, "dua puluh lima juta tujuh ratus lima puluh ribu lima ratus"],
    [1000000000, "satu miliar"],
    [1000000000000, "satu triliun"],
    [999999999999999, "sembilan ratus sembilan puluh sembilan triliun sembilan ratus sembilan puluh sembilan miliar sembilan ratus sembilan puluh sembilan juta sembilan ratus sembilan puluh sembilan ribu sembilan ratus sembilan puluh sembilan"],
  ])("%i → %s", (value, words) => {
    expect(terbilang(value)).toBe(words);
  });

  it("names the currency", () => {
    expect(terbilangRupiah(10300000)).toBe("sepuluh juta tiga ratus ribu rupiah");
  });

  it.each([-1, 1.5, Number.NaN, 1e15])("refuses %d rather than print a wrong amount", (value) => {
    expect(() => terbilang(value)).toThrow(RangeError);
  });
});
