/**
 * One proposal from DRAF to BERJALAN through every role, JavaScript off (plain form posts). See ./lppm-siklus-flow.ts.
 */
import { CYCLE_MS, OWN_SERVER, test } from "./fixtures";
import { cycleFlow } from "./lppm-siklus-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("without JavaScript: a lecturer's draft is submitted, approved, reviewed, decided, revised and runs", async ({ page, serverDb, server }) => {
  // Eleven sign-ins (argon2 each) and some thirty form posts.
  test.setTimeout(CYCLE_MS);
  await cycleFlow(page, serverDb, server, { js: false });
});
