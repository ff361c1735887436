/** A transition in the next person's header count and inbox, JavaScript off (plain form posts): see ./notifikasi-flow.ts. */
import { test } from "./fixtures";
import { inboxFlow } from "./notifikasi-flow";

test("without JavaScript: a verifier's approval shows in the proposer's header count and inbox; opening it goes to the proposal and reads it", async ({ page, serverDb }) => {
  await inboxFlow(page, serverDb, { js: false });
});
