/**
 * Catatan Harian with JavaScript off (plain form posts and links). See ./lppm-catatan-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { catatanFlow } from "./lppm-catatan-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("the ketua writes a daily note with a photo; the Operator reads it", async ({ page, serverDb }) => {
  // Two sign-ins (argon2 each) and three form posts, one with a file.
  test.setTimeout(LONG_FLOW_MS);
  await catatanFlow(page, serverDb);
});
