/**
 * Deadlines of the LPPM's assignments (a review, a monev, an incentive evaluation): whether one
 * is past, and the words every list and dashboard shows for it beside the red. Client-safe; the
 * servers decide `lewat` at the request's time, so the page and its hydration agree.
 */
import { tanggalWaktu } from "~/lib/util/wib";

export const LEWAT_TENGGAT = "Lewat tenggat";

/** Extending a deadline: the new one must come after the one it replaces. */
export const TENGGAT_TIDAK_MAJU = (tenggat: Date) => `Tenggat baru harus setelah tenggat saat ini (${tanggalWaktu(tenggat)}).`;

/** An open assignment whose deadline `tenggat` is before `now`. */
export function lewatTenggat(tenggat: Date | null | undefined, now: Date): boolean {
  return tenggat !== null && tenggat !== undefined && tenggat.getTime() < now.getTime();
}
