/**
 * Debian's Chromium, never a downloaded browser (STACK.md), with the flags every tool here
 * starts it with (Playwright, Lighthouse). CHROME_PATH picks another binary.
 */
export const CHROMIUM_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

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
