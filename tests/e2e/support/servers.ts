/**
 * The servers the e2e specs talk to: the BUILT app (`node server.js`, NODE_ENV=production) on a
 * throw-away database and uploads folder.
 * - The shared server: the one playwright.config.ts starts for the whole run
 *   (../start-server.mjs), on a fresh copy of the seeded demo shop in .tmp/e2e-<E2E_PORT>/, with a
 *   stand-in WhatsApp gateway and TRUST_PROXY (each test sends its own client address).
 * - Both send their notification e-mails to a stand-in SMTP server of their own
 *   (./mail-catcher.mjs), which keeps each message in the server's folder (./mail.ts reads them),
 *   and name their own address as SITE_URL, so that messages link to the page as in production.
 * - A server of the worker's own (the `ownServer` option of ../fixtures.ts), on a fresh copy of
 *   the seeded demo shop: for the specs that add and delete banners, gallery images,
 *   categories, products and reviews, or switch a module off, while the public specs (running
 *   at the same time on the other worker) count exactly those on the shared database. Its
 *   backups stay in its own folder, never in the project's backups/. With `supervised` it runs
 *   as `npm start` runs it, under scripts/serve.mjs (the Cadangan page's restore needs it).
 *
 * Both start from one seeded template of the build (./template.mjs).
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { freePort } from "../../../bench/lib.mjs";
import {
  E2E_PORT,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
  TEST_SESSION_SECRET,
} from "../../setup/constants";
import { E2E_MAIL_FROM, startMailCatcher } from "./mail-catcher.mjs";
import { copyTemplate, DB_FILE, ensureTemplate, ROOT, spawnServer, stopServer, TMP } from "./template.mjs";

export { DB_FILE, ROOT };

/** A running e2e server: its address and the folder holding its database and uploads. */
export type E2eServer = { url: string; dir: string; stop: () => Promise<void> };

/** The shared server's folder: one per port, so two checkouts can run their suites side by side. */
export function sharedServerDir(port = E2E_PORT): string {
  return path.join(TMP, `e2e-${port}`);
}

/** The shared server (started and stopped by Playwright itself). */
export function sharedServer(): E2eServer {
  return { url: `http://127.0.0.1:${E2E_PORT}`, dir: sharedServerDir(), stop: async () => {} };
}

/** `smtpUrl`: the stand-in SMTP server of a serving server (none while the template is seeded). */
function serverEnv(dir: string, port: number, smtpUrl?: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    DATABASE_URL: path.join(dir, DB_FILE),
    UPLOADS_DIR: path.join(dir, "uploads"),
    BACKUPS_DIR: path.join(dir, "backups"),
    SEED_DEMO: "1",
    // Specs add the LPPM rows they need (the LPPM demo has its own test).
    SEED_DEMO_LPPM: "0",
    SESSION_SECRET: TEST_SESSION_SECRET,
    OPERATOR_USERNAME: TEST_OPERATOR_USERNAME,
    OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
    ...(smtpUrl ? { SMTP_URL: smtpUrl, MAIL_FROM: E2E_MAIL_FROM, SITE_URL: `http://127.0.0.1:${port}` } : {}),
  };
}

/** A server of the worker's own on a fresh copy of the seeded shop (`supervised`: under `npm start`'s supervisor). */
export async function startOwnServer({ supervised = false } = {}): Promise<E2eServer> {
  const template = await ensureTemplate((dir, port) => serverEnv(dir, port));
  // Leftovers of runs that were killed hard.
  for (const entry of fs.readdirSync(TMP)) {
    const full = path.join(TMP, entry);
    if (/^operator-e2e-\d+-/.test(entry) && Date.now() - fs.statSync(full).mtimeMs > 3_600_000) {
      fs.rmSync(full, { recursive: true, force: true });
    }
  }
  const dir = fs.mkdtempSync(path.join(TMP, `operator-e2e-${Date.now()}-`));
  copyTemplate(template, dir);

  const mail = await startMailCatcher(dir);
  let child: ChildProcess | undefined;
  let port = 0;
  try {
    for (let attempt = 0; !child; attempt++) {
      port = await freePort();
      try {
        child = await spawnServer(serverEnv(dir, port, mail.url), { supervised });
      } catch (error) {
        // The port was taken between the probe and the listen: try another one.
        if (attempt >= 2 || !String(error).includes("EADDRINUSE")) throw error;
      }
    }
  } catch (error) {
    await mail.close();
    throw error;
  }
  const running = child;
  return {
    url: `http://127.0.0.1:${port}`,
    dir,
    async stop() {
      await stopServer(running);
      await mail.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
