/** Impor Dosen to a lecturer's own profile, JavaScript off (plain form posts). See ./lppm-impor-dosen-flow.ts. */
import { EXPECTED_4XX, LONG_FLOW_MS, test } from "./fixtures";
import { imporDosenFlow } from "./lppm-impor-dosen-flow";

test.use({ asOperator: true, consoleErrorsAllowed: EXPECTED_4XX });

test("without JavaScript: the operator imports 20 lecturers from XLSX; one sets a password by the e-mailed link and signs in, another signs in with the campus account, the first completes the profile", async ({ page, serverDb, server }) => {
  test.setTimeout(LONG_FLOW_MS);
  await imporDosenFlow(page, serverDb, server, { js: false });
});
