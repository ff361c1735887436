import { describe, expect, it } from "vitest";
import { selisihBesar, selisihNilai, SELISIH_BATAS } from "~/domain/lppm/penetapan/penetapan";
import { toCsv } from "~/domain/lppm/penetapan/export.server";

describe("reviewers' spread", () => {
  it("is 20 % of MAX_NILAI (140 of 700), strictly more to flag", () => {
    expect(SELISIH_BATAS).toBe(140);
    expect(selisihNilai([600, 460])).toBe(140);
    expect(selisihBesar([600, 460])).toBe(false);
    expect(selisihBesar([600, 459])).toBe(true);
    expect(selisihBesar([459, 600])).toBe(true);
  });

  it("needs two totals", () => {
    expect(selisihNilai([700])).toBeNull();
    expect(selisihNilai([700, null])).toBeNull();
    expect(selisihBesar([])).toBe(false);
    expect(selisihNilai([100, 700, 300])).toBe(600);
  });
});

describe("CSV", () => {
  const tabel = (rows: (string | number | null)[][]) => ({ title: "t", columns: [{ header: "A", width: 1 }, { header: "B", width: 1 }], rows });

  it("UTF-8 BOM, ';', CRLF, decimal comma, quoted when needed (a ',' too, so the file also reads with ',')", () => {
    expect(toCsv(tabel([["Jati; mahoni", 612.5], ['Kata "kunci"', null], ["Jati, mahoni", 7]]))).toBe(
      '\uFEFFA;B\r\n"Jati; mahoni";"612,5"\r\n"Kata ""kunci""";\r\n"Jati, mahoni";7\r\n',
    );
  });

  it("neutralises formulas", () => {
    expect(toCsv(tabel([["=1+1", "+62"], ["-x", "@SUM(A1)"]]))).toBe("\uFEFFA;B\r\n'=1+1;'+62\r\n'-x;'@SUM(A1)\r\n");
  });
});
