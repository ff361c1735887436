/**
 * Daftar Usulan and the reviewer's queue with JavaScript off (the filters are a plain GET form). See ./lppm-antrean-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { antreanFlow } from "./lppm-antrean-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("the Operator filters Daftar Usulan and opens a proposal; its reviewer's dashboard shows the assignment", async ({ page, serverDb }) => {
  // Two sign-ins (argon2 each) and a few page loads.
  test.setTimeout(LONG_FLOW_MS);
  await antreanFlow(page, serverDb, { js: false });
});
