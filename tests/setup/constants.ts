/**
 * Values shared by the Vitest template database and the Playwright server, so tests can log in
 * as the seeded operator without reading any output.
 */
export const TEST_OPERATOR_USERNAME = "operator";
export const TEST_OPERATOR_PASSWORD = "Rahasia123";
/** 32+ characters: the production server refuses a shorter SESSION_SECRET. */
export const TEST_SESSION_SECRET = "etalase-test-session-secret-0123456789";
/** Where the e2e server listens (start-server.mjs and playwright.config.ts). */
export const E2E_PORT = 3210;
/** The seeded template (database + uploads) that every integration test copies. */
export const TEMPLATE_DB_FILE = "etalase.db";
export const TEMPLATE_UPLOADS_DIR = "uploads";
