/**
 * Values shared by the Vitest template database and the Playwright server, so tests can log in
 * as the seeded operator without reading any output.
 */
export const TEST_OPERATOR_USERNAME = "operator";
export const TEST_OPERATOR_PASSWORD = "Rahasia123";
/** 32+ characters: the production server refuses a shorter SESSION_SECRET. */
export const TEST_SESSION_SECRET = "etalase-test-session-secret-0123456789";
/**
 * Where the e2e server listens (start-server.mjs and playwright.config.ts); E2E_PORT in the
 * environment moves it, so two checkouts can run their suites side by side.
 */
export const E2E_PORT = Number(process.env.E2E_PORT) || 3210;
/** The seeded template (database + uploads) that every integration test copies. */
export const TEMPLATE_DB_FILE = "etalase.db";
export const TEMPLATE_UPLOADS_DIR = "uploads";

/**
 * End-to-end time limits. CI runs on a busy 2-core machine where the suite takes up to 2.3 × its
 * time on an idle one, and every test gets at least twice that: the default covers a test of up
 * to ~19 s on an idle machine (Playwright prints each test's time), LONG_FLOW_MS the few longer
 * flows. A single wait on what the user sees (a toast, a page after an argon2 login) gets
 * E2E_EXPECT_MS.
 */
export const E2E_TEST_MS = 90_000;
export const LONG_FLOW_MS = 150_000;
/**
 * The LPPM's whole proposal cycle (lppm-siklus.*.spec.ts), with who is told and a replaced
 * reviewer: 46 s alone, 52 s beside the other project's run (JS on; 48 s off); ×2.3 on CI, ×2.
 */
export const CYCLE_MS = 270_000;
export const E2E_EXPECT_MS = 15_000;
