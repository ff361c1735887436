/**
 * One running project to SELESAI with JavaScript on (URL-driven dialogs, toasts). See ./lppm-laporan-flow.ts.
 */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { laporanFlow } from "./lppm-laporan-flow";

test.use({ ...OWN_SERVER, asOperator: false });

test("a running project's reports, monev and final acceptance make it Selesai", async ({ page, serverDb }) => {
  // Seven sign-ins (argon2 each) and some fifteen form posts, four with a file.
  test.setTimeout(LONG_FLOW_MS);
  await laporanFlow(page, serverDb, { js: true });
});
