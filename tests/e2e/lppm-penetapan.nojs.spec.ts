/**
 * Issue 12, DINILAI → BERJALAN with JavaScript OFF (every step a plain link or form post) (the walk: ./lppm-penetapan-flow.ts) on a
 * private server per worker, seeded by ./lppm-penetapan-seed.ts.
 */
import { LONG_FLOW_MS } from "../setup/constants";
import { test, unique } from "./operator-fixtures";
import { penetapanFlow } from "./lppm-penetapan-flow";
import { seedPenetapan } from "./lppm-penetapan-seed";

test.use({ asOperator: false });

test("secretary, head, penetapan with SK and XLSX, perbaikan, operator → Berjalan", async ({ page, operatorServer }) => {
  test.setTimeout(LONG_FLOW_MS);
  await penetapanFlow(page, await seedPenetapan(operatorServer, `nojs${unique()}`), { js: false });
});
