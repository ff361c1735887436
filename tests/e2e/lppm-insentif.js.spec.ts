/**
 * One publication-incentive claim from Draf to Dicairkan with JavaScript on (URL-driven dialogs, toasts). See ./lppm-insentif-flow.ts.
 */
import { LONG_FLOW_MS } from "../setup/constants";
import { test } from "./operator-fixtures";
import { insentifFlow } from "./lppm-insentif-flow";

test.use({ asOperator: false });

test("a publication-incentive claim goes from Draf to Dicairkan", async ({ page, operatorServer }) => {
  // Seven sign-ins (argon2 each) and some twelve form posts, one with a file.
  test.setTimeout(LONG_FLOW_MS);
  await insentifFlow(page, operatorServer, { js: true });
});
