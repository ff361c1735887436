import { describe, expect, it } from "vitest";
import {
  formatWib,
  formatWibDate,
  parseWibDate,
  parseWibDateTime,
  tanggalWaktu,
  toWibDateInput,
  toWibDateTimeInput,
} from "~/lib/util/wib";

describe("parseWibDateTime", () => {
  it("reads a datetime-local value as Western Indonesian Time (UTC+7), whatever the machine's zone", () => {
    expect(parseWibDateTime("2026-11-30T23:59")?.toISOString()).toBe("2026-11-30T16:59:00.000Z");
    expect(parseWibDateTime("2026-12-01T00:00")?.toISOString()).toBe("2026-11-30T17:00:00.000Z");
    // Before 07.00 WIB it is still the previous day in UTC.
    expect(parseWibDateTime("2027-01-01T03:15")?.toISOString()).toBe("2026-12-31T20:15:00.000Z");
    expect(parseWibDateTime(" 2026-11-30T08:00:30 ")?.toISOString()).toBe("2026-11-30T01:00:30.000Z");
  });

  it("refuses what is not a real date and time", () => {
    for (const bad of ["", "2026-11-30", "2026-02-30T10:00", "2026-11-30T24:00", "2026-11-30T10:60", "30/11/2026 10:00", "kemarin", null, undefined]) {
      expect(parseWibDateTime(bad), String(bad)).toBeNull();
    }
  });
});

describe("toWibDateTimeInput", () => {
  it("gives the WIB wall clock back for a form, round-tripping parseWibDateTime", () => {
    expect(toWibDateTimeInput(new Date("2026-11-30T16:59:00Z"))).toBe("2026-11-30T23:59");
    expect(toWibDateTimeInput(new Date("2026-12-31T20:15:00Z"))).toBe("2027-01-01T03:15");
    for (const value of ["2026-01-01T00:00", "2026-06-15T12:34", "2030-12-31T23:59"]) {
      expect(toWibDateTimeInput(parseWibDateTime(value))).toBe(value);
    }
    expect(toWibDateTimeInput(null)).toBe("");
  });
});

describe("dates", () => {
  it("a date value is 00.00 WIB of that day", () => {
    expect(parseWibDate("2026-11-30")?.toISOString()).toBe("2026-11-29T17:00:00.000Z");
    expect(parseWibDate("2026-02-29")).toBeNull();
    expect(parseWibDate("2026-11-30T10:00")).toBeNull();
    expect(toWibDateInput(parseWibDate("2026-11-30"))).toBe("2026-11-30");
    expect(toWibDateInput(undefined)).toBe("");
  });
});

describe("formatting", () => {
  const closes = new Date("2026-11-30T16:59:00Z");
  it("short for lists, long for messages, always WIB", () => {
    expect(formatWib(closes)).toBe("30 Nov 2026 23.59 WIB");
    expect(formatWibDate(closes)).toBe("30 Nov 2026");
    expect(formatWib(new Date("2026-08-16T17:05:00Z"))).toBe("17 Agu 2026 00.05 WIB");
    expect(tanggalWaktu(closes)).toBe("30 November 2026 pukul 23.59 WIB");
    expect(tanggalWaktu(new Date("2026-10-31T17:00:00Z"))).toBe("1 November 2026 pukul 00.00 WIB");
  });

  it("says what Intl says for Asia/Jakarta (the two never drift apart)", () => {
    const moments = [closes, new Date("2026-01-01T00:00:00Z"), new Date("2026-05-20T09:41:00Z")];
    for (const moment of moments) {
      const day = new Intl.DateTimeFormat("id-ID", { day: "numeric", month: "long", year: "numeric", timeZone: "Asia/Jakarta" }).format(moment);
      const time = new Intl.DateTimeFormat("id-ID", { hour: "2-digit", minute: "2-digit", hour12: false, timeZone: "Asia/Jakarta" }).format(moment);
      expect(tanggalWaktu(moment)).toBe(`${day} pukul ${time.replace(":", ".")} WIB`);
    }
  });
});
