import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from "./scripts/chromium.mjs";
import {
  E2E_EXPECT_MS,
  E2E_PORT,
  E2E_TEST_MS,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  TEST_SESSION_SECRET,
} from "./tests/setup/constants";
import { sharedServerDir } from "./tests/e2e/support/servers";

const baseURL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * Hermetic without intercepting: the browser resolves no host but the test server's, so a
 * request to another host (the Google Maps iframe) fails at once inside the browser. A
 * `page.route` for the same would switch the browser's cache off and pass every request
 * through the test process: 35–55 % more browser CPU a page load, measured on this machine.
 */
const OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

// Debian's Chromium, never a downloaded browser (STACK.md): its headless shell when installed.
const chromium = { executablePath: TEST_CHROMIUM_PATH, args: ["--headless", ...CHROMIUM_FLAGS, OFFLINE] };

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  // Two at once on the 2-core CI machine: the suite is bound by the CPU (the server, Chromium and
  // the runner share both cores). Measured on the whole suite (159 tests): two workers 9.2 min,
  // three 10.2 min — each test took ~1.5× as long beside two others.
  workers: 2,
  reporter: "list",
  // Sized for a busy CI machine (tests/setup/constants.ts); nothing waits a fixed time.
  timeout: E2E_TEST_MS,
  expect: { timeout: E2E_EXPECT_MS },
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: chromium,
    locale: "id-ID",
    // Recording a trace costs a quarter of the suite's time (DOM snapshots and a screencast on
    // every action), so only a retry records one: CI retries once, and a test that fails there
    // leaves its trace. Locally a failure leaves its screenshot; `--trace on` gives the rest.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
  },
  projects: [
    {
      name: "js",
      testMatch: /\.js\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true },
    },
    {
      name: "nojs",
      testMatch: /\.nojs\.spec\.ts$/,
      use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false },
    },
  ],
  webServer: {
    // The BUILT server (`npm run build` first) on a throw-away database and uploads folder, the
    // shared server of tests/e2e/fixtures.ts (specs reach its database there).
    command: "node tests/e2e/start-server.mjs",
    url: `${baseURL}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: {
      E2E_PORT: String(E2E_PORT),
      E2E_SERVER_DIR: sharedServerDir(),
      SESSION_SECRET: TEST_SESSION_SECRET,
      OPERATOR_USERNAME: TEST_OPERATOR_USERNAME,
      OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
    },
  },
});
