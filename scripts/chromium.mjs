/**
 * Debian's Chromium, never a downloaded browser (STACK.md), with the flags every tool here
 * starts it with (Playwright, Lighthouse). CHROME_PATH picks another binary for both.
 */
import fs from "node:fs";

/** The desktop browser (package `chromium`): Lighthouse measures pages in it. */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

/**
 * The same Chromium without the desktop browser around it (package `chromium-headless-shell`,
 * built from the same source and version). It is what Playwright itself runs for headless
 * tests; here the end-to-end suite took 484 s in it against 820–940 s in the desktop browser's
 * headless mode. Without it the tests run in `chromium`.
 */
export const HEADLESS_SHELL_PATH = "/usr/bin/chromium-headless-shell";

/** The browser Playwright starts: CHROME_PATH, else the headless shell, else `chromium`. */
export const TEST_CHROMIUM_PATH =
  process.env.CHROME_PATH || (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);

/** Sandboxless, GPU-less and quiet: no network calls of its own on a machine without internet. */
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
