/**
 * The papers after the penetapan with JavaScript on. See ./lppm-naskah-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { naskahFlow } from "./lppm-naskah-flow";

// Its own server, as the other LPPM flows: their seeding writes would meet on a shared database.
test.use({ ...OWN_SERVER, asOperator: false });

test("after the penetapan the SK and the contract open as PDFs naming the ketua and the amount", async ({ page, serverDb }) => {
  // Two sign-ins (argon2 each) and two PDFs made.
  test.setTimeout(LONG_FLOW_MS);
  await naskahFlow(page, serverDb);
});
