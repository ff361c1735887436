import { describe, expect, it } from "vitest";
import { kantorCabangSchema, kontakKamiSchema, MAP_INVALID_TEXT, normalizeWhatsapp } from "~/domain/kantor-cabang/kantor-cabang.schema";

const EMBED = "https://www.google.com/maps/embed?pb=!1m18!1m12";

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

describe("kantorCabangSchema", () => {
  it("requires a name", () => {
    const r = kantorCabangSchema.safeParse({ kantor_cabang: "   " });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Kantor cabang wajib diisi.");
    expect(kantorCabangSchema.parse({ kantor_cabang: " Gudang Kudus " })).toEqual({ kantor_cabang: "Gudang Kudus" });
  });
});

describe("kontakKamiSchema", () => {
  it("stores only the map URL out of pasted embed markup, digits of the number, kept line breaks", () => {
    const value = kontakKamiSchema.parse({
      alamat: "Jl. Sudirman 1\r\nKudus ",
      kontak: "+62 812-3456-7890",
      maps: `<iframe src="${EMBED}&amp;hl=id" width="600"></iframe>`,
    });
    expect(value).toEqual({ alamat: "Jl. Sudirman 1\nKudus", kontak: "6281234567890", maps: `${EMBED}&hl=id` });
  });

  it("explains a bad map, a bad number and missing fields", () => {
    const r = kontakKamiSchema.safeParse({ alamat: "", kontak: "12345", maps: "https://evil.example.com/x" });
    const messages = Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
    expect(messages.alamat).toBe("Alamat wajib diisi.");
    expect(messages.kontak).toMatch(/^No Whatsapp tidak valid/);
    expect(messages.maps).toBe(MAP_INVALID_TEXT);
    const empty = kontakKamiSchema.safeParse({ alamat: "x", kontak: "081234567890", maps: "" });
    expect(empty.error?.issues[0]?.message).toBe("Maps wajib diisi.");
  });
});
