import { afterEach, describe, expect, it, vi } from "vitest";
import { DAY_MS, FIRST_RUN_DELAY_MS, runJobs, startDailyJobs } from "~/lib/server/daily-jobs.server";

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("daily jobs", () => {
  it("runs shortly after start, then once a day, until stopped", () => {
    vi.useFakeTimers();
    const run = vi.fn(() => 0);
    const stop = startDailyJobs([{ name: "uji", run }]);
    expect(run).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FIRST_RUN_DELAY_MS);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(DAY_MS - 1);
    expect(run).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(1);
    expect(run).toHaveBeenCalledTimes(2);
    stop();
    vi.advanceTimersByTime(3 * DAY_MS);
    expect(run).toHaveBeenCalledTimes(2);
  });

  it("a failing job is logged and does not stop the others", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const info = vi.spyOn(console, "info").mockImplementation(() => {});
    const next = vi.fn(() => 3);
    runJobs([{ name: "rusak", run: () => { throw new Error("disk penuh"); } }, { name: "pengingat", run: next }], new Date(0));
    expect(next).toHaveBeenCalledWith(new Date(0));
    expect(error).toHaveBeenCalledWith("[jobs] rusak gagal:", "disk penuh");
    expect(info).toHaveBeenCalledWith("[jobs] pengingat: 3");
  });
});
