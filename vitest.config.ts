import { defineConfig } from "vitest/config";

// Separate from vite.config.ts on purpose: no reactRouter() plugin in tests (STACK.md).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "scripts/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Seeds one template database + uploads folder; tests copy it (tests/setup/test-db.ts).
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 60000,
    hookTimeout: 120000,
    pool: "forks",
    // Two at once, as the e2e runs: Vitest's own default in a run is one fewer than the cores —
    // on the 2-core CI machine a single worker, which takes twice the time (408 s → ~210 s).
    maxWorkers: 2,
    // A worker keeps its modules from one file to the next instead of importing the app again
    // for each of the 108 files: the run takes half the time (331 s → 165 s here). Each file's
    // changes to the process are put back by file-isolation.ts; each test has its own database.
    isolate: false,
    setupFiles: ["tests/setup/file-isolation.ts"],
  },
});
