/** Backup folder names: in WIB, as the Cadangan page shows times, and read back with the older UTC names. */
import { describe, expect, it } from "vitest";
import { backupName, stampDate, wibStamp } from "~/lib/server/backup/files.server";

describe("backup names", () => {
  it("name the minute in WIB (UTC+7), the daily one with -otomatis", () => {
    const at = new Date("2026-11-28T19:00:07.123Z");
    expect(wibStamp(at)).toBe("2026-11-29-0200-WIB");
    expect(backupName(at)).toBe("etalase-2026-11-29-0200-WIB");
    expect(backupName(at, { otomatis: true })).toBe("etalase-2026-11-29-0200-WIB-otomatis");
  });

  it("are read back to their minute, as are the older UTC names and the copies a restore keeps", () => {
    expect(stampDate("etalase-2026-11-29-0200-WIB-otomatis")).toEqual(new Date("2026-11-28T19:00:00Z"));
    expect(stampDate("etalase-2026-11-29-1432-WIB-2")).toEqual(new Date("2026-11-29T07:32:00Z"));
    expect(stampDate("sebelum-pulihkan-2026-11-29-0915-WIB")).toEqual(new Date("2026-11-29T02:15:00Z"));
    expect(stampDate("2024-01-02T03-04-05-006Z")).toEqual(new Date("2024-01-02T03:04:05.006Z"));
    expect(stampDate("sebelum-pulihkan-2024-01-02T03-04-05-006Z")).toEqual(new Date("2024-01-02T03:04:05.006Z"));
    expect(stampDate("etalase-2026-02-30-0200-WIB")).toBeNull();
    expect(stampDate("catatan")).toBeNull();
  });
});
