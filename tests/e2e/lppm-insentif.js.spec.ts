/**
 * One publication-incentive claim from Draf to Dicairkan with JavaScript on (URL-driven dialogs, toasts). See ./lppm-insentif-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { insentifFlow } from "./lppm-insentif-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("a publication-incentive claim goes from Draf to Dicairkan", async ({ page, serverDb }) => {
  // Seven sign-ins (argon2 each) and some twelve form posts, one with a file.
  test.setTimeout(LONG_FLOW_MS);
  await insentifFlow(page, serverDb, { js: true });
});
