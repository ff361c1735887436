/**
 * One running project to SELESAI with JavaScript off (plain form posts). See ./lppm-laporan-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { laporanFlow } from "./lppm-laporan-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("without JavaScript: a running project's reports, monev and final acceptance make it Selesai", async ({ page, serverDb }) => {
  // Seven sign-ins (argon2 each) and some fifteen form posts, four with a file.
  test.setTimeout(LONG_FLOW_MS);
  await laporanFlow(page, serverDb, { js: false });
});
