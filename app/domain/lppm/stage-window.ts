/**
 * Where a stage's date window stands at a moment, in words (LPPM.md: "A stage outside its
 * window is locked with a clear message and a countdown is shown inside it"): the periode list
 * of the operator and the proposer's screens show it. Client-safe; pass the loader's `now` so
 * the server's HTML and the browser's render agree.
 */
import { formatWib } from "~/lib/util/wib";
import { STAGE_LABELS, STAGES, type Stage } from "~/domain/lppm/workflow";

/** A stage's window: open from `opens` to `closes` inclusive (as the workflow engine checks). */
export type StageWindow = { opens: Date; closes: Date };

export type StageStateKind = "belum-dijadwalkan" | "belum-dibuka" | "dibuka" | "ditutup";

export type StageState = {
  kind: StageStateKind;
  /** "Dibuka s.d. 30 Nov 2026 23.59 WIB", "Belum dibuka", "Ditutup", "Belum dijadwalkan". */
  label: string;
  /** The date that goes with it: "Dibuka 1 Des 2026 08.00 WIB", "Ditutup 30 Nov 2026 23.59 WIB". */
  detail: string | null;
  /** "ditutup dalam 3 hari", "dibuka dalam 5 jam"; null once closed or without a window. */
  countdown: string | null;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long until `to`, in the largest whole unit: "3 hari", "5 jam", "12 menit" (at least 1 menit). */
export function sisaWaktu(from: Date, to: Date): string {
  const ms = Math.max(0, to.getTime() - from.getTime());
  if (ms >= DAY) return `${Math.floor(ms / DAY)} hari`;
  if (ms >= HOUR) return `${Math.floor(ms / HOUR)} jam`;
  return `${Math.max(1, Math.ceil(ms / MINUTE))} menit`;
}

export function stageState(window: StageWindow | null | undefined, now: Date): StageState {
  if (!window) return { kind: "belum-dijadwalkan", label: "Belum dijadwalkan", detail: null, countdown: null };
  if (now < window.opens) {
    return {
      kind: "belum-dibuka",
      label: "Belum dibuka",
      detail: `Dibuka ${formatWib(window.opens)}`,
      countdown: `dibuka dalam ${sisaWaktu(now, window.opens)}`,
    };
  }
  if (now <= window.closes) {
    return {
      kind: "dibuka",
      label: `Dibuka s.d. ${formatWib(window.closes)}`,
      detail: null,
      countdown: `ditutup dalam ${sisaWaktu(now, window.closes)}`,
    };
  }
  return { kind: "ditutup", label: "Ditutup", detail: `Ditutup ${formatWib(window.closes)}`, countdown: null };
}

/** Every stage of a periode in order, with its name and state. */
export function stageStates(
  windows: Partial<Record<Stage, StageWindow>>,
  now: Date,
): { stage: Stage; name: string; state: StageState }[] {
  return STAGES.map((stage) => ({ stage, name: STAGE_LABELS[stage], state: stageState(windows[stage], now) }));
}
