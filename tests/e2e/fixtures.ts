/**
 * The one Playwright `test` every e2e spec uses, and everything a spec needs besides
 * (the helpers live in ./support/*, re-exported here).
 *
 * Fixtures:
 * - Hermetic: the browser resolves no host but the test server's (playwright.config.ts), so the
 *   Google Maps iframe fails at once, inside the browser, on a machine without internet.
 * - `consoleErrors` (automatic): a test fails when its page threw an uncaught error or logged a
 *   console error (hydration mismatches, CSP violations, failed lazy imports), except the lines
 *   the option `consoleErrorsAllowed` matches: by default the browser's own "Failed to load
 *   resource … 404" for a 404 page the test asked for; EXPECTED_4XX where refused posts
 *   (400/413/422/429) answer with their real status.
 * - Each test sends its own client address (X-Forwarded-For, `extraHTTPHeaders`), so the per-IP
 *   throttles of login and recovery do not mix between tests.
 * - `server`: the server the worker's pages talk to (`baseURL`) and its folder. The shared one
 *   by default (./support/servers.ts); with the worker option `ownServer` (set at a file's top
 *   level: it decides the worker), a server of the worker's own on a throw-away copy of the
 *   demo shop, for specs that change the shop; with `supervised` too, run as `npm start` runs
 *   it (under scripts/serve.mjs).
 * - `asOperator` (option): the test starts signed in as the seeded operator (one real login
 *   per worker, made when a test first asks for it).
 * - `serverDb`: Drizzle over the server's database, for typed seeding and reading
 *   (./support/lppm.ts, `resetOutboxFor`, tests/setup/*): no SQL in a spec. The e-mails the server
 *   sent are files in `server.dir` (`mailTo`, ./support/mail.ts).
 * - `samples`: sample upload files, written once per worker.
 * - `phonePhoto`: a 12 MP phone photo of 3–5 MB (./support/photos.ts), made once per worker
 *   that asks for it (it takes seconds).
 *
 *   import { expect, OWN_SERVER, test } from "./fixtures";
 *   test.use(OWN_SERVER);
 *   test("…", async ({ page, serverDb }) => { … });
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test as base, expect, type BrowserContextOptions } from "@playwright/test";
import type { RootDb } from "../../app/lib/server/db.server";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME } from "../setup/constants";
import { openServerDb } from "./support/database";
import { writePhonePhoto } from "./support/photos";
import { writeSamples, type SampleFiles } from "./support/samples";
import { sharedServer, startOwnServer, type E2eServer } from "./support/servers";

export { expect };
export * from "./support/accounts";
export * from "./support/back-office";
export * from "./support/lppm";
export * from "./support/mail";
export * from "./support/photos";
export * from "./support/site";
// A server for one spec alone (`startOwnServer`), for a spec that removes what all the others
// count (the demo itself): neither the shared server nor the worker's own may see that.
export { ROOT, startOwnServer, type E2eServer } from "./support/servers";
export type { SampleFiles } from "./support/samples";
export type { Db } from "../../app/lib/server/db.server";
export {
  CYCLE_MS,
  LONG_FLOW_MS,
  TEST_OPERATOR_PASSWORD,
  TEST_OPERATOR_USERNAME,
} from "../setup/constants";

/** The default: only the browser's own line for a 404 page the test asked for. */
export const EXPECTED_404 = /Failed to load resource: the server responded with a status of 404/;
/** Refused posts and the guards answer with their real status (400, 401, 403, 404, 413, 422, 429). */
export const EXPECTED_4XX = /Failed to load resource: the server responded with a status of 4\d\d/;

/**
 * The back-office specs' setting: a server of the worker's own (they add and delete what the
 * public specs count), the seeded operator signed in (`asOperator: false` where a test signs in
 * itself), refused posts expected.
 */
export const OWN_SERVER = { ownServer: true, asOperator: true, consoleErrorsAllowed: EXPECTED_4XX } as const;

type StorageState = Exclude<BrowserContextOptions["storageState"], string | undefined>;

type WorkerFixtures = {
  ownServer: boolean;
  /** The worker's own server runs under the supervisor of `npm start` (with `ownServer`). */
  supervised: boolean;
  server: E2eServer;
  /** Signs the seeded operator in on the worker's server once, when first called: their state. */
  operatorLogin: () => Promise<StorageState>;
  /** The seeded operator's signed-in state (for a request context of a test's own). */
  operatorState: StorageState;
  samples: SampleFiles;
  phonePhoto: string;
};

type TestFixtures = {
  consoleErrorsAllowed: RegExp;
  consoleErrors: string[];
  asOperator: boolean;
  serverDb: RootDb;
};

let ipSeq = 0;

export const test = base.extend<TestFixtures, WorkerFixtures>({
  ownServer: [false, { scope: "worker", option: true }],
  supervised: [false, { scope: "worker", option: true }],
  server: [
    async ({ ownServer, supervised }, use) => {
      if (!ownServer) return use(sharedServer());
      const server = await startOwnServer({ supervised });
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: "worker", timeout: 180_000 },
  ],
  operatorLogin: [
    async ({ server, playwright }, use) => {
      let state: Promise<StorageState> | undefined;
      const signIn = async (): Promise<StorageState> => {
        const request = await playwright.request.newContext({ baseURL: server.url });
        try {
          const response = await request.post("/login", {
            form: { intent: "masuk", username: TEST_OPERATOR_USERNAME, password: TEST_OPERATOR_PASSWORD },
            maxRedirects: 0,
          });
          if (response.status() !== 302) throw new Error(`operator login failed: ${response.status()}`);
          return await request.storageState();
        } finally {
          await request.dispose();
        }
      };
      await use(() => (state ??= signIn()));
    },
    { scope: "worker" },
  ],
  operatorState: [
    async ({ operatorLogin }, use) => {
      await use(await operatorLogin());
    },
    { scope: "worker" },
  ],
  samples: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
    async ({}, use) => {
      const samples = await writeSamples();
      await use(samples);
      fs.rmSync(samples.dir, { recursive: true, force: true });
    },
    { scope: "worker" },
  ],
  phonePhoto: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "etalase-foto-e2e-"));
      await use(await writePhonePhoto(dir));
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 60_000 },
  ],

  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
  asOperator: [false, { option: true }],
  storageState: async ({ asOperator, operatorLogin, storageState }, use) => {
    await use(asOperator ? await operatorLogin() : storageState);
  },
  // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
  extraHTTPHeaders: async ({}, use, testInfo) => {
    ipSeq++;
    await use({ "X-Forwarded-For": `10.${testInfo.workerIndex % 250}.${Math.floor(Date.now() / 1000) % 250}.${ipSeq % 250}` });
  },
  consoleErrorsAllowed: [EXPECTED_404, { option: true }],
  consoleErrors: [
    async ({ page, consoleErrorsAllowed }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(`pageerror: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const text = message.text();
        if (consoleErrorsAllowed.test(text)) return;
        errors.push(`console.error: ${text}`);
      });
      await use(errors);
      expect(errors, "no errors in the browser console").toEqual([]);
    },
    { auto: true },
  ],
  serverDb: async ({ server }, use) => {
    const db = openServerDb(server);
    try {
      await use(db);
    } finally {
      db.$client.close();
    }
  },
});
