/**
 * One proposal from DRAF to BERJALAN through every role, JavaScript off (plain form posts). See ./lppm-siklus-flow.ts.
 */
import { CYCLE_MS } from "../setup/constants";
import { test } from "./operator-fixtures";
import { cycleFlow } from "./lppm-siklus-flow";

test.use({ asOperator: false });

test("without JavaScript: a lecturer's draft is submitted, approved, reviewed, decided, revised and runs", async ({ page, operatorServer }) => {
  // Eleven sign-ins (argon2 each) and some thirty form posts.
  test.setTimeout(CYCLE_MS);
  await cycleFlow(page, operatorServer, { js: false });
});
