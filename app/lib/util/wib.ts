/**
 * Western Indonesian Time (WIB, UTC+7, no daylight saving): the institute's clock. Form fields
 * `<input type="datetime-local">` and `<input type="date">` carry a wall-clock time without a
 * zone; the server reads it as WIB whatever the server's or the browser's zone is, and every
 * date is shown in WIB. Client-safe and independent of Intl, so the server's HTML and the
 * browser's render the same text (no hydration mismatch).
 */
export const WIB_OFFSET_MS = 7 * 60 * 60 * 1000;

const BULAN = ["Januari", "Februari", "Maret", "April", "Mei", "Juni", "Juli", "Agustus", "September", "Oktober", "November", "Desember"];
const BULAN_PENDEK = ["Jan", "Feb", "Mar", "Apr", "Mei", "Jun", "Jul", "Agu", "Sep", "Okt", "Nov", "Des"];

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

/** The WIB wall-clock parts of a moment (month 1–12). */
function wibParts(date: Date): Parts {
  const shifted = new Date(date.getTime() + WIB_OFFSET_MS);
  return {
    year: shifted.getUTCFullYear(),
    month: shifted.getUTCMonth() + 1,
    day: shifted.getUTCDate(),
    hour: shifted.getUTCHours(),
    minute: shifted.getUTCMinutes(),
  };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The moment of a WIB wall-clock time, or null when the parts are not a real date and time. */
function fromWibParts(year: number, month: number, day: number, hour = 0, minute = 0, second = 0): Date | null {
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const check = new Date(utc);
  // Date.UTC rolls 30 February over into March: refuse what does not come back as typed.
  if (
    check.getUTCFullYear() !== year ||
    check.getUTCMonth() !== month - 1 ||
    check.getUTCDate() !== day ||
    check.getUTCHours() !== hour ||
    check.getUTCMinutes() !== minute
  ) {
    return null;
  }
  return new Date(utc - WIB_OFFSET_MS);
}

/**
 * A datetime-local value ("2026-11-30T23:59", seconds allowed) read as WIB; null for anything
 * else (a blank, a date alone, a time that does not exist).
 */
export function parseWibDateTime(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/.exec((value ?? "").trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  return fromWibParts(Number(y), Number(mo), Number(d), Number(h), Number(mi), Number(s ?? 0));
}

/** The datetime-local value of a moment in WIB ("2026-11-30T23:59"); "" for none. */
export function toWibDateTimeInput(date: Date | null | undefined): string {
  if (!date) return "";
  const p = wibParts(date);
  return `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}T${pad(p.hour)}:${pad(p.minute)}`;
}

/** A date value ("2026-11-30") as 00.00 WIB of that day; null for anything else. */
export function parseWibDate(value: string | null | undefined): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec((value ?? "").trim());
  if (!match) return null;
  return fromWibParts(Number(match[1]), Number(match[2]), Number(match[3]));
}

/** The date value of a moment's WIB day ("2026-11-30"); "" for none. */
export function toWibDateInput(date: Date | null | undefined): string {
  return toWibDateTimeInput(date).slice(0, 10);
}

/** "30 Nov 2026" (the WIB day). */
export function formatWibDate(date: Date): string {
  const p = wibParts(date);
  return `${p.day} ${BULAN_PENDEK[p.month - 1]} ${p.year}`;
}

/** "30 Nov 2026 23.59 WIB": lists and badges. */
export function formatWib(date: Date): string {
  const p = wibParts(date);
  return `${formatWibDate(date)} ${pad(p.hour)}.${pad(p.minute)} WIB`;
}

/** "30 November 2026" (the WIB day): dates on papers to sign. */
export function tanggalPanjang(date: Date): string {
  const p = wibParts(date);
  return `${p.day} ${BULAN[p.month - 1]} ${p.year}`;
}

/** "30 November 2026 pukul 23.59 WIB": messages (e.g. 'Pengajuan ditutup pada …'). */
export function tanggalWaktu(date: Date): string {
  const p = wibParts(date);
  return `${tanggalPanjang(date)} pukul ${pad(p.hour)}.${pad(p.minute)} WIB`;
}
