import { describe, expect, it } from "vitest";
import { normalizeWhatsapp } from "~/lib/util/form-fields";

describe("normalizeWhatsapp", () => {
  it("keeps the digits of 0…, 62… and +62… numbers, dropping spaces and dashes", () => {
    expect(normalizeWhatsapp("0812-3456 7890")).toBe("081234567890");
    expect(normalizeWhatsapp("+62 812 3456 7890")).toBe("6281234567890");
    expect(normalizeWhatsapp("6281234567890")).toBe("6281234567890");
  });

  it("refuses other countries, letters, too short and too long numbers", () => {
    expect(normalizeWhatsapp("+1 555 123 4567")).toBeNull();
    expect(normalizeWhatsapp("0812abc")).toBeNull();
    expect(normalizeWhatsapp("(0812) 3456")).toBeNull();
    expect(normalizeWhatsapp("0812345")).toBeNull();
    expect(normalizeWhatsapp("0812345678901234")).toBeNull();
    expect(normalizeWhatsapp("00812345678")).toBeNull();
    expect(normalizeWhatsapp("")).toBeNull();
  });
});
