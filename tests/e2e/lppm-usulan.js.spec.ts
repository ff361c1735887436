/** The lecturer's proposal, JavaScript on: see ./lppm-usulan-flow.ts. */
import { LONG_FLOW_MS } from "../setup/constants";
import { test } from "./accounts";
import { proposalFlow } from "./lppm-usulan-flow";

test("a lecturer prepares a proposal with a colleague, is told what is missing, fixes it and submits", async ({ page }) => {
  test.setTimeout(LONG_FLOW_MS);
  await proposalFlow(page);
});
