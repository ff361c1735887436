/** A transition in the next person's header count and inbox, JavaScript on: see ./notifikasi-flow.ts. */
import { test } from "./fixtures";
import { inboxFlow } from "./notifikasi-flow";

test("a verifier's approval shows in the proposer's header count and inbox; opening it goes to the proposal and reads it", async ({ page, serverDb }) => {
  await inboxFlow(page, serverDb, { js: true });
});
