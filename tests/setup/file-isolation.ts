/**
 * Test files share their worker's modules (vitest.config.ts: `isolate: false`), so what one
 * file changes of the process is put back when it ends, whatever its own hooks did: the
 * environment (and the cached reading of it), spies and fake timers. Within a file, tests
 * already get a fresh database each (test-db.ts) and restore what they change.
 */
import { afterAll, beforeAll, vi } from "vitest";
import { resetEnvCache } from "../../app/lib/server/env.server";

let saved: NodeJS.ProcessEnv = {};

beforeAll(() => {
  saved = { ...process.env };
});

afterAll(() => {
  for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
  Object.assign(process.env, saved);
  resetEnvCache();
  vi.restoreAllMocks();
  vi.useRealTimers();
});
