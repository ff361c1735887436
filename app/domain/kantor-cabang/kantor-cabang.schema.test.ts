import { getZodConstraint } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  jamBukaDefaults,
  kantorCabangFormSchema,
  kantorCabangNamaSchema,
  kantorCabangSchema,
  kantorCabangSchemaFor,
  kontakKamiSchema,
  sendsJamBuka,
} from "~/domain/kantor-cabang/kantor-cabang.schema";
import { MAP_INVALID_TEXT } from "~/lib/util/form-fields";

const EMBED = "https://www.google.com/maps/embed?pb=!1m18!1m12";

describe("kantorCabangSchema", () => {
  it("requires a name", () => {
    const r = kantorCabangSchema.safeParse({ kantor_cabang: "   " });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe("Kantor cabang wajib diisi.");
    expect(kantorCabangSchema.parse({ kantor_cabang: " Gudang Kudus " })).toEqual({ kantor_cabang: "Gudang Kudus", jam_buka: null });
    expect(kantorCabangNamaSchema.parse({ kantor_cabang: " Gudang Kudus " })).toEqual({ kantor_cabang: "Gudang Kudus" });
  });
});

/** The form's hour fields of a week: [buka, tutup] per day, or "libur". */
function hours(days: Record<number, readonly [string, string] | "libur" | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [hari, value] of Object.entries(days)) {
    if (value === "libur") out[`libur_${hari}`] = "on";
    else if (value) [out[`jam_buka_${hari}`], out[`jam_tutup_${hari}`]] = value;
  }
  return out;
}

const BIASA = { 1: ["08:00", "17:00"], 2: ["08:00", "17:00"], 3: ["08:00", "17:00"], 4: ["08:00", "17:00"], 5: ["08:00", "17:00"], 6: ["8.00", "15:00"], 7: "libur" } as const;

function messagesOf(input: Record<string, string>) {
  const r = kantorCabangSchema.safeParse(input);
  return Object.fromEntries((r.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]));
}

describe("opening hours on the branch form", () => {
  it("a week of times and Libur days, times stored as HH:MM", () => {
    const value = kantorCabangSchema.parse({ kantor_cabang: "Gudang Kudus", ...hours(BIASA) });
    expect(value.jam_buka).toEqual([
      ...[1, 2, 3, 4, 5].map((hari) => ({ hari, buka: "08:00", tutup: "17:00" })),
      { hari: 6, buka: "08:00", tutup: "15:00" },
      { hari: 7, buka: null, tutup: null },
    ]);
  });

  it("every row blank (Conform sends blanks as absent, a browser as empty strings): no hours on record", () => {
    expect(kantorCabangSchema.parse({ kantor_cabang: "A" }).jam_buka).toBeNull();
    const blanks = Object.fromEntries([1, 2, 3, 4, 5, 6, 7].flatMap((h) => [[`jam_buka_${h}`, ""], [`jam_tutup_${h}`, " "]]));
    expect(kantorCabangSchema.parse({ kantor_cabang: "A", ...blanks }).jam_buka).toBeNull();
  });

  it("every day Libur is a week on record, closed every day", () => {
    const all = hours({ 1: "libur", 2: "libur", 3: "libur", 4: "libur", 5: "libur", 6: "libur", 7: "libur" });
    expect(kantorCabangSchema.parse({ kantor_cabang: "A", ...all }).jam_buka).toEqual([1, 2, 3, 4, 5, 6, 7].map((hari) => ({ hari, buka: null, tutup: null })));
  });

  it("24:00 closes at midnight; it is no opening time", () => {
    const value = kantorCabangSchema.parse({ kantor_cabang: "A", ...hours({ ...BIASA, 6: ["10:00", "24:00"] }) });
    expect(value.jam_buka?.[5]).toEqual({ hari: 6, buka: "10:00", tutup: "24:00" });
    expect(messagesOf({ kantor_cabang: "A", ...hours({ ...BIASA, 6: ["24:00", "24:00"] }) })).toEqual({ jam_buka_6: "Jam buka Sabtu tidak valid, contoh 08:00." });
  });

  it("explains each bad day on its field, naming the day, and the name's message with them", () => {
    expect(
      messagesOf({
        kantor_cabang: "",
        ...hours({ ...BIASA, 1: ["08:00", ""], 2: ["", "17:00"], 3: ["8 pagi", "17:00"], 4: ["08:00", "25:00"], 5: ["17:00", "08:00"], 6: undefined }),
        jam_buka_7: "09:00",
      }),
    ).toEqual({
      kantor_cabang: "Kantor cabang wajib diisi.",
      jam_tutup_1: "Jam tutup Senin wajib diisi bila jam buka diisi.",
      jam_buka_2: "Jam buka Selasa wajib diisi bila jam tutup diisi.",
      jam_buka_3: "Jam buka Rabu tidak valid, contoh 08:00.",
      jam_tutup_4: "Jam tutup Kamis tidak valid, contoh 17:00 (24:00 untuk tengah malam).",
      jam_tutup_5: "Jam tutup Jumat harus setelah jam buka. Buka sampai tengah malam: isi 24:00.",
      jam_buka_6: "Isi jam buka dan jam tutup Sabtu, atau centang Libur.",
      jam_buka_7: "Minggu libur: kosongkan jamnya atau hapus centang Libur.",
    });
    expect(messagesOf({ kantor_cabang: "A", ...hours({ ...BIASA, 3: ["10:00", "10:00"] }) })).toEqual({
      jam_tutup_3: "Jam tutup Rabu harus setelah jam buka. Buka sampai tengah malam: isi 24:00.",
    });
  });

  it("a body without any hour field (the legacy client) is checked for the name only and leaves the hours alone", () => {
    const legacy = new FormData();
    legacy.set("kantor_cabang", "Cabang Pati");
    expect(sendsJamBuka(legacy)).toBe(false);
    expect(kantorCabangSchemaFor(legacy).parse(Object.fromEntries(legacy))).toEqual({ kantor_cabang: "Cabang Pati" });
    const form = new FormData();
    form.set("kantor_cabang", "Cabang Pati");
    form.set("jam_buka_1", "");
    expect(sendsJamBuka(form)).toBe(true);
    expect(kantorCabangSchemaFor(form).parse({ kantor_cabang: "Cabang Pati" })).toEqual({ kantor_cabang: "Cabang Pati", jam_buka: null });
  });

  it("the browser's schema: the same messages, and HTML constraints Conform can derive (name required, times optional)", () => {
    const constraint = getZodConstraint(kantorCabangFormSchema);
    expect(constraint.kantor_cabang).toMatchObject({ required: true });
    expect(constraint.jam_buka_1).toMatchObject({ required: false });
    expect(constraint.libur_7).toMatchObject({ required: false });
    const r = kantorCabangFormSchema.safeParse({ kantor_cabang: "A", ...hours({ ...BIASA, 2: ["09:00", "08:00"] }) });
    expect(r.error?.issues.map((i) => [i.path[0], i.message])).toEqual([["jam_tutup_2", "Jam tutup Selasa harus setelah jam buka. Buka sampai tengah malam: isi 24:00."]]);
  });

  it("a stored week as the form's default values: times, Libur for a closed day, nothing without hours", () => {
    const week = kantorCabangSchema.parse({ kantor_cabang: "A", ...hours(BIASA) }).jam_buka;
    expect(jamBukaDefaults(week)).toMatchObject({ jam_buka_1: "08:00", jam_tutup_1: "17:00", jam_tutup_6: "15:00", libur_7: "on" });
    expect(jamBukaDefaults(week)).not.toHaveProperty("libur_1");
    expect(jamBukaDefaults(null)).toEqual({});
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
