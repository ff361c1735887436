/**
 * The review cycle with JavaScript off (the dialogs as page sections, plain form posts): verifier → operator → two
 * reviewers → 'Dinilai'. See ./lppm-review-flow.ts.
 */
import { LONG_FLOW_MS } from "../setup/constants";
import { test } from "./operator-fixtures";
import { reviewFlow, seedInto } from "./lppm-review-flow";

test.use({ asOperator: false });

test("a submitted proposal is approved, assigned, scored by both reviewers and shows 'Dinilai'", async ({ page, operatorServer }) => {
  // Four people sign in (argon2 each) and six forms are posted.
  test.setTimeout(LONG_FLOW_MS);
  await reviewFlow(page, operatorServer, seedInto(operatorServer.dir), { js: false });
});
