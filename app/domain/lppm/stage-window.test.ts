import { describe, expect, it } from "vitest";
import { sisaWaktu, stageState, stageStates } from "~/domain/lppm/stage-window";
import { parseWibDateTime } from "~/lib/util/wib";

const at = (value: string) => parseWibDateTime(value)!;
const window = { opens: at("2026-11-01T00:00"), closes: at("2026-11-30T23:59") };

describe("stageState", () => {
  it("open: until when, and how long is left", () => {
    expect(stageState(window, at("2026-11-27T12:00"))).toEqual({
      kind: "dibuka",
      label: "Dibuka s.d. 30 Nov 2026 23.59 WIB",
      detail: null,
      countdown: "ditutup dalam 3 hari",
    });
    expect(stageState(window, at("2026-11-30T18:30")).countdown).toBe("ditutup dalam 5 jam");
    expect(stageState(window, at("2026-11-30T23:47")).countdown).toBe("ditutup dalam 12 menit");
    // The edges belong to the window (as the workflow engine checks it).
    expect(stageState(window, window.opens).kind).toBe("dibuka");
    expect(stageState(window, window.closes)).toMatchObject({ kind: "dibuka", countdown: "ditutup dalam 1 menit" });
  });

  it("not yet open: when it opens and how long until then", () => {
    expect(stageState(window, at("2026-10-29T00:00"))).toEqual({
      kind: "belum-dibuka",
      label: "Belum dibuka",
      detail: "Dibuka 1 Nov 2026 00.00 WIB",
      countdown: "dibuka dalam 3 hari",
    });
  });

  it("closed, and never scheduled", () => {
    expect(stageState(window, new Date(window.closes.getTime() + 60_000))).toEqual({
      kind: "ditutup",
      label: "Ditutup",
      detail: "Ditutup 30 Nov 2026 23.59 WIB",
      countdown: null,
    });
    expect(stageState(undefined, at("2026-11-15T00:00"))).toEqual({ kind: "belum-dijadwalkan", label: "Belum dijadwalkan", detail: null, countdown: null });
  });
});

describe("sisaWaktu", () => {
  it("the largest whole unit, at least a minute", () => {
    const now = at("2026-11-01T00:00");
    const plus = (ms: number) => new Date(now.getTime() + ms);
    expect(sisaWaktu(now, plus(86_400_000 * 3 + 3_600_000 * 23))).toBe("3 hari");
    expect(sisaWaktu(now, plus(86_400_000))).toBe("1 hari");
    expect(sisaWaktu(now, plus(86_400_000 - 1))).toBe("23 jam");
    expect(sisaWaktu(now, plus(3_600_000))).toBe("1 jam");
    expect(sisaWaktu(now, plus(59 * 60_000 + 1))).toBe("60 menit");
    expect(sisaWaktu(now, plus(1))).toBe("1 menit");
    expect(sisaWaktu(now, now)).toBe("1 menit");
  });
});

describe("stageStates", () => {
  it("lists every stage in order with its name", () => {
    const states = stageStates({ pengajuan: window }, at("2026-11-10T00:00"));
    expect(states.map((s) => s.stage)).toEqual(["pengajuan", "review", "penetapan", "perbaikan", "laporan_kemajuan", "monev", "laporan_akhir"]);
    expect(states[0]).toMatchObject({ name: "Pengajuan", state: { kind: "dibuka" } });
    expect(states[6]).toMatchObject({ name: "Laporan akhir", state: { kind: "belum-dijadwalkan" } });
  });
});
