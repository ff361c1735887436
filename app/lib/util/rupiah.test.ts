import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { formatRupiah, groupRupiah, MAX_RUPIAH, parseRupiah, rupiahField } from "~/lib/util/rupiah";

describe("parseRupiah", () => {
  it("reads the ways people type an amount", () => {
    expect(parseRupiah("15000000")).toBe(15_000_000);
    expect(parseRupiah("15.000.000")).toBe(15_000_000);
    expect(parseRupiah("Rp 15.000.000")).toBe(15_000_000);
    expect(parseRupiah("Rp. 15.000.000,-")).toBe(15_000_000);
    expect(parseRupiah("rp15.000.000,00")).toBe(15_000_000);
    expect(parseRupiah(" 15 000 000 ")).toBe(15_000_000);
    expect(parseRupiah("0")).toBe(0);
    expect(parseRupiah("950")).toBe(950);
  });

  it("refuses decimals, ambiguous commas, bad grouping and anything else", () => {
    for (const bad of ["", "15,5", "1,500", "15.000.00", "1.5", "15.000,50", "-500", "15jt", "1e6", "15.000 000", null]) {
      expect(parseRupiah(bad), String(bad)).toBeNull();
    }
  });
});

describe("formatting", () => {
  it("groups with dots, like the shop's prices", () => {
    expect(groupRupiah(15_000_000)).toBe("15.000.000");
    expect(groupRupiah(950)).toBe("950");
    expect(formatRupiah(15_000_000)).toBe("Rp. 15.000.000");
    expect(parseRupiah(groupRupiah(1_234_567_890))).toBe(1_234_567_890);
  });
});

describe("rupiahField", () => {
  const schema = z.object({ dana: rupiahField("Dana maksimal") });
  const parse = (value?: string) => {
    const form = new FormData();
    if (value !== undefined) form.append("dana", value);
    return parseWithZod(form, { schema });
  };
  const errors = (value?: string) => {
    const result = parse(value);
    return result.status === "error" ? result.error : undefined;
  };

  it("stores the integer", () => {
    expect(parse("15.000.000")).toMatchObject({ status: "success", value: { dana: 15_000_000 } });
  });

  it("says what is wrong, in Indonesian", () => {
    expect(errors("")).toEqual({ dana: ["Dana maksimal wajib diisi."] });
    expect(errors(undefined)).toEqual({ dana: ["Dana maksimal wajib diisi."] });
    expect(errors("15,5")?.dana?.[0]).toMatch(/^Dana maksimal tidak valid\. Tulis angka rupiah tanpa desimal/);
    expect(errors("0")).toEqual({ dana: ["Dana maksimal harus lebih dari 0."] });
    expect(errors(String(MAX_RUPIAH + 1))).toEqual({ dana: ["Dana maksimal maksimal Rp. 1.000.000.000.000."] });
  });
});
