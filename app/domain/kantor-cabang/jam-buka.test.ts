import { describe, expect, it } from "vitest";
import {
  formatJam,
  jadwalTampil,
  normalisasiJam,
  openingHoursSpecification,
  parseJam,
  ringkasJamBuka,
  singkatanZona,
  statusBuka,
  tampilJam,
  urutkanBukaDulu,
  waktuDiZona,
  type JamBukaData,
  type Minggu,
} from "~/domain/kantor-cabang/jam-buka";

/** A wall-clock time in WIB (UTC+7). 2026-03-02 is a Monday. */
const wib = (local: string) => new Date(`${local}:00+07:00`);

const day = (hari: number, buka: string | null, tutup: string | null) => ({ hari, buka, tutup });

/** Senin–Sabtu 08.00–17.00, Minggu libur. */
const BIASA: Minggu = [1, 2, 3, 4, 5, 6].map((h) => day(h, "08:00", "17:00")).concat([day(7, null, null)]);
const LIBUR_SEMUA: Minggu = [1, 2, 3, 4, 5, 6, 7].map((h) => day(h, null, null));

describe("times", () => {
  it("reads HH:MM, H:MM and HH.MM; 24:00 is the end of the day; anything else is no time", () => {
    expect(parseJam("08:00")).toBe(480);
    expect(parseJam("8:05")).toBe(485);
    expect(parseJam(" 17.30 ")).toBe(1050);
    expect(parseJam("00:00")).toBe(0);
    expect(parseJam("24:00")).toBe(1440);
    for (const bad of ["24:01", "25:00", "07:60", "8", "0800", "8:5", "abc", "", null, undefined, "-1:00"]) expect(parseJam(bad), String(bad)).toBeNull();
    expect(normalisasiJam("8.00")).toBe("08:00");
    expect(normalisasiJam("x")).toBeNull();
    expect(formatJam(1440)).toBe("24:00");
    expect(tampilJam("08:00")).toBe("08.00");
  });

  it("reads the weekday and minute of a moment in the shop's zone", () => {
    expect(waktuDiZona(wib("2026-03-02T08:00"), "Asia/Jakarta")).toEqual({ hari: 1, menit: 480 });
    expect(waktuDiZona(wib("2026-03-08T23:59"), "Asia/Jakarta")).toEqual({ hari: 7, menit: 1439 });
    // 23.30 WIB on Sunday is already Monday 00.30 in WITA and 01.30 in WIT.
    expect(waktuDiZona(wib("2026-03-08T23:30"), "Asia/Makassar")).toEqual({ hari: 1, menit: 30 });
    expect(waktuDiZona(wib("2026-03-08T23:30"), "Asia/Jayapura")).toEqual({ hari: 1, menit: 90 });
    // A zone name no browser knows: the default zone, never an error.
    expect(waktuDiZona(wib("2026-03-02T08:00"), "Bukan/Zona")).toEqual({ hari: 1, menit: 480 });
    expect(singkatanZona("Asia/Makassar")).toBe("WITA");
    expect(singkatanZona("Asia/Jayapura")).toBe("WIT");
  });
});

describe("statusBuka", () => {
  const at = (local: string, week: Minggu = BIASA, zone = "Asia/Jakarta") => statusBuka(week, wib(local), zone)?.teks;

  it("no hours on record: no status at all", () => {
    expect(statusBuka(null, wib("2026-03-02T10:00"))).toBeNull();
    expect(statusBuka(undefined, wib("2026-03-02T10:00"))).toBeNull();
  });

  it("the boundaries: open at the opening minute, still open a minute before closing, closed at the closing minute", () => {
    expect(at("2026-03-02T07:59")).toBe("Tutup sekarang · buka 08.00");
    expect(statusBuka(BIASA, wib("2026-03-02T08:00"))).toEqual({
      buka: true,
      label: "Buka sekarang",
      keterangan: "tutup 17.00",
      teks: "Buka sekarang · tutup 17.00",
    });
    expect(at("2026-03-02T16:59")).toBe("Buka sekarang · tutup 17.00");
    expect(statusBuka(BIASA, wib("2026-03-02T17:00"))).toMatchObject({ buka: false, teks: "Tutup sekarang · buka besok 08.00" });
  });

  it("across the week's end: Saturday evening opens on Monday, Sunday opens tomorrow", () => {
    expect(at("2026-03-07T17:00")).toBe("Tutup sekarang · buka Senin 08.00");
    expect(at("2026-03-08T10:00")).toBe("Tutup sekarang · buka besok 08.00");
    expect(at("2026-03-08T23:59")).toBe("Tutup sekarang · buka besok 08.00");
    expect(at("2026-03-09T00:00")).toBe("Tutup sekarang · buka 08.00");
  });

  it("in another zone the same moment is another state", () => {
    // 07.30 WIB = 08.30 WITA = 09.30 WIT.
    expect(at("2026-03-02T07:30", BIASA, "Asia/Jakarta")).toBe("Tutup sekarang · buka 08.00");
    expect(at("2026-03-02T07:30", BIASA, "Asia/Makassar")).toBe("Buka sekarang · tutup 17.00");
    // 15.00 WIB = 17.00 WIT: closed there.
    expect(at("2026-03-02T15:00", BIASA, "Asia/Jayapura")).toBe("Tutup sekarang · buka besok 08.00");
  });

  it("a week with every day closed is closed, with no opening to announce", () => {
    expect(statusBuka(LIBUR_SEMUA, wib("2026-03-04T10:00"))).toEqual({ buka: false, label: "Tutup sekarang", keterangan: null, teks: "Tutup sekarang" });
  });

  it("24:00 ends the day, and runs on into a day that opens at 00:00 (also Sunday into Monday)", () => {
    const malam: Minggu = [day(1, "10:00", "24:00"), ...[2, 3, 4, 5, 6, 7].map((h) => day(h, null, null))];
    expect(at("2026-03-02T23:59", malam)).toBe("Buka sekarang · tutup 24.00");
    expect(at("2026-03-03T00:00", malam)).toBe("Tutup sekarang · buka Senin 10.00");
    const sambung: Minggu = [1, 2, 3, 4, 5, 6].map((h) => day(h, null, null)).concat([day(7, "20:00", "24:00")]);
    sambung[0] = day(1, "00:00", "06:00");
    expect(at("2026-03-08T21:00", sambung)).toBe("Buka sekarang · tutup besok 06.00");
    expect(at("2026-03-09T05:59", sambung)).toBe("Buka sekarang · tutup 06.00");
    expect(at("2026-03-09T06:00", sambung)).toBe("Tutup sekarang · buka Minggu 20.00");
    const nonstop: Minggu = [1, 2, 3, 4, 5, 6, 7].map((h) => day(h, "00:00", "24:00"));
    expect(at("2026-03-04T03:00", nonstop)).toBe("Buka sekarang · 24 jam");
  });

  it("a branch open one day a week, after closing: next week's day", () => {
    const senin: Minggu = [day(1, "08:00", "12:00"), ...[2, 3, 4, 5, 6, 7].map((h) => day(h, null, null))];
    expect(at("2026-03-02T12:00", senin)).toBe("Tutup sekarang · buka Senin depan 08.00");
    expect(at("2026-03-04T12:00", senin)).toBe("Tutup sekarang · buka Senin 08.00");
  });

  it("a stored day that breaks the rules (closing before opening, one time missing) counts as closed", () => {
    const rusak: Minggu = [day(1, "17:00", "08:00"), day(2, "08:00", null), ...[3, 4, 5, 6, 7].map((h) => day(h, null, null))];
    expect(at("2026-03-02T10:00", rusak)).toBe("Tutup sekarang");
  });
});

describe("showing the week", () => {
  it("one line per day, and the whole week in one line with equal neighbours together", () => {
    expect(jadwalTampil(BIASA).map((d) => `${d.nama} ${d.teks}`)).toEqual([
      "Senin 08.00–17.00",
      "Selasa 08.00–17.00",
      "Rabu 08.00–17.00",
      "Kamis 08.00–17.00",
      "Jumat 08.00–17.00",
      "Sabtu 08.00–17.00",
      "Minggu Libur",
    ]);
    expect(ringkasJamBuka(BIASA)).toBe("Sen–Sab 08.00–17.00, Min libur");
    expect(ringkasJamBuka(BIASA, "panjang")).toBe("Senin–Sabtu 08.00–17.00, Minggu libur");
    const campur: Minggu = [day(1, "08:00", "17:00"), day(2, "09:00", "17:00"), ...[3, 4, 5, 6].map((h) => day(h, "08:00", "17:00")), day(7, "09:00", "15:00")];
    expect(ringkasJamBuka(campur)).toBe("Sen 08.00–17.00, Sel 09.00–17.00, Rab–Sab 08.00–17.00, Min 09.00–15.00");
    expect(ringkasJamBuka(LIBUR_SEMUA)).toBe("Sen–Min libur");
    expect(ringkasJamBuka(null)).toBeNull();
  });

  it("schema.org opening hours: days with the same hours together, closed days left out, 24:00 as 23:59", () => {
    const week: Minggu = [...BIASA.slice(0, 5), day(6, "08:00", "24:00"), day(7, null, null)];
    expect(openingHoursSpecification(week)).toEqual([
      {
        "@type": "OpeningHoursSpecification",
        dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"].map((d) => `https://schema.org/${d}`),
        opens: "08:00",
        closes: "17:00",
      },
      { "@type": "OpeningHoursSpecification", dayOfWeek: ["https://schema.org/Saturday"], opens: "08:00", closes: "23:59" },
    ]);
    expect(openingHoursSpecification(LIBUR_SEMUA)).toEqual([]);
    expect(openingHoursSpecification(null)).toEqual([]);
  });

  it("open branches first, each group in its own order", () => {
    const status = (buka: boolean) => ({ buka, label: "", keterangan: null, teks: "" });
    const data: JamBukaData = {
      zona_waktu: "Asia/Jakarta",
      zona: "WIB",
      hari_ini: 1,
      cabang: [
        { id_kantor_cabang: 2, jadwal: BIASA, status: status(false) },
        { id_kantor_cabang: 3, jadwal: BIASA, status: status(true) },
        { id_kantor_cabang: 4, jadwal: BIASA, status: status(true) },
      ],
    };
    const rows = [1, 2, 3, 4].map((id) => ({ id }));
    expect(urutkanBukaDulu(rows, data).map((r) => r.id)).toEqual([3, 4, 1, 2]);
    expect(urutkanBukaDulu(rows, null).map((r) => r.id)).toEqual([1, 2, 3, 4]);
  });
});
