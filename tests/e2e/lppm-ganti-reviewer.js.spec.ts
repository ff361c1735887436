/**
 * A reviewer replaced after the deadline passed, JavaScript on (URL-driven dialogs, toasts). See ./lppm-ganti-reviewer-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { gantiReviewerFlow } from "./lppm-ganti-reviewer-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("a reviewer who let the deadline pass is replaced, and the new reviewer completes the review", async ({ page, serverDb }) => {
  // Four sign-ins (argon2 each) and five form posts.
  test.setTimeout(LONG_FLOW_MS);
  await gantiReviewerFlow(page, serverDb, { js: true });
});
