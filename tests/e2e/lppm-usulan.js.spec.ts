/** The lecturer's proposal, JavaScript on: see ./lppm-usulan-flow.ts. */
import { EXPECTED_4XX, LONG_FLOW_MS, test } from "./fixtures";
import { proposalFlow } from "./lppm-usulan-flow";

// 'Ajukan' too early is refused with its real status (a 4xx).
test.use({ consoleErrorsAllowed: EXPECTED_4XX });

test("a lecturer prepares a proposal with a colleague, is told what is missing, fixes it and submits", async ({ page, serverDb }) => {
  test.setTimeout(LONG_FLOW_MS);
  await proposalFlow(page, serverDb);
});
