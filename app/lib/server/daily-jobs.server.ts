/**
 * Jobs the serving process runs by itself once a day (the LPPM reminders): the first run shortly
 * after start, then every 24 hours. Each job must be idempotent — a restart runs it again, and a
 * second process may run it too. A failing job is logged and retried at the next run; it never
 * takes the process down. The timers do not keep the process alive.
 */
export type DailyJob = { name: string; run: (now: Date) => number | void };

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The first run waits a little: start-up (migrations, the first requests) comes first. */
export const FIRST_RUN_DELAY_MS = 60 * 1000;

export function runJobs(jobs: readonly DailyJob[], now = new Date()): void {
  for (const job of jobs) {
    try {
      const count = job.run(now);
      if (typeof count === "number" && count > 0) console.info(`[jobs] ${job.name}: ${count}`);
    } catch (error) {
      console.error(`[jobs] ${job.name} gagal:`, error instanceof Error ? error.message : error);
    }
  }
}

/** Schedules `jobs`; answers a function that stops them. */
export function startDailyJobs(jobs: readonly DailyJob[], { firstDelayMs = FIRST_RUN_DELAY_MS, intervalMs = DAY_MS } = {}): () => void {
  let interval: ReturnType<typeof setInterval> | undefined;
  const first = setTimeout(() => {
    runJobs(jobs);
    interval = setInterval(() => runJobs(jobs), intervalMs);
    interval.unref();
  }, firstDelayMs);
  first.unref();
  return () => {
    clearTimeout(first);
    if (interval) clearInterval(interval);
  };
}
