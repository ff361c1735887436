/**
 * A branch's opening hours, client-safe and pure: the week as seven days
 * (1 = Senin … 7 = Minggu, ISO), "HH:MM" times in the shop's zone (setting.zona_waktu), and
 * 'Buka sekarang' / 'Tutup sekarang' for a moment. Rules: a day is open from `buka` to `tutup`
 * (tutup after buka; "24:00" is the end of the day; no span runs past midnight — a day that
 * ends at 24:00 followed by one that starts at 00:00 is one stretch), a closed day has both
 * null, and a branch without rows has no hours on record (no status at all).
 */

export const HARI = ["Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu", "Minggu"] as const;
export const HARI_PENDEK = ["Sen", "Sel", "Rab", "Kam", "Jum", "Sab", "Min"] as const;
const SCHEMA_DAY = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

/** 1 = Senin … 7 = Minggu. */
export const NOMOR_HARI = [1, 2, 3, 4, 5, 6, 7] as const;
export type NomorHari = (typeof NOMOR_HARI)[number];

/** The Indonesian zones a shop can choose (Setting), with the IANA name stored. */
export const ZONA_WAKTU = [
  { value: "Asia/Jakarta", singkatan: "WIB", label: "WIB — Waktu Indonesia Barat (Asia/Jakarta)" },
  { value: "Asia/Makassar", singkatan: "WITA", label: "WITA — Waktu Indonesia Tengah (Asia/Makassar)" },
  { value: "Asia/Jayapura", singkatan: "WIT", label: "WIT — Waktu Indonesia Timur (Asia/Jayapura)" },
] as const;
export type ZonaWaktu = (typeof ZONA_WAKTU)[number]["value"];
export const ZONA_DEFAULT: ZonaWaktu = "Asia/Jakarta";

/** "WIB", "WITA", "WIT"; the IANA name itself for any other zone. */
export function singkatanZona(zone: string): string {
  return ZONA_WAKTU.find((z) => z.value === zone)?.singkatan ?? zone;
}

export type JamHari = { hari: number; buka: string | null; tutup: string | null };
/** Seven days, hari 1…7 in order. */
export type Minggu = JamHari[];

const MENIT_SEHARI = 24 * 60;
const MENIT_SEMINGGU = 7 * MENIT_SEHARI;

/**
 * "08:00", "8:00" or "08.00" → minutes after midnight (0…1440; "24:00" is 1440, the end of the
 * day); null for anything else.
 */
export function parseJam(text: string | null | undefined): number | null {
  const match = /^(\d{1,2})[:.](\d{2})$/.exec((text ?? "").trim());
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (minute > 59 || hour > 24 || (hour === 24 && minute !== 0)) return null;
  return hour * 60 + minute;
}

/** Minutes after midnight → "HH:MM" (as stored and as the form shows it). */
export function formatJam(menit: number): string {
  return `${String(Math.floor(menit / 60)).padStart(2, "0")}:${String(menit % 60).padStart(2, "0")}`;
}

/** A time as typed → its stored form "HH:MM", or null when it is no time of day. */
export function normalisasiJam(text: string | null | undefined): string | null {
  const menit = parseJam(text);
  return menit === null ? null : formatJam(menit);
}

/** "08:00" → "08.00", the way the site writes a time (lib/util/wib). */
export function tampilJam(jam: string): string {
  return jam.replace(":", ".");
}

/** The open span of a day in minutes, or null when the day is closed (or its times are not valid). */
function rentang(day: JamHari | undefined): { buka: number; tutup: number } | null {
  if (!day) return null;
  const buka = parseJam(day.buka);
  const tutup = parseJam(day.tutup);
  if (buka === null || tutup === null || buka >= MENIT_SEHARI || tutup <= buka) return null;
  return { buka, tutup };
}

/** Stored rows (any order, days missing are closed) → the week of seven days. */
export function mingguDari(rows: readonly JamHari[]): Minggu {
  return NOMOR_HARI.map((hari) => {
    const row = rows.find((r) => r.hari === hari);
    return { hari, buka: row?.buka ?? null, tutup: row?.tutup ?? null };
  });
}

// ---- The moment in the shop's zone --------------------------------------------------------------

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAY: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

function formatterOf(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, weekday: "short", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    } catch {
      // An unknown zone name (typed into the database by hand): the default zone, never an error page.
      formatter = formatterOf(ZONA_DEFAULT);
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The weekday (1 = Senin … 7 = Minggu) and the minute of that day of a moment in `zone`. */
export function waktuDiZona(now: Date, zone: string = ZONA_DEFAULT): { hari: NomorHari; menit: number } {
  let hari = 1;
  let hour = 0;
  let minute = 0;
  for (const part of formatterOf(zone).formatToParts(now)) {
    if (part.type === "weekday") hari = WEEKDAY[part.value] ?? 1;
    else if (part.type === "hour") hour = Number(part.value) % 24;
    else if (part.type === "minute") minute = Number(part.value);
  }
  return { hari: hari as NomorHari, menit: hour * 60 + minute };
}

// ---- Open or closed ---------------------------------------------------------------------------

export type StatusBuka = {
  buka: boolean;
  /** 'Buka sekarang' or 'Tutup sekarang'. */
  label: string;
  /** When that changes: 'tutup 17.00', 'buka besok 08.00', 'buka Senin 08.00', '24 jam'; null when never. */
  keterangan: string | null;
  /** Both in one line: 'Buka sekarang · tutup 17.00'. */
  teks: string;
};

export const BUKA_SEKARANG = "Buka sekarang";
export const TUTUP_SEKARANG = "Tutup sekarang";

/** The week's open stretches in minutes of the week (Senin 00.00 = 0); joined across midnight, also Minggu → Senin. */
function stretches(week: readonly JamHari[]): { start: number; end: number }[] {
  const spans: { start: number; end: number }[] = [];
  for (const hari of NOMOR_HARI) {
    const span = rentang(week.find((d) => d.hari === hari));
    if (!span) continue;
    const offset = (hari - 1) * MENIT_SEHARI;
    const last = spans.at(-1);
    if (last && last.end === offset + span.buka) last.end = offset + span.tutup;
    else spans.push({ start: offset + span.buka, end: offset + span.tutup });
  }
  const first = spans[0];
  const last = spans.at(-1);
  // Open until Minggu 24.00 and from Senin 00.00: one stretch across the week's end.
  if (first && last && first !== last && last.end === MENIT_SEMINGGU && first.start === 0) {
    last.end += first.end;
    spans.shift();
  }
  return spans;
}

/** 'tutup 17.00', 'buka besok 08.00', 'buka Kamis 08.00', 'buka Senin depan 08.00'. */
function kapan(kata: "buka" | "tutup", sekarang: { hari: number; menit: number }, delta: number): string {
  const mulaiHari = (sekarang.hari - 1) * MENIT_SEHARI;
  const saat = mulaiHari + sekarang.menit + delta;
  let selisihHari = Math.floor(saat / MENIT_SEHARI) - Math.floor(mulaiHari / MENIT_SEHARI);
  let jam = formatJam(saat % MENIT_SEHARI);
  // Closing at midnight is the end of that day: 'tutup 24.00', not 'tutup besok 00.00'.
  if (kata === "tutup" && saat % MENIT_SEHARI === 0 && selisihHari > 0) {
    selisihHari -= 1;
    jam = "24:00";
  }
  const pukul = tampilJam(jam);
  if (selisihHari === 0) return `${kata} ${pukul}`;
  if (selisihHari === 1) return `${kata} besok ${pukul}`;
  const hari = HARI[(sekarang.hari - 1 + selisihHari) % 7];
  return selisihHari >= 7 ? `${kata} ${hari} depan ${pukul}` : `${kata} ${hari} ${pukul}`;
}

function status(buka: boolean, keterangan: string | null): StatusBuka {
  const label = buka ? BUKA_SEKARANG : TUTUP_SEKARANG;
  return { buka, label, keterangan, teks: keterangan ? `${label} · ${keterangan}` : label };
}

/**
 * Open or closed at `now` in the shop's zone, and when that changes; null for a branch without
 * hours on record (show nothing).
 */
export function statusBuka(week: readonly JamHari[] | null | undefined, now: Date, zone: string = ZONA_DEFAULT): StatusBuka | null {
  if (!week) return null;
  return statusPada(stretches(week), waktuDiZona(now, zone));
}

/** The status for a moment already read in the zone (many branches, one clock reading). */
export function statusPada(spans: readonly { start: number; end: number }[], sekarang: { hari: number; menit: number }): StatusBuka {
  if (spans.length === 0) return status(false, null);
  const m = (sekarang.hari - 1) * MENIT_SEHARI + sekarang.menit;
  for (const { start, end } of spans) {
    if (end - start >= MENIT_SEMINGGU) return status(true, "24 jam");
    for (const at of [m, m + MENIT_SEMINGGU]) {
      if (at >= start && at < end) return status(true, kapan("tutup", sekarang, end - at));
    }
  }
  const delta = Math.min(...spans.map(({ start }) => (((start - m) % MENIT_SEMINGGU) + MENIT_SEMINGGU) % MENIT_SEMINGGU));
  return status(false, kapan("buka", sekarang, delta));
}

/** The week's open stretches, for `statusPada` (read once per branch, used for many moments). */
export const bentangMinggu = stretches;

// ---- Showing the week ---------------------------------------------------------------------------

/** One day as the site lists it: 'Senin', '08.00–17.00' or 'Libur'. */
export type BarisJadwal = { hari: number; nama: string; teks: string; libur: boolean };

function teksHari(day: JamHari | undefined): string | null {
  const span = rentang(day);
  return span ? `${tampilJam(formatJam(span.buka))}–${tampilJam(formatJam(span.tutup))}` : null;
}

export function jadwalTampil(week: readonly JamHari[]): BarisJadwal[] {
  return NOMOR_HARI.map((hari) => {
    const teks = teksHari(week.find((d) => d.hari === hari));
    return { hari, nama: HARI[hari - 1]!, teks: teks ?? "Libur", libur: teks === null };
  });
}

/**
 * The week in one line, equal neighbouring days together: 'Sen–Sab 08.00–17.00, Min libur'
 * (the back office's table) or with the full day names (the activity log). Null without hours.
 */
export function ringkasJamBuka(week: readonly JamHari[] | null | undefined, nama: "pendek" | "panjang" = "pendek"): string | null {
  if (!week) return null;
  const names = nama === "pendek" ? HARI_PENDEK : HARI;
  const groups: { from: number; to: number; teks: string }[] = [];
  for (const hari of NOMOR_HARI) {
    const teks = teksHari(week.find((d) => d.hari === hari)) ?? "libur";
    const last = groups.at(-1);
    if (last && last.teks === teks) last.to = hari;
    else groups.push({ from: hari, to: hari, teks });
  }
  return groups
    .map(({ from, to, teks }) => `${from === to ? names[from - 1] : `${names[from - 1]}–${names[to - 1]}`} ${teks}`)
    .join(", ");
}

/**
 * schema.org OpeningHoursSpecification of a week, days with the same hours together; closed
 * days are left out. The end of the day ("24:00") is written "23:59", as search engines read it.
 */
export function openingHoursSpecification(
  week: readonly JamHari[] | null | undefined,
): { "@type": "OpeningHoursSpecification"; dayOfWeek: string[]; opens: string; closes: string }[] {
  if (!week) return [];
  const out: { "@type": "OpeningHoursSpecification"; dayOfWeek: string[]; opens: string; closes: string }[] = [];
  for (const hari of NOMOR_HARI) {
    const span = rentang(week.find((d) => d.hari === hari));
    if (!span) continue;
    const opens = formatJam(span.buka);
    const closes = span.tutup === MENIT_SEHARI ? "23:59" : formatJam(span.tutup);
    const day = `https://schema.org/${SCHEMA_DAY[hari - 1]}`;
    const same = out.find((o) => o.opens === opens && o.closes === closes);
    if (same) same.dayOfWeek.push(day);
    else out.push({ "@type": "OpeningHoursSpecification", dayOfWeek: [day], opens, closes });
  }
  return out;
}

// ---- What the public pages get ------------------------------------------------------------------

/** A branch's hours and its state at the time of the request (public pages, public API). */
export type JamBukaCabang = { id_kantor_cabang: number; jadwal: Minggu; status: StatusBuka };

/**
 * The opening hours of the public pages and API (`jam_buka`): the zone, today's weekday in it
 * (for the emphasised line), and each branch that has hours on record.
 */
export type JamBukaData = { zona_waktu: string; zona: string; hari_ini: number; cabang: JamBukaCabang[] };

/** The branch's entry, or undefined when it has no hours on record. */
export function jamBukaOf(data: JamBukaData | null | undefined, id: number): JamBukaCabang | undefined {
  return data?.cabang.find((c) => c.id_kantor_cabang === id);
}

/** Branches that are open now first, the rest after them, each group in its given order. */
export function urutkanBukaDulu<T extends { id: number }>(rows: readonly T[], data: JamBukaData | null | undefined): T[] {
  const open = new Set(data?.cabang.filter((c) => c.status.buka).map((c) => c.id_kantor_cabang));
  return [...rows.filter((r) => open.has(r.id)), ...rows.filter((r) => !open.has(r.id))];
}

/** The states of these branches by id (those with hours on record): the footer's short lines. */
export function statusBukaOf(data: JamBukaData | null | undefined, rows: readonly { id: number }[]): Record<number, StatusBuka> {
  const out: Record<number, StatusBuka> = {};
  for (const row of rows) {
    const entry = jamBukaOf(data, row.id);
    if (entry) out[row.id] = entry.status;
  }
  return out;
}
