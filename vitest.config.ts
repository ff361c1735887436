import { defineConfig } from "vitest/config";

// Separate from vite.config.ts on purpose: no reactRouter() plugin in tests (STACK.md).
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    include: ["app/**/*.test.{ts,tsx}", "db/**/*.test.ts", "tests/integration/**/*.test.ts"],
    // Seeds one template database + uploads folder; tests copy it (tests/setup/test-db.ts).
    globalSetup: ["tests/setup/global-setup.ts"],
    testTimeout: 60000,
    hookTimeout: 120000,
    pool: "forks",
  },
});
