/**
 * The Cadangan specs' own built server per worker (not ./operator-server.ts): that one's
 * BACKUPS_DIR would be the project's own backups/ folder, and a test must not leave backups
 * there. This one keeps them in its throw-away folder, on an empty shop (SEED_DEMO=0: the page
 * needs no catalogue).
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT, startServer } from "../../bench/lib.mjs";
import { TEST_OPERATOR_PASSWORD, TEST_OPERATOR_USERNAME, TEST_SESSION_SECRET } from "../setup/constants";
import { test as operatorTest } from "./operator-fixtures";
import type { OperatorServer } from "./operator-server";

export const test = operatorTest.extend<object, { operatorServer: OperatorServer }>({
  operatorServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright needs the destructuring
    async ({}, use) => {
      const dir = fs.mkdtempSync(path.join(ROOT, ".tmp", "cadangan-e2e-"));
      const server = await startServer(dir, {
        appDir: ROOT,
        extraEnv: {
          SESSION_SECRET: TEST_SESSION_SECRET,
          OPERATOR_USERNAME: TEST_OPERATOR_USERNAME,
          OPERATOR_PASSWORD: TEST_OPERATOR_PASSWORD,
          SEED_DEMO: "0",
          BACKUPS_DIR: path.join(dir, "backups"),
        },
      });
      await use({ url: server.base, dir, stop: server.stop });
      await server.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 180_000 },
  ],
});
