/**
 * Jobs the serving process runs by itself on a timer: once a day (the LPPM reminders, the
 * retention of logs), and every half minute the notification queue's worker. The first run
 * comes shortly after start, then one every interval. Each job must be idempotent — a restart
 * runs it again, and a second process may run it too. A failing job (a throw or a rejected
 * promise) is logged and retried at the next run; it never takes the process down. The timers
 * do not keep the process alive.
 */
export type DailyJob = { name: string; run: (now: Date) => number | void | Promise<number | void> };

export const DAY_MS = 24 * 60 * 60 * 1000;
/** The first run waits a little: start-up (migrations, the first requests) comes first. */
export const FIRST_RUN_DELAY_MS = 60 * 1000;

function report(job: DailyJob, count: number | void) {
  if (typeof count === "number" && count > 0) console.info(`[jobs] ${job.name}: ${count}`);
}

function failed(job: DailyJob, error: unknown) {
  console.error(`[jobs] ${job.name} gagal:`, error instanceof Error ? error.message : error);
}

export function runJobs(jobs: readonly DailyJob[], now = new Date()): void {
  for (const job of jobs) {
    try {
      const count = job.run(now);
      if (count instanceof Promise) count.then((n) => report(job, n), (error: unknown) => failed(job, error));
      else report(job, count);
    } catch (error) {
      failed(job, error);
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
