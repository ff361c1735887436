/**
 * One running project to SELESAI with JavaScript off (plain form posts). See ./lppm-laporan-flow.ts.
 */
import { LONG_FLOW_MS } from "../setup/constants";
import { test } from "./operator-fixtures";
import { laporanFlow } from "./lppm-laporan-flow";

test.use({ asOperator: false });

test("without JavaScript: a running project's reports, monev and final acceptance make it Selesai", async ({ page, operatorServer }) => {
  // Seven sign-ins (argon2 each) and some fifteen form posts, four with a file.
  test.setTimeout(LONG_FLOW_MS);
  await laporanFlow(page, operatorServer, { js: false });
});
