/** LPPM master data with JavaScript on (the flow: ./lppm-master-flow.ts): dialogs, toasts, client checks. */
import { LONG_FLOW_MS, OWN_SERVER, test } from "./fixtures";
import { lppmMasterFlow } from "./lppm-master-flow";

test.use(OWN_SERVER);

test("fakultas, prodi, skema, periode with WIB windows, the rubric, a template downloaded by a pengusul", async ({ page, browser, baseURL }) => {
  // Many saves, two uploads, three logins: about a minute on an idle machine.
  test.setTimeout(LONG_FLOW_MS * 2);
  await lppmMasterFlow(page, browser, baseURL!, true);
});
