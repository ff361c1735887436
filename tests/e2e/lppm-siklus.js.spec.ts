/**
 * One proposal from DRAF to BERJALAN through every role, JavaScript on (URL-driven dialogs, toasts). See ./lppm-siklus-flow.ts.
 */
import { CYCLE_MS, OWN_SERVER, test } from "./fixtures";
import { cycleFlow } from "./lppm-siklus-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("a lecturer's draft is submitted, approved, reviewed, decided, revised and runs", async ({ page, serverDb, server }) => {
  // Fourteen sign-ins (argon2 each), some forty form posts and eight visits to an inbox.
  test.setTimeout(CYCLE_MS);
  await cycleFlow(page, serverDb, server, { js: true });
});
